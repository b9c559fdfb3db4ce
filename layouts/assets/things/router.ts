/**
 * A wi-fi router: a flat rounded box, two or three blade antennas standing up behind its back edge and a row of small
 * status lights along the front of its top.
 */
import { clamp, drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'router',
  shape: 'box',
  summary: 'a flat box, antennas standing up behind its back edge, a row of status lights along its top front',
  sizes: { min: [0.14, 0.09, 0.025], max: [0.35, 0.25, 0.22] },
  build([L, W, H], rng) {
    const hb = Math.min(H * drawNum(rng, 0.55, 0.7), drawNum(rng, 0.03, 0.045)); // the body's height
    const at = clamp(drawNum(rng, 0.006, 0.009), 0.003, W / 10); // an antenna's thickness (y)
    const aw = clamp(drawNum(rng, 0.012, 0.018), 0.006, L / 8); // its width (x)
    const r = Math.min(drawNum(rng, 0.004, 0.01), hb / 3);
    const yb = W / 2 - at; // the body's back face
    const parts: Part[] = [rbox('body', 'body', [-L / 2, -W / 2, 0], [L / 2, yb, hb], r)];
    // the antennas hinged on the back face, from low on it to the top of the bounds, spread along it
    const n = rng.int(2, 3);
    const span = L * drawNum(rng, 0.55, 0.8) - aw;
    const za = hb * drawNum(rng, 0.25, 0.45);
    for (let k = 0; k < n; k++) {
      const x = -span / 2 + (k * span) / (n - 1);
      parts.push(rbox(`antenna${k}`, 'body', [x - aw / 2, yb, za], [x + aw / 2, W / 2, H], at / 2));
    }
    // the lights on the flat of the top, in a row near its front edge
    const m = rng.int(3, 4);
    const ls = clamp(drawNum(rng, 0.004, 0.006), 0.002, W / 12);
    const lh = Math.min(0.0015, (H - hb) / 3);
    const yl = -W / 2 + r + ls / 2 + 0.004;
    const gap = ls * drawNum(rng, 2.5, 4);
    for (let k = 0; k < m; k++) {
      const x = (k - (m - 1) / 2) * gap;
      const mat = k === m - 1 && drawNum(rng, 0, 1) < 0.3 ? 'lens_red' : 'lens_white';
      parts.push(rbox(`light${k}`, mat, [x - ls / 2, yl - ls / 2, hb], [x + ls / 2, yl + ls / 2, hb + lh], lh / 2));
    }
    return parts;
  },
};
