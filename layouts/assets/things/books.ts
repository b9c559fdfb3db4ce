/**
 * Books: in a tall bounds a row standing side by side (as on a shelf), in a low one a stack lying flat; each book a
 * rounded block of its own size within the bounds.
 */
import { drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'books',
  shape: 'box',
  summary: 'a row standing side by side (tall bounds) or a stack lying flat (low), each book its own size',
  sizes: { min: [0.1, 0.1, 0.02], max: [0.8, 0.35, 0.35] },
  build([L, W, H], rng) {
    const parts: Part[] = [];
    const standing = H > 0.12;
    const n = standing ? Math.max(2, Math.round(L / drawNum(rng, 0.03, 0.05))) : Math.max(2, Math.round(H / 0.025));
    // the books' shares of the row's length (or the stack's height), drawn and scaled to fill it
    const shares = Array.from({ length: n }, () => drawNum(rng, 0.7, 1.3));
    const sum = shares.reduce((a, x) => a + x, 0);
    // one book fills the bounds' other two sides, so the books reach every face of the bounds
    const full = rng.int(0, n - 1);
    const part = (i: number) => (i === full ? 1 : drawNum(rng, 0.8, 1));
    let at = standing ? -L / 2 : 0;
    for (let i = 0; i < n; i++) {
      const t = (shares[i] / sum) * (standing ? L : H);
      const depth = W * part(i);
      const y0 = -W / 2 + drawNum(rng, 0, 1) * (W - depth);
      const r = Math.min(0.003, t / 2);
      if (standing) {
        const tall = H * part(i);
        parts.push(rbox(`book${i}`, 'body', [at, y0, 0], [at + t, y0 + depth, tall], r));
      } else {
        const len = L * part(i);
        const x0 = -L / 2 + drawNum(rng, 0, 1) * (L - len);
        parts.push(rbox(`book${i}`, 'body', [x0, y0, at], [x0 + len, y0 + depth, at + t], r));
      }
      at += t;
    }
    return parts;
  },
};
