/**
 * A building's facade: the body (a box inset from the bounds by the trims' depth), rows of windows (dark slabs a few
 * centimetres proud of the wall, one per bay and storey on every face), string-course ledges and a cornice (rings of
 * four boxes reaching out to the bounds), a roof parapet on the cornice, and at street level a shop window or a lobby
 * with a door on the front (-y) face and a door on the back. The footprint is the bounds exactly (the cornice, the
 * ledges and the parapet reach them); the surface is the roof deck inside the parapet.
 */
import { z } from 'zod';
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

/** Most window slabs one building gets (the ray-caster's cost grows with the solids in view). */
const WINDOW_BUDGET = 100;

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
    const d = drawNum(rng, 0.16, 0.24); // the trims' depth: the body is inset by it
    const tw = drawNum(rng, 0.04, 0.08); // how far a window stands proud of the wall
    const parapet = drawNum(rng, 0.6, 1.2);
    const R = surface ?? H - parapet; // the roof deck
    const pt = drawNum(rng, 0.25, 0.35); // parapet thickness (over the cornice and the body's edge)
    const ch = drawNum(rng, 0.35, 0.6); // cornice height
    const g = Math.min(drawNum(rng, 4.0, 5.0), R * 0.3); // ground storey
    const s = drawNum(rng, 3.2, 3.8); // upper storeys
    const sill = drawNum(rng, 0.8, 1.0);
    const wh = Math.min(drawNum(rng, 1.4, 2.0), s - sill - 0.35);
    const margin = drawNum(rng, 0.5, 1.2); // from a face's corners to its first window
    const pier = drawNum(rng, 0.6, 1.2); // between a face's windows
    const ledgeH = 0.25;
    const every = drawPick(rng, [2, 3, 4] as const);
    const parts: Part[] = [];
    const x0 = -L / 2 + d,
      x1 = L / 2 - d,
      y0 = -W / 2 + d,
      y1 = W / 2 - d;
    parts.push(box('body', 'body', [x0, y0, 0], [x1, y1, R]));

    /** A ring of four trims from z0 to z1, from the body's faces out to the bounds (the long faces run through). */
    const ring = (name: string, z0: number, z1: number, depth: number, material: string) => {
      parts.push(
        box(`${name}_front`, material, [-L / 2 + d - depth, -W / 2 + d - depth, z0], [L / 2 - d + depth, y0, z1]),
      );
      parts.push(
        box(`${name}_back`, material, [-L / 2 + d - depth, y1, z0], [L / 2 - d + depth, W / 2 - d + depth, z1]),
      );
      parts.push(box(`${name}_left`, material, [-L / 2 + d - depth, y0, z0], [x0, y1, z1]));
      parts.push(box(`${name}_right`, material, [x1, y0, z0], [L / 2 - d + depth, y1, z1]));
    };
    const trim = drawPick(rng, ['stone_trim', 'stone_trim', 'body'] as const);
    ring('cornice', R - ch, R, d, trim);
    // the parapet stands on the cornice and the body's edge, its outer faces on the bounds
    parts.push(box('parapet_front', trim, [-L / 2, -W / 2, R], [L / 2, -W / 2 + pt, H]));
    parts.push(box('parapet_back', trim, [-L / 2, W / 2 - pt, R], [L / 2, W / 2, H]));
    parts.push(box('parapet_left', trim, [-L / 2, -W / 2 + pt, R], [-L / 2 + pt, W / 2 - pt, H]));
    parts.push(box('parapet_right', trim, [L / 2 - pt, -W / 2 + pt, R], [L / 2, W / 2 - pt, H]));

    // storeys above the ground floor, each with a ledge line at its floor (the ground storey's fascia always)
    const top = R - ch - 0.3;
    const n = Math.max(0, Math.floor((top - g) / s));
    ring('fascia', g - ledgeH / 2, g + ledgeH / 2, d * 0.6, trim);
    if (ledges)
      for (let i = every; i < n; i += every)
        ring(`ledge_${i}`, g + i * s - ledgeH / 2, g + i * s + ledgeH / 2, d * 0.6, trim);

    // windows: per face, bays along it; the bays shrink to keep within the budget
    const faces: { name: string; len: number; at: (a: number, b: number, z0: number, z1: number) => Part }[] = [
      { name: 'front', len: x1 - x0, at: (a, b, z0, z1) => box('', 'screen', [x0 + a, y0 - tw, z0], [x0 + b, y0, z1]) },
      { name: 'back', len: x1 - x0, at: (a, b, z0, z1) => box('', 'screen', [x0 + a, y1, z0], [x0 + b, y1 + tw, z1]) },
      { name: 'left', len: y1 - y0, at: (a, b, z0, z1) => box('', 'screen', [x0 - tw, y0 + a, z0], [x0, y0 + b, z1]) },
      { name: 'right', len: y1 - y0, at: (a, b, z0, z1) => box('', 'screen', [x1, y0 + a, z0], [x1 + tw, y0 + b, z1]) },
    ];
    const perStorey = Math.max(1, Math.floor(WINDOW_BUDGET / Math.max(1, n * 4)));
    for (const f of faces) {
      const run = f.len - 2 * margin;
      if (run < 0.8) continue;
      let k = windows === 'bands' ? 1 : Math.min(4, perStorey, Math.max(1, Math.floor((run + pier) / (2.0 + pier))));
      while (k > 1 && (run - (k - 1) * pier) / k < 0.8) k--;
      const wl = (run - (k - 1) * pier) / k;
      for (let i = 0; i < n; i++) {
        const z0 = g + i * s + sill;
        for (let j = 0; j < k; j++) {
          const a = margin + j * (wl + pier);
          const w = f.at(a, a + wl, z0, z0 + wh);
          w.name = `window_${f.name}_${i + 1}_${j + 1}`;
          parts.push(w);
        }
      }
    }

    // street level: the front's shop window and door, or a lobby; a door at the back
    const doorW = Math.min(drawNum(rng, 1.0, 1.6), (x1 - x0) / 4);
    const doorH = Math.min(drawNum(rng, 2.2, 2.6), g - ledgeH / 2 - 0.3);
    const doorX = drawNum(rng, -0.3, 0.3) * (x1 - x0 - doorW - 2 * margin);
    const doorMat = drawPick(rng, ['wood_dark', 'metal_dark'] as const);
    const fz1 = g - ledgeH / 2 - drawNum(rng, 0.4, 0.8);
    if (ground === 'shop') {
      parts.push(box('door_front', doorMat, [doorX - doorW / 2, y0 - tw, 0], [doorX + doorW / 2, y0, doorH]));
      const gap = 0.4;
      if (doorX - doorW / 2 - gap - (x0 + margin) > 0.8)
        parts.push(box('shop_window_left', 'screen', [x0 + margin, y0 - tw, 0.5], [doorX - doorW / 2 - gap, y0, fz1]));
      if (x1 - margin - (doorX + doorW / 2 + gap) > 0.8)
        parts.push(box('shop_window_right', 'screen', [doorX + doorW / 2 + gap, y0 - tw, 0.5], [x1 - margin, y0, fz1]));
    } else {
      const lw = Math.min(drawNum(rng, 3, 6), x1 - x0 - 2 * margin);
      const lx = clamp(doorX, x0 + margin + lw / 2, x1 - margin - lw / 2);
      parts.push(box('lobby', 'screen', [lx - lw / 2, y0 - tw, 0], [lx + lw / 2, y0, fz1]));
    }
    parts.push(box('door_back', doorMat, [-doorW / 2, y1, 0], [doorW / 2, y1 + tw, doorH]));

    return {
      parts,
      surface: { top: R, center: [0, 0], size: [L - 2 * pt, W - 2 * pt] },
    };
  },
};
