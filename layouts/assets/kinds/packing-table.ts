/**
 * A packing table: a worktop at its surface height on four steel legs, rails front and back under the top, a lower
 * shelf between the legs, and with `frame` an overhead frame: two uprights standing on the worktop's back edge, a
 * top shelf across them. Without the frame the worktop is the item's top; with it (on an item 1.5 to 2.2 m high)
 * the frame fills the height above a worktop of 0.75 to 1.0 m.
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import { type AssetDef, box, clamp, drawNum, drawPick, type Part } from '../asset.ts';

const Params = z
  .object({
    /** the overhead frame (only on an item 1.5 to 2.2 m high; without it 0.7 to 1.1 m) */
    frame: z.boolean().default(false),
    /** the lower shelf's material: the body's or steel */
    shelf: z.enum(['body', 'steel']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** The least room between the worktop and the frame's shelf (m). */
const FRAME_ROOM = 0.55;

export const asset: AssetDef<Params> = {
  kind: 'packing_table',
  summary: 'a worktop on steel legs with rails and a lower shelf; on a tall item an overhead frame with a top shelf',
  params: Params,
  sizes: (p) => ({ min: [0.9, 0.6, p.frame ? 1.5 : 0.7], max: [2.4, 1.2, p.frame ? 2.2 : 1.1] }),
  surface: ([, , H]: Vec3, p) => (p.frame ? [0.75, Math.min(1.0, H - FRAME_ROOM - 0.05)] : [H, H]),
  variants: [{}, { frame: false, shelf: 'body' }, { frame: true, shelf: 'steel' }],
  build([L, W, H], p, rng, surface) {
    const frame = p.frame;
    const top = surface ?? (frame ? clamp(drawNum(rng, 0.85, 0.95), 0.75, Math.min(1.0, H - FRAME_ROOM - 0.05)) : H);
    const shelfMat = drawPick(rng, ['body', 'steel'] as const, p.shelf) === 'steel' ? 'metal_brushed' : 'body';
    const legMat = drawPick(rng, ['metal_brushed', 'metal_brushed', 'metal_dark'] as const);
    const tt = drawNum(rng, 0.025, 0.04); // the worktop's thickness
    const ld = drawNum(rng, 0.04, 0.05); // a leg's side
    const over = drawNum(rng, 0, 0.03); // the top's overhang beyond the legs
    const zt = top - tt;
    const parts: Part[] = [box('top', 'body', [-L / 2, -W / 2, zt], [L / 2, W / 2, top])];
    const ax = L / 2 - over,
      ay = W / 2 - over; // the legs' outer faces
    let k = 0;
    for (const sy of [-1, 1])
      for (const sx of [-1, 1]) {
        const x0 = sx < 0 ? -ax : ax - ld,
          y0 = sy < 0 ? -ay : ay - ld;
        parts.push(box(`leg${k++}`, legMat, [x0, y0, 0], [x0 + ld, y0 + ld, zt]));
      }
    // rails under the top, front and back, between the legs
    const rh = Math.min(drawNum(rng, 0.05, 0.08), zt * 0.2);
    parts.push(box('rail_front', legMat, [-ax + ld, -ay, zt - rh], [ax - ld, -ay + 0.025, zt]));
    parts.push(box('rail_back', legMat, [-ax + ld, ay - 0.025, zt - rh], [ax - ld, ay, zt]));
    // the lower shelf between the legs
    const zs = Math.min(drawNum(rng, 0.12, 0.25), zt * 0.35);
    parts.push(box('shelf', shelfMat, [-ax + ld, -ay, zs], [ax - ld, ay, zs + 0.025]));
    let sa = { top, center: [0, 0] as [number, number], size: [L, W] as [number, number] };
    if (frame) {
      // two uprights on the worktop's back edge, a shelf across them at the top
      const fd = drawNum(rng, 0.035, 0.045);
      const sd = clamp(drawNum(rng, 0.25, 0.35), 0.15, W * 0.45); // the top shelf's depth
      const st = 0.025;
      const fx = L / 2 - over;
      for (const [i, sx] of [
        [0, -1],
        [1, 1],
      ] as const) {
        const x0 = sx < 0 ? -fx : fx - fd;
        parts.push(box(`upright${i}`, legMat, [x0, W / 2 - fd, top], [x0 + fd, W / 2, H]));
      }
      parts.push(box('top_shelf', shelfMat, [-fx + fd, W / 2 - sd, H - st], [fx - fd, W / 2, H]));
      // things rest in front of the top shelf (and the uprights under it)
      sa = { top, center: [0, -sd / 2], size: [L, W - sd] };
    }
    return { parts, surface: sa };
  },
};
