/**
 * A toilet: a cistern at the back (a rounded block from the floor, back to the wall, a flush button on its top) and
 * in front of it a turned bowl (a lathe: a narrow foot flaring to the rim) meeting the cistern's face at its rim, a
 * seat and a closed lid on the bowl (flat lathes, the lid a little smaller).
 */
import { z } from 'zod';
import { type AssetDef, cylinder, drawNum, drawPick, lathe, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    /** the seat and lid: the body's colour, white or black */
    seat: z.enum(['body', 'white', 'black']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'toilet',
  summary: 'a turned bowl with a seat and a closed lid before a rounded cistern with a flush button',
  params: Params,
  sizes: () => ({ min: [0.34, 0.5, 0.65], max: [0.5, 0.8, 1.0] }),
  variants: [{}, { seat: 'white' }, { seat: 'black' }],
  build([L, W, H], p, rng) {
    const seatKind = drawPick(rng, ['body', 'body', 'white', 'black'] as const, p.seat);
    const zs = drawNum(rng, 0.36, 0.4); // the bowl's rim
    const st = drawNum(rng, 0.015, 0.022); // the seat's and the lid's thickness
    const foot = drawNum(rng, 0.5, 0.65); // the foot's radius as a share of the rim's
    const btnD = drawNum(rng, 0.04, 0.07);
    const cr = drawNum(rng, 0.02, 0.04); // the cistern's rounding
    const seatMat = seatKind === 'body' ? 'body' : seatKind === 'white' ? 'ceramic_white' : 'plastic_black';
    const R = Math.min(L / 2, (W - 0.12) / 2); // the bowl's rim radius
    const yc = W / 2 - (W - 2 * R); // the cistern's face
    const yb = yc - R; // the bowl's axis: its rim meets the cistern's face
    const btnH = 0.008;
    const parts: Part[] = [rbox('cistern', 'body', [-L / 2, yc, 0], [L / 2, W / 2, H - btnH], cr)];
    parts.push(
      lathe('bowl', 'body', 0, yb, 0, [
        [R * foot * 0.95, 0],
        [R * foot, zs * 0.35],
        [R * 0.92, zs * 0.8],
        [R, zs],
      ]),
    );
    const rs = R * 0.98;
    parts.push(
      lathe('seat', seatMat, 0, yb, zs, [
        [rs, 0],
        [rs, st * 0.6],
        [rs * 0.96, st],
      ]),
    );
    const rl = rs * 0.95;
    parts.push(
      lathe('lid', seatMat, 0, yb, zs + st, [
        [rl, 0],
        [rl, st * 0.5],
        [rl * 0.93, st],
      ]),
    );
    parts.push(
      cylinder('flush', 'metal_brushed', 0, (yc + W / 2) / 2, H - btnH, H, Math.min(btnD, (W / 2 - yc) * 0.6)),
    );
    return { parts };
  },
};
