/**
 * A fridge: a tall rounded body on a recessed plinth behind a grille of slats, one door or two (a freezer below or
 * above) a gap apart on its front, each with a long bar handle on two standoffs by its opening edge (the upper
 * door's low, the lower door's high, as the two handles meet at the split).
 */
import { z } from 'zod';
import { type AssetDef, box, drawNum, drawPick, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    doors: z.union([z.literal(1), z.literal(2)]).optional(),
    /** with two doors: the freezer's door below or above */
    freezer: z.enum(['bottom', 'top']).optional(),
    /** the handles' edge, seen from the front */
    handle_side: z.enum(['left', 'right']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'fridge',
  summary: 'a tall rounded body, one or two doors a gap apart, bar handles on standoffs, a plinth grille',
  params: Params,
  sizes: (p) => ({ min: [0.5, 0.55, p.doors === 2 ? 1.2 : 0.8], max: [0.95, 0.8, 2.1] }),
  variants: [
    {},
    { doors: 2, freezer: 'bottom', handle_side: 'left' },
    { doors: 2, freezer: 'top', handle_side: 'right' },
    { doors: 1, handle_side: 'right' },
  ],
  build([L, W, H], p, rng) {
    const doorsDraw = drawPick(rng, [1, 2, 2] as const, p.doors);
    const freezer = drawPick(rng, ['bottom', 'bottom', 'top'] as const, p.freezer);
    const side = drawPick(rng, ['left', 'right'] as const, p.handle_side);
    const handleMat = drawPick(rng, ['metal_brushed', 'metal_brushed', 'metal_dark'] as const);
    const zb = drawNum(rng, 0.06, 0.1); // plinth
    const rb = drawNum(rng, 0.02, 0.04); // the body's rounding
    const dd = drawNum(rng, 0.04, 0.06); // door depth
    const so = drawNum(rng, 0.025, 0.04); // standoffs
    const split = drawNum(rng, 0.3, 0.4); // the freezer's share of the height
    const hlDraw = drawNum(rng, 0.35, 0.6); // handle length
    const gap = drawNum(rng, 0.006, 0.01);
    const doors = H < 1.2 ? 1 : doorsDraw;
    const bt = 0.016; // the bar's depth and width
    const yD = -W / 2 + bt + so; // the doors' face
    const yBody = yD + dd;
    const parts: Part[] = [];

    // the body on a plinth set back behind a grille
    const inset = 0.03;
    const yP = yBody + 0.03; // the plinth's face
    parts.push(box('plinth', 'plastic_black', [-L / 2 + inset, yP, 0], [L / 2 - inset, W / 2 - inset, zb]));
    const nSlats = 3;
    const sh = (zb - 0.02) / (2 * nSlats - 1);
    for (let i = 0; i < nSlats; i++) {
      const z0 = 0.01 + 2 * i * sh;
      parts.push(
        box(`grille${i}`, 'body', [-L / 2 + inset + 0.01, yP - 0.008, z0], [L / 2 - inset - 0.01, yP, z0 + sh]),
      );
    }
    parts.push(rbox('body', 'body', [-L / 2, yBody, zb], [L / 2, W / 2, H], rb));

    // doors, bottom up: [z0, z1]
    const h = H - zb;
    const zs = zb + h * (freezer === 'bottom' ? split : 1 - split * 0.8);
    const spans: [number, number][] =
      doors === 1
        ? [[zb, H]]
        : [
            [zb, zs - gap / 2],
            [zs + gap / 2, H],
          ];
    const rd = Math.min(rb, dd / 2);
    spans.forEach(([z0, z1], i) => {
      const name = doors === 1 ? 'door' : i === 0 ? 'door_lower' : 'door_upper';
      parts.push(rbox(name, 'body', [-L / 2, yD, z0], [L / 2, yBody, z1], rd));
      // the handle: a bar on two standoffs by the opening edge
      const x = side === 'right' ? L / 2 - 0.05 : -L / 2 + 0.05;
      const dh = z1 - z0;
      const hl = Math.min(hlDraw, dh - 0.2);
      const hz0 =
        doors === 1 ? Math.max(z0 + 0.1, Math.min(1.1, (z0 + z1) / 2) - hl / 2) : i === 0 ? z1 - 0.08 - hl : z0 + 0.08;
      parts.push(box(`${name}_handle`, handleMat, [x - bt / 2, -W / 2, hz0], [x + bt / 2, -W / 2 + bt, hz0 + hl]));
      for (const [k, zp] of [hz0 + 0.02, hz0 + hl - 0.02 - bt].entries())
        parts.push(box(`${name}_handle_post${k}`, handleMat, [x - bt / 2, -W / 2 + bt, zp], [x + bt / 2, yD, zp + bt]));
    });
    return { parts };
  },
};
