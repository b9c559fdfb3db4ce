/**
 * A small stack of folded garments: two to four slabs with rounded edges lying one on another, each its own footprint
 * and thickness (one fills the bounds' length and width).
 */
import { drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'folded_clothes',
  shape: 'box',
  summary: 'two to four folded garments stacked, each its own footprint and thickness',
  sizes: { min: [0.18, 0.15, 0.03], max: [0.45, 0.4, 0.16] },
  build([L, W, H], rng) {
    const n = Math.min(rng.int(2, 4), Math.max(2, Math.floor(H / 0.01)));
    const shares = Array.from({ length: n }, () => drawNum(rng, 0.7, 1.3));
    const sum = shares.reduce((a, x) => a + x, 0);
    // one garment fills the footprint, so the stack reaches every side of the bounds
    const full = rng.int(0, n - 1);
    const parts: Part[] = [];
    let z = 0;
    for (let i = 0; i < n; i++) {
      const t = (shares[i] / sum) * H;
      const l = i === full ? L : L * drawNum(rng, 0.8, 0.97);
      const w = i === full ? W : W * drawNum(rng, 0.8, 0.97);
      const x0 = -L / 2 + drawNum(rng, 0, 1) * (L - l);
      const y0 = -W / 2 + drawNum(rng, 0, 1) * (W - w);
      parts.push(
        rbox(`garment${i}`, 'body', [x0, y0, z], [x0 + l, y0 + w, z + t], Math.min(drawNum(rng, 0.006, 0.012), t / 2)),
      );
      z += t;
    }
    return parts;
  },
};
