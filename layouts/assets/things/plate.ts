/** A plate: a low foot ring, a flat well and a rim rising to its edge, hollow as a plate is. */
import { clamp, drawNum, lathe } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'plate',
  shape: 'cylinder',
  summary: 'a foot ring, a flat well and a rim rising to its edge',
  sizes: { min: [0.15, 0.15, 0.012], max: [0.35, 0.35, 0.04] },
  build([d, , h], rng) {
    const R = d / 2;
    const foot = R * drawNum(rng, 0.3, 0.42);
    const well = R * drawNum(rng, 0.62, 0.74);
    const wall = clamp(drawNum(rng, 0.0025, 0.0035), 0.001, h * 0.3);
    const body = lathe('body', 'body', 0, 0, 0, [
      [foot, 0],
      [foot * 1.02, h * 0.3],
      [well, h * 0.45],
      [R * 0.92, h * 0.8],
      [R, h],
    ]);
    return [{ ...body, wall }];
  },
};
