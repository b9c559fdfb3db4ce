/**
 * A street or park bench: seat slats along its length on two or three frames (a front and a back leg under a rail
 * across the depth), and, where the bounds leave room above the seat, a back of two or three slats on uprights
 * standing on the frames' rails behind the seat. The surface is the slats' top.
 */
import { z } from 'zod';
import { type AssetDef, box, drawNum, drawPick, type Part } from '../asset.ts';

const Params = z
  .object({
    /** a back (where the bounds rise at least 0.25 m above the seat) */
    back: z.boolean().optional(),
    /** the frames' material: the bench's own (body) or dark metal */
    frame: z.enum(['body', 'metal']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** The seat's top: the bounds' top without a back, else 0.38-0.5 m. */
function seatRange(H: number, back: boolean | undefined): [number, number] {
  return H < 0.7 || back === false ? [Math.min(H, 0.55), Math.min(H, 0.55)] : [0.38, 0.5];
}

export const asset: AssetDef<Params> = {
  kind: 'bench',
  summary: 'seat slats on two or three frames, with a slatted back where the bounds leave room',
  params: Params,
  sizes: (p) => ({ min: [0.8, 0.35, p.back ? 0.7 : 0.35], max: [3.2, 0.8, p.back === false ? 0.55 : 1.0] }),
  surface: (size, p) => seatRange(size[2], p.back),
  variants: [{}, { back: true, frame: 'metal' }, { back: false, frame: 'body' }],
  build([L, W, H], p, rng, surface) {
    const frameMat = drawPick(rng, ['body', 'metal'] as const, p.frame) === 'metal' ? 'metal_dark' : 'body';
    const [lo, hi] = seatRange(H, p.back);
    const seat = surface ?? drawNum(rng, lo, hi);
    const back = H - seat >= 0.25 && p.back !== false;
    const ft = drawNum(rng, 0.04, 0.07); // frame members
    const st = drawNum(rng, 0.03, 0.045); // slat thickness
    const rh = Math.min(drawNum(rng, 0.05, 0.08), (seat - st) * 0.3); // rail height
    const zr1 = seat - st;
    const zr0 = zr1 - rh;
    const nf = L > 2.2 ? 3 : 2;
    const inset = drawNum(rng, 0.1, 0.2) * L;
    const parts: Part[] = [];
    const frameXs = nf === 3 ? [-L / 2 + inset, 0, L / 2 - inset] : [-L / 2 + inset, L / 2 - inset];
    const bt = drawNum(rng, 0.025, 0.035); // back slat thickness
    const ybk = W / 2 - ft; // the uprights' front face
    const seatY1 = back ? ybk - bt - 0.03 : W / 2;
    frameXs.forEach((x, i) => {
      const x0 = x - ft / 2,
        x1 = x + ft / 2;
      parts.push(box(`rail_${i + 1}`, frameMat, [x0, -W / 2 + 0.03, zr0], [x1, W / 2 - (back ? 0 : 0.03), zr1]));
      parts.push(box(`leg_front_${i + 1}`, frameMat, [x0, -W / 2 + 0.05, 0], [x1, -W / 2 + 0.05 + ft, zr0]));
      parts.push(box(`leg_back_${i + 1}`, frameMat, [x0, W / 2 - 0.05 - ft, 0], [x1, W / 2 - 0.05, zr0]));
      if (back) parts.push(box(`upright_${i + 1}`, frameMat, [x0, ybk, zr1], [x1, W / 2, H]));
    });
    // seat slats along the length, small gaps between them
    const n = Math.max(2, Math.round((seatY1 + W / 2) / drawNum(rng, 0.09, 0.14)));
    const sg = drawNum(rng, 0.008, 0.015);
    const sw = (seatY1 + W / 2 - (n - 1) * sg) / n;
    for (let i = 0; i < n; i++) {
      const y0 = -W / 2 + i * (sw + sg);
      parts.push(box(`slat_${i + 1}`, 'body', [-L / 2, y0, zr1], [L / 2, y0 + sw, seat]));
    }
    if (back) {
      const nb = H - seat > 0.4 ? 3 : 2;
      const z0 = seat + 0.08;
      const bh = (H - z0 - (nb - 1) * 0.03) / nb;
      for (let i = 0; i < nb; i++) {
        const zb = z0 + i * (bh + 0.03);
        parts.push(box(`back_${i + 1}`, 'body', [-L / 2, ybk - bt, zb], [L / 2, ybk, zb + bh]));
      }
    }
    return {
      parts,
      surface: { top: seat, center: [0, (seatY1 - W / 2) / 2], size: [L, seatY1 + W / 2] },
    };
  },
};
