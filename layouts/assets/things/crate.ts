/**
 * A slatted crate: an upright at each corner on its ends, horizontal slats between them along its sides and across
 * its ends (the top ones its rim), and a bottom inside.
 */
import { box, clamp, drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'crate',
  shape: 'box',
  summary: 'an upright at each corner, slats along its sides and across its ends, a bottom inside',
  sizes: { min: [0.3, 0.2, 0.15], max: [0.8, 0.6, 0.5] },
  build([L, W, H], rng) {
    const st = clamp(drawNum(rng, 0.01, 0.016), 0.004, Math.min(L, W) / 10); // the slats' and uprights' thickness
    const pw = clamp(drawNum(rng, 0.035, 0.05), st, W / 5); // an upright's width across the end
    const n = rng.int(2, 3); // slats a side
    const sh = Math.min(H * drawNum(rng, 0.16, 0.22), H / (n + 0.6)); // a slat's height
    const tb = clamp(drawNum(rng, 0.008, 0.012), 0.002, H / 10);
    const r = Math.min(0.002, st / 2);
    const x0 = -L / 2 + st;
    const x1 = L / 2 - st;
    const parts: Part[] = [];
    for (const [k, x] of [
      [0, -L / 2],
      [1, x1],
    ] as const)
      for (const [j, y] of [
        [0, -W / 2],
        [1, W / 2 - pw],
      ] as const)
        parts.push(rbox(`upright${k}${j}`, 'body', [x, y, 0], [x + st, y + pw, H], r));
    // slats from the floor up to the top edge, evenly spaced; the ends have their bottom and top ones only
    const z = (i: number, m: number) => (i * (H - sh)) / (m - 1);
    for (let i = 0; i < n; i++) {
      parts.push(rbox(`slat_front${i}`, 'body', [x0, -W / 2, z(i, n)], [x1, -W / 2 + st, z(i, n) + sh], r));
      parts.push(rbox(`slat_back${i}`, 'body', [x0, W / 2 - st, z(i, n)], [x1, W / 2, z(i, n) + sh], r));
    }
    for (let i = 0; i < 2; i++) {
      parts.push(rbox(`slat_left${i}`, 'body', [-L / 2, -W / 2 + pw, z(i, 2)], [x0, W / 2 - pw, z(i, 2) + sh], r));
      parts.push(rbox(`slat_right${i}`, 'body', [x1, -W / 2 + pw, z(i, 2)], [L / 2, W / 2 - pw, z(i, 2) + sh], r));
    }
    parts.push(box('bottom', 'body', [x0, -W / 2 + st, 0], [x1, W / 2 - st, tb]));
    return parts;
  },
};
