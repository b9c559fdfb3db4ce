/**
 * A steel drum: a lathe whose wall swells into rolling hoops and into a chime at the bottom and round the lid at the
 * top; a closed-head drum has two bungs on its lid, an open-head drum a clamping ring under the lid's chime.
 */
import { z } from 'zod';
import { type AssetDef, clamp, cylinder, drawNum, drawPick, lathe, type Part } from '../asset.ts';
import type { Vec3 } from '../../solids.ts';

const Params = z
  .object({
    head: z.enum(['closed', 'open']).optional(),
    hoops: z.number().int().min(0).max(3).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'drum',
  summary: 'a steel drum: rolling hoops and chimes on its wall, a lid in the top rim (bungs, or a clamping ring)',
  params: Params,
  sizes: () => ({ min: [0.3, 0.3, 0.4], max: [0.7, 0.7, 1.0] }),
  issues: (size: Vec3) =>
    Math.abs(size[0] - size[1]) > 0.001
      ? [{ path: ['size'], message: `a drum is round: length = width (here ${size[0]} and ${size[1]})` }]
      : [],
  variants: [{}, { head: 'closed', hoops: 2 }, { head: 'open', hoops: 3 }, { hoops: 0 }],
  build([L, , H], p, rng) {
    const head = drawPick(rng, ['closed', 'closed', 'open'] as const, p.head);
    const hoops = drawPick(rng, [2, 2, 3] as const, p.hoops as 0 | 1 | 2 | 3 | undefined);
    const R = L / 2;
    const bump = clamp(drawNum(rng, 0.006, 0.012), 0.004, R * 0.05); // how far hoops and chimes stand out
    const rw = R - bump; // the wall's radius
    const hh = drawNum(rng, 0.02, 0.03); // a hoop's height
    const bungH = drawNum(rng, 0.01, 0.016);
    const top = head === 'closed' ? H - bungH : H; // the lid's top
    // the profile: a chime at the bottom, the wall with its hoops, the top chime round the lid (and an open head's
    // clamping ring just under it)
    const prof: [number, number][] = [
      [rw - bump, 0],
      [R, 0.012],
      [rw, 0.03],
    ];
    const wallTop = top - (head === 'open' ? 0.06 : 0.025);
    for (let k = 1; k <= hoops; k++) {
      const zc = (wallTop * k) / (hoops + 1);
      prof.push([rw, zc - hh], [R, zc - hh / 3], [R, zc + hh / 3], [rw, zc + hh]);
    }
    if (head === 'open') prof.push([rw, wallTop], [R, wallTop + 0.012], [R, wallTop + 0.03], [rw, wallTop + 0.04]);
    prof.push([rw, top - 0.012], [R, top - 0.004], [R - 0.006, top]);
    const parts: Part[] = [lathe('body', 'body', 0, 0, 0, prof)];
    if (head === 'closed') {
      // two bungs on the lid, a small one and a large one, inside the rim
      const d1 = drawNum(rng, 0.04, 0.06),
        d2 = drawNum(rng, 0.06, 0.08);
      const off = (R - 0.006) * 0.6;
      parts.push(cylinder('bung_small', 'metal_dark', -off, 0, top, H, d1));
      parts.push(cylinder('bung_large', 'metal_dark', off, 0, top, H, d2));
    }
    return { parts };
  },
};
