/**
 * A hand pallet jack: two forks (load rollers under their tips) joined at the -x end by a plate to a chassis on two
 * steering wheels, a pump on the chassis when there is room, and the handle: a tube rising from the chassis towards the -x
 * end, steep on a tall item, laid back on a low one, to a grip across its top.
 */
import { z } from 'zod';
import {
  type AssetDef,
  box,
  clamp,
  cylinder,
  cylinderAlongY,
  diagonal,
  drawNum,
  drawPick,
  type Part,
} from '../asset.ts';

const Params = z
  .object({
    /** the grip's material: black plastic or the body's */
    grip: z.enum(['black', 'body']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'pallet_jack',
  summary: 'a hand pallet jack: two forks on load rollers, a chassis on steering wheels, a pump, a handle and grip',
  params: Params,
  sizes: () => ({ min: [1.1, 0.45, 0.2], max: [1.9, 0.8, 1.4] }),
  variants: [{}, { grip: 'black' }, { grip: 'body' }],
  build([L, W, H], p, rng) {
    const gripMat = drawPick(rng, ['black', 'body'] as const, p.grip) === 'black' ? 'plastic_black' : 'body';
    const fh = clamp(drawNum(rng, 0.075, 0.09), 0.05, H * 0.4); // the forks' top
    const fw = clamp(drawNum(rng, 0.15, 0.18), 0.1, W * 0.35); // a fork's width
    const rd = clamp(drawNum(rng, 0.035, 0.045), 0.02, fh * 0.5); // load roller
    const hl = L * drawNum(rng, 0.1, 0.14); // the handle's room at the -x end
    const cl = Math.max(0.25, L * drawNum(rng, 0.12, 0.16)); // the chassis' length
    const xb = -L / 2 + hl,
      xf = xb + cl; // chassis from xb to xf, the forks from xf to the +x end
    const sd = clamp(drawNum(rng, 0.14, 0.18), 0.05, H * 0.5); // steering wheel diameter
    const ct = clamp(drawNum(rng, 0.05, 0.08), 0.02, H - sd - 0.02); // the chassis' thickness
    const parts: Part[] = [];
    for (const [i, sy] of [
      [0, -1],
      [1, 1],
    ] as const) {
      const y0 = sy < 0 ? -W / 2 : W / 2 - fw;
      parts.push(box(`fork${i}`, 'body', [xf, y0, rd], [L / 2, y0 + fw, fh]));
      const xr = L / 2 - 0.05 - rd / 2;
      parts.push(cylinderAlongY(`roller${i}`, 'plastic_black', xr, rd / 2, y0 + 0.02, y0 + fw - 0.02, rd));
    }
    // the chassis on two steering wheels side by side, a plate down from it joining the forks' ends
    const ww = clamp(drawNum(rng, 0.04, 0.06), 0.02, W / 5);
    const xw = xb + sd / 2 + 0.01;
    const xp = xw + sd / 2 + 0.005;
    parts.push(box('chassis', 'body', [xb, -W / 2, sd], [xp, W / 2, sd + ct]));
    parts.push(box('plate', 'body', [xp, -W / 2, rd], [xf, W / 2, sd + ct]));
    parts.push(cylinderAlongY('wheel0', 'plastic_black', xw, sd / 2, -0.005 - ww, -0.005, sd));
    parts.push(cylinderAlongY('wheel1', 'plastic_black', xw, sd / 2, 0.005, 0.005 + ww, sd));
    const zc = sd + ct;
    // the pump on the chassis, when it stands under the item's top
    const ph = Math.min(drawNum(rng, 0.15, 0.25), H - zc - 0.1);
    if (ph > 0.05) parts.push(cylinder('pump', 'metal_dark', xw, 0, zc, zc + ph, Math.min(0.1, cl * 0.7)));
    // the handle: a tube from the chassis' -x edge up to the grip at the -x end's top
    const gd = clamp(drawNum(rng, 0.03, 0.04), 0.02, (H - zc) * 0.4);
    const td = gd * 0.8;
    const g = xb - (-L / 2 + gd),
      h = H - zc;
    if (g > td && h > td * 2) {
      const { tilt, len } = diagonal(g, h, td);
      parts.push({
        name: 'handle',
        material: 'body',
        shape: 'cylinder',
        center: [(-L / 2 + gd + xb) / 2, 0, zc + h / 2],
        size: [td, td, len],
        pitch_deg: -(90 - (tilt * 180) / Math.PI),
      });
    }
    const gl = Math.min(0.3, W * 0.6);
    parts.push(cylinderAlongY('grip', gripMat, -L / 2 + gd / 2, H - gd / 2, -gl / 2, gl / 2, gd));
    return { parts };
  },
};
