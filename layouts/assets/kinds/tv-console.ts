/**
 * A tv console: a long low case (layouts/assets/cabinet.ts) and, unless `tv: false`, a television on it: a stand
 * (a pedestal or two feet) near the back, a black panel, the screen a thin dark slab on its front. The surface is the
 * console's top in front of the stand (the whole top without a television).
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import { type AssetDef, box, clamp, drawNum, drawPick, type Part, rbox } from '../asset.ts';
import { cabinet, type CabinetRow } from '../cabinet.ts';

const Params = z
  .object({
    tv: z.boolean().default(true),
    /** doors, drawers, open (one long open shelf) or mixed (drawers under an open shelf) */
    layout: z.enum(['doors', 'drawers', 'open', 'mixed']).optional(),
    base: z.enum(['legs', 'plinth', 'none']).optional(),
    handle: z.enum(['bar', 'knob', 'none']).optional(),
    stand: z.enum(['pedestal', 'feet']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** The least height (m) above the console's top a television needs (stand and a 0.4 m screen). */
const TV_ROOM = 0.4;

function consoleRange(size: Vec3, p: Params): [number, number] {
  return p.tv ? [0.3, Math.min(0.8, size[2] - TV_ROOM)] : [size[2], size[2]];
}

export const asset: AssetDef<Params> = {
  kind: 'tv_console',
  summary: 'a long low case of doors, drawers or open shelves, and a television on a stand near its back',
  params: Params,
  sizes: (p) =>
    p.tv ? { min: [0.8, 0.3, 0.75], max: [2.6, 0.6, 1.9] } : { min: [0.8, 0.3, 0.3], max: [2.6, 0.6, 0.8] },
  surface: consoleRange,
  variants: [
    {},
    { layout: 'doors', base: 'legs', handle: 'bar', stand: 'pedestal' },
    { layout: 'mixed', base: 'plinth', handle: 'knob', stand: 'feet' },
    { layout: 'open', base: 'none', tv: false },
  ],
  build(size, p, rng, surface) {
    const [L, W, H] = size;
    const layout = drawPick(rng, ['doors', 'drawers', 'open', 'mixed'] as const, p.layout);
    const base = drawPick(rng, ['legs', 'plinth', 'none'] as const, p.base);
    const handle = drawPick(rng, ['bar', 'knob', 'none'] as const, p.handle);
    const stand = drawPick(rng, ['pedestal', 'pedestal', 'feet'] as const, p.stand);
    const [lo, hi] = consoleRange(size, p);
    const hc = clamp(drawNum(rng, 0.4, 0.6, surface), lo, hi);
    const topT = drawNum(rng, 0.02, 0.04);
    const baseH = Math.min(base === 'legs' ? drawNum(rng, 0.08, 0.2) : drawNum(rng, 0.04, 0.08), hc * 0.35);
    const n = clamp(Math.round(L / drawNum(rng, 0.45, 0.65)), 2, 4);
    const rows: CabinetRow[] =
      layout === 'open'
        ? [{ share: 1, kind: 'open', n: 0 }]
        : layout === 'mixed'
          ? [
              { share: 1, kind: 'drawers', n },
              { share: 1, kind: 'open', n: 0 },
            ]
          : [{ share: 1, kind: layout, n }];
    const c = cabinet({
      L,
      W,
      H: hc,
      base,
      baseH,
      legs: drawPick(rng, ['square', 'round', 'tapered'] as const),
      legD: drawNum(rng, 0.03, 0.045),
      legMaterial: drawPick(rng, ['body', 'wood_dark', 'metal_dark', 'metal_brushed'] as const),
      topT,
      sideOver: drawNum(rng, 0, 0.015),
      frontT: drawNum(rng, 0.016, 0.02),
      gap: drawNum(rng, 0.003, 0.005),
      handle,
      handleMaterial: drawPick(rng, ['metal_brushed', 'metal_dark', 'wood_dark'] as const),
      handleD: drawNum(rng, 0.018, 0.028),
      handleLen: handle === 'knob' ? drawNum(rng, 0.022, 0.032) : drawNum(rng, 0.08, 0.2),
      panelT: drawNum(rng, 0.016, 0.02),
      handleSide: drawPick(rng, ['left', 'right'] as const),
      rows,
      prefix: 'console_',
    });
    if (!p.tv) return c;

    // the television: a stand near the back of the top, a panel on it, the screen on the panel's front
    const pd = drawNum(rng, 0.03, 0.06); // panel depth
    const fd = Math.min(Math.max(drawNum(rng, 0.16, 0.24), pd + 0.02), W - 0.15); // foot depth
    const ft = drawNum(rng, 0.012, 0.025); // foot thickness
    const nh = drawNum(rng, 0.04, 0.1); // neck height
    const bz = drawNum(rng, 0.008, 0.02); // bezel
    const fill = drawNum(rng, 0.8, 1); // the share of the largest screen that fits
    const yc = W / 2 - fd / 2 - Math.min(0.03, (W - fd) / 4);
    const zp = hc + ft + nh; // the panel's bottom
    const sw = fill * Math.min(((H - zp - 2 * bz) * 16) / 9, 0.95 * L - 2 * bz, 1.9);
    const tw = sw + 2 * bz,
      th = (sw * 9) / 16 + 2 * bz;
    const parts: Part[] = [...c.parts];
    const py0 = yc - pd / 2,
      py1 = yc + pd / 2;
    const nd = Math.min(0.03, pd); // neck depth
    // two feet need a screen wide enough to stand them apart
    if (stand === 'pedestal' || tw < 0.7) {
      const fw = drawNum(rng, 0.25, 0.45) * tw;
      const nw = drawNum(rng, 0.05, 0.1);
      parts.push(
        rbox(
          'tv_foot',
          'metal_dark',
          [-fw / 2, yc - fd / 2, hc],
          [fw / 2, yc + fd / 2, hc + ft],
          Math.min(0.01, ft / 2),
        ),
      );
      parts.push(box('tv_neck', 'metal_dark', [-nw / 2, yc - nd / 2, hc + ft], [nw / 2, yc + nd / 2, zp]));
    } else {
      const fw = drawNum(rng, 0.05, 0.09);
      const fx = tw / 2 - drawNum(rng, 0.06, 0.15) - fw / 2;
      for (const [k, x] of [-fx, fx].entries()) {
        parts.push(
          rbox(
            `tv_foot${k}`,
            'metal_dark',
            [x - fw / 2, yc - fd / 2, hc],
            [x + fw / 2, yc + fd / 2, hc + ft],
            Math.min(0.008, ft / 2),
          ),
        );
        parts.push(box(`tv_post${k}`, 'metal_dark', [x - 0.01, yc - nd / 2, hc + ft], [x + 0.01, yc + nd / 2, zp]));
      }
    }
    parts.push(box('tv_panel', 'plastic_black', [-tw / 2, py0, zp], [tw / 2, py1, zp + th]));
    parts.push(box('tv_screen', 'screen', [-tw / 2 + bz, py0 - 0.004, zp + bz], [tw / 2 - bz, py0, zp + th - bz]));
    // things rest on the top in front of the stand
    const yFront = c.surface.center[1] - c.surface.size[1] / 2;
    const yStand = yc - fd / 2;
    return {
      parts,
      surface: { top: hc, center: [0, (yFront + yStand) / 2], size: [L, yStand - yFront] },
    };
  },
};
