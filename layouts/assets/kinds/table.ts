/**
 * A table: a top (a rectangle with softened edges, or a round disc), on four legs (square, round or tapered; aprons
 * between them under the top, a shelf low between them) or on a pedestal (a column on a flared foot). The variant
 * (dining, coffee, side) sets the sizes it accepts and the odds of its styles. The surface is the whole flat top.
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import {
  type AssetDef,
  box,
  clamp,
  cylinder,
  drawCoin,
  drawNum,
  drawPick,
  lathe,
  type Part,
  rbox,
  type SizeRange,
} from '../asset.ts';

const Params = z
  .object({
    variant: z.enum(['dining', 'coffee', 'side']).default('dining'),
    /** rect or round (a round top needs length = width) */
    top: z.enum(['rect', 'round']).optional(),
    base: z.enum(['legs', 'pedestal']).optional(),
    legs: z.enum(['square', 'round', 'tapered']).optional(),
    /** boards under the top between the legs (four legs only) */
    apron: z.boolean().optional(),
    /** a shelf low between the legs (four legs and a rectangular top only) */
    shelf: z.boolean().optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

const SIZES: Record<Params['variant'], SizeRange> = {
  dining: { min: [0.6, 0.6, 0.65], max: [2.8, 1.3, 0.9] },
  coffee: { min: [0.4, 0.4, 0.28], max: [1.8, 1.1, 0.55] },
  side: { min: [0.3, 0.3, 0.35], max: [0.8, 0.8, 0.8] },
};

const roundable = (size: Vec3) => Math.abs(size[0] - size[1]) <= 0.001;

