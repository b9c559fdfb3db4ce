/**
 * A bus shelter: four posts (square, dark metal or the shelter's own) under a roof slab over the whole footprint, a
 * back panel between the back posts and a side panel at one end (opaque: the truth sees no light through glass, so a
 * panel is a solid in the shelter's own material), a seat board against the back panel, and an advertising board (a
 * lit panel) at the other end.
 */
import { z } from 'zod';
import { type AssetDef, box, drawNum, drawPick, type Part } from '../asset.ts';

const Params = z
  .object({
    /** the end closed by a side panel (the other carries the advertising board) */
    side: z.enum(['left', 'right']).optional(),
    seat: z.boolean().optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'bus_shelter',
  summary: 'four posts, a roof, a back panel, a side panel, a seat board and an advertising board',
  params: Params,
  sizes: () => ({ min: [2, 0.9, 2.2], max: [8, 2.5, 3.2] }),
  variants: [{}, { side: 'left', seat: true }, { side: 'right', seat: false }],
  build([L, W, H], p, rng) {
    const side = drawPick(rng, ['left', 'right'] as const, p.side);
    const seat = drawPick(rng, [true, true, false] as const, p.seat);
    const postMat = drawPick(rng, ['metal_dark', 'metal_brushed'] as const);
    const pw = drawNum(rng, 0.06, 0.1); // post width
    const rt = drawNum(rng, 0.08, 0.15); // roof thickness
    const zr = H - rt;
    const pt = drawNum(rng, 0.02, 0.04); // panel thickness
    const clear = drawNum(rng, 0.1, 0.2); // panels stand clear of the ground
    const parts: Part[] = [];
    parts.push(box('roof', 'metal_dark', [-L / 2, -W / 2, zr], [L / 2, W / 2, H]));
    const xs = [-L / 2, L / 2 - pw];
    const ys = [-W / 2 + 0.05, W / 2 - pw];
    for (const [i, x] of xs.entries())
      for (const [j, y] of ys.entries())
        parts.push(
          box(`post_${j ? 'back' : 'front'}_${i ? 'right' : 'left'}`, postMat, [x, y, 0], [x + pw, y + pw, zr]),
        );
    // the back panel between the back posts, in the posts' depth
    const yb0 = W / 2 - pw / 2 - pt / 2;
    parts.push(box('panel_back', 'body', [-L / 2 + pw, yb0, clear], [L / 2 - pw, yb0 + pt, zr - 0.15]));
    // the side panel between the front and back posts at one end
    const xs0 = side === 'left' ? -L / 2 + pw / 2 - pt / 2 : L / 2 - pw / 2 - pt / 2;
    parts.push(box('panel_side', 'body', [xs0, ys[0] + pw, clear], [xs0 + pt, ys[1], zr - 0.15]));
    // the advertising board at the other end: a thick lit panel
    const xa0 = side === 'left' ? L / 2 - pw : -L / 2;
    parts.push(
      box('advert', 'lens_white', [xa0, ys[0] + pw + 0.1, 0.3], [xa0 + pw, ys[1] - 0.1, Math.min(zr - 0.2, 2.0)]),
    );
    if (seat) {
      const sd = Math.min(0.35, W * 0.35);
      parts.push(box('seat', 'wood_dark', [-L * 0.3, yb0 - sd, 0.44], [L * 0.3, yb0, 0.48]));
      parts.push(box('seat_leg_left', postMat, [-L * 0.3 + 0.05, yb0 - 0.05, 0], [-L * 0.3 + 0.1, yb0, 0.44]));
      parts.push(box('seat_leg_right', postMat, [L * 0.3 - 0.1, yb0 - 0.05, 0], [L * 0.3 - 0.05, yb0, 0.44]));
    }
    return { parts };
  },
};
