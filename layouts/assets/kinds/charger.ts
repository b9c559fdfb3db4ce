/**
 * A robot's docking charger against a wall: an upright housing at the back (a rounded box), a low base plate in
 * front of it that the robot noses onto, two contact strips on the housing's front at the robot's bumper height and
 * a dark status panel above them. The front (-y) faces the robot.
 */
import { z } from 'zod';
import { type AssetDef, box, clamp, drawCoin, drawNum, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    /** the base plate in front of the housing */
    plate: z.boolean().optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'charger',
  summary: 'a docking charger: an upright housing, a base plate in front, two contact strips and a status panel',
  params: Params,
  sizes: () => ({ min: [0.3, 0.2, 0.3], max: [1.0, 0.8, 1.2] }),
  variants: [{}, { plate: true }, { plate: false }],
  build([L, W, H], p, rng) {
    const plate = drawCoin(rng, 0.67, p.plate);
    const hd = clamp(drawNum(rng, 0.12, 0.2), 0.08, W * (plate ? 0.6 : 1)); // the housing's depth
    const pt = clamp(drawNum(rng, 0.015, 0.025), 0.01, H * 0.1);
    const yh = W / 2 - hd; // the housing's front
    const parts: Part[] = [rbox('housing', 'body', [-L / 2, yh, 0], [L / 2, W / 2, H], drawNum(rng, 0.01, 0.03))];
    if (plate) parts.push(box('plate', 'body', [-L / 2 + 0.02, -W / 2, 0], [L / 2 - 0.02, yh, pt]));
    // the contacts and the panel stand 4 mm proud of the housing's front
    const zc = clamp(drawNum(rng, 0.12, 0.2), 0.05, H * 0.45);
    const cw = Math.min(0.12, L * 0.25);
    for (const [i, sx] of [
      [0, -1],
      [1, 1],
    ] as const)
      parts.push(
        box(
          `contact${i}`,
          'metal_brushed',
          [sx * 0.04 - (sx < 0 ? cw : 0), yh - 0.004, zc - 0.015],
          [sx * 0.04 + (sx > 0 ? cw : 0), yh, zc + 0.015],
        ),
      );
    const zp = Math.min(H - 0.06, zc + 0.12);
    if (zp > zc + 0.05)
      parts.push(box('panel', 'plastic_black', [-0.06, yh - 0.004, zp - 0.03], [0.06, yh, zp + 0.03]));
    return { parts };
  },
};
