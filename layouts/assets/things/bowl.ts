/** A bowl: a hollow body flaring from a foot to its rim. */
import { clamp, drawNum, lathe } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'bowl',
  shape: 'cylinder',
  summary: 'a hollow body flaring from a foot ring to a round rim',
  sizes: { min: [0.1, 0.1, 0.04], max: [0.35, 0.35, 0.15] },
  build([d, , h], rng) {
    const R = d / 2;
    const foot = R * drawNum(rng, 0.36, 0.48);
    const zf = Math.min(0.008, h * 0.12);
    const belly = drawNum(rng, 0.78, 0.86);
    const wall = clamp(drawNum(rng, 0.003, 0.005), 0.001, foot / 3);
    const body = lathe('body', 'body', 0, 0, 0, [
      [foot, 0],
      [foot * 1.04, zf],
      [R * belly, h * 0.45],
      [R * 0.96, h * 0.8],
      [R, h],
    ]);
    return [{ ...body, wall }];
  },
};
