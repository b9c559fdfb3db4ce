/**
 * A bathtub: a rounded base block whose top is the tub's floor, and on it a rim of four rounded walls round the
 * inside (the end wall at the tap's end a wider deck), a tap on that deck, its spout reaching over the inside. Open
 * from above as a tub is (the walls are opaque solids; the inside is the space between them).
 */
import { z } from 'zod';
import { type AssetDef, drawNum, drawPick, type Part, rbox } from '../asset.ts';
import { tap } from '../tap.ts';

const Params = z
  .object({
    /** the tap's end, seen from the front */
    tap: z.enum(['left', 'right']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'bathtub',
  summary: 'a rounded tub: a base block, a rim of walls round the inside, a wider deck at one end with a tap',
  params: Params,
  sizes: () => ({ min: [1.2, 0.6, 0.5], max: [2.0, 0.95, 0.8] }),
  variants: [{}, { tap: 'left' }, { tap: 'right' }],
  build([L, W, H], p, rng) {
    const side = drawPick(rng, ['left', 'right'] as const, p.tap);
    const tapH = drawNum(rng, 0.1, 0.16);
    const t = drawNum(rng, 0.06, 0.09); // the walls' thickness
    const deck = drawNum(rng, 0.12, 0.16); // the deck's width at the tap's end
    const depthShare = drawNum(rng, 0.7, 0.8); // the inside's depth as a share of the rim's height
    const r = drawNum(rng, 0.02, 0.04); // the base's rounding
    const tapD = drawNum(rng, 0.035, 0.045);
    const zr = H - tapH; // the rim's top
    const zf = zr * (1 - depthShare); // the inside's floor (the base's top)
    const parts: Part[] = [rbox('base', 'body', [-L / 2, -W / 2, 0], [L / 2, W / 2, zf], r)];
    const rw = Math.min(r, t / 2);
    const xl = side === 'left' ? -L / 2 + deck : -L / 2 + t; // the inside's ends
    const xr = side === 'right' ? L / 2 - deck : L / 2 - t;
    parts.push(rbox('rim_front', 'body', [-L / 2, -W / 2, zf], [L / 2, -W / 2 + t, zr], rw));
    parts.push(rbox('rim_back', 'body', [-L / 2, W / 2 - t, zf], [L / 2, W / 2, zr], rw));
    parts.push(rbox('rim_left', 'body', [-L / 2, -W / 2 + t, zf], [xl, W / 2 - t, zr], rw));
    parts.push(rbox('rim_right', 'body', [xr, -W / 2 + t, zf], [L / 2, W / 2 - t, zr], rw));
    const xt = side === 'left' ? -L / 2 + deck / 2 : L / 2 - deck / 2;
    parts.push(
      ...tap({
        name: 'tap',
        material: 'metal_brushed',
        x: xt,
        y: 0,
        z0: zr,
        h: tapH,
        d: tapD,
        reach: Math.min(0.14, deck * 0.5 + 0.06),
        dir: side === 'left' ? '+x' : '-x',
      }),
    );
    return { parts };
  },
};
