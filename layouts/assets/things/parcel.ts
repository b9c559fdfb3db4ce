/**
 * A taped parcel: a rounded box, two strips of tape crossing on its top (the one across in two halves either side of
 * the other) and a small white address label in a corner of its top.
 */
import { box, clamp, drawNum, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'parcel',
  shape: 'box',
  summary: 'a rounded box, two tape strips crossing on its top, a small address label',
  sizes: { min: [0.15, 0.12, 0.08], max: [0.7, 0.5, 0.5] },
  build([L, W, H], rng) {
    const tt = 0.0006; // the tape's and the label's thickness
    const top = H - tt;
    const r = Math.min(drawNum(rng, 0.005, 0.01), L / 6, W / 6, top / 4);
    const tw = Math.min(drawNum(rng, 0.045, 0.055), L / 5, W / 5); // the tapes' width
    // the label: in one corner of the top, clear of the tapes and the rounded edge
    const gx = L / 2 - tw / 2 - r - 0.01; // room beside the tapes
    const gy = W / 2 - tw / 2 - r - 0.01;
    const lx = clamp(drawNum(rng, 0.09, 0.12), 0.01, gx);
    const ly = clamp(drawNum(rng, 0.06, 0.08), 0.01, gy);
    const sx = rng.coin(0.5) ? 1 : -1;
    const sy = rng.coin(0.5) ? 1 : -1;
    const cx = sx * (tw / 2 + 0.005 + lx / 2 + drawNum(rng, 0, 1) * (gx - lx));
    const cy = sy * (tw / 2 + 0.005 + ly / 2 + drawNum(rng, 0, 1) * (gy - ly));
    return [
      rbox('body', 'body', [-L / 2, -W / 2, 0], [L / 2, W / 2, top], r),
      box('tape_along', 'linen_sand', [-L / 2, -tw / 2, top], [L / 2, tw / 2, H]),
      box('tape_across_front', 'linen_sand', [-tw / 2, -W / 2, top], [tw / 2, -tw / 2, H]),
      box('tape_across_back', 'linen_sand', [-tw / 2, tw / 2, top], [tw / 2, W / 2, H]),
      box('label', 'lacquer_white', [cx - lx / 2, cy - ly / 2, top], [cx + lx / 2, cy + ly / 2, H]),
    ];
  },
};
