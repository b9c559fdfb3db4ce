/**
 * A dining chair: four legs (the back two run up as the back's posts), a seat (a board, or a board with a cushion
 * pad), aprons under the seat or not, and a back between the posts: a panel, rails, or slats between two rails.
 * Frame: the seat's front at -y, the back at +y. Its surface is the seat's top (where a person sits): given one, the
 * seat is built at that height.
 */
import { z } from 'zod';
import { type AssetDef, box, cylinder, drawCoin, drawNum, drawPick, lathe, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    back: z.enum(['panel', 'rails', 'slats']).optional(),
    legs: z.enum(['square', 'round', 'tapered']).optional(),
    seat: z.enum(['board', 'cushion']).optional(),
    apron: z.boolean().optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'dining_chair',
  summary: 'four legs, a seat (board or cushioned), aprons, and a back of a panel, rails or slats between two posts',
  params: Params,
  sizes: () => ({ min: [0.36, 0.38, 0.7], max: [0.6, 0.62, 1.1] }),
  // the seat's top: 0.4 m or more; a drawn one is a board 0.22 m under the back's top at least, and its pad
  surface: (size) => [0.4, size[2] - 0.17],
  variants: [
    {},
    { back: 'slats', legs: 'square', seat: 'board', apron: true },
    { back: 'panel', legs: 'round', seat: 'cushion', apron: false },
    { back: 'rails', legs: 'tapered', seat: 'cushion', apron: true },
  ],
  build([L, W, H], p, rng, surface) {
    const back = drawPick(rng, ['panel', 'rails', 'slats'] as const, p.back);
    const legs = drawPick(rng, ['square', 'round', 'tapered'] as const, p.legs);
    const seat = drawPick(rng, ['board', 'board', 'cushion'] as const, p.seat);
    const apron = drawCoin(rng, 0.6, p.apron);
    const ls = drawNum(rng, 0.03, 0.045); // leg section
    let hs = Math.min(drawNum(rng, 0.43, 0.48), H - 0.22); // the board's top
    const ts = drawNum(rng, 0.02, 0.04); // board thickness
    const legMat = legs === 'round' ? drawPick(rng, ['body', 'body', 'metal_dark', 'metal_brushed'] as const) : 'body';
    // a given seat height: the cushion's top, or the board's (the cushion's thickness drawn here, not below)
    const pad = surface !== undefined && seat === 'cushion' ? drawNum(rng, 0.03, 0.05) : undefined;
    if (surface !== undefined) hs = surface - (pad ?? 0);
    const r = ls / 2;
    const xl = L / 2 - r,
      yf = -W / 2 + r,
      yp = W / 2 - r; // leg axes
    const zs = hs - ts; // the board's bottom
    const parts: Part[] = [];
    // legs and posts
    const post = (name: string, x: number, y: number, z0: number, z1: number) =>
      legs === 'square'
        ? box(name, legMat, [x - r, y - r, z0], [x + r, y + r, z1])
        : cylinder(name, legMat, x, y, z0, z1, ls);
    for (const [k, x] of [-xl, xl].entries()) {
      if (legs === 'tapered') {
        parts.push(
          lathe(`leg${k}`, legMat, x, yf, 0, [
            [r * 0.55, 0],
            [r, zs],
          ]),
        );
        parts.push(
          lathe(`leg${k + 2}`, legMat, x, yp, 0, [
            [r * 0.55, 0],
            [r, zs],
          ]),
        );
        parts.push(post(`post${k}`, x, yp, zs, H));
      } else {
        parts.push(post(`leg${k}`, x, yf, 0, zs));
        parts.push(post(`post${k}`, x, yp, 0, H));
      }
    }
    // seat
    parts.push(rbox('seat', 'body', [-L / 2, -W / 2, zs], [L / 2, W / 2 - ls, hs], Math.min(0.008, ts / 2)));
    let top = hs; // the seat's top
    if (seat === 'cushion') {
      const tp = pad ?? drawNum(rng, 0.03, 0.05);
      top = hs + tp;
      const mat = drawPick(rng, ['linen_grey', 'linen_sand', 'linen_blue', 'linen_white'] as const);
      parts.push(
        rbox(
          'pad',
          mat,
          [-L / 2 + 0.01, -W / 2 + 0.01, hs],
          [L / 2 - 0.01, W / 2 - ls - 0.005, hs + tp],
          Math.min(0.02, tp / 2),
        ),
      );
    }
    // aprons: 18 mm boards between the legs, by square legs' outer faces (5 mm in), on round legs' axes
    if (apron) {
      const ha = drawNum(rng, 0.05, 0.08);
      const at = 0.018;
      const z0 = zs - ha;
      const [fy, by, sx] =
        legs === 'square'
          ? [-W / 2 + 0.005, W / 2 - 0.005 - at, L / 2 - 0.005 - at]
          : [yf - at / 2, yp - at / 2, xl - at / 2];
      parts.push(box('apron_front', 'body', [-L / 2 + ls, fy, z0], [L / 2 - ls, fy + at, zs]));
      parts.push(box('apron_back', 'body', [-L / 2 + ls, by, z0], [L / 2 - ls, by + at, zs]));
      parts.push(box('apron_left', 'body', [-sx - at, -W / 2 + ls, z0], [-sx, W / 2 - ls, zs]));
      parts.push(box('apron_right', 'body', [sx, -W / 2 + ls, z0], [sx + at, W / 2 - ls, zs]));
    }
    // the back, between the posts
    const tb = Math.min(drawNum(rng, 0.015, 0.025), ls * 0.8);
    const bx = L / 2 - ls;
    const b0 = yp - tb / 2,
      b1 = yp + tb / 2;
    const room = H - hs; // above the seat board
    if (back === 'panel') {
      const hb = Math.min(drawNum(rng, 0.15, 0.3), room * 0.6);
      parts.push(rbox('backrest', 'body', [-bx, b0, H - hb], [bx, b1, H], 0.004));
    } else {
      const hr = Math.min(drawNum(rng, 0.04, 0.08), room * 0.25);
      parts.push(box('rail_top', 'body', [-bx, b0, H - hr], [bx, b1, H]));
      if (back === 'rails') {
        const g = drawNum(rng, 0.06, 0.12);
        const hr2 = drawNum(rng, 0.03, 0.06);
        if (H - hr - g - hr2 >= hs + 0.05)
          parts.push(box('rail_mid', 'body', [-bx, b0, H - hr - g - hr2], [bx, b1, H - hr - g]));
      } else {
        const hr2 = 0.035;
        const zr0 = Math.min(hs + drawNum(rng, 0.05, 0.12), H - hr - hr2 - 0.12);
        parts.push(box('rail_low', 'body', [-bx, b0, zr0], [bx, b1, zr0 + hr2]));
        const k = rng.int(3, 5);
        const sw = Math.min(drawNum(rng, 0.015, 0.035), (0.6 * 2 * bx) / k);
        const t = tb * 0.8;
        for (let i = 0; i < k; i++) {
          const x = -bx + ((i + 1) * 2 * bx) / (k + 1);
          parts.push(box(`slat${i}`, 'body', [x - sw / 2, yp - t / 2, zr0 + hr2], [x + sw / 2, yp + t / 2, H - hr]));
        }
      }
    }
    return {
      parts,
      // the seat's flat top: the board inside its rounded edge, or the pad's
      surface: { top, center: [0, -ls / 2], size: [L - 0.07, W - ls - 0.07] },
    };
  },
};
