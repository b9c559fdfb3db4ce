/**
 * A shipping carton, shut: its body, two top flaps meeting in a seam along its length, and a strip of tape over the
 * seam that runs down over both ends.
 */
import { box, clamp, drawNum, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'carton',
  shape: 'box',
  summary: 'shut: a body, two top flaps meeting in a seam, tape along the seam and down both ends',
  sizes: { min: [0.25, 0.2, 0.15], max: [0.8, 0.6, 0.7] },
  build([L, W, H], rng) {
    const tt = 0.0006; // the tape's thickness
    const f = clamp(drawNum(rng, 0.004, 0.006), 0.001, H / 4); // the flaps' thickness
    const seam = clamp(drawNum(rng, 0.003, 0.006), 0.001, W / 10);
    const tw = Math.min(drawNum(rng, 0.048, 0.06), W / 4); // the tape's width, over the seam
    const drop = Math.min(drawNum(rng, 0.05, 0.09), (H - f - tt) / 2); // how far the tape runs down the ends
    const zf = H - tt - f; // the flaps' bottom
    // the body and flaps stop the tape's thickness short of the ends, so the tape over them stays in the bounds
    const xb = L / 2 - tt;
    const r = Math.min(0.003, f / 2);
    return [
      rbox('body', 'body', [-xb, -W / 2, 0], [xb, W / 2, zf], Math.min(0.004, zf / 2)),
      rbox('flap_front', 'body', [-xb, -W / 2, zf], [xb, -seam / 2, H - tt], r),
      rbox('flap_back', 'body', [-xb, seam / 2, zf], [xb, W / 2, H - tt], r),
      box('tape_top', 'linen_sand', [-L / 2, -tw / 2, H - tt], [L / 2, tw / 2, H]),
      box('tape_left', 'linen_sand', [-L / 2, -tw / 2, H - tt - drop], [-xb, tw / 2, H - tt]),
      box('tape_right', 'linen_sand', [xb, -tw / 2, H - tt - drop], [L / 2, tw / 2, H - tt]),
    ];
  },
};
