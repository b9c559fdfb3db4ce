/**
 * A robot vacuum's charging dock: a rounded back plate standing against the wall, a low rounded body before it, two
 * charging contacts (thin metal strips) on the body's front face where the vacuum's own meet them, a status light
 * (a short cylinder) on the back plate's front above the body or not.
 */
import { z } from 'zod';
import { type AssetDef, box, cylinderAlongY, drawCoin, drawNum, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    /** a status light on the back plate */
    light: z.boolean().optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'dock',
  summary: "a vacuum's charging dock: a rounded back plate, a low rounded body, two contacts, a status light",
  params: Params,
  sizes: () => ({ min: [0.2, 0.1, 0.08], max: [0.6, 0.45, 0.4] }),
  variants: [{}, { light: true }, { light: false }],
  build([L, W, H], p, rng) {
    const light = drawCoin(rng, 0.6, p.light);
    const pt = Math.min(drawNum(rng, 0.03, 0.06), W * 0.4); // the back plate's depth
    const bh = H * drawNum(rng, 0.45, 0.6); // the body's height
    const r = Math.min(drawNum(rng, 0.01, 0.025), bh / 3, pt / 2);
    const cw = Math.min(drawNum(rng, 0.03, 0.05), L / 6); // a contact's width
    const cs = L * drawNum(rng, 0.2, 0.3); // the contacts' spacing
    const yb = W / 2 - pt; // the back plate's face
    const ct = 0.003;
    const ch = Math.min(0.015, bh - 2 * r - 0.002);
    const zc = bh / 2;
    const parts: Part[] = [
      rbox('back', 'body', [-L / 2, yb, 0], [L / 2, W / 2, H], r),
      rbox('body', 'body', [-L / 2 + r, -W / 2 + ct, 0], [L / 2 - r, yb, bh], r),
    ];
    for (const [k, x] of [-cs / 2, cs / 2].entries())
      parts.push(
        box(`contact${k}`, 'metal_brushed', [x - cw / 2, -W / 2, zc - ch / 2], [x + cw / 2, -W / 2 + ct, zc + ch / 2]),
      );
    if (light) {
      const d = Math.min(0.012, (H - bh) / 3);
      parts.push(cylinderAlongY('light', 'screen', 0, (bh + H) / 2, yb - 0.003, yb, d));
    }
    return { parts };
  },
};
