/**
 * A folded towel: two to four folded layers stacked, each a slab with fully rounded edges (the folds), a little out of
 * line with the others as a folded towel lies.
 */
import { drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'towel',
  shape: 'box',
  summary: 'two to four folded layers stacked, each with fully rounded fold edges',
  sizes: { min: [0.15, 0.1, 0.02], max: [0.5, 0.4, 0.12] },
  build([L, W, H], rng) {
    const n = Math.max(2, Math.min(4, Math.round(H / drawNum(rng, 0.012, 0.02))));
    // the layers' shares of the height, drawn and scaled to fill it
    const shares = Array.from({ length: n }, () => drawNum(rng, 0.85, 1.15));
    const sum = shares.reduce((a, x) => a + x, 0);
    const parts: Part[] = [];
    let z = 0;
    for (let i = 0; i < n; i++) {
      const t = (shares[i] / sum) * H;
      // the bottom layer fills the footprint; the others are a little shorter and out of line with it
      const dx = i === 0 ? 0 : L * drawNum(rng, 0, 0.04);
      const dy = i === 0 ? 0 : W * drawNum(rng, 0, 0.04);
      const x0 = -L / 2 + drawNum(rng, 0, 1) * dx;
      const y0 = -W / 2 + drawNum(rng, 0, 1) * dy;
      parts.push(
        rbox(`fold${i}`, 'body', [x0, y0, z], [x0 + L - dx, y0 + W - dy, z + t], (t / 2) * drawNum(rng, 0.8, 1)),
      );
      z += t;
    }
    return parts;
  },
};
