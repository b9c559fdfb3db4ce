/** A floor lamp: a shade at the top (drum, cone, dome or globe), a thin pole, a heavy base (a disc or a low dome). */
import { z } from 'zod';
import { type AssetDef, clamp, cylinder, drawNum, drawPick, lathe, type Part } from '../asset.ts';
import { lampIssues, Shade, shade } from '../lamp.ts';

const Params = z
  .object({
    shade: Shade.optional(),
    base: z.enum(['disc', 'dome']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'floor_lamp',
  summary: 'a shade (drum, cone, dome or globe) on a thin pole over a disc or dome base',
  params: Params,
  sizes: () => ({ min: [0.22, 0.22, 1.2], max: [0.6, 0.6, 2.0] }),
  issues: (size) => lampIssues(size),
  variants: [
    {},
    { shade: 'drum', base: 'disc' },
    { shade: 'cone', base: 'dome' },
    { shade: 'globe' },
    { shade: 'dome' },
  ],
  build([L, , H], p, rng) {
    const kind = drawPick(rng, ['drum', 'drum', 'cone', 'dome', 'globe'] as const, p.shade);
    const base = drawPick(rng, ['disc', 'dome'] as const, p.base);
    const R = L / 2;
    // a globe is at most 0.4 m across; a wider lamp's globe is centred in its bounds
    const Rs = kind === 'globe' ? Math.min(R, 0.2) : R;
    const hs =
      kind === 'dome' ? clamp(drawNum(rng, 0.6, 0.9) * Rs, 0.12, 0.35) : clamp(drawNum(rng, 0.8, 1.3) * Rs, 0.15, 0.45);
    const sh = shade(kind, Rs, H, hs, rng);
    const dp = drawNum(rng, 0.018, 0.03); // pole
    const rb = Math.max(dp, Math.min(R, 0.2) * drawNum(rng, 0.7, 0.95)); // base radius
    const hb = drawNum(rng, 0.015, 0.04);
    const parts: Part[] = [];
    parts.push(
      base === 'disc'
        ? cylinder('base', 'body', 0, 0, 0, hb, 2 * rb)
        : lathe('base', 'body', 0, 0, 0, [
            [rb, 0],
            [rb, hb * 0.4],
            [rb * 0.6, hb * 1.6],
            [dp, hb * 2],
          ]),
    );
    const zb = base === 'disc' ? hb : hb * 2;
    parts.push(cylinder('pole', 'body', 0, 0, zb, sh.bottom, dp));
    parts.push(sh.part);
    return { parts };
  },
};
