/**
 * A street lamp post: a base (a stepped lathe), a tapered pole (a lathe), and either an arm (a horizontal cylinder
 * along +x from near the pole's top) holding a luminaire head (a rounded box with a lens under it), or a lantern
 * (a lathe) on the pole's top. The pole stands at the -x end of the bounds for an arm (its base's radius from the
 * end), in the middle for a lantern.
 */
import { z } from 'zod';
import { type AssetDef, box, clamp, drawNum, drawPick, lathe, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    /** arm: a luminaire on an arm over +x; lantern: a lantern on the pole's top */
    head: z.enum(['arm', 'lantern']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

const GAP = 0.001;

export const asset: AssetDef<Params> = {
  kind: 'lamp_post',
  summary: 'a base, a tapered pole and an arm with a luminaire head (or a lantern on the top)',
  params: Params,
  sizes: (p) =>
    p.head === 'lantern'
      ? { min: [0.25, 0.25, 2.5], max: [0.8, 0.8, 8] }
      : { min: [0.25, 0.25, 2.5], max: [3, 0.8, 12] },
  issues: (size, p) =>
    p.head === 'arm' && size[0] < 0.8
      ? [{ path: ['size', 0], message: `an arm's lamp post is at least 0.8 m long (here ${size[0]})` }]
      : [],
  variants: [{}, { head: 'lantern' }],
  build([L, W, H], p, rng) {
    const head = drawPick(rng, ['arm', 'lantern'] as const, L < 0.8 ? 'lantern' : p.head);
    const rbase = (Math.min(L, W) / 2) * drawNum(rng, 0.75, 0.95);
    const hb = drawNum(rng, 0.3, 0.6);
    const r0 = rbase * drawNum(rng, 0.45, 0.6); // pole's radius at its foot
    const r1 = r0 * drawNum(rng, 0.5, 0.7); // and at its top
    const px = head === 'arm' ? -L / 2 + rbase : 0;
    const parts: Part[] = [];
    parts.push(
      lathe('base', 'body', px, 0, 0, [
        [rbase, 0],
        [rbase, hb * 0.35],
        [rbase * 0.8, hb * 0.5],
        [r0, hb],
      ]),
    );
    if (head === 'lantern') {
      const hl = clamp(drawNum(rng, 0.45, 0.7), 0.3, H * 0.2);
      const rl = Math.min(L, W) / 2;
      const zp = H - hl;
      parts.push(
        lathe('pole', 'body', px, 0, hb, [
          [r0, 0],
          [r1, zp - hb],
        ]),
      );
      parts.push(
        lathe('lantern', 'lens_white', px, 0, zp, [
          [r1, 0],
          [rl * 0.85, hl * 0.35],
          [rl, hl * 0.6],
          [rl * 0.5, hl * 0.9],
          [rl * 0.15, hl],
        ]),
      );
      return { parts };
    }
    // the pole up to the top, the arm leaving it below the top, the head at the arm's end
    const ra = clamp(r1 * drawNum(rng, 0.6, 0.85), 0.015, W / 2);
    const hh = clamp(drawNum(rng, 0.12, 0.2), 0.06, W);
    const za = H - ra - drawNum(rng, 0.05, 0.2); // the arm's axis
    parts.push(
      lathe('pole', 'body', px, 0, hb, [
        [r0, 0],
        [r1, H - hb],
      ]),
    );
    // the pole's radius at the arm's lowest point: the arm starts just outside it
    const rAt = r0 + ((r1 - r0) * (za - ra - hb)) / (H - hb);
    const xa0 = px + rAt + GAP;
    const hl = clamp(drawNum(rng, 0.45, 0.7), 0.2, (L / 2 - xa0) * 0.6);
    const xa1 = L / 2 - hl - GAP;
    parts.push({
      name: 'arm',
      material: 'body',
      shape: 'cylinder',
      center: [(xa0 + xa1) / 2, 0, za],
      size: [2 * ra, 2 * ra, xa1 - xa0],
      pitch_deg: 90,
    });
    // the head: a rounded box hanging from the arm's end, its top at the arm's top, a lens under it
    const hw = Math.min(W, Math.max(2 * ra, drawNum(rng, 0.25, 0.4)));
    const lens = 0.02;
    parts.push(rbox('head', 'body', [L / 2 - hl, -hw / 2, za + ra - hh], [L / 2, hw / 2, za + ra], 0.03));
    parts.push(
      box(
        'lens',
        'lens_white',
        [L / 2 - hl * 0.9, -hw * 0.4, za + ra - hh - lens],
        [L / 2 - hl * 0.1, hw * 0.4, za + ra - hh],
      ),
    );
    return { parts };
  },
};
