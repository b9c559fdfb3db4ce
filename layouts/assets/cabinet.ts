/**
 * Case furniture shared by the kinds that are a carcass with fronts (nightstand, wardrobe, tv console): a top slab,
 * a carcass in rows from the bottom up (a row of doors, a row of drawers, or an open niche of two sides, a back and
 * a floor board), fronts as thin slabs over the carcass with small gaps between them, handles (a bar on two
 * standoffs, or a knob: a short cylinder lying along y), and legs, a recessed plinth or nothing below.
 *
 * Frame as every asset's (front at -y): the handles reach the front of the bounds (y = -W/2), the fronts stand
 * behind them, the carcass behind the fronts; the top spans the whole length. Every part touches its neighbours
 * face to face or stands a gap apart; none interpenetrate.
 */
import { box, cylinder, cylinderAlongY, lathe, type Part, type SurfaceArea } from './asset.ts';

export interface CabinetRow {
  /** share of the carcass's height (the rows' shares are normalised) */
  share: number;
  kind: 'doors' | 'drawers' | 'open';
  /** fronts across (doors, drawers); ignored for an open row */
  n: number;
}

export interface CabinetSpec {
  /** the cabinet's length, depth and height (the top of its top slab) */
  L: number;
  W: number;
  H: number;
  base: 'legs' | 'plinth' | 'none';
  /** height of the legs or plinth (ignored for 'none') */
  baseH: number;
  legs: 'square' | 'round' | 'tapered';
  /** leg section (side or diameter) */
  legD: number;
  legMaterial: string;
  topT: number;
  /** the top's overhang beyond the carcass at each side (x) */
  sideOver: number;
  frontT: number;
  /** the gap between fronts */
  gap: number;
  handle: 'bar' | 'knob' | 'none';
  handleMaterial: string;
  /** how far handles stand out of the fronts (0 with none) */
  handleD: number;
  /** a bar's length (along a drawer, or up a door) or a knob's diameter */
  handleLen: number;
  /** thickness of an open row's sides, back and floor */
  panelT: number;
  /** which edge a single door's handle is on */
  handleSide: 'left' | 'right';
  rows: CabinetRow[];
  /** parts' name prefix ('' or 'console_') */
  prefix?: string;
}

