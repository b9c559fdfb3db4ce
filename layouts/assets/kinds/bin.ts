/**
 * A lidded bin: round (a tapered body, wider at the top, under a domed lid that overhangs its rim) or square (a
 * rounded box under a rounded lid a little larger than its mouth, a hinge bar along the back).
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import { type AssetDef, box, clamp, drawNum, drawPick, lathe, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    style: z.enum(['round', 'square']).optional(),
    /** the lid's material: the body's or black plastic */
    lid: z.enum(['body', 'black']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

const round = (size: Vec3) => Math.abs(size[0] - size[1]) <= 0.001;

export const asset: AssetDef<Params> = {
  kind: 'bin',
  summary: 'a lidded bin: a tapered round body under a domed lid, or a rounded box under a lid with a hinge bar',
  params: Params,
  sizes: () => ({ min: [0.25, 0.25, 0.3], max: [1.0, 1.0, 1.3] }),
  issues: (size, p) =>
    p.style === 'round' && !round(size)
      ? [{ path: ['asset', 'style'], message: `a round bin needs length = width (here ${size[0]} and ${size[1]})` }]
      : [],
  variants: [{}, { style: 'round', lid: 'body' }, { style: 'square', lid: 'black' }],
  build(size, p, rng) {
    const [L, W, H] = size;
    const style = round(size) ? drawPick(rng, ['round', 'round', 'square'] as const, p.style) : 'square';
    const lidMat = drawPick(rng, ['body', 'black'] as const, p.lid) === 'black' ? 'plastic_black' : 'body';
    const lidH = clamp(drawNum(rng, 0.04, 0.08), 0.02, H * 0.15);
    const taper = drawNum(rng, 0.8, 0.9);
    const parts: Part[] = [];
    if (style === 'round') {
      const R = L / 2;
      const over = clamp(drawNum(rng, 0.01, 0.02), 0.005, R * 0.1); // the lid's overhang
      const rt = R - over;
      const hb = H - lidH;
      parts.push(
        lathe('body', 'body', 0, 0, 0, [
          [rt * taper, 0],
          [rt * taper + 0.005, 0.01],
          [rt - 0.01, hb - 0.03],
          [rt, hb],
        ]),
      );
      parts.push(
        lathe('lid', lidMat, 0, 0, hb, [
          [R, 0],
          [R, lidH * 0.35],
          [R * 0.8, lidH * 0.75],
          [R * 0.3, lidH],
        ]),
      );
    } else {
      const over = clamp(drawNum(rng, 0.01, 0.02), 0.005, Math.min(L, W) * 0.05);
      const hinge = clamp(drawNum(rng, 0.02, 0.03), 0.01, W * 0.1);
      const hb = H - lidH;
      const bl = L - 2 * over,
        bw = W - 2 * over - hinge;
      const cy = -hinge / 2;
      const rr = Math.min(drawNum(rng, 0.02, 0.05), bl / 4, bw / 4);
      parts.push(rbox('body', 'body', [-bl / 2, cy - bw / 2, 0], [bl / 2, cy + bw / 2, hb], rr));
      parts.push(rbox('lid', lidMat, [-L / 2, -W / 2, hb], [L / 2, W / 2, H], Math.min(rr, lidH / 2)));
      // the hinge bar along the back, against the body under the lid's overhang
      const back = cy + bw / 2;
      parts.push(box('hinge', 'plastic_black', [-bl / 2 + rr, back, hb - 0.04], [bl / 2 - rr, W / 2, hb]));
    }
    return { parts };
  },
};
