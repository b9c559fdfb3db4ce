/**
 * A laundry basket: a hollow body widening from its foot to a flared rim, and over the rim at either end (+-x) a
 * handle bar on two posts, the gap under it the handle's cut-out.
 */
import { box, clamp, drawNum, lathe, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'laundry_basket',
  shape: 'cylinder',
  summary: 'a hollow body flaring to a rim, a handle bar on two posts over the rim at either end',
  sizes: { min: [0.3, 0.3, 0.2], max: [0.65, 0.65, 0.65] },
  build([d, , H], rng) {
    const R = d / 2;
    const hh = clamp(H * drawNum(rng, 0.08, 0.12), 0.02, 0.06); // the handles' height over the rim
    const h1 = H - hh; // the rim's top
    const wall = clamp(drawNum(rng, 0.004, 0.007), 0.002, R * 0.05);
    const rimH = clamp(drawNum(rng, 0.015, 0.03), 0.005, h1 * 0.15);
    const foot = R * drawNum(rng, 0.8, 0.88);
    const zf = Math.min(0.01, h1 * 0.05);
    const body = lathe('body', 'body', 0, 0, 0, [
      [foot, 0],
      [foot + zf * 0.5, zf],
      [R * drawNum(rng, 0.92, 0.95), h1 - rimH],
      [R, h1 - rimH + rimH * 0.3],
      [R, h1],
    ]);
    const parts: Part[] = [{ ...body, wall }];
    // a handle: a bar along y over the rim, its outer corners on the round bounds, standing on two posts
    const a = clamp(drawNum(rng, 0.01, 0.014), 0.006, R * 0.06); // its depth (x)
    const g = clamp(drawNum(rng, 0.012, 0.018), 0.006, hh * 0.5); // the bar's height
    const pw = clamp(drawNum(rng, 0.012, 0.018), 0.006, R * 0.08); // a post's width (y)
    const hc = R * drawNum(rng, 0.22, 0.32); // the bar's half length
    const xo = Math.sqrt(R * R - hc * hc) - 0.0003;
    for (const [k, sx] of [
      ['right', 1],
      ['left', -1],
    ] as const) {
      const [x0, x1] = sx > 0 ? [xo - a, xo] : [-xo, -xo + a];
      parts.push(
        box(`handle_${k}_post0`, 'body', [x0, -hc, h1], [x1, -hc + pw, H - g]),
        box(`handle_${k}_post1`, 'body', [x0, hc - pw, h1], [x1, hc, H - g]),
        rbox(`handle_${k}_bar`, 'body', [x0, -hc, H - g], [x1, hc, H], Math.min(a, g) * 0.4),
      );
    }
    return parts;
  },
};
