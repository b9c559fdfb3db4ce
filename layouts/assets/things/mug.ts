/** A mug: a hollow body on a slightly narrower foot, and at its +x side a handle of two arms and a grip. */
import { box, clamp, drawNum, lathe } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'mug',
  shape: 'cylinder',
  summary: 'a hollow body on a slightly narrower foot, a handle of two arms and a grip at its side',
  sizes: { min: [0.06, 0.06, 0.06], max: [0.14, 0.14, 0.16] },
  build([d, , h], rng) {
    const R = d / 2;
    const t = clamp(drawNum(rng, 0.006, 0.009), 0.002, R * 0.2); // the handle's section
    const rb = R * (1 - drawNum(rng, 0.22, 0.3)); // the body's radius: the handle reaches out to R
    const foot = rb * drawNum(rng, 0.84, 0.94);
    const wall = clamp(drawNum(rng, 0.003, 0.005), 0.001, foot / 3);
    const zf = Math.min(0.012, h * 0.15);
    // the grip's outer face, its corners (at y = +-t/2) inside the round bounds
    const xo = Math.sqrt(R * R - (t * t) / 4) - 0.0005;
    const z1 = h * drawNum(rng, 0.74, 0.84); // the top arm's top
    const z0 = Math.max(zf, h * drawNum(rng, 0.2, 0.3)); // the low arm's bottom
    const body = lathe('body', 'body', 0, 0, 0, [
      [foot, 0],
      [rb, zf],
      [rb, h],
    ]);
    return [
      { ...body, wall },
      // the arms touch the body's wall along its outermost line, the grip joins their ends
      box('arm_top', 'body', [rb, -t / 2, z1 - t], [xo, t / 2, z1]),
      box('arm_low', 'body', [rb, -t / 2, z0], [xo, t / 2, z0 + t]),
      box('grip', 'body', [xo - t, -t / 2, z0 + t], [xo, t / 2, z1 - t]),
    ];
  },
};
