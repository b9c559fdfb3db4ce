/** A wardrobe: tall doors (and a row of drawers below them, or not) in a carcass under a top slab (layouts/assets/cabinet.ts). */
import { z } from 'zod';
import { type AssetDef, clamp, drawCoin, drawNum, drawPick } from '../asset.ts';
import { cabinet, type CabinetRow } from '../cabinet.ts';

const Params = z
  .object({
    /** doors across (absent: one per 0.4 to 0.6 m) */
    doors: z.number().int().min(1).max(4).optional(),
    /** a row of drawers below the doors */
    drawers: z.boolean().optional(),
    base: z.enum(['legs', 'plinth', 'none']).optional(),
    handle: z.enum(['bar', 'knob', 'none']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'wardrobe',
  summary: 'one to four tall doors, a row of drawers below or not, handles, on a plinth, legs or the floor',
  params: Params,
  sizes: () => ({ min: [0.5, 0.45, 1.5], max: [2.6, 0.75, 2.5] }),
  surface: (size) => [size[2], size[2]],
  issues: (size, p) =>
    p.doors !== undefined && (size[0] / p.doors < 0.25 || size[0] / p.doors > 1.0)
      ? [
          {
            path: ['asset', 'doors'],
            message: `${p.doors} doors need a wardrobe ${(0.25 * p.doors).toFixed(2)}..${p.doors.toFixed(2)} m long`,
          },
        ]
      : [],
  variants: [
    {},
    { drawers: true, base: 'plinth', handle: 'bar' },
    { drawers: false, base: 'legs', handle: 'knob' },
    { doors: 2, drawers: false, base: 'none', handle: 'none' },
  ],
  build([L, W, H], p, rng) {
    const doors = p.doors ?? clamp(Math.round(L / drawNum(rng, 0.4, 0.6)), Math.ceil(L / 1.0), 4);
    const drawers = drawCoin(rng, 0.4, p.drawers);
    const base = drawPick(rng, ['plinth', 'plinth', 'legs', 'none'] as const, p.base);
    const handle = drawPick(rng, ['bar', 'bar', 'knob', 'none'] as const, p.handle);
    const topT = drawNum(rng, 0.02, 0.04);
    const baseH = base === 'legs' ? drawNum(rng, 0.08, 0.15) : drawNum(rng, 0.05, 0.1);
    const dh = drawNum(rng, 0.2, 0.3);
    const carcass = H - topT - (base === 'none' ? 0 : baseH);
    const rows: CabinetRow[] = drawers
      ? [
          { share: dh, kind: 'drawers', n: Math.min(doors, 2) },
          { share: carcass - dh, kind: 'doors', n: doors },
        ]
      : [{ share: 1, kind: 'doors', n: doors }];
    return cabinet({
      L,
      W,
      H,
      base,
      baseH,
      legs: drawPick(rng, ['square', 'round', 'tapered'] as const),
      legD: drawNum(rng, 0.03, 0.045),
      legMaterial: drawPick(rng, ['body', 'wood_dark', 'metal_dark'] as const),
      topT,
      sideOver: drawNum(rng, 0, 0.02),
      frontT: drawNum(rng, 0.018, 0.022),
      gap: drawNum(rng, 0.003, 0.005),
      handle,
      handleMaterial: drawPick(rng, ['metal_brushed', 'metal_dark', 'wood_dark'] as const),
      handleD: drawNum(rng, 0.02, 0.03),
      handleLen: handle === 'knob' ? drawNum(rng, 0.025, 0.035) : drawNum(rng, 0.2, 0.6),
      panelT: 0.018,
      handleSide: drawPick(rng, ['left', 'right'] as const),
      rows,
    });
  },
};
