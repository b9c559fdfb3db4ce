/**
 * A plastic stacking tote, open at the top (nothing rests on a thing or in one): two end walls at the bounds' ends
 * (where the handles are), long walls set in behind a rim that stands out to the bounds' sides, and a bottom.
 */
import { box, clamp, drawNum, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'tote',
  shape: 'box',
  summary: 'open at the top: two end walls, long walls set in under a rim that stands out, a bottom',
  sizes: { min: [0.3, 0.2, 0.12], max: [0.8, 0.6, 0.45] },
  build([L, W, H], rng) {
    const te = clamp(drawNum(rng, 0.015, 0.025), 0.004, L / 8); // the end walls' thickness
    const lip = clamp(drawNum(rng, 0.008, 0.014), 0.002, W / 12); // how far the rim stands out of the long walls
    const t = clamp(drawNum(rng, 0.003, 0.005), 0.001, W / 20); // the long walls' and the bottom's thickness
    const rh = clamp(drawNum(rng, 0.02, 0.03), 0.005, H / 5); // the rim's height
    const tb = clamp(drawNum(rng, 0.004, 0.006), 0.001, H / 10);
    const x0 = -L / 2 + te;
    const x1 = L / 2 - te;
    const yi = W / 2 - lip - t; // the long walls' inner faces
    const re = Math.min(0.003, te / 2);
    const rr = Math.min(0.002, (lip + t) / 2, rh / 2);
    return [
      rbox('end_left', 'body', [-L / 2, -W / 2, 0], [x0, W / 2, H], re),
      rbox('end_right', 'body', [x1, -W / 2, 0], [L / 2, W / 2, H], re),
      box('wall_front', 'body', [x0, -W / 2 + lip, 0], [x1, -yi, H - rh]),
      box('wall_back', 'body', [x0, yi, 0], [x1, W / 2 - lip, H - rh]),
      rbox('rim_front', 'body', [x0, -W / 2, H - rh], [x1, -yi, H], rr),
      rbox('rim_back', 'body', [x0, yi, H - rh], [x1, W / 2, H], rr),
      box('bottom', 'body', [x0, -yi, 0], [x1, yi, tb]),
    ];
  },
};
