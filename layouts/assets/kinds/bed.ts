/**
 * A bed: a headboard at the head (-x), a frame on legs or on the floor, a footboard or not, a mattress on the frame,
 * pillows at the head, and a duvet over the rest (flat, or with its top turned back in a thicker fold) that hangs over
 * the mattress's sides and foot. The surface is the duvet's flat top (beyond the fold).
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import { type AssetDef, box, drawCoin, drawNum, drawPick, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    headboard: z.enum(['panel', 'padded']).optional(),
    footboard: z.boolean().optional(),
    /** legs (a frame on four legs) or plinth (a frame down to the floor) */
    base: z.enum(['legs', 'plinth']).optional(),
    /** pillows side by side (absent: two on a bed 1.2 m wide or more) */
    pillows: z.number().int().min(1).max(3).optional(),
    duvet: z.enum(['flat', 'folded']).optional(),
    bedding: z.enum(['white', 'grey', 'blue', 'sand']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** The duvet top's heights (above the bottom) a bed of this height can have: 15 cm of headboard above it. */
function bedSurface(size: Vec3): [number, number] {
  return [0.3, Math.min(0.8, size[2] - 0.15)];
}

export const asset: AssetDef<Params> = {
  kind: 'bed',
  summary:
    'a headboard, a frame on legs or a plinth, a mattress, pillows and a duvet (flat or folded); its surface is the duvet',
  params: Params,
  sizes: () => ({ min: [1.8, 0.8, 0.6], max: [2.4, 2.2, 1.5] }),
  surface: bedSurface,
  issues: (size, p) =>
    p.pillows !== undefined && size[1] / p.pillows < 0.45
      ? [
          {
            path: ['asset', 'pillows'],
            message: `${p.pillows} pillows need a bed ${(0.45 * p.pillows).toFixed(2)} m wide`,
          },
        ]
      : [],
  variants: [
    {},
    { headboard: 'padded', footboard: false, base: 'plinth', duvet: 'folded', bedding: 'white' },
    { headboard: 'panel', footboard: true, base: 'legs', duvet: 'flat', bedding: 'blue', pillows: 1 },
  ],
  build(size, p, rng, surface) {
    const [L, W, H] = size;
    const headboard = drawPick(rng, ['panel', 'padded'] as const, p.headboard);
    const footboard = drawCoin(rng, 0.3, p.footboard);
    const base = drawPick(rng, ['legs', 'legs', 'plinth'] as const, p.base);
    const duvet = drawPick(rng, ['flat', 'folded'] as const, p.duvet);
    const bedding = `linen_${drawPick(rng, ['white', 'white', 'grey', 'blue', 'sand'] as const, p.bedding)}`;
    const np = p.pillows ?? (W >= 1.2 ? 2 : 1);
    const [slo, shi] = bedSurface(size);
    const top = Math.min(Math.max(drawNum(rng, 0.45, 0.6, surface), slo), shi); // the duvet's top
    let td = drawNum(rng, 0.04, 0.08); // duvet
    let tm = drawNum(rng, 0.16, 0.28); // mattress
    let hl = base === 'legs' ? drawNum(rng, 0.08, 0.2) : 0; // legs
    // the frame at least 6 cm deep: a low bed takes it from the legs, then the mattress, then the duvet
    const short = () => top - td - tm - hl - 0.06;
    if (short() < 0) hl = Math.max(0, hl + short());
    if (short() < 0) tm = Math.max(0.14, tm + short());
    if (short() < 0) td = Math.max(0.04, td + short());
    const zf = top - td - tm; // the frame's top
    const zm = zf + tm; // the mattress's top
    const thb = headboard === 'padded' ? drawNum(rng, 0.08, 0.14) : drawNum(rng, 0.04, 0.08);
    const tfb = footboard ? drawNum(rng, 0.03, 0.06) : 0;
    const parts: Part[] = [];
    // headboard, footboard, frame, legs
    parts.push(
      rbox(
        'headboard',
        'body',
        [-L / 2, -W / 2, 0],
        [-L / 2 + thb, W / 2, H],
        headboard === 'padded' ? drawNum(rng, 0.03, 0.05) : 0.008,
      ),
    );
    const fx0 = -L / 2 + thb,
      fx1 = L / 2 - tfb;
    if (footboard) {
      const hfb = Math.min(zf + drawNum(rng, 0.05, 0.3), H);
      parts.push(rbox('footboard', 'body', [fx1, -W / 2, 0], [L / 2, W / 2, hfb], 0.008));
    }
    parts.push(rbox('frame', 'body', [fx0, -W / 2, hl], [fx1, W / 2, zf], 0.01));
    if (base === 'legs' && hl > 0) {
      const d = drawNum(rng, 0.04, 0.07);
      const e = 0.04 + d / 2;
      let k = 0;
      for (const y of [-W / 2 + e, W / 2 - e])
        for (const x of [fx0 + e, fx1 - e])
          parts.push(box(`leg${k++}`, 'body', [x - d / 2, y - d / 2, 0], [x + d / 2, y + d / 2, hl]));
    }
    // the mattress, narrower than the frame by the duvet's drapes at its sides and foot
    const mi = drawNum(rng, 0, 0.03);
    const tdr = drawNum(rng, 0.02, 0.035); // the drapes' thickness
    const rm = Math.min(drawNum(rng, 0.03, 0.07), tm / 2);
    const mx0 = fx0 + mi,
      mx1 = fx1 - mi - tdr,
      my0 = -W / 2 + mi + tdr,
      my1 = W / 2 - mi - tdr;
    parts.push(rbox('mattress', 'mattress', [mx0, my0, zf], [mx1, my1, zm], rm));
    // pillows across the head, within the mattress's flat top
    const dp = drawNum(rng, 0.35, 0.5);
    const tp = drawNum(rng, 0.1, 0.16);
    const gp = drawNum(rng, 0.02, 0.06);
    const py0 = my0 + rm,
      py1 = my1 - rm;
    const pw = (py1 - py0 - (np - 1) * gp) / np;
    const px0 = mx0 + Math.max(rm, 0.03);
    for (let i = 0; i < np; i++) {
      const y0 = py0 + i * (pw + gp);
      parts.push(
        rbox(`pillow${i}`, bedding, [px0, y0, zm], [px0 + dp, y0 + pw, zm + tp], tp * drawNum(rng, 0.35, 0.5)),
      );
    }
    // the duvet over the rest: a fold turned back on the mattress or not, then a slab over the mattress's top that
    // overhangs its sides and foot, and drapes hanging under the overhang down the mattress's sides and foot
    const dx0 = px0 + dp + drawNum(rng, 0.02, 0.1);
    const rd = Math.min(drawNum(rng, 0.015, 0.03), td / 2);
    const drop = tm * drawNum(rng, 0.45, 0.8);
    let flat0 = dx0;
    if (duvet === 'folded') {
      const wf = drawNum(rng, 0.2, 0.35);
      parts.push(rbox('duvet_fold', bedding, [dx0, my0, zm], [dx0 + wf, my1, zm + 2 * td], Math.min(td, 0.04)));
      flat0 = dx0 + wf;
    }
    const rr = Math.min(0.012, tdr / 2);
    parts.push(rbox('duvet', bedding, [flat0, my0 - tdr, zm], [mx1 + tdr, my1 + tdr, zm + td], rd));
    parts.push(rbox('duvet_side0', bedding, [flat0, my0 - tdr, zm - drop], [mx1, my0, zm], rr));
    parts.push(rbox('duvet_side1', bedding, [flat0, my1, zm - drop], [mx1, my1 + tdr, zm], rr));
    parts.push(rbox('duvet_foot', bedding, [mx1, my0 - tdr, zm - drop], [mx1 + tdr, my1 + tdr, zm], rr));
    return {
      parts,
      surface: {
        top: zm + td,
        center: [(flat0 + mx1 + tdr) / 2, 0],
        size: [mx1 + tdr - flat0 - 2 * rd, my1 - my0 + 2 * tdr - 2 * rd],
      },
    };
  },
};