export const asset: AssetDef<Params> = {
  kind: 'table',
  summary: 'a top on four legs (aprons, a low shelf) or on a pedestal; dining, coffee and side variants',
  params: Params,
  sizes: (p) => SIZES[p.variant],
  surface: (size) => [size[2], size[2]],
  issues: (size, p) => {
    const out = [];
    if (p.top === 'round' && !roundable(size))
      out.push({
        path: ['asset', 'top'],
        message: `a round top needs length = width (here ${size[0]} and ${size[1]})`,
      });
    if (p.shelf && (p.base === 'pedestal' || p.top === 'round'))
      out.push({ path: ['asset', 'shelf'], message: 'a shelf needs four legs under a rectangular top' });
    return out;
  },
  variants: [
    {},
    { variant: 'dining', top: 'rect', base: 'legs', legs: 'tapered', apron: true },
    { variant: 'coffee', top: 'rect', base: 'legs', legs: 'square', apron: false, shelf: true },
    { variant: 'side', base: 'pedestal' },
  ],
  build(size, p, rng) {
    const [L, W, H] = size;
    const v = p.variant;
    const top = roundable(size) ? drawPick(rng, ['rect', 'round', 'round'] as const, p.top) : 'rect';
    const base = drawPick(
      rng,
      top === 'round' ? (['legs', 'pedestal', 'pedestal'] as const) : (['legs', 'legs', 'legs', 'pedestal'] as const),
      p.base,
    );
    const legs = drawPick(rng, ['square', 'round', 'tapered'] as const, p.legs);
    const apron = base === 'legs' && top === 'rect' && drawCoin(rng, v === 'dining' ? 0.7 : 0.35, p.apron);
    const shelf =
      base === 'legs' && top === 'rect' && drawCoin(rng, v === 'coffee' ? 0.5 : v === 'side' ? 0.2 : 0, p.shelf);
    const tt =
      v === 'dining'
        ? drawNum(rng, 0.025, 0.05)
        : v === 'coffee'
          ? drawNum(rng, 0.02, 0.06)
          : drawNum(rng, 0.018, 0.035);
    const ls = Math.min(
      v === 'dining'
        ? drawNum(rng, 0.04, 0.08)
        : v === 'coffee'
          ? drawNum(rng, 0.035, 0.07)
          : drawNum(rng, 0.025, 0.045),
      Math.min(L, W) / 6,
    );
    const e = Math.min(drawNum(rng, 0, 0.08), Math.min(L, W) / 10); // legs' inset from the top's edges
    const legMat = drawPick(rng, ['body', 'body', 'wood_dark', 'metal_dark', 'metal_brushed'] as const);
    const zt = H - tt;
    const parts: Part[] = [];
    const rt = Math.min(drawNum(rng, 0.002, 0.012), tt / 2);
    let surface: { top: number; center: [number, number]; size: [number, number] };
    if (top === 'round') {
      parts.push(cylinder('top', 'body', 0, 0, zt, H, L));
      surface = { top: H, center: [0, 0], size: [L / Math.SQRT2, L / Math.SQRT2] };
    } else {
      parts.push(rbox('top', 'body', [-L / 2, -W / 2, zt], [L / 2, W / 2, H], rt));
      surface = { top: H, center: [0, 0], size: [L - 2 * rt, W - 2 * rt] };
    }
    const r = ls / 2;
    if (base === 'pedestal') {
      const R = Math.min(L, W) / 2;
      const dc = clamp(drawNum(rng, 0.06, 0.14), 0.04, R * 0.5); // column
      const rf = clamp(R * drawNum(rng, 0.55, 0.8), dc, R); // foot radius
      const hf = Math.min(drawNum(rng, 0.02, 0.05), zt * 0.2); // foot height
      const foot = drawPick(rng, ['disc', 'dome'] as const);
      parts.push(
        lathe(
          'foot',
          legMat,
          0,
          0,
          0,
          foot === 'disc'
            ? [
                [rf, 0],
                [rf, hf],
              ]
            : [
                [rf, 0],
                [rf, hf * 0.3],
                [Math.max(dc / 2, rf * 0.35), hf],
              ],
        ),
      );
      parts.push(cylinder('column', legMat, 0, 0, hf, zt, dc));
    } else {
      // leg axes: at the corners, or for a round top on its diagonals within the rim
      let ax: number, ay: number;
      if (top === 'round') ax = ay = (L / 2 - e - r) / Math.SQRT2 - 0.001;
      else {
        ax = L / 2 - e - r;
        ay = W / 2 - e - r;
      }
      let k = 0;
      for (const y of [-ay, ay])
        for (const x of [-ax, ax]) {
          const name = `leg${k++}`;
          if (legs === 'square') parts.push(box(name, legMat, [x - r, y - r, 0], [x + r, y + r, zt]));
          else if (legs === 'round') parts.push(cylinder(name, legMat, x, y, 0, zt, ls));
          else
            parts.push(
              lathe(name, legMat, x, y, 0, [
                [r * 0.5, 0],
                [r, zt],
              ]),
            );
        }
      if (apron) {
        // boards under the top between the legs: by square legs' outer faces (5 mm in), on round legs' axes
        const ha = Math.min(v === 'dining' ? drawNum(rng, 0.06, 0.11) : drawNum(rng, 0.04, 0.07), zt * 0.3);
        const at = Math.min(0.02, ls - 0.01);
        const z0 = zt - ha;
        const oy = legs === 'square' ? ay + r - 0.005 : ay + at / 2,
          ox = legs === 'square' ? ax + r - 0.005 : ax + at / 2;
        parts.push(box('apron_front', 'body', [-ax + r, -oy, z0], [ax - r, -oy + at, zt]));
        parts.push(box('apron_back', 'body', [-ax + r, oy - at, z0], [ax - r, oy, zt]));
        parts.push(box('apron_left', 'body', [-ox, -ay + r, z0], [-ox + at, ay - r, zt]));
        parts.push(box('apron_right', 'body', [ox - at, -ay + r, z0], [ox, ay - r, zt]));
      }
      if (shelf) {
        const zs = Math.min(drawNum(rng, 0.06, 0.15), zt * 0.4);
        parts.push(box('shelf', 'body', [-ax + r, -ay - r + 0.005, zs], [ax - r, ay + r - 0.005, zs + 0.02]));
      }
    }
    return { parts, surface };
  },
};
