/**
 * A toy dump truck: a chassis between four wheels (tyres along y), a rounded cab at the front (+x) with a dark
 * windscreen, and behind it an open tipper of a floor, two sides and, on some, a tailgate.
 */
import { box, clamp, cylinderAlongY, drawCoin, drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'toy_truck',
  shape: 'box',
  summary: 'a chassis on four wheels, a cab with a windscreen at the front, an open tipper behind it',
  sizes: { min: [0.15, 0.08, 0.07], max: [0.5, 0.3, 0.3] },
  build([L, W, H], rng) {
    const D = Math.min(H * drawNum(rng, 0.32, 0.42), L * 0.22); // the wheels' diameter
    const wt = W * drawNum(rng, 0.14, 0.2); // their width
    const xw = L / 2 - D / 2 - L * drawNum(rng, 0.04, 0.08); // the axles' distance from x = 0
    const zc0 = D * drawNum(rng, 0.2, 0.3);
    const zc1 = D * drawNum(rng, 1.05, 1.12); // the chassis' top, clear of the wheels
    const cabL = L * drawNum(rng, 0.28, 0.36);
    const xc = L / 2 - cabL; // the cab's back face, the tipper's front
    const ws = clamp(drawNum(rng, 0.002, 0.004), 0.001, cabL / 10); // the windscreen's thickness
    const rc = Math.min(drawNum(rng, 0.008, 0.016), cabL / 4, (H - zc1) / 4);
    const f = clamp(drawNum(rng, 0.005, 0.009), 0.002, (H - zc1) / 5); // the tipper's floor
    const st = clamp(drawNum(rng, 0.004, 0.007), 0.002, W / 10); // its sides' thickness
    const zs = H - (H - zc1) * drawNum(rng, 0.08, 0.2); // the sides' top, below the cab's
    const zw0 = zc1 + (H - zc1) * drawNum(rng, 0.45, 0.55),
      zw1 = H - Math.max(rc, (H - zc1) * 0.08);
    const parts: Part[] = [
      box('chassis', 'body', [-L / 2 + L * 0.03, -W / 2 + wt, zc0], [L / 2 - L * 0.03, W / 2 - wt, zc1]),
    ];
    for (const [k, x] of [
      ['front', xw],
      ['back', -xw],
    ] as const) {
      parts.push(cylinderAlongY(`wheel_${k}_right`, 'plastic_black', x, D / 2, -W / 2, -W / 2 + wt, D));
      parts.push(cylinderAlongY(`wheel_${k}_left`, 'plastic_black', x, D / 2, W / 2 - wt, W / 2, D));
    }
    parts.push(
      rbox('cab', 'body', [xc, -W / 2, zc1], [L / 2 - ws, W / 2, H], rc),
      box('windscreen', 'screen', [L / 2 - ws, -W / 2 + rc, zw0], [L / 2, W / 2 - rc, zw1]),
      rbox('tipper_floor', 'body', [-L / 2, -W / 2, zc1], [xc, W / 2, zc1 + f], f / 2),
      box('tipper_right', 'body', [-L / 2, -W / 2, zc1 + f], [xc, -W / 2 + st, zs]),
      box('tipper_left', 'body', [-L / 2, W / 2 - st, zc1 + f], [xc, W / 2, zs]),
    );
    if (drawCoin(rng, 0.6))
      parts.push(box('tailgate', 'body', [-L / 2, -W / 2 + st, zc1 + f], [-L / 2 + st, W / 2 - st, zs]));
    return parts;
  },
};
