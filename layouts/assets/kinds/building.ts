/**
 * A building's facade. The body is a box inset from the bounds by the facade's depth d, and the facade fills that
 * depth exactly, so the building's outline at every height is its footprint (the drone's clearance and the change
 * model's put-downs read it): at street level walls round the front's shop windows and door (or a glazed lobby) and
 * a door at the back; above it corner columns and, on each face, storey by storey, a wall band (every few storeys a
 * stone ledge) and a window row (dark glazing flush with the wall: one long window per storey, or bays with wall
 * piers between them). A fascia over the ground storey and a cornice at the roof run round the building, and a
 * parapet stands on the cornice. The surface is the roof deck inside the parapet.
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import { type AssetDef, box, clamp, drawCoin, drawNum, drawPick, type Part } from '../asset.ts';

const Params = z
  .object({
    /** bands: one long window per storey and face; bays: up to four windows per storey and face (within a part budget) */
    windows: z.enum(['bands', 'bays']).optional(),
    /** string-course ledges between storeys (every second to fourth storey) */
    ledges: z.boolean().optional(),
    /** street level of the front face: a shop window beside a door, or a lobby (a wide glazed entrance) */
    ground: z.enum(['shop', 'lobby']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** Most parts one building gets (the ray-caster's cost grows with the solids in view): bays give way to bands. */
const PART_BUDGET = 150;

export const asset: AssetDef<Params> = {
  kind: 'building',
  summary: 'a body box with windows on every face, ledges, a cornice, a roof parapet and a shop front or lobby',
  params: Params,
  sizes: () => ({ min: [6, 6, 8], max: [60, 60, 120] }),
  /** the roof deck, 0.5 to 1.5 m below the parapet's top */
  surface: (size) => [size[2] - 1.5, size[2] - 0.5],
  variants: [
    {},
    { windows: 'bands', ledges: true, ground: 'shop' },
    { windows: 'bays', ledges: false, ground: 'lobby' },
  ],
  build([L, W, H], p, rng, surface) {
    const windows = drawPick(rng, ['bands', 'bays'] as const, p.windows);
    const ledges = drawCoin(rng, 0.6, p.ledges);
    const ground = drawPick(rng, ['shop', 'lobby'] as const, p.ground);
    const d = drawNum(rng, 0.16, 0.24); // the facade's depth: the body is inset by it
    const parapet = drawNum(rng, 0.6, 1.2);
    const R = surface ?? H - parapet; // the roof deck
    const pt = drawNum(rng, 0.25, 0.35); // parapet thickness (over the cornice and the body's edge)
    const ch = drawNum(rng, 0.35, 0.6); // cornice height
    const g = Math.min(drawNum(rng, 4.0, 5.0), R * 0.3); // ground storey
    let s = drawNum(rng, 3.2, 3.8); // upper storeys
    const sill = drawNum(rng, 0.8, 1.0);
    const whDraw = drawNum(rng, 1.4, 2.0);
    const margin = drawNum(rng, 0.5, 1.2); // from a face's corners to its first window
    const pier = drawNum(rng, 0.6, 1.2); // between a face's windows
    const fh = 0.3; // the fascia over the ground storey
    const every = drawPick(rng, [2, 3, 4] as const);
    const trim = drawPick(rng, ['stone_trim', 'stone_trim', 'body'] as const);
    const parts: Part[] = [];
    const x0 = -L / 2 + d,
      x1 = L / 2 - d,
      y0 = -W / 2 + d,
      y1 = W / 2 - d;
    parts.push(box('body', 'body', [x0, y0, 0], [x1, y1, R]));

    /** A ring of four boxes from z0 to z1 filling the facade's depth (the long faces run through the corners, or stop at the corner columns). */
    const ring = (name: string, z0: number, z1: number, material: string, through = true) => {
      const xa = through ? -L / 2 : x0,
        xb = through ? L / 2 : x1;
      parts.push(box(`${name}_front`, material, [xa, -W / 2, z0], [xb, y0, z1]));
      parts.push(box(`${name}_back`, material, [xa, y1, z0], [xb, W / 2, z1]));
      parts.push(box(`${name}_left`, material, [-L / 2, y0, z0], [x0, y1, z1]));
      parts.push(box(`${name}_right`, material, [x1, y0, z0], [L / 2, y1, z1]));
    };
    /** Boxes filling the facade's depth on the four faces between the corner columns, from z0 to z1, along [a, b] of each face. */
    const faces = [
      {
        name: 'front',
        len: x1 - x0,
        at: (a: number, b: number): [Vec3, Vec3] => [
          [x0 + a, -W / 2, 0],
          [x0 + b, y0, 0],
        ],
      },
      {
        name: 'back',
        len: x1 - x0,
        at: (a: number, b: number): [Vec3, Vec3] => [
          [x0 + a, y1, 0],
          [x0 + b, W / 2, 0],
        ],
      },
      {
        name: 'left',
        len: y1 - y0,
        at: (a: number, b: number): [Vec3, Vec3] => [
          [-L / 2, y0 + a, 0],
          [x0, y0 + b, 0],
        ],
      },
      {
        name: 'right',
        len: y1 - y0,
        at: (a: number, b: number): [Vec3, Vec3] => [
          [x1, y0 + a, 0],
          [L / 2, y0 + b, 0],
        ],
      },
    ];
    const slab = (
      name: string,
      material: string,
      f: (typeof faces)[number],
      a: number,
      b: number,
      z0: number,
      z1: number,
    ) => {
      const [lo, hi] = f.at(a, b);
      parts.push(box(name, material, [lo[0], lo[1], z0], [hi[0], hi[1], z1]));
    };

    ring('fascia', g - fh, g, trim);
    ring('cornice', R - ch, R, trim);
    // the parapet stands on the cornice and the body's edge, its outer faces on the bounds
    parts.push(box('parapet_front', trim, [-L / 2, -W / 2, R], [L / 2, -W / 2 + pt, H]));
    parts.push(box('parapet_back', trim, [-L / 2, W / 2 - pt, R], [L / 2, W / 2, H]));
    parts.push(box('parapet_left', trim, [-L / 2, -W / 2 + pt, R], [-L / 2 + pt, W / 2 - pt, H]));
    parts.push(box('parapet_right', trim, [L / 2 - pt, -W / 2 + pt, R], [L / 2, W / 2 - pt, H]));
    // corner columns between the fascia and the cornice
    const zc0 = g,
      zc1 = R - ch;
    parts.push(box('corner_1', 'body', [-L / 2, -W / 2, zc0], [x0, y0, zc1]));
    parts.push(box('corner_2', 'body', [x1, -W / 2, zc0], [L / 2, y0, zc1]));
    parts.push(box('corner_3', 'body', [-L / 2, y1, zc0], [x0, W / 2, zc1]));
    parts.push(box('corner_4', 'body', [x1, y1, zc0], [L / 2, W / 2, zc1]));

    // storeys between the fascia and the cornice (fewer, taller ones on a very tall building: a modest part count)
    let n = Math.max(0, Math.floor((zc1 - g - 0.3) / s));
    const maxStoreys = 14;
    if (n > maxStoreys) {
      s = (zc1 - g - 0.3) / maxStoreys;
      n = maxStoreys;
    }
    const wh = Math.max(0.3, Math.min(whDraw, s - sill - 0.35));
    // windows per face and storey: k bays (k windows, k + 1 piers, on four faces) keep the building within the budget
    const perFace =
      windows === 'bands' ? 1 : clamp(Math.floor(((PART_BUDGET - 40 - 4 * n) / Math.max(1, 4 * n) - 1) / 2), 1, 3);
    let zPrev = g;
    for (let i = 0; i < n; i++) {
      const w0 = g + i * s + sill,
        w1 = w0 + wh;
      ring(`wall_${i + 1}`, zPrev, w0, ledges && i > 0 && i % every === 0 ? trim : 'body', false);
      for (const f of faces) {
        let k = perFace;
        while (k > 1 && (f.len - 2 * margin - (k - 1) * pier) / k < 0.8) k--;
        if (k === 1) slab(`window_${f.name}_${i + 1}`, 'screen', f, 0, f.len, w0, w1);
        else {
          const wl = (f.len - 2 * margin - (k - 1) * pier) / k;
          let at = 0;
          for (let j = 0; j < k; j++) {
            const a = margin + j * (wl + pier);
            slab(`pier_${f.name}_${i + 1}_${j + 1}`, 'body', f, at, a, w0, w1);
            slab(`window_${f.name}_${i + 1}_${j + 1}`, 'screen', f, a, a + wl, w0, w1);
            at = a + wl;
          }
          slab(`pier_${f.name}_${i + 1}_${k + 1}`, 'body', f, at, f.len, w0, w1);
        }
      }
      zPrev = w1;
    }
    ring(`wall_${n + 1}`, zPrev, zc1, 'body', false);

    // street level: the ground storey's walls fill the facade's depth too (the long faces through the corners), with
    // the front's shop windows and door, or a lobby, and a door at the back, flush with them
    const doorW = Math.min(drawNum(rng, 1.0, 1.6), (x1 - x0) / 4);
    const doorH = Math.min(drawNum(rng, 2.2, 2.6), g - fh - 0.3);
    const doorX = drawNum(rng, -0.3, 0.3) * (x1 - x0 - doorW - 2 * margin);
    const doorMat = drawPick(rng, ['wood_dark', 'metal_dark'] as const);
    const zg = g - fh;
    const fz1 = zg - drawNum(rng, 0.4, 0.8);
    const lwDraw = drawNum(rng, 3, 6);
    interface Opening {
      name: string;
      material: string;
      a: number;
      b: number;
      z0: number;
      z1: number;
    }
    const front: Opening[] = [];
    if (ground === 'shop') {
      const gap = 0.4;
      if (doorX - doorW / 2 - gap - (x0 + margin) > 0.8)
        front.push({
          name: 'shop_window_left',
          material: 'screen',
          a: x0 + margin,
          b: doorX - doorW / 2 - gap,
          z0: 0.5,
          z1: fz1,
        });
      front.push({
        name: 'door_front',
        material: doorMat,
        a: doorX - doorW / 2,
        b: doorX + doorW / 2,
        z0: 0,
        z1: doorH,
      });
      if (x1 - margin - (doorX + doorW / 2 + gap) > 0.8)
        front.push({
          name: 'shop_window_right',
          material: 'screen',
          a: doorX + doorW / 2 + gap,
          b: x1 - margin,
          z0: 0.5,
          z1: fz1,
        });
    } else {
      const lw = Math.min(lwDraw, x1 - x0 - 2 * margin);
      const lx = clamp(doorX, x0 + margin + lw / 2, x1 - margin - lw / 2);
      front.push({ name: 'lobby', material: 'screen', a: lx - lw / 2, b: lx + lw / 2, z0: 0, z1: fz1 });
    }
    const back: Opening[] = [{ name: 'door_back', material: doorMat, a: -doorW / 2, b: doorW / 2, z0: 0, z1: doorH }];
    /** A face's ground storey along x from -L/2 to L/2 between ya and yb: wall pieces round its openings. */
    const groundFace = (side: string, ya: number, yb: number, openings: Opening[]) => {
      let at = -L / 2;
      let k = 0;
      const wall = (xa: number, xb: number, z0: number, z1: number) => {
        if (xb - xa > 1e-9 && z1 - z0 > 1e-9)
          parts.push(box(`ground_${side}_${++k}`, 'body', [xa, ya, z0], [xb, yb, z1]));
      };
      for (const o of openings) {
        wall(at, o.a, 0, zg);
        wall(o.a, o.b, 0, o.z0);
        parts.push(box(o.name, o.material, [o.a, ya, o.z0], [o.b, yb, o.z1]));
        wall(o.a, o.b, o.z1, zg);
        at = o.b;
      }
      wall(at, L / 2, 0, zg);
    };
    groundFace('front', -W / 2, y0, front);
    groundFace('back', y1, W / 2, back);
    parts.push(box('ground_left', 'body', [-L / 2, y0, 0], [x0, y1, zg]));
    parts.push(box('ground_right', 'body', [x1, y0, 0], [L / 2, y1, zg]));

    return {
      parts,
      surface: { top: R, center: [0, 0], size: [L - 2 * pt, W - 2 * pt] },
    };
  },
};
