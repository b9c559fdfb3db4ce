/** A laptop, shut: a base and a lid on it, their rounded edges meeting in a seam. */
import { drawNum, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'laptop',
  shape: 'box',
  summary: 'shut: a base and a thinner lid on it, their rounded edges meeting in a seam',
  sizes: { min: [0.25, 0.17, 0.012], max: [0.45, 0.33, 0.04] },
  build([L, W, H], rng) {
    const zs = H * drawNum(rng, 0.52, 0.62); // the seam
    const r = Math.min(drawNum(rng, 0.003, 0.006), zs / 2, (H - zs) / 2);
    return [
      rbox('base', 'body', [-L / 2, -W / 2, 0], [L / 2, W / 2, zs], r),
      rbox('lid', 'body', [-L / 2, -W / 2, zs], [L / 2, W / 2, H], r),
    ];
  },
};
