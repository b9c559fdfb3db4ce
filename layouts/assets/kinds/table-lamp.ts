/** A table lamp: a ceramic body (a vase, a column or a gourd, turned), a short metal stem, a shade at the top. */
import { z } from 'zod';
import { type AssetDef, clamp, cylinder, drawNum, drawPick, lathe, type Part } from '../asset.ts';
import { lampIssues, Shade, shade } from '../lamp.ts';

const Params = z
  .object({
    shade: Shade.optional(),
    body: z.enum(['vase', 'column', 'gourd']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'table_lamp',
  summary: 'a turned ceramic body (vase, column or gourd), a short stem and a shade',
  params: Params,
  sizes: () => ({ min: [0.15, 0.15, 0.25], max: [0.6, 0.6, 0.9] }),
  issues: (size) => lampIssues(size),
  variants: [{}, { shade: 'drum', body: 'vase' }, { shade: 'cone', body: 'column' }, { shade: 'globe', body: 'gourd' }],
  build([L, , H], p, rng) {
    const kind = drawPick(rng, ['drum', 'cone', 'cone', 'dome', 'globe'] as const, p.shade);
    const form = drawPick(rng, ['vase', 'column', 'gourd'] as const, p.body);
    const R = L / 2;
    const Rs = kind === 'globe' ? Math.min(R, H * 0.3) : R;
    const hs = clamp(drawNum(rng, 0.3, 0.42) * H, 0.08, kind === 'dome' ? Rs : 2 * Rs);
    const sh = shade(kind, Rs, H, hs, rng);
    const room = sh.bottom; // body and stem below the shade
    const hbod = room * drawNum(rng, 0.75, 0.92);
    const rmax = Math.min(R * drawNum(rng, 0.45, 0.7), hbod * 0.5); // the body's widest radius
    const rn = Math.max(0.008, rmax * drawNum(rng, 0.2, 0.35)); // its neck
    const profile: [number, number][] =
      form === 'vase'
        ? [
            [rmax * 0.6, 0],
            [rmax, hbod * 0.35],
            [rmax * 0.85, hbod * 0.7],
            [rn, hbod],
          ]
        : form === 'column'
          ? [
              [rmax, 0],
              [rmax, hbod * 0.08],
              [rmax * 0.7, hbod * 0.15],
              [rmax * 0.7, hbod * 0.92],
              [rn, hbod],
            ]
          : [
              [rmax * 0.5, 0],
              [rmax, hbod * 0.3],
              [rmax * 0.55, hbod * 0.62],
              [rmax * 0.7, hbod * 0.8],
              [rn, hbod],
            ];
    const ds = Math.min(0.016, rn * 2); // stem
    const parts: Part[] = [
      lathe('body', 'body', 0, 0, 0, profile),
      cylinder('stem', 'metal_brushed', 0, 0, hbod, sh.bottom, ds),
      sh.part,
    ];
    return { parts };
  },
};
