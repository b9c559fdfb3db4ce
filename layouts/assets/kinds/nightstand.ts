/** A nightstand: a small case of drawers, a door or an open niche over a top slab's flat surface (layouts/assets/cabinet.ts). */
import { z } from 'zod';
import { type AssetDef, drawNum, drawPick } from '../asset.ts';
import { cabinet, type CabinetRow } from '../cabinet.ts';

const Params = z
  .object({
    /** drawers (two or three), door (a door under a drawer) or niche (an open niche under a drawer) */
    layout: z.enum(['drawers', 'door', 'niche']).optional(),
    base: z.enum(['legs', 'plinth', 'none']).optional(),
    handle: z.enum(['bar', 'knob', 'none']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'nightstand',
  summary: 'a top slab over drawers, a door or an open niche, with handles, on legs, a plinth or the floor',
  params: Params,
  sizes: () => ({ min: [0.3, 0.28, 0.35], max: [0.8, 0.6, 0.85] }),
  surface: (size) => [size[2], size[2]],
  variants: [
    {},
    { layout: 'drawers', base: 'legs', handle: 'knob' },
    { layout: 'niche', base: 'plinth', handle: 'bar' },
    { layout: 'door', base: 'none', handle: 'none' },
  ],
  build([L, W, H], p, rng) {
    const layout = drawPick(rng, ['drawers', 'door', 'niche'] as const, p.layout);
    const base = drawPick(rng, ['legs', 'legs', 'plinth', 'none'] as const, p.base);
    const handle = drawPick(rng, ['bar', 'knob', 'knob', 'none'] as const, p.handle);
    const topT = drawNum(rng, 0.018, 0.035);
    const baseH = Math.min(
      base === 'legs' ? drawNum(rng, 0.08, 0.22) : drawNum(rng, 0.04, 0.08),
      (H - topT) * (base === 'legs' ? 0.4 : 0.2),
    );
    const carcass = H - topT - (base === 'none' ? 0 : baseH);
    const k = carcass > 0.42 && rng.coin(0.5) ? 3 : 2;
    const rows: CabinetRow[] =
      layout === 'drawers'
        ? Array.from({ length: k }, () => ({ share: 1, kind: 'drawers' as const, n: 1 }))
        : layout === 'door'
          ? [
              { share: 2.5, kind: 'doors', n: 1 },
              { share: 1, kind: 'drawers', n: 1 },
            ]
          : [
              { share: 1.4, kind: 'open', n: 0 },
              { share: 1, kind: 'drawers', n: 1 },
            ];
    const c = cabinet({
      L,
      W,
      H,
      base,
      baseH,
      legs: drawPick(rng, ['square', 'round', 'tapered'] as const),
      legD: drawNum(rng, 0.025, 0.04),
      legMaterial: drawPick(rng, ['body', 'wood_dark', 'metal_dark', 'metal_brushed'] as const),
      topT,
      sideOver: drawNum(rng, 0, 0.015),
      frontT: drawNum(rng, 0.016, 0.02),
      gap: drawNum(rng, 0.003, 0.005),
      handle,
      handleMaterial: drawPick(rng, ['metal_brushed', 'metal_dark', 'wood_dark'] as const),
      handleD: drawNum(rng, 0.018, 0.028),
      handleLen: handle === 'knob' ? drawNum(rng, 0.022, 0.032) : drawNum(rng, 0.06, 0.12),
      panelT: drawNum(rng, 0.016, 0.02),
      handleSide: drawPick(rng, ['left', 'right'] as const),
      rows,
    });
    return c;
  },
};
