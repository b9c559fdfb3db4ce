/**
 * A street bin: a round one (a turned body, a lathe narrowing to its foot, under a domed lid with a dark mouth ring)
 * or a square one (a rounded box under a wider lid with a dark slot on its front). The lid is the bin's own material;
 * the body is too, or dark metal.
 */
import { z } from 'zod';
import { type AssetDef, box, drawNum, drawPick, lathe, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    shape: z.enum(['round', 'square']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'street_bin',
  summary: 'a street bin: a round turned body under a domed lid, or a rounded box under a lid with a slot',
  params: Params,
  sizes: () => ({ min: [0.3, 0.3, 0.5], max: [0.9, 0.9, 1.4] }),
  issues: (size, p) =>
    p.shape === 'round' && Math.abs(size[0] - size[1]) > 0.001
      ? [{ path: ['size', 1], message: `a round bin's width equals its length (${size[0]})` }]
      : [],
  variants: [{}, { shape: 'round' }, { shape: 'square' }],
  build([L, W, H], p, rng) {
    const shape = drawPick(rng, ['round', 'square'] as const, Math.abs(L - W) > 0.001 ? 'square' : p.shape);
    const bodyMat = drawPick(rng, ['body', 'body', 'metal_dark'] as const);
    const lidH = drawNum(rng, 0.08, 0.15) * H;
    const zl = H - lidH;
    const parts: Part[] = [];
    if (shape === 'round') {
      const R = L / 2;
      const rb = R * drawNum(rng, 0.85, 0.95);
      const ring = drawNum(rng, 0.04, 0.07);
      parts.push(
        lathe('body', bodyMat, 0, 0, 0, [
          [rb * 0.88, 0],
          [rb, zl * 0.15],
          [rb, zl - ring],
        ]),
      );
      parts.push(
        lathe('mouth', 'plastic_black', 0, 0, zl - ring, [
          [rb * 0.97, 0],
          [rb * 0.97, ring],
        ]),
      );
      parts.push(
        lathe('lid', 'body', 0, 0, zl, [
          [R, 0],
          [R, lidH * 0.3],
          [R * 0.7, lidH * 0.8],
          [R * 0.3, lidH],
        ]),
      );
      return { parts };
    }
    const e = drawNum(rng, 0.015, 0.03);
    parts.push(rbox('body', bodyMat, [-L / 2 + e, -W / 2 + e, 0], [L / 2 - e, W / 2 - e, zl], 0.03));
    parts.push(rbox('lid', 'body', [-L / 2, -W / 2, zl], [L / 2, W / 2, H], 0.02));
    // the slot: a dark slab on the body's front just under the lid
    const sh = Math.min(0.12, zl * 0.15);
    parts.push(
      box('slot', 'plastic_black', [-L * 0.3, -W / 2 + e - 0.01, zl - sh - 0.02], [L * 0.3, -W / 2 + e, zl - 0.02]),
    );
    return { parts };
  },
};
