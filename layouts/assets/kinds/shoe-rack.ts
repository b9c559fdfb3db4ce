/**
 * A shoe rack: two side frames (boards, or two posts joined by rails at the tiers), a top board whose top is the
 * surface, and one to three slatted tiers below it (slats along the length, a gap apart, between the frames).
 */
import { z } from 'zod';
import { type AssetDef, box, drawNum, drawPick, type Part } from '../asset.ts';

const Params = z
  .object({
    /** slatted tiers under the top (absent: as many as its height holds, one per 0.15 to 0.25 m) */
    tiers: z.number().int().min(1).max(3).optional(),
    /** the side frames: boards, or posts joined by rails */
    frame: z.enum(['board', 'posts']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'shoe_rack',
  summary: 'a top board over slatted tiers between two side frames (boards, or posts and rails)',
  params: Params,
  sizes: (p) => ({ min: [0.4, 0.22, p.tiers === 3 ? 0.45 : 0.25], max: [1.4, 0.45, 0.9] }),
  surface: (size) => [size[2], size[2]],
  variants: [{}, { tiers: 1, frame: 'board' }, { tiers: 2, frame: 'posts' }, { tiers: 3, frame: 'board' }],
  build([L, W, H], p, rng) {
    const frame = drawPick(rng, ['board', 'posts'] as const, p.frame);
    const tierH = drawNum(rng, 0.15, 0.25);
    const topT = drawNum(rng, 0.018, 0.028);
    const t = drawNum(rng, 0.018, 0.03); // the frames' thickness
    const slatT = drawNum(rng, 0.012, 0.018);
    const slatW = drawNum(rng, 0.03, 0.05);
    const slatGap = drawNum(rng, 0.012, 0.025);
    const lift = drawNum(rng, 0.03, 0.06); // the lowest tier above the floor
    const railMat = drawPick(rng, ['body', 'wood_dark', 'metal_dark'] as const);
    const zt = H - topT;
    const tiers = p.tiers ?? Math.max(1, Math.min(3, Math.floor((zt - lift) / tierH)));
    const parts: Part[] = [box('top', 'body', [-L / 2, -W / 2, zt], [L / 2, W / 2, H])];
    const x0 = -L / 2 + t,
      x1 = L / 2 - t;
    // tiers from the lowest up, evenly between the lift and the top
    const step = (zt - lift) / tiers;
    const zs = Array.from({ length: tiers }, (_, i) => lift + i * step);
    if (frame === 'board') {
      parts.push(box('side0', 'body', [-L / 2, -W / 2, 0], [x0, W / 2, zt]));
      parts.push(box('side1', 'body', [x1, -W / 2, 0], [L / 2, W / 2, zt]));
    } else {
      // posts at the four corners, a rail across at each tier that the slats' ends butt against
      for (const [s, xa, xb] of [
        [0, -L / 2, x0],
        [1, x1, L / 2],
      ] as const) {
        parts.push(box(`post${s}_front`, 'body', [xa, -W / 2, 0], [xb, -W / 2 + t, zt]));
        parts.push(box(`post${s}_back`, 'body', [xa, W / 2 - t, 0], [xb, W / 2, zt]));
        zs.forEach((z, i) =>
          parts.push(box(`rail${s}_${i}`, railMat, [xa, -W / 2 + t, z - 0.01], [xb, W / 2 - t, z + slatT])),
        );
      }
    }
    // slats: as many as fit across with their gaps, spread evenly front to back
    const n = Math.max(2, Math.floor((W + slatGap) / (slatW + slatGap)));
    const sw = Math.min(slatW, (W - (n - 1) * 0.01) / n);
    const g = n > 1 ? (W - n * sw) / (n - 1) : 0;
    zs.forEach((z, i) => {
      for (let k = 0; k < n; k++) {
        const y0 = -W / 2 + k * (sw + g);
        parts.push(box(`tier${i}_slat${k}`, 'body', [x0, y0, z], [x1, y0 + sw, z + slatT]));
      }
    });
    return { parts, surface: { top: H, center: [0, 0], size: [L, W] } };
  },
};
