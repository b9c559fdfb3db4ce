/** A cardboard box, shut: its body and two top flaps meeting in a seam along its length. */
import { clamp, drawNum, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'box',
  shape: 'box',
  summary: 'shut: a body and two top flaps meeting in a seam along its length',
  sizes: { min: [0.1, 0.1, 0.06], max: [1.0, 0.8, 0.8] },
  build([L, W, H], rng) {
    const f = clamp(drawNum(rng, 0.004, 0.006), 0.001, H / 4); // the flaps' thickness
    const seam = clamp(drawNum(rng, 0.003, 0.006), 0.001, W / 10);
    const r = Math.min(0.003, f / 2);
    return [
      rbox('body', 'body', [-L / 2, -W / 2, 0], [L / 2, W / 2, H - f], Math.min(0.004, (H - f) / 2)),
      rbox('flap_front', 'body', [-L / 2, -W / 2, H - f], [L / 2, -seam / 2, H], r),
      rbox('flap_back', 'body', [-L / 2, seam / 2, H - f], [L / 2, W / 2, H], r),
    ];
  },
};
