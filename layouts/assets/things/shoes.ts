/**
 * A pair of shoes side by side, toes at +x with a gap between them, one set a little ahead of the other: each a sole,
 * an upper over its heel half up to the collar with the dark opening on top, and a lower rounded toe cap before it.
 */
import { clamp, drawNum, drawPick, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'shoes',
  shape: 'box',
  summary: 'a pair side by side, each a sole, an upper with its opening on top and a lower toe cap',
  sizes: { min: [0.2, 0.14, 0.06], max: [0.38, 0.3, 0.18] },
  build([L, W, H], rng) {
    const gap = W * drawNum(rng, 0.05, 0.14);
    const sw = (W - gap) / 2; // a shoe's width
    const st = clamp(H * drawNum(rng, 0.14, 0.24), 0.006, 0.03); // the sole's thickness
    const soleMat = drawPick(rng, ['body', 'plastic_black', 'lens_white']);
    const shift = L * drawNum(rng, 0, 0.06); // how far one shoe stands ahead of the other
    const ahead = rng.int(0, 1);
    const uf = drawNum(rng, 0.52, 0.66); // the upper's share of the shoe's length
    const tf = drawNum(rng, 0.45, 0.65); // the toe cap's share of the upper's height
    const inset = Math.min(0.004, sw / 10); // the upper's sides in from the sole's
    const oh = Math.min(0.0015, H * 0.02); // the opening's height over the upper
    const parts: Part[] = [];
    for (const [i, side] of ['left', 'right'].entries()) {
      const y0 = i === 0 ? W / 2 - sw : -W / 2; // the left shoe at +y
      const x0 = -L / 2 + (i === ahead ? shift : 0);
      const x1 = L / 2 - (i === ahead ? 0 : shift);
      const len = x1 - x0;
      const xs = x0 + len * uf;
      const up = H - st;
      const zo = H - oh; // the upper's top, the opening on it
      const ru = Math.min(0.025, sw / 2.5, (zo - st) / 2);
      // the opening: on the flat of the upper's top (ru in from its edges), towards the toe
      const ol = Math.max(0.004, (xs - x0 - 2 * inset - 2 * ru) * drawNum(rng, 0.8, 1));
      const ow = Math.max(0.004, (sw - 2 * inset - 2 * ru) * 0.9);
      const ox = xs - ru - ol,
        oy = y0 + sw / 2 - ow / 2;
      parts.push(
        rbox(`sole_${side}`, soleMat, [x0, y0, 0], [x1, y0 + sw, st], Math.min(0.006, st / 2)),
        rbox(`upper_${side}`, 'body', [x0 + inset, y0 + inset, st], [xs, y0 + sw - inset, zo], ru),
        rbox(`opening_${side}`, 'plastic_black', [ox, oy, zo], [ox + ol, oy + ow, H], oh / 2),
        rbox(
          `toe_${side}`,
          'body',
          [xs, y0 + inset, st],
          [x1 - inset, y0 + sw - inset, st + up * tf],
          Math.min(0.03, (up * tf) / 2, sw / 2.2),
        ),
      );
    }
    return parts;
  },
};
