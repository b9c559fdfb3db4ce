/**
 * A kitchen counter: a run of base cabinets (modules of drawers, a door under a drawer, or doors; fronts a gap apart
 * with handles) on a plinth set back as a toe kick, under a worktop slab whose top is the surface. A sink (a steel
 * basin recessed into the worktop: a floor and four walls lining a hole, its module's carcass lowered under it and
 * closed by a false front, side boards and a back board; a tap behind it) and a hob (a thin dark slab on the
 * worktop, burner rings as flat hollow lathes) take a module at either end each. Things rest on the worktop over the
 * other modules: the surface rectangle keeps clear of the sink, the tap and the hob.
 */
import { z } from 'zod';
import {
  type AssetDef,
  type AssetIssue,
  box,
  clamp,
  cylinderAlongY,
  drawNum,
  drawPick,
  lathe,
  type Part,
} from '../asset.ts';
import { tap } from '../tap.ts';

const End = z.enum(['none', 'left', 'right']);
const Params = z
  .object({
    /** a sink in the module at the left (-x) or right (+x) end, or none */
    sink: End.optional(),
    /** a hob in the module at the left or right end (not the sink's), or none */
    hob: End.optional(),
    /** the cabinets' fronts and carcasses */
    fronts: z.enum(['lacquer_white', 'lacquer_grey', 'wood_light', 'wood_dark']).optional(),
    handle: z.enum(['bar', 'knob', 'none']).optional(),
    /**
     * the plinth's height, metres (drawn 0.08 to 0.12): a plinth under a robot's height keeps it from driving under
     * the fronts, a taller one lets it in under the worktop
     */
    plinth: z.number().min(0.06).max(0.15).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** Height (m) above the worktop a sink's tap needs at least, and a hob. */
const TAP_ROOM = 0.15;
const HOB_ROOM = 0.012;
/** The least module width (m) for a sink or a hob. */
const MODULE_MIN = 0.45;
const WORKTOP_LO = 0.75;
const WORKTOP_HI = 1.0;

const given = (e: string | undefined) => (e !== undefined && e !== 'none' ? 1 : 0);
const room = (p: Params) => (given(p.sink) ? TAP_ROOM : given(p.hob) ? HOB_ROOM : 0);

export const asset: AssetDef<Params> = {
  kind: 'counter',
  summary: 'kitchen base cabinets on a set-back plinth under a worktop; a recessed sink with a tap, a hob',
  params: Params,
  sizes: (p) => ({
    min: [0.4 + MODULE_MIN * (given(p.sink) + given(p.hob)), 0.5, WORKTOP_LO + room(p)],
    max: [4.0, 0.75, 1.4],
  }),
  surface: (size, p) => [WORKTOP_LO, Math.min(WORKTOP_HI, size[2] - room(p))],
  issues: (_size, p): AssetIssue[] =>
    given(p.sink) && p.sink === p.hob
      ? [{ path: ['asset', 'hob'], message: `the sink and the hob take different ends (both ${p.sink})` }]
      : [],
  variants: [
    {},
    { sink: 'right', hob: 'none', handle: 'bar', fronts: 'lacquer_white' },
    { sink: 'none', hob: 'left', handle: 'knob', fronts: 'wood_light' },
    { sink: 'left', hob: 'right', handle: 'none', fronts: 'lacquer_grey' },
    { sink: 'none', hob: 'none' },
  ],
  build(size, p, rng, surface) {
    const [L, W, H] = size;
    let sink = drawPick(rng, ['none', 'left', 'right', 'right'] as const, p.sink);
    let hob = drawPick(rng, ['none', 'none', 'left', 'right'] as const, p.hob);
    const fronts = drawPick(rng, ['lacquer_white', 'lacquer_grey', 'wood_light', 'wood_dark'] as const, p.fronts);
    const handle = drawPick(rng, ['bar', 'bar', 'knob', 'none'] as const, p.handle);
    const handleMat = drawPick(rng, ['metal_brushed', 'metal_dark'] as const);
    const hcDraw = drawNum(rng, 0.86, 0.94, surface);
    const topT = drawNum(rng, 0.028, 0.045);
    const zb = drawNum(rng, 0.08, 0.12, p.plinth); // plinth height
    const kick = drawNum(rng, 0.05, 0.08); // the plinth's setback behind the carcass's face
    const ov = drawNum(rng, 0.02, 0.035); // the worktop's overhang beyond the fronts
    const frontT = drawNum(rng, 0.018, 0.022);
    const gap = drawNum(rng, 0.003, 0.005);
    const hd = Math.min(drawNum(rng, 0.018, 0.026), ov); // how far handles stand out
    const wDraw = drawNum(rng, 0.5, 0.65);
    const depth = drawNum(rng, 0.15, 0.2); // the basin's depth
    const tapD = drawNum(rng, 0.035, 0.05);
    const tapH = drawNum(rng, 0.22, 0.32);
    const burnerR = drawNum(rng, 0.05, 0.08);
    const styles = Array.from({ length: 8 }, () => drawPick(rng, ['drawers', 'door', 'door', 'doors'] as const));

    // the ends: a drawn sink or hob only where it fits (given ones are checked by validation)
    if (hob !== 'none' && hob === sink) hob = sink === 'left' ? 'right' : 'left';
    const hcFree = clamp(hcDraw, WORKTOP_LO, Math.min(WORKTOP_HI, H));
    if (p.sink === undefined && (H - hcFree < TAP_ROOM || L < 0.4 + MODULE_MIN * (1 + given(hob)))) sink = 'none';
    if (p.hob === undefined && (H - hcFree < HOB_ROOM || L < 0.4 + MODULE_MIN * (1 + given(sink)))) hob = 'none';
    const need = sink !== 'none' ? TAP_ROOM : hob !== 'none' ? HOB_ROOM : 0;
    const hc = clamp(hcDraw, WORKTOP_LO, Math.min(WORKTOP_HI, H - need));
    const nf = given(sink) + given(hob);
    const n = Math.max(Math.round(L / wDraw), 1 + nf);
    const w = L / n;
    const zw0 = hc - topT; // the worktop's bottom
    const yF = -W / 2 + ov; // the fronts' face
    const yC = yF + frontT; // the carcass's face
    const yB = W / 2;
    const parts: Part[] = [];

    // which module is what: the sink and the hob at their ends
    const moduleOf = (e: 'left' | 'right') => (e === 'left' ? 0 : n - 1);
    const sinkM = sink === 'none' ? -1 : moduleOf(sink);
    const hobM = hob === 'none' ? -1 : moduleOf(hob);

    parts.push(box('plinth', fronts, [-L / 2, yC + kick, 0], [L / 2, yB, zb]));

    const g = gap / 2;
    for (let m = 0; m < n; m++) {
      const mx0 = -L / 2 + m * w,
        mx1 = mx0 + w;
      const isSink = m === sinkM;
      // under the sink the carcass stops below the basin's floor
      const ct = isSink ? hc - depth - 0.01 : zw0;
      parts.push(box(`m${m}_carcass`, fronts, [mx0, yC, zb], [mx1, yB, ct]));
      const style = isSink ? 'doors' : m === hobM ? 'drawers' : styles[m % styles.length];
      const doorsAcross = style === 'doors' && w > 0.55 ? 2 : 1;
      // fronts, bottom up: [z0, z1, across, drawer]
      const rows: [number, number, number, boolean][] =
        style === 'drawers'
          ? [
              [zb, zb + (ct - zb) * 0.42, 1, true],
              [zb + (ct - zb) * 0.42, zb + (ct - zb) * 0.74, 1, true],
              [zb + (ct - zb) * 0.74, ct, 1, true],
            ]
          : style === 'door'
            ? [
                [zb, zb + (ct - zb) * 0.78, 1, false],
                [zb + (ct - zb) * 0.78, ct, 1, true],
              ]
            : [[zb, ct, doorsAcross, false]];
      rows.forEach(([z0, z1, k, drawer], ri) => {
        const fw = w / k;
        for (let i = 0; i < k; i++) {
          const fx0 = mx0 + i * fw + g,
            fx1 = mx0 + (i + 1) * fw - g;
          const fz0 = z0 + g,
            fz1 = z1 - g;
          const name = `m${m}_${drawer ? 'drawer' : 'door'}${ri}${k > 1 ? `_${i}` : ''}`;
          parts.push(box(name, fronts, [fx0, yF, fz0], [fx1, yC, fz1]));
          if (handle === 'none') continue;
          const fh = fz1 - fz0;
          // a drawer's handle along its top; a door's upright by its opening edge (a pair meet in the middle), high
          const hx = drawer ? (fx0 + fx1) / 2 : (k === 2 ? i === 0 : m % 2 === 0) ? fx1 - 0.04 : fx0 + 0.04;
          const hz = drawer ? (fh < 0.2 ? (fz0 + fz1) / 2 : fz1 - 0.05) : fz1 - 0.05 - Math.min(0.16, fh * 0.4) / 2;
          if (handle === 'knob')
            parts.push(cylinderAlongY(`${name}_handle`, handleMat, hx, hz, yF - hd, yF, Math.min(0.03, fh * 0.5)));
          else if (drawer) {
            const hl = Math.min(0.32, (fx1 - fx0) * 0.6) / 2;
            parts.push(box(`${name}_handle`, handleMat, [hx - hl, yF - hd, hz - 0.006], [hx + hl, yF, hz + 0.006]));
          } else {
            const hl = Math.min(0.16, fh * 0.4) / 2;
            parts.push(box(`${name}_handle`, handleMat, [hx - 0.006, yF - hd, hz - hl], [hx + 0.006, yF, hz + hl]));
          }
        }
      });
      if (isSink) {
        // a false front over the doors, boards closing the space round the basin under the worktop
        const t = 0.018;
        parts.push(box(`m${m}_false_front`, fronts, [mx0 + g, yF, ct + g], [mx1 - g, yC, zw0 - g]));
        parts.push(box(`m${m}_side0`, fronts, [mx0, yC, ct], [mx0 + t, yB, zw0]));
        parts.push(box(`m${m}_side1`, fronts, [mx1 - t, yC, ct], [mx1, yB, zw0]));
        parts.push(box(`m${m}_back`, fronts, [mx0 + t, yB - t, ct], [mx1 - t, yB, zw0]));
      }
    }

    // the worktop, and the sink in it
    let surfX0 = -L / 2,
      surfX1 = L / 2;
    if (sinkM >= 0) {
      const mx0 = -L / 2 + sinkM * w;
      const bw = Math.min(w - 0.12, 0.6);
      const bx0 = mx0 + (w - bw) / 2,
        bx1 = bx0 + bw;
      const by0 = yC + 0.04;
      const by1 = yB - 0.02 - tapD - 0.015;
      const ct = hc - depth - 0.01;
      const wt = 0.01;
      parts.push(box('worktop_front', 'body', [-L / 2, -W / 2, zw0], [L / 2, by0, hc]));
      parts.push(box('worktop_back', 'body', [-L / 2, by1, zw0], [L / 2, yB, hc]));
      parts.push(box('worktop_left', 'body', [-L / 2, by0, zw0], [bx0, by1, hc]));
      parts.push(box('worktop_right', 'body', [bx1, by0, zw0], [L / 2, by1, hc]));
      parts.push(box('basin_floor', 'metal_brushed', [bx0, by0, ct], [bx1, by1, ct + wt]));
      parts.push(box('basin_front', 'metal_brushed', [bx0, by0, ct + wt], [bx1, by0 + wt, hc]));
      parts.push(box('basin_back', 'metal_brushed', [bx0, by1 - wt, ct + wt], [bx1, by1, hc]));
      parts.push(box('basin_left', 'metal_brushed', [bx0, by0 + wt, ct + wt], [bx0 + wt, by1 - wt, hc]));
      parts.push(box('basin_right', 'metal_brushed', [bx1 - wt, by0 + wt, ct + wt], [bx1, by1 - wt, hc]));
      parts.push(
        ...tap({
          name: 'tap',
          material: 'metal_brushed',
          x: (bx0 + bx1) / 2,
          y: yB - 0.02 - tapD / 2,
          z0: hc,
          h: Math.min(tapH, H - hc),
          d: tapD,
          reach: Math.min(0.2, (by1 - by0) * 0.5),
          dir: '-y',
        }),
      );
      if (sink === 'left') surfX0 = mx0 + w;
      else surfX1 = mx0;
    } else parts.push(box('worktop', 'body', [-L / 2, -W / 2, zw0], [L / 2, yB, hc]));

    if (hobM >= 0) {
      const mx0 = -L / 2 + hobM * w,
        mx1 = mx0 + w;
      const hx0 = mx0 + 0.03,
        hx1 = mx1 - 0.03;
      const hy0 = -W / 2 + 0.05,
        hy1 = yB - 0.05;
      const ht = 0.006;
      parts.push(box('hob', 'screen', [hx0, hy0, hc], [hx1, hy1, hc + ht]));
      // burner rings: two or four, as the slab allows
      const r = Math.min(burnerR, (hx1 - hx0) / 4 - 0.01, (hy1 - hy0) / 4 - 0.01);
      const cols = [hx0 + (hx1 - hx0) / 4, hx1 - (hx1 - hx0) / 4];
      const rowsY = [hy0 + (hy1 - hy0) / 4, hy1 - (hy1 - hy0) / 4];
      let k = 0;
      for (const y of rowsY)
        for (const [j, x] of cols.entries()) {
          const rr = r * (j === (k >> 1) % 2 ? 1 : 0.75);
          parts.push({
            ...lathe(`burner${k++}`, 'metal_brushed', x, y, hc + ht, [
              [rr, 0],
              [rr, 0.003],
            ]),
            wall: 0.0025,
          });
        }
      if (hob === 'left') surfX0 = mx1;
      else surfX1 = mx0;
    }

    return {
      parts,
      surface: { top: hc, center: [(surfX0 + surfX1) / 2, 0], size: [surfX1 - surfX0, W] },
    };
  },
};
