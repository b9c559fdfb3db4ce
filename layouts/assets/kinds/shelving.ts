/**
 * Shelving that takes the item's shelves: a board with its flat top exactly at each shelf height. A `rack`: steel
 * uprights at the four corners, a beam front and back under every board, the decking slabs between the uprights
 * (where things stand: the length between the uprights, the full depth, as a plain shelving unit's boards), and
 * zigzag bracing on the two ends (thin tilted boxes between the uprights). A `bookcase`: two wooden sides, a top, a
 * back panel, a plinth under the front, the boards between the sides in front of the back.
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import {
  type AssetDef,
  box,
  diagonal,
  drawCoin,
  drawNum,
  drawPick,
  type Part,
  SHELF_BOARD,
  SHELF_POST,
  type ShelfRange,
  type SizeRange,
} from '../asset.ts';

const Params = z
  .object({
    style: z.enum(['rack', 'bookcase']).default('rack'),
    /** rack: zigzag bracing on the two ends */
    bracing: z.boolean().optional(),
    /** rack: the decking's material: steel (metal_brushed), chipboard (wood_light) or the body's */
    decking: z.enum(['steel', 'chipboard', 'body']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

const SIZES: Record<Params['style'], SizeRange> = {
  rack: { min: [0.8, 0.3, 0.8], max: [2.5, 1.2, 3.0] },
  bookcase: { min: [0.5, 0.25, 0.8], max: [2.0, 0.5, 2.4] },
};

/** The least rise between two board tops: a board and the beam under the next (rack), room for a book (bookcase). */
const GAP = 0.15;
/** A rack's beams: the deepest (m); a beam is never deeper than the rise from the board below leaves. */
const BEAM_MAX = 0.1;
/** A bookcase: room above its highest board under the top (m). */
const BOOK_HEADROOM = 0.2;

function shelfRange([, , H]: Vec3, p: Params): ShelfRange {
  return p.style === 'rack'
    ? { lo: SHELF_BOARD + 0.07, hi: H, gap: GAP }
    : { lo: 0.08, hi: H - BOOK_HEADROOM, gap: GAP }; // the plinth (0.05 m at the least) under the lowest board
}

/** Board tops when the item gives none: evenly from near the bottom to near the top, about every 0.45 m. */
function defaultShelves(size: Vec3, p: Params): number[] {
  const r = shelfRange(size, p);
  const lo = Math.min(r.lo + 0.05, r.hi);
  const hi = Math.max(lo, p.style === 'rack' ? r.hi - 0.1 : r.hi);
  const n = Math.max(1, Math.min(6, Math.round((hi - lo) / 0.45) + 1));
  return Array.from({ length: n }, (_, k) => (n === 1 ? lo : lo + ((hi - lo) * k) / (n - 1)));
}

function rack(size: Vec3, p: Params, rng: Parameters<AssetDef['build']>[2], tops: readonly number[]) {
  const [L, W, H] = size;
  const P = SHELF_POST;
  const bracing = drawCoin(rng, 0.75, p.bracing);
  const decking = drawPick(rng, ['steel', 'steel', 'chipboard', 'body'] as const, p.decking);
  const deckMat = decking === 'steel' ? 'metal_brushed' : decking === 'chipboard' ? 'wood_light' : 'body';
  const beamH = drawNum(rng, 0.06, BEAM_MAX);
  const beamD = drawNum(rng, 0.035, 0.05);
  const parts: Part[] = [];
  const ux = L / 2 - P,
    uy = W / 2 - P;
  // uprights: the corners
  [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].forEach(([sx, sy], i) => {
    const x0 = sx < 0 ? -L / 2 : ux,
      y0 = sy < 0 ? -W / 2 : uy;
    parts.push(box(`upright${i}`, 'body', [x0, y0, 0], [x0 + P, y0 + P, H]));
  });
  // decking and the beams under it, front and back, between the uprights
  let below = 0;
  tops.forEach((top, k) => {
    const z0 = top - SHELF_BOARD;
    parts.push(box(`deck${k}`, deckMat, [-ux, -W / 2, z0], [ux, W / 2, top]));
    const bh = Math.min(beamH, z0 - below);
    if (bh > 0.005) {
      parts.push(box(`beam${k}_front`, 'body', [-ux, -W / 2, z0 - bh], [ux, -W / 2 + beamD, z0]));
      parts.push(box(`beam${k}_back`, 'body', [-ux, W / 2 - beamD, z0 - bh], [ux, W / 2, z0]));
    }
    below = top;
  });
  // bracing: zigzag diagonals in the ends' planes, between the front and back uprights
  if (bracing) {
    const m = 0.0005;
    const g = W - 2 * P - 2 * m;
    const zb = 0.08,
      zt = H - 0.08;
    const n = Math.max(1, Math.round((zt - zb) / Math.max(0.45, 1.2 * g)));
    const ph = (zt - zb) / n;
    const w = 0.03,
      t = 0.012;
    const { tilt: roll, len } = diagonal(g, ph - 2 * m, w);
    for (const [e, sx] of [
      [0, -1],
      [1, 1],
    ] as const)
      for (let k = 0; k < n; k++)
        parts.push({
          name: `brace${e}_${k}`,
          material: 'metal_brushed',
          shape: 'box',
          center: [sx * (L / 2 - P / 2), 0, zb + (k + 0.5) * ph],
          size: [t, len, w],
          roll_deg: ((k % 2 === 0 ? 1 : -1) * roll * 180) / Math.PI,
        });
  }
  return { parts, shelfArea: { center: [0, 0] as [number, number], size: [L - 2 * P, W] as [number, number] } };
}

function bookcase(size: Vec3, rng: Parameters<AssetDef['build']>[2], tops: readonly number[]) {
  const [L, W, H] = size;
  const sideT = drawNum(rng, 0.018, SHELF_POST);
  const topT = drawNum(rng, 0.018, 0.03);
  const backT = drawNum(rng, 0.006, 0.012);
  const boardT = drawNum(rng, 0.018, SHELF_BOARD);
  const inset = drawNum(rng, 0, 0.03);
  const wood = drawPick(rng, ['body', 'body', 'wood_light', 'wood_dark'] as const);
  const plinthH = Math.min(drawNum(rng, 0.05, 0.1), tops[0] - boardT);
  const ix = L / 2 - sideT;
  const parts: Part[] = [
    box('side_left', wood, [-L / 2, -W / 2, 0], [-ix, W / 2, H]),
    box('side_right', wood, [ix, -W / 2, 0], [L / 2, W / 2, H]),
    box('top', wood, [-ix, -W / 2, H - topT], [ix, W / 2, H]),
    box('back', wood, [-ix, W / 2 - backT, 0], [ix, W / 2, H - topT]),
    box('plinth', wood, [-ix, -W / 2 + inset, 0], [ix, -W / 2 + inset + 0.018, plinthH]),
  ];
  tops.forEach((top, k) => {
    parts.push(box(`board${k}`, wood, [-ix, -W / 2, top - boardT], [ix, W / 2 - backT, top]));
  });
  return {
    parts,
    shelfArea: {
      center: [0, -backT / 2] as [number, number],
      size: [L - 2 * sideT, W - backT] as [number, number],
    },
  };
}

export const asset: AssetDef<Params> = {
  kind: 'shelving',
  summary: 'a steel rack (uprights, beams, decking, end bracing) or a wooden bookcase, a board at each shelf height',
  params: Params,
  sizes: (p) => SIZES[p.style],
  shelves: shelfRange,
  variants: [
    {},
    { style: 'rack', bracing: true, decking: 'steel' },
    { style: 'rack', bracing: false, decking: 'chipboard' },
    { style: 'bookcase' },
  ],
  build(size, p, rng, _surface, shelves) {
    const tops = shelves?.length ? shelves : defaultShelves(size, p);
    return p.style === 'rack' ? rack(size, p, rng, tops) : bookcase(size, rng, tops);
  },
};
