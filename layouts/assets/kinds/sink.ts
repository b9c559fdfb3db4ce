/**
 * A bathroom sink: a vanity cabinet of doors or drawers (layouts/assets/cabinet.ts) under a top slab whose top is the
 * surface, a vessel basin on the top (a hollow lathe, open above) at one end or in the middle, and a tall tap behind
 * it reaching over it. Things rest on the top beside the basin: the surface rectangle is the top's longer free part.
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import { type AssetDef, clamp, drawNum, drawPick, lathe, type Part } from '../asset.ts';
import { cabinet, type CabinetRow } from '../cabinet.ts';
import { tap } from '../tap.ts';

const Params = z
  .object({
    /** the basin at the left (-x) or right (+x) end, or in the middle */
    basin: z.enum(['left', 'right', 'middle']).optional(),
    layout: z.enum(['doors', 'drawers']).optional(),
    cabinet: z.enum(['lacquer_white', 'lacquer_grey', 'wood_light', 'wood_dark']).optional(),
    base: z.enum(['legs', 'plinth', 'none']).optional(),
    handle: z.enum(['bar', 'knob', 'none']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** Height (m) above the top a basin and its tap need at least. */
const ROOM = 0.18;

function topRange(size: Vec3): [number, number] {
  return [0.5, Math.min(1.0, size[2] - ROOM)];
}

export const asset: AssetDef<Params> = {
  kind: 'sink',
  summary: 'a vanity cabinet of doors or drawers under a top, a vessel basin on it and a tall tap behind',
  params: Params,
  sizes: () => ({ min: [0.45, 0.35, 0.5 + ROOM], max: [1.4, 0.6, 1.25] }),
  surface: topRange,
  variants: [
    {},
    { basin: 'left', layout: 'doors', base: 'plinth', handle: 'bar' },
    { basin: 'middle', layout: 'drawers', base: 'legs', handle: 'knob' },
    { basin: 'right', layout: 'doors', base: 'none', handle: 'none', cabinet: 'wood_dark' },
  ],
  build(size, p, rng, surface) {
    const [L, W, H] = size;
    const where = drawPick(rng, ['left', 'right', 'middle'] as const, p.basin);
    const layout = drawPick(rng, ['doors', 'doors', 'drawers'] as const, p.layout);
    const mat = drawPick(rng, ['lacquer_white', 'lacquer_grey', 'wood_light', 'wood_dark'] as const, p.cabinet);
    const base = drawPick(rng, ['plinth', 'legs', 'none'] as const, p.base);
    const handle = drawPick(rng, ['bar', 'knob', 'none'] as const, p.handle);
    const [lo, hi] = topRange(size);
    const hc = clamp(drawNum(rng, 0.8, 0.9, surface), lo, hi);
    const topT = drawNum(rng, 0.02, 0.04);
    const baseH = Math.min(base === 'legs' ? drawNum(rng, 0.1, 0.2) : drawNum(rng, 0.05, 0.1), hc * 0.3);
    const zone = where === 'middle' ? L * drawNum(rng, 0.45, 0.6) : Math.min(L / 2, drawNum(rng, 0.4, 0.5));
    const bh = drawNum(rng, 0.09, 0.14); // the basin's height
    const tapD = drawNum(rng, 0.025, 0.035);
    const c = cabinet({
      L,
      W,
      H: hc,
      base,
      baseH,
      legs: drawPick(rng, ['square', 'round'] as const),
      legD: drawNum(rng, 0.025, 0.035),
      legMaterial: drawPick(rng, ['metal_brushed', 'metal_dark'] as const),
      topT,
      sideOver: 0,
      frontT: drawNum(rng, 0.016, 0.02),
      gap: drawNum(rng, 0.003, 0.005),
      handle,
      handleMaterial: drawPick(rng, ['metal_brushed', 'metal_dark'] as const),
      handleD: drawNum(rng, 0.018, 0.025),
      handleLen: handle === 'knob' ? drawNum(rng, 0.022, 0.03) : drawNum(rng, 0.08, 0.16),
      panelT: 0.018,
      handleSide: drawPick(rng, ['left', 'right'] as const),
      rows:
        layout === 'doors'
          ? [{ share: 1, kind: 'doors', n: L > 0.7 ? 2 : 1 }]
          : ([
              { share: 1, kind: 'drawers', n: 1 },
              { share: 1, kind: 'drawers', n: 1 },
            ] as CabinetRow[]),
    });
    // the cabinet in its own material, the top slab (and the basin) in the body's
    const parts: Part[] = c.parts.map((q) =>
      q.name === 'top' ? q : { ...q, material: q.material === 'body' ? mat : q.material },
    );
    const y0 = c.surface.center[1] - c.surface.size[1] / 2; // the top's front edge
    const room = H - hc;
    // the basin: as wide as its zone and the top's depth allow, its back clear of the tap
    const zx0 = where === 'left' ? -L / 2 : where === 'right' ? L / 2 - zone : -zone / 2;
    const R = Math.min(zone / 2 - 0.02, (W / 2 - y0 - 0.03 - tapD - 0.02) / 2, 0.25);
    const xb = zx0 + zone / 2;
    const yb = y0 + 0.015 + R;
    const h = Math.min(bh, room * 0.6);
    parts.push({
      ...lathe('basin', 'body', xb, yb, hc, [
        [R * 0.55, 0],
        [R * 0.85, h * 0.35],
        [R, h],
      ]),
      wall: Math.min(0.01, R * 0.2),
    });
    const yt = yb + R + 0.01 + tapD / 2;
    parts.push(
      ...tap({
        name: 'tap',
        material: 'metal_brushed',
        x: xb,
        y: yt,
        z0: hc,
        h: Math.min(room, h + 0.1),
        d: tapD,
        reach: R * 0.8,
        dir: '-y',
      }),
    );
    // things rest on the longer free part of the top
    const zx1 = zx0 + zone;
    const [sx0, sx1] = zx0 - -L / 2 >= L / 2 - zx1 ? [-L / 2, zx0] : [zx1, L / 2];
    return {
      parts,
      surface: { top: hc, center: [(sx0 + sx1) / 2, c.surface.center[1]], size: [sx1 - sx0, c.surface.size[1]] },
    };
  },
};
