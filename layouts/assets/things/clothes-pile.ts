/**
 * A heap of clothes: two soft lumps side by side covering the footprint, a third lying across them up to the top and
 * at times a small fourth on the lower one, each a rounded slab of its own size.
 */
import { drawCoin, drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'clothes_pile',
  shape: 'box',
  summary: 'two soft lumps side by side, a third across them to the top, at times a small fourth',
  sizes: { min: [0.25, 0.2, 0.06], max: [0.7, 0.6, 0.3] },
  build([L, W, H], rng) {
    // a lump rounded by most of its half thickness, so it looks soft
    const lump = (name: string, lo: [number, number, number], hi: [number, number, number]) =>
      rbox(name, 'body', lo, hi, (Math.min(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2) * drawNum(rng, 0.7, 1));
    const s = L * drawNum(rng, -0.12, 0.12); // where the two lower lumps meet
    const hl = H * drawNum(rng, 0.35, 0.6),
      hr = H * drawNum(rng, 0.35, 0.6);
    const wl = W * drawNum(rng, 0.72, 1),
      wr = W * drawNum(rng, 0.72, 1);
    const parts: Part[] = [
      // the left lump at the front, the right one at the back: together they reach every side
      lump('lump_left', [-L / 2, -W / 2, 0], [s, -W / 2 + wl, hl]),
      lump('lump_right', [s, W / 2 - wr, 0], [L / 2, W / 2, hr]),
    ];
    // the top lump across the meeting, on the higher of the two
    const zt = Math.max(hl, hr);
    const c0 = s - L * drawNum(rng, 0.15, 0.3),
      c1 = s + L * drawNum(rng, 0.15, 0.3);
    const wt = W * drawNum(rng, 0.5, 0.8);
    const yt = -W / 2 + drawNum(rng, 0, 1) * (W - wt);
    parts.push(lump('lump_top', [c0, yt, zt], [c1, yt + wt, H]));
    // a small lump on the lower one, clear of the top lump along x
    if (drawCoin(rng, 0.6)) {
      const leftLow = hl < hr;
      const z0 = Math.min(hl, hr);
      const [a0, a1] = leftLow ? [-L / 2, c0] : [c1, L / 2];
      const [b0, b1] = leftLow ? [-W / 2, -W / 2 + wl] : [W / 2 - wr, W / 2];
      const len = (a1 - a0) * drawNum(rng, 0.6, 0.9);
      const wid = (b1 - b0) * drawNum(rng, 0.4, 0.7);
      const th = (H - z0) * drawNum(rng, 0.35, 0.7);
      const x0 = a0 + drawNum(rng, 0, 1) * (a1 - a0 - len);
      const y0 = b0 + drawNum(rng, 0, 1) * (b1 - b0 - wid);
      if (len > 0.03 && th > 0.01) parts.push(lump('lump_small', [x0, y0, z0], [x0 + len, y0 + wid, z0 + th]));
    }
    return parts;
  },
};