export function cabinet(c: CabinetSpec): { parts: Part[]; surface: SurfaceArea } {
  const pre = c.prefix ?? '';
  const parts: Part[] = [];
  const hd = c.handle === 'none' ? 0 : c.handleD;
  const yF = -c.W / 2 + hd; // the fronts' face
  const yC = yF + c.frontT; // the carcass's face
  const yB = c.W / 2;
  const x0 = -c.L / 2 + c.sideOver,
    x1 = c.L / 2 - c.sideOver;
  const zb = c.base === 'none' ? 0 : c.baseH;
  const zt = c.H - c.topT;

  // the top: over the fronts (flush with them), the whole length
  parts.push(box(`${pre}top`, 'body', [-c.L / 2, yF, zt], [c.L / 2, yB, c.H]));

  // below
  if (c.base === 'legs') {
    const e = Math.min(0.02, (x1 - x0) / 10);
    const r = c.legD / 2;
    const xs = [x0 + e + r, x1 - e - r];
    const ys = [yC + e + r, yB - e - r];
    let k = 0;
    for (const y of ys)
      for (const x of xs) {
        const name = `${pre}leg${k++}`;
        if (c.legs === 'square') parts.push(box(name, c.legMaterial, [x - r, y - r, 0], [x + r, y + r, zb]));
        else if (c.legs === 'round') parts.push(cylinder(name, c.legMaterial, x, y, 0, zb, c.legD));
        else
          parts.push(
            lathe(name, c.legMaterial, x, y, 0, [
              [r * 0.55, 0],
              [r, zb],
            ]),
          );
      }
  } else if (c.base === 'plinth') {
    const inset = Math.min(0.04, (yB - yC) / 6, (x1 - x0) / 8);
    parts.push(box(`${pre}plinth`, 'body', [x0 + inset, yC + inset, 0], [x1 - inset, yB - inset, zb]));
  }

  // rows, bottom up
  const total = c.rows.reduce((s, r) => s + r.share, 0);
  let za = zb;
  c.rows.forEach((row, ri) => {
    const zr = ri === c.rows.length - 1 ? zt : za + ((zt - zb) * row.share) / total;
    const name = `${pre}row${ri}`;
    if (row.kind === 'open') {
      const t = c.panelT;
      parts.push(box(`${name}_side0`, 'body', [x0, yF, za], [x0 + t, yB, zr]));
      parts.push(box(`${name}_side1`, 'body', [x1 - t, yF, za], [x1, yB, zr]));
      parts.push(box(`${name}_back`, 'body', [x0 + t, yB - t, za], [x1 - t, yB, zr]));
      parts.push(box(`${name}_floor`, 'body', [x0 + t, yF, za], [x1 - t, yB - t, za + t]));
    } else {
      parts.push(box(`${name}_carcass`, 'body', [x0, yC, za], [x1, yB, zr]));
      const w = (x1 - x0) / row.n;
      const g = c.gap / 2;
      for (let i = 0; i < row.n; i++) {
        const fx0 = x0 + i * w + g,
          fx1 = x0 + (i + 1) * w - g,
          fz0 = za + g,
          fz1 = zr - g;
        const fname = `${name}_${row.kind === 'doors' ? 'door' : 'drawer'}${i}`;
        parts.push(box(fname, 'body', [fx0, yF, fz0], [fx1, yC, fz1]));
        if (c.handle === 'none') continue;
        // where the handle goes: a drawer's at its middle (a tall drawer's in its upper part); a door's by its
        // opening edge (a pair of doors meet in the middle), near its top, or at about 1 m up a tall door
        let hx: number, hz: number, along: 'x' | 'z';
        const fh = fz1 - fz0;
        if (row.kind === 'drawers') {
          along = 'x';
          hx = (fx0 + fx1) / 2;
          hz = fh < 0.25 ? (fz0 + fz1) / 2 : fz1 - 0.08;
        } else {
          along = 'z';
          const mid = (row.n - 1) / 2;
          const side = row.n === 1 || i === mid ? c.handleSide : i < mid ? 'right' : 'left';
          const inset = Math.min(0.05, (fx1 - fx0) / 4);
          hx = side === 'right' ? fx1 - inset : fx0 + inset;
          const len = Math.min(c.handleLen, fh * 0.6);
          hz = fh > 1.2 ? Math.min(Math.max(1.0, fz0 + len / 2 + 0.05), fz1 - len / 2 - 0.05) : fz1 - 0.05 - len / 2;
          hz = Math.max(hz, fz0 + len / 2 + 0.01); // within the door
        }
        handle(parts, c, `${fname}_handle`, hx, hz, along, fx1 - fx0, fh, yF);
      }
    }
    za = zr;
  });
  return { parts, surface: { top: c.H, center: [0, (yF + yB) / 2], size: [c.L, yB - yF] } };
}

/** A handle on a front: a knob, or a bar on two standoffs, along x (a drawer's) or z (a door's), its centre at (x, z). */
function handle(
  parts: Part[],
  c: CabinetSpec,
  name: string,
  x: number,
  z: number,
  along: 'x' | 'z',
  frontW: number,
  frontH: number,
  yF: number,
): void {
  const y0 = -c.W / 2;
  if (c.handle === 'knob') {
    const d = Math.min(c.handleLen, 0.035, frontH * 0.5, frontW * 0.5);
    parts.push(cylinderAlongY(name, c.handleMaterial, x, z, y0, yF, d));
    return;
  }
  // a bar 12 mm thick, 10 mm deep (or less on shallow handles), on standoffs of its thickness
  const t = 0.012;
  const bd = Math.min(0.01, (yF - y0) / 2);
  const len = Math.min(c.handleLen, (along === 'x' ? frontW : frontH) * 0.6);
  const half = len / 2;
  const so = Math.min(0.015, half / 3); // standoffs' inset from the bar's ends
  if (along === 'x') {
    parts.push(box(name, c.handleMaterial, [x - half, y0, z - t / 2], [x + half, y0 + bd, z + t / 2]));
    for (const [k, sx] of [x - half + so, x + half - so - t].entries())
      parts.push(box(`${name}_post${k}`, c.handleMaterial, [sx, y0 + bd, z - t / 2], [sx + t, yF, z + t / 2]));
  } else {
    parts.push(box(name, c.handleMaterial, [x - t / 2, y0, z - half], [x + t / 2, y0 + bd, z + half]));
    for (const [k, sz] of [z - half + so, z + half - so - t].entries())
      parts.push(box(`${name}_post${k}`, c.handleMaterial, [x - t / 2, y0 + bd, sz], [x + t / 2, yF, sz + t]));
  }
}
