/**
 * The warehouse generator: a seeded, deterministic generator of warehouse places of warehouse_a's kind (the same
 * schema, site roles, asset-built racks, packing tables and charger, floor stock, people areas, lights). The same
 * seed and robot give the same bytes; every choice is drawn from `stream(seed, 'generate/warehouse', <part>)`.
 *
 * The hall is laid out in a canonical frame (rack rows along x, south to north) from one of the TEMPLATES (the
 * packing area at the rows' east end, or along the south side), then mirrored in x and/or y by a coin each, so the
 * packing area lies at either end or along either side. Validity comes first: every width is derived from what the
 * robot needs to keep its clearance, floor stock stands only in bands along the outer walls, clear of the sites, the
 * doors, the loading gate and the packers' walkway, and the place is checked by the tests (layouts/load.ts, the
 * routes of tests/helpers/place-routes.ts) at 20 seeds and by tests/bench/generate-places.ts at 200.
 *
 * layouts/ sits below jobs/ (tests/unit/layers.test.ts), so the robot comes in as an argument: the command reads
 * it from the job amr/1 (pipeline/commands/place.ts).
 */
import { checkSeed, sha256, stream, type Stream } from '../../foundation/index.ts';
import { Fixed } from '../place-schema.ts';
import { surfaceRect } from '../world.ts';
import { placeYaml } from './place-yaml.ts';
import { bodyCircle, inflate, overlaps, round4, turned, type Rect, type RobotNeeds, type XY } from './plan-geometry.ts';
import { distinctTop } from './tops.ts';

/** Written into every generated file's header; raise it whenever the same seed would give other bytes. */
export const WAREHOUSE_GENERATOR_VERSION = 2;

export type { RobotNeeds } from './plan-geometry.ts';

export interface GeneratedPlace {
  id: string;
  yaml: string;
}

/** The id of the place a seed generates: warehouse_g_ and the first 8 hex of the seed's sha256. */
export function warehouseId(seed: string): string {
  return `warehouse_g_${sha256(seed).slice(0, 8)}`;
}

// ------------------------------------------------------------------ sizes (m)

/** Outer walls: 0.30 m on the hall's lines, so their inner faces lie FACE inside. */
const WALL = 0.3;
const FACE = WALL / 2;
/** A rack unit (warehouse_a's): 2.0 x 0.6 m, totes at +-0.45 m along it. */
const RACK = { length: 2.0, depth: 0.6, slots: [-0.45, 0.45] };
/** Rack heights and their board tops: a tote (0.3 m) fits under the board above with room for the deck. */
const RACK_TEMPLATES = [
  { height: 2.2, shelves: [0.3, 0.8, 1.3, 1.8] },
  { height: 2.7, shelves: [0.3, 0.8, 1.3, 1.8, 2.3] },
] as const;
const TABLE = { length: 1.8, depth: 0.9, top: 0.9, frameHeight: 1.8 };
/** The packers' walkway between the back wall's face and the tables. */
const TABLE_BACK = 1.2;
const CHARGER = { length: 0.6, depth: 0.4, height: 0.5 };
const GATE = { width: 3.5, height: 4.0 };
const DOOR = { width: 1.0, height: 2.1 };
/**
 * Floor stock stands in bands along the outer walls: slots of 1.6 x 1.0 m every 1.8 m, 0.1 m off the wall's face.
 * A way beside a band is sized from the band's outer edge.
 */
const BAND = { gap: 0.1, depth: 1.0, slot: 1.6, step: 1.8 };
const BAND_OUTER = FACE + BAND.gap + BAND.depth;

/**
 * The route planner's cell in a hall whose longer side (walls included) is over 25 m (script/plan-script.ts
 * planCell); a hall is made at least MIN_SPAN long (its open floor deepened) so that it plans on these cells.
 */
const PLAN_CELL = 0.1;
const MIN_SPAN = 25.5;

/** The bounds of what a seed varies (see docs/places.md, "Generated places"). */
const RANGES = {
  /** rack rows: 5 to 7, so 4 to 6 aisles (the routes' aisle check asks for at least four) */
  rows: [5, 7],
  /** racks a row: 7 to 10 (14 to 20 m), so the hall's long side stays over 25 m and plans on 0.1 m cells */
  racksPerRow: [7, 10],
  /** each aisle: up to 0.45 m over the least width, and at most needsOf's aisleMax */
  aisleExtra: 0.45,
  /** a cross aisle beside a band: up to 0.8 m over the least */
  crossExtra: 0.8,
  /** the main cross aisle between a side packing area and the rows */
  mainCrossExtra: 0.8,
  /** packing area at an end: its depth from the back wall's line */
  packingEnd: [8, 11],
  /** packing area along a side */
  packingSide: [6.5, 8.5],
  /** open floor beyond the last row (pallets, bins and drums along its wall) */
  openFloor: [3.5, 6],
  tables: [2, 4],
  /** gap between two packing tables */
  tableGap: [1.4, 2.2],
  roof: [7.5, 9],
  /** totes on the racks, in all */
  totes: [60, 110],
  /** floor stock in the bands, at most (fewer where the bands have fewer free slots) */
  stock: [14, 22],
} as const;

/**
 * The widths a robot needs. The route planner drives the body as the circle around its footprint (radius r =
 * hypot(length, width) / 2, script/plan-script.ts bodyShape), so keeping its clearance C both sides takes a lane of
 * 2(r + C): wider than the body's width plus twice C (for the AMR 1.89 against 0.58 + 2 x 0.45 = 1.48 m, the
 * MiR250's aisle). Every aisle is at least that lane plus 5 cm (warehouse_a's 1.95 m for the AMR); a cross aisle
 * beside a band of floor stock is the band, the lane and 0.6 m to turn out of an aisle; a site keeps the stock R +
 * 0.65 m away; a docking site stands r plus a margin off its furniture. An aisle is at most 2 (R + 2 cells + 0.05)
 * less 3 cm: the planner's clearance map reaches r + C + 2 cells + 0.05 m (script/nav.ts navMap), and along a wider
 * aisle's centreline a route would come within reach of nothing, its clearance read as the map's cap, not the truth.
 */
function needsOf(robot: RobotNeeds) {
  const { r, R } = bodyCircle(robot);
  const lane = 2 * R;
  return {
    r,
    R,
    aisle: up05(lane + 0.05),
    aisleMax: down05(2 * (R + 2 * PLAN_CELL + 0.05) - 0.03),
    cross: up05(BAND_OUTER + lane + 0.6),
    mainCross: up05(lane + 0.6),
    siteKeep: R + 0.65,
    tableGap: up05(r + 0.25),
    chargerGap: up05(r + 0.05),
  };
}
type Needs = ReturnType<typeof needsOf>;

// ------------------------------------------------------------------ geometry in the canonical frame

type Side = 'south' | 'north' | 'west' | 'east';
interface Stretch {
  side: Side;
  lo: number;
  hi: number;
}

/** The inward normal of each wall. */
const NORMAL: Record<Side, XY> = { south: [0, 1], north: [0, -1], west: [1, 0], east: [-1, 0] };

function down05(x: number): number {
  return Math.floor(x / 0.05 + 1e-9) * 0.05;
}
function up05(x: number): number {
  return Math.ceil(x / 0.05 - 1e-9) * 0.05;
}
/** A multiple of 0.05 m in [lo, lo + extra], drawn. */
function draw05(s: Stream, lo: number, extra: number): number {
  return lo + 0.05 * s.int(0, Math.max(0, Math.floor(extra / 0.05 + 1e-9)));
}

function rect(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
}
function rectDistance(r: Rect, p: XY): number {
  const dx = Math.max(r.x0 - p[0], 0, p[0] - r.x1);
  const dy = Math.max(r.y0 - p[1], 0, p[1] - r.y1);
  return Math.hypot(dx, dy);
}
const dist = (a: XY, b: XY) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The hall's inner extents: walls on the lines x = 0, X and y = 0, Y. */
interface Hall {
  X: number;
  Y: number;
}
/** A point s along a wall (x for south and north, y for west and east) and d in from its line. */
function onSide(h: Hall, side: Side, s: number, d: number): XY {
  return side === 'south' ? [s, d] : side === 'north' ? [s, h.Y - d] : side === 'west' ? [d, s] : [h.X - d, s];
}
/** The rectangle from lo to hi along a wall and from d0 to d1 in from its line. */
function sideRect(h: Hall, side: Side, lo: number, hi: number, d0: number, d1: number): Rect {
  const a = onSide(h, side, lo, d0);
  const b = onSide(h, side, hi, d1);
  return rect(a[0], a[1], b[0], b[1]);
}
const sideLength = (h: Hall, side: Side) => (side === 'south' || side === 'north' ? h.X : h.Y);
/** An item's yaw whose front (the asset frame's -y) faces the direction n. */
const yawFacing = (n: XY) => (Math.atan2(n[0], -n[1]) * 180) / Math.PI;
/** The heading (counter-clockwise from +x) of a direction. */
const headingOf = (n: XY) => (Math.atan2(n[1], n[0]) * 180) / Math.PI;

// ------------------------------------------------------------------ templates

/** What a template lays out in the canonical frame; the rest (sites, stock, lights) follows from it. */
interface Layout {
  /** where the packing area lies, in words (the place's name says it) */
  what: string;
  hall: Hall;
  /** the rows' west end and their centre lines, south to north */
  rx0: number;
  rowY: number[];
  rooms: { id: string; side?: Side; name: string; rect: Rect }[];
  packing: Rect;
  /** the wall the packing tables stand along (their backs to it) and where along it the row of tables may stand */
  back: Side;
  tableStretch: [number, number];
  /** the packing area's two other walls: one takes the charger (the stretch is where its centre may be), one the gate */
  ends: [Stretch, Stretch];
  gates: [Stretch, Stretch];
  /** where the staff door may be */
  doors: Stretch[];
  /** the walls with a band of floor stock */
  bands: Side[];
}

interface Rows {
  n: number;
  perRow: number;
  aisles: number[];
}

/** Row centre lines from the first row's south face y0. */
function rowLines(y0: number, rows: Rows): number[] {
  const out = [y0 + RACK.depth / 2];
  for (const a of rows.aisles) out.push(out[out.length - 1] + RACK.depth + a);
  return out;
}

function aisleRooms(rx0: number, rx1: number, rowY: number[]): Layout['rooms'] {
  return rowY.slice(1).map((y, k) => ({
    id: `aisle_${k + 1}`,
    name: `aisle ${k + 1}`,
    rect: rect(rx0, rowY[k] + RACK.depth / 2, rx1, y - RACK.depth / 2),
  }));
}

/** The hall's y extent, the open floor deepened where neither side would reach MIN_SPAN with the walls. */
function spanned(X: number, Y: number): number {
  return Math.max(X, Y) + 2 * WALL >= MIN_SPAN ? Y : up05(MIN_SPAN - 2 * WALL);
}

/** Packing at the rows' east end: a west and a south cross aisle, the open floor north of the rows. */
function endTemplate(s: Stream, need: Needs, rows: Rows): Layout {
  const cw = draw05(s, need.cross, RANGES.crossExtra);
  const sa = draw05(s, need.cross, RANGES.crossExtra);
  const pw = draw05(s, RANGES.packingEnd[0], RANGES.packingEnd[1] - RANGES.packingEnd[0]);
  const nf = draw05(s, RANGES.openFloor[0], RANGES.openFloor[1] - RANGES.openFloor[0]);
  const rx0 = cw;
  const rx1 = rx0 + rows.perRow * RACK.length;
  const X = rx1 + pw;
  const rowY = rowLines(sa, rows);
  const yr1 = rowY[rowY.length - 1] + RACK.depth / 2;
  const Y = spanned(X, yr1 + nf);
  const hall = { X, Y };
  const walk = FACE + TABLE_BACK + TABLE.depth; // the tables' front edge from the back wall's line
  const charger = (side: Side): Stretch => ({ side, lo: rx1 + 1, hi: X - walk - 1 });
  const gate = (side: Side): Stretch => ({ side, lo: rx1 + 0.3, hi: X - 0.6 });
  return {
    what: 'at the rows end',
    hall,
    rx0,
    rowY,
    rooms: [
      { id: 'cross_aisle', side: 'west', name: 'cross aisle', rect: rect(FACE, FACE, rx0, Y - FACE) },
      { id: 'cross_aisle', side: 'south', name: 'cross aisle', rect: rect(rx0, FACE, rx1, sa) },
      ...aisleRooms(rx0, rx1, rowY),
      { id: 'open_floor', name: 'open floor', rect: rect(rx0, yr1, rx1, Y - FACE) },
      { id: 'packing_area', name: 'packing area', rect: rect(rx1, FACE, X - FACE, Y - FACE) },
    ],
    packing: rect(rx1, FACE, X - FACE, Y - FACE),
    back: 'east',
    tableStretch: [BAND_OUTER + 1.5, Y - BAND_OUTER - 1.5],
    ends: [charger('south'), charger('north')],
    gates: [gate('south'), gate('north')],
    doors: [
      { side: 'north', lo: rx0 + 1, hi: rx1 - 1 },
      { side: 'west', lo: sa + 1, hi: Y - 2 },
    ],
    bands: ['south', 'north', 'west'],
  };
}

/** Packing along the south side: a main cross aisle before the rows, cross aisles at both ends, open floor north. */
function sideTemplate(s: Stream, need: Needs, rows: Rows): Layout {
  const cw = draw05(s, need.cross, RANGES.crossExtra);
  const ce = draw05(s, need.cross, RANGES.crossExtra);
  const pd = draw05(s, RANGES.packingSide[0], RANGES.packingSide[1] - RANGES.packingSide[0]);
  const ma = draw05(s, need.mainCross, RANGES.mainCrossExtra);
  const nf = draw05(s, RANGES.openFloor[0], RANGES.openFloor[1] - RANGES.openFloor[0]);
  const rx0 = cw;
  const rx1 = rx0 + rows.perRow * RACK.length;
  const X = rx1 + ce;
  const yr0 = pd + ma;
  const rowY = rowLines(yr0, rows);
  const yr1 = rowY[rowY.length - 1] + RACK.depth / 2;
  const Y = spanned(X, yr1 + nf);
  const hall = { X, Y };
  const walk = FACE + TABLE_BACK + TABLE.depth;
  const charger = (side: Side): Stretch => ({ side, lo: walk + 1, hi: pd - 1 });
  const gate = (side: Side): Stretch => ({ side, lo: FACE + 0.3, hi: pd - 0.3 });
  return {
    what: 'along the side',
    hall,
    rx0,
    rowY,
    rooms: [
      { id: 'packing_area', name: 'packing area', rect: rect(FACE, FACE, X - FACE, pd) },
      { id: 'main_cross_aisle', name: 'main cross aisle', rect: rect(FACE, pd, X - FACE, yr0) },
      { id: 'cross_aisle', side: 'west', name: 'cross aisle', rect: rect(FACE, yr0, rx0, Y - FACE) },
      { id: 'cross_aisle', side: 'east', name: 'cross aisle', rect: rect(rx1, yr0, X - FACE, Y - FACE) },
      ...aisleRooms(rx0, rx1, rowY),
      { id: 'open_floor', name: 'open floor', rect: rect(rx0, yr1, rx1, Y - FACE) },
    ],
    packing: rect(FACE, FACE, X - FACE, pd),
    back: 'south',
    tableStretch: [BAND_OUTER + 1.5, X - BAND_OUTER - 1.5],
    ends: [charger('west'), charger('east')],
    gates: [gate('west'), gate('east')],
    doors: [{ side: 'north', lo: rx0 + 1, hi: rx1 - 1 }],
    bands: ['west', 'east', 'north'],
  };
}

const TEMPLATES: readonly { name: string; layout: (s: Stream, need: Needs, rows: Rows) => Layout }[] = [
  { name: 'end', layout: endTemplate },
  { name: 'side', layout: sideTemplate },
];

// ------------------------------------------------------------------ the world frame

/** The canonical frame mirrored in x and/or y: points, yaws, headings, walls and intervals along them. */
class Frame {
  constructor(
    readonly hall: Hall,
    readonly mx: boolean,
    readonly my: boolean,
  ) {}
  pt([x, y]: XY): XY {
    return [round4(this.mx ? this.hall.X - x : x), round4(this.my ? this.hall.Y - y : y)];
  }
  /** A box's yaw: its length axis and front direction mirrored. */
  yaw(t: number): number {
    let y = t;
    if (this.mx) y = -y;
    if (this.my) y = 180 - y;
    return norm(y);
  }
  heading(h: number): number {
    let y = h;
    if (this.mx) y = 180 - y;
    if (this.my) y = -y;
    return norm(y);
  }
  side(s: Side): Side {
    if (this.mx && (s === 'west' || s === 'east')) return s === 'west' ? 'east' : 'west';
    if (this.my && (s === 'south' || s === 'north')) return s === 'south' ? 'north' : 'south';
    return s;
  }
  /** An interval along a wall, in the world wall's own direction (from its `from` end). */
  interval(s: Side, lo: number, hi: number): [number, number] {
    const flip = s === 'south' || s === 'north' ? this.mx : this.my;
    const L = sideLength(this.hall, s);
    return flip ? [round4(L - hi), round4(L - lo)] : [round4(lo), round4(hi)];
  }
  polygon(r: Rect): XY[] {
    const a = this.pt([r.x0, r.y0]);
    const b = this.pt([r.x1, r.y1]);
    const x0 = Math.min(a[0], b[0]),
      x1 = Math.max(a[0], b[0]),
      y0 = Math.min(a[1], b[1]),
      y1 = Math.max(a[1], b[1]);
    return [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ];
  }
}

function norm(a: number): number {
  let y = a % 360;
  if (y > 180) y -= 360;
  if (y <= -180) y += 360;
  return round4(Object.is(y, -0) ? 0 : y);
}

// ------------------------------------------------------------------ tables of things

const COLOUR_WORDS: Record<string, XY | [number, number, number]> = {
  grey: [0.45, 0.45, 0.47],
  black: [0.04, 0.04, 0.045],
  white: [0.86, 0.86, 0.84],
  blue: [0.08, 0.25, 0.62],
  red: [0.68, 0.08, 0.07],
  yellow: [0.9, 0.72, 0.08],
  green: [0.1, 0.48, 0.18],
  orange: [0.92, 0.42, 0.06],
  brown: [0.42, 0.28, 0.15],
};
const RACK_COLOURS: [number, number, number][] = [
  [0.1, 0.25, 0.55],
  [0.85, 0.38, 0.06],
  [0.12, 0.4, 0.22],
  [0.36, 0.37, 0.4],
];
const FLOOR_TONES: [number, number, number][] = [
  [0.55, 0.55, 0.53],
  [0.6, 0.59, 0.56],
  [0.5, 0.51, 0.52],
];
const TOTE_COLOURS = ['blue', 'grey', 'yellow', 'red', 'green'];

interface StockKind {
  kind: string;
  shape: 'box' | 'cylinder';
  size: [number, number, number];
  colours: string[];
  material?: string;
  light_furniture?: boolean;
  lookalike_group?: string;
  /** how far (degrees) it may stand turned from the band's line */
  turn?: number;
  /** left about by the staff: the script draws where it stands each day (the place's `loose`) */
  loose?: boolean;
  weight: number;
}
/**
 * Floor stock, as warehouse_a has it. Bins and drums are the `bin_drum` look-alike group. What the staff move about
 * (crates, cartons, a cone, a cart, a pallet jack, bins and drums) is loose; pallets and the trolley are not.
 */
const STOCK: readonly StockKind[] = [
  {
    kind: 'pallet',
    shape: 'box',
    size: [1.2, 0.8, 0.15],
    colours: ['brown'],
    material: 'pallet_wood',
    light_furniture: true,
    weight: 4,
  },
  {
    kind: 'crate',
    loose: true,
    shape: 'box',
    size: [0.6, 0.4, 0.3],
    colours: ['orange', 'white', 'black', 'grey'],
    turn: 20,
    weight: 4,
  },
  {
    kind: 'carton',
    loose: true,
    shape: 'box',
    size: [0.5, 0.4, 0.4],
    colours: ['brown', 'white'],
    material: 'cardboard',
    turn: 20,
    weight: 3,
  },
  { kind: 'cone', shape: 'cylinder', size: [0.35, 0.35, 0.5], colours: ['orange'], loose: true, weight: 1 },
  { kind: 'cart', shape: 'box', size: [0.9, 0.5, 0.95], colours: ['green', 'blue'], loose: true, weight: 1 },
  { kind: 'pallet_jack', shape: 'box', size: [1.5, 0.55, 0.25], colours: ['yellow'], loose: true, weight: 1 },
  {
    kind: 'trolley',
    shape: 'box',
    size: [1.0, 0.6, 0.9],
    colours: ['grey'],
    material: 'steel',
    light_furniture: true,
    weight: 1,
  },
];
const BIN: StockKind = {
  kind: 'bin',
  shape: 'cylinder',
  size: [0.6, 0.6, 0.9],
  colours: ['blue', 'grey', 'green'],
  lookalike_group: 'bin_drum',
  loose: true,
  weight: 0,
};
const DRUM: StockKind = {
  kind: 'drum',
  shape: 'cylinder',
  size: [0.58, 0.58, 0.88],
  colours: ['blue', 'red', 'grey'],
  material: 'drum_steel',
  lookalike_group: 'bin_drum',
  loose: true,
  weight: 0,
};
/** On the packing tables beside the packing tote. */
const TABLE_THINGS: readonly StockKind[] = [
  {
    kind: 'parcel',
    shape: 'box',
    size: [0.4, 0.3, 0.25],
    colours: ['brown', 'white'],
    material: 'cardboard',
    weight: 2,
  },
  { kind: 'parcel', shape: 'box', size: [0.3, 0.3, 0.2], colours: ['brown'], material: 'cardboard', weight: 1 },
  { kind: 'tape', shape: 'cylinder', size: [0.12, 0.12, 0.05], colours: ['black', 'grey'], weight: 1 },
];
const TOTE = { kind: 'tote', shape: 'box' as const, size: [0.6, 0.4, 0.3] as [number, number, number] };

function weighted<T extends { weight: number }>(s: Stream, items: readonly T[]): T {
  const total = items.reduce((a, x) => a + x.weight, 0);
  let u = s.next() * total;
  for (const x of items) {
    u -= x.weight;
    if (u < 0) return x;
  }
  return items[items.length - 1];
}

// ------------------------------------------------------------------ the generator

type Obj = Record<string, unknown>;

/** The place a seed gives, as YAML, sized for the robot. Throws on a seed `checkSeed` refuses. */
export function generateWarehouse(seed: string, robot: RobotNeeds): GeneratedPlace {
  checkSeed(seed, (m) => new Error(`seed: ${m}`));
  const draw = (part: string) => stream(seed, 'generate/warehouse', part);
  const need = needsOf(robot);
  const id = warehouseId(seed);

  // the hall
  const hs = draw('hall');
  const template = hs.pick(TEMPLATES);
  const nRows = hs.int(RANGES.rows[0], RANGES.rows[1]);
  const rows: Rows = {
    n: nRows,
    perRow: hs.int(RANGES.racksPerRow[0], RANGES.racksPerRow[1]),
    aisles: Array.from({ length: nRows - 1 }, () =>
      draw05(hs, need.aisle, Math.min(RANGES.aisleExtra, need.aisleMax - need.aisle)),
    ),
  };
  const lay = template.layout(hs, need, rows);
  const hall = lay.hall;
  const fr = new Frame(hall, hs.coin(0.5), hs.coin(0.5));
  const roof = draw05(hs, RANGES.roof[0], RANGES.roof[1] - RANGES.roof[0]);
  const rackT = hs.pick(RACK_TEMPLATES);

  const fixed: Obj[] = [];
  const things: Obj[] = [];
  const sites: Obj[] = [];
  const keepOut: Rect[] = [];
  const siteAt: XY[] = [];
  const site = (o: { id: string; role: string; fixed?: string; name: string }, at: XY, heading: number) => {
    siteAt.push(at);
    sites.push({
      id: o.id,
      role: o.role,
      position: fr.pt(at),
      heading: fr.heading(heading),
      fixed: o.fixed,
      name: o.name,
    });
  };

  // racks: one seed for every unit (a matching set, as warehouse_a's)
  const ms = draw('materials');
  const rackAsset = {
    kind: 'shelving',
    seed: ms.int(1, 999_999),
    style: 'rack',
    bracing: true,
    decking: ms.pick(['steel', 'steel', 'chipboard']),
  };
  const rackId = (r: number, i: number) => `rack_${r + 1}_${i + 1}`;
  const rackX = (i: number) => lay.rx0 + (i + 0.5) * RACK.length;
  lay.rowY.forEach((y, r) => {
    for (let i = 0; i < rows.perRow; i++)
      fixed.push({
        id: rackId(r, i),
        kind: 'shelving',
        shape: 'box',
        center: fr.pt([rackX(i), y]),
        size: [RACK.length, RACK.depth, rackT.height],
        yaw: fr.yaw(0),
        material: 'rack_steel',
        shelves: [...rackT.shelves],
        asset: rackAsset,
      });
  });

  // packing tables along the back wall, their fronts (and their sites) toward the room
  const ps = draw('packing');
  const n = NORMAL[lay.back];
  const away: XY = [-n[0], -n[1]];
  const framed = ps.coin(0.5);
  const tableAsset = {
    kind: 'packing_table',
    seed: ps.int(1, 999_999),
    frame: framed,
    shelf: ps.pick(['steel', 'body']),
  };
  let nTables = ps.int(RANGES.tables[0], RANGES.tables[1]);
  const gaps = Array.from({ length: 3 }, () => draw05(ps, RANGES.tableGap[0], RANGES.tableGap[1] - RANGES.tableGap[0]));
  const [t0, t1] = lay.tableStretch;
  const rowLen = (k: number) => k * TABLE.length + gaps.slice(0, k - 1).reduce((a, g) => a + g, 0);
  while (nTables > RANGES.tables[0] && rowLen(nTables) > t1 - t0) nTables--;
  if (rowLen(nTables) > t1 - t0) throw new Error(`${id}: no room for ${nTables} packing tables`);
  let along = draw05(ps, t0, t1 - t0 - rowLen(nTables));
  const tableDepth = FACE + TABLE_BACK + TABLE.depth / 2;
  const tables: { id: string; at: number; fixed: Obj }[] = [];
  for (let k = 0; k < nTables; k++) {
    const c = along + TABLE.length / 2;
    const tid = `packing_table_${k + 1}`;
    const f: Obj = {
      id: tid,
      kind: 'packing_table',
      shape: 'box',
      center: fr.pt(onSide(hall, lay.back, c, tableDepth)),
      size: [TABLE.length, TABLE.depth, framed ? TABLE.frameHeight : TABLE.top],
      yaw: fr.yaw(yawFacing(n)),
      material: 'table_top',
      surface: TABLE.top,
      asset: tableAsset,
    };
    fixed.push(f);
    tables.push({ id: tid, at: c, fixed: f });
    keepOut.push(
      inflate(
        sideRect(
          hall,
          lay.back,
          along,
          along + TABLE.length,
          tableDepth - TABLE.depth / 2,
          tableDepth + TABLE.depth / 2,
        ),
        0.4,
      ),
    );
    along += TABLE.length + (gaps[k] ?? 0);
  }
  // the packers' walkway behind the tables, to the walls at both ends
  keepOut.push(sideRect(hall, lay.back, 0, sideLength(hall, lay.back), 0, FACE + TABLE_BACK + TABLE.depth + 0.3));

  // the charger on one end wall of the packing area, the loading gate in the other
  const cs = draw('charger');
  const ci = cs.int(0, 1);
  const cst = lay.ends[ci];
  const cAt = draw05(cs, cst.lo, cst.hi - cst.lo);
  const cn = NORMAL[cst.side];
  const chargerFixed: Obj = {
    id: 'charger',
    kind: 'charger',
    shape: 'box',
    center: fr.pt(onSide(hall, cst.side, cAt, FACE + CHARGER.depth / 2)),
    size: [CHARGER.length, CHARGER.depth, CHARGER.height],
    yaw: fr.yaw(yawFacing(cn)),
    material: 'charger_body',
    asset: { kind: 'charger', seed: cs.int(1, 999_999), plate: true },
  };
  fixed.push(chargerFixed);
  keepOut.push(
    inflate(sideRect(hall, cst.side, cAt - CHARGER.length / 2, cAt + CHARGER.length / 2, 0, FACE + CHARGER.depth), 0.4),
  );
  const gst = lay.gates[1 - ci];
  const gAt = draw05(cs, gst.lo, gst.hi - gst.lo - GATE.width);
  keepOut.push(sideRect(hall, gst.side, gAt - 0.5, gAt + GATE.width + 0.5, 0, 3.0));

  // the staff door
  const dst = cs.pick(lay.doors);
  const dAt = draw05(cs, dst.lo, dst.hi - dst.lo - DOOR.width);
  keepOut.push(sideRect(hall, dst.side, dAt - 0.6, dAt + DOOR.width + 0.6, 0, 1.8));

  // sites: the charger (the home, first), the loading spot, the packing tables, then the shelves
  site(
    { id: 'charger', role: 'charger', fixed: 'charger', name: 'the charger' },
    onSide(hall, cst.side, cAt, FACE + CHARGER.depth + need.chargerGap),
    headingOf([-cn[0], -cn[1]]),
  );
  const tableSites = tables.map((t) => onSide(hall, lay.back, t.at, FACE + TABLE_BACK + TABLE.depth + need.tableGap));
  const handoff = handoffSpot(ps, lay, need, [siteAt[0], ...tableSites], keepOut);
  const tangent = ps.coin(0.5) ? 1 : -1;
  const tangentDir: XY = lay.back === 'south' || lay.back === 'north' ? [tangent, 0] : [0, tangent];
  site({ id: 'packing_handoff', role: 'handoff', name: 'the loading spot' }, handoff, headingOf(tangentDir));
  tables.forEach((t, k) =>
    site(
      { id: t.id, role: 'packing_table', fixed: t.id, name: `packing table ${k + 1}` },
      tableSites[k],
      headingOf(away),
    ),
  );
  const ss = draw('shelves');
  const aMax = Math.max(0, Math.floor(rows.perRow / 4 - 0.75));
  let shelfN = 0;
  for (let k = 0; k + 1 < lay.rowY.length; k++) {
    const yc = (lay.rowY[k] + lay.rowY[k + 1]) / 2;
    // one near each end of the aisle, apart by more than half its length: the route between them drives through it
    for (const i of [ss.int(0, aMax), ss.int(rows.perRow - 1 - aMax, rows.perRow - 1)]) {
      const north = ss.coin(0.5);
      const r = north ? k + 1 : k;
      site(
        { id: `shelf_${++shelfN}`, role: 'shelf', fixed: rackId(r, i), name: `shelf ${r + 1}-${i + 1}` },
        [rackX(i), yc],
        north ? 90 : -90,
      );
    }
  }

  // floor stock in the bands
  const slots = bandSlots(hall, lay.bands, keepOut, siteAt, need);
  const fs = draw('stock');
  const want = Math.min(slots.length, fs.int(RANGES.stock[0], RANGES.stock[1]));
  const chosen = fs
    .shuffle(slots.map((_, k) => k))
    .slice(0, want)
    .sort((a, b) => a - b);
  const kinds: StockKind[] = [];
  if (want >= 4) kinds.push(BIN, BIN, DRUM, DRUM);
  while (kinds.length < want) kinds.push(weighted(fs, STOCK));
  const order = fs.shuffle(kinds.map((_, k) => k));
  const count = new Map<string, number>();
  const nextId = (kind: string) => {
    const c = (count.get(kind) ?? 0) + 1;
    count.set(kind, c);
    return `${kind}_${c}`;
  };
  const groupColours = new Map<string, string[]>();
  chosen.forEach((slotIdx, k) => {
    const kind = kinds[order[k]];
    const slot = slots[slotIdx];
    // a look-alike kind in at least two colours: its first two differ
    const used = groupColours.get(kind.kind) ?? [];
    const colour =
      kind.lookalike_group && used.length === 1
        ? fs.pick(kind.colours.filter((c) => c !== used[0]))
        : fs.pick(kind.colours);
    groupColours.set(kind.kind, [...used, colour]);
    const pose = slotPose(fs, slot, kind);
    things.push(thing(nextId(kind.kind), kind, colour, 'floor', fr, pose));
  });
  const floorAreas = bandRuns(slots).map((r, k) => ({ id: `stock_floor_${k + 1}`, polygon: fr.polygon(r) }));

  // totes on the racks; one level-0 place kept free as the packing tote's home
  const ts = draw('totes');
  const places: { r: number; i: number; level: number; dx: number }[] = [];
  lay.rowY.forEach((_, r) => {
    for (let i = 0; i < rows.perRow; i++)
      rackT.shelves.forEach((_, level) => {
        for (const dx of RACK.slots) places.push({ r, i, level, dx });
      });
  });
  const homeIdx = ts.pick(places.map((p, k) => (p.level === 0 ? k : -1)).filter((k) => k >= 0));
  const pTote = ts.int(RANGES.totes[0], RANGES.totes[1]) / places.length;
  const totes: Obj[] = [];
  places.forEach((p, k) => {
    if (k === homeIdx || !ts.coin(pTote)) return;
    const at = fr.pt([rackX(p.i) + p.dx, lay.rowY[p.r]]);
    totes.push({
      id: `tote_${totes.length + 1}`,
      kind: 'tote',
      colour: ts.pick(TOTE_COLOURS),
      shape: 'box',
      size: TOTE.size,
      rests_on: rackId(p.r, p.i),
      level: p.level,
      position: { x: at[0], y: at[1], yaw: fr.yaw(0) },
    });
  });
  const home = places[homeIdx];
  const homeAt = fr.pt([rackX(home.i) + home.dx, lay.rowY[home.r]]);

  // on the packing tables: the packing tote (its home on a rack) on one, parcels and tape on all
  const tbs = draw('table_things');
  const toteTable = tbs.int(0, tables.length - 1);
  const onTables: Obj[] = [];
  let parcels = 0;
  let tapes = 0;
  tables.forEach((t, k) => {
    const sr = surfaceRect(Fixed.parse(t.fixed));
    const items: { id: string; kind: StockKind; extra?: Obj }[] = [];
    if (k === toteTable)
      items.push({
        id: 'packing_tote',
        kind: { ...TOTE, colours: ['blue'], weight: 0 },
        extra: { home: { rests_on: rackId(home.r, home.i), level: 0, x: homeAt[0], y: homeAt[1], yaw: fr.yaw(0) } },
      });
    const nMore = tbs.int(1, 2);
    for (let m = 0; m < nMore; m++) {
      const kind = weighted(tbs, TABLE_THINGS);
      items.push({ id: kind.kind === 'tape' ? `tape_${++tapes}` : `parcel_${++parcels}`, kind });
    }
    const cells = tbs.shuffle([0, 1, 2]);
    items.forEach((it, m) => {
      const pose = surfacePose(tbs, sr, cells[m], it.kind);
      if (!pose) return;
      const colour = tbs.pick(it.kind.colours);
      onTables.push({ ...thing(it.id, it.kind, colour, t.id, undefined, pose), ...it.extra });
    });
  });

  // people: a packer behind a table at the start, the others through the timeline
  const pp = draw('people');
  const packer = tables[pp.int(0, tables.length - 1)];
  const worn = new Set<string>();
  const people: Obj[] = [
    person(
      pp,
      'picker_1',
      ['orange', 'yellow', 'green'],
      ['black', 'blue'],
      worn,
      fr.pt(onSide(hall, lay.back, packer.at, FACE + TABLE_BACK / 2)),
      fr.heading(headingOf(n)),
    ),
    person(pp, 'picker_2', ['yellow', 'red', 'green'], ['blue', 'black', 'grey'], worn),
    person(pp, 'supervisor', ['white', 'blue'], ['grey', 'black'], worn),
  ];
  const peopleAreas = lay.rooms.map((r) => ({
    id: `${roomId(fr, r)}_walk`,
    polygon: fr.polygon(inflate(r.rect, -0.2)),
  }));

  // lights: high-bay lights along every aisle and over every other room, one sun and a physical sky
  const ls = draw('lights');
  const lightZ = roof - 0.3;
  const bays: XY[] = [];
  for (const r of lay.rooms) {
    const w = r.rect.x1 - r.rect.x0;
    const h = r.rect.y1 - r.rect.y0;
    const nx = Math.max(1, Math.round(w / (r.id.startsWith('aisle_') ? 5.5 : 6)));
    const ny = r.id.startsWith('aisle_') ? 1 : Math.max(1, Math.round(h / 6));
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) bays.push([r.rect.x0 + ((i + 0.5) * w) / nx, r.rect.y0 + ((j + 0.5) * h) / ny]);
  }
  const bayPower = 5 * ls.int(14, 18);
  const lights = {
    world: { colour: [0.8, 0.86, 0.95], strength: 0.05 * ls.int(3, 6), sky: 'physical' },
    items: [
      {
        id: 'sun',
        type: 'sun',
        power: 0.25 * ls.int(8, 12),
        colour: [1.0, 0.96, 0.9],
        size: 0.6,
        elevation: 5 * ls.int(6, 10),
        azimuth: 10 * ls.int(-17, 18),
      },
      ...bays.map((p, k) => {
        const [x, y] = fr.pt(p);
        return {
          id: `high_bay_${k + 1}`,
          type: 'area',
          position: [x, y, lightZ],
          power: bayPower,
          colour: [1.0, 0.98, 0.94],
          size: 1.2,
        };
      }),
    ],
  };

  // walls, the loading gate, the staff door and clerestory windows
  const openings = new Map<Side, Obj[]>();
  const open = (side: Side, lo: number, o: Obj, width: number) => {
    const w = fr.side(side);
    const [a] = fr.interval(side, lo, lo + width);
    openings.set(w, [
      ...(openings.get(w) ?? []),
      { id: o.id, offset: a, width, height: o.height, ...(o.sill ? { sill: o.sill } : {}) },
    ]);
  };
  open(gst.side, gAt, { id: 'loading_gate', height: GATE.height }, GATE.width);
  open(dst.side, dAt, { id: 'staff_door', height: DOOR.height }, DOOR.width);
  for (const side of ['south', 'north'] as const) {
    const taken = [
      ...(gst.side === side ? [[gAt, gAt + GATE.width]] : []),
      ...(dst.side === side ? [[dAt, dAt + DOOR.width]] : []),
    ];
    let k = 0;
    for (let x = 3; x + 4 <= hall.X - 2; x += 8) {
      if (taken.some(([a, b]) => x < b + 0.5 && a < x + 4.5)) continue;
      open(side, x, { id: `${fr.side(side)}_window_${++k}`, height: 7.0, sill: 5.0 }, 4.0);
    }
  }
  const wallDef: [Side, XY, XY][] = [
    ['south', [0, 0], [hall.X, 0]],
    ['north', [0, hall.Y], [hall.X, hall.Y]],
    ['west', [0, 0], [0, hall.Y]],
    ['east', [hall.X, 0], [hall.X, hall.Y]],
  ];
  const walls = wallDef.map(([side, from, to]) => ({
    id: `wall_${side}`,
    from: [round4(from[0]), round4(from[1])],
    to: [round4(to[0]), round4(to[1])],
    thickness: WALL,
    height: roof,
    material: 'wall_panel',
    openings: (openings.get(side) ?? []).sort((a, b) => (a.offset as number) - (b.offset as number)),
  }));
  const doorSide = fr.side(dst.side);
  const doors = [
    {
      id: 'staff_door',
      wall: `wall_${doorSide}`,
      opening: 'staff_door',
      hinge: 'start',
      // the leaf swings into the hall: left of a wall run west to east (south) or south to north (east)
      swing: doorSide === 'south' || doorSide === 'east' ? 'left' : 'right',
      states: ['open', 'closed'],
      initial: 'closed',
      leaf_thickness: 0.05,
      material: 'door_steel',
    },
  ];

  const rackColour = ms.pick(RACK_COLOURS);
  const floorTone = ms.pick(FLOOR_TONES);
  const materials = {
    concrete_floor: {
      colour: floorTone,
      roughness: 0.75,
      pattern: { kind: 'concrete', colour2: floorTone.map((c) => round4(c - 0.07)), scale: 1.5 },
    },
    wall_panel: {
      colour: [0.75, 0.76, 0.78],
      roughness: 0.6,
      pattern: { kind: 'metal_grid', colour2: [0.65, 0.66, 0.68], scale: 1.0 },
    },
    roof: { colour: [0.7, 0.7, 0.72], roughness: 0.7 },
    rack_steel: { colour: rackColour, roughness: 0.45, metallic: 0.6 },
    table_top: {
      colour: [0.72, 0.62, 0.46],
      roughness: 0.5,
      pattern: { kind: 'wood', colour2: [0.64, 0.54, 0.4], scale: 0.1 },
    },
    steel: { colour: [0.62, 0.63, 0.65], roughness: 0.35, metallic: 1 },
    charger_body: { colour: [0.15, 0.15, 0.16], roughness: 0.4 },
    pallet_wood: {
      colour: [0.7, 0.58, 0.4],
      roughness: 0.8,
      pattern: { kind: 'wood', colour2: [0.6, 0.48, 0.32], scale: 0.1 },
    },
    door_steel: { colour: [0.55, 0.56, 0.58], roughness: 0.4, metallic: 0.7 },
    drum_steel: { colour: [0.5, 0.5, 0.5], roughness: 0.35, metallic: 0.8 },
    cardboard: { colour: [0.6, 0.45, 0.3], roughness: 0.8 },
  };

  const packingWhere = `${lay.what} (${fr.side(lay.back)} wall)`;
  const place = {
    id,
    kind: 'warehouse',
    name: `generated warehouse: ${rows.n} rows of ${rows.perRow} racks, packing ${packingWhere}, ${tables.length} packing tables`,
    bounds: { x_min: -WALL, x_max: round4(hall.X + WALL), y_min: -WALL, y_max: round4(hall.Y + WALL) },
    colour_words: COLOUR_WORDS,
    materials,
    floor: { material: 'concrete_floor', thickness: 0.2 },
    ceiling: { height: roof, material: 'roof', thickness: 0.3 },
    walls,
    doors,
    rooms: lay.rooms.map((r) => ({
      id: roomId(fr, r),
      name: r.side ? `${fr.side(r.side)} ${r.name}` : r.name,
      polygon: fr.polygon(r.rect),
    })),
    fixed,
    things: [...totes, ...onTables, ...things],
    people,
    people_areas: peopleAreas,
    floor_areas: floorAreas,
    lights,
    sites,
    credits: {
      statement: `All geometry and materials are procedural, generated by layouts/generate/warehouse.ts from the seed in this file's header; no third-party assets.`,
      assets: [],
    },
  };
  const aisles = rows.aisles;
  const header = [
    `${id}: generated by layouts/generate/warehouse.ts, generator version ${WAREHOUSE_GENERATOR_VERSION}, seed ${JSON.stringify(seed)}.`,
    `Generated: do not edit by hand; \`stbench place new --kind warehouse --seed <the seed> --out DIR\` writes these bytes again.`,
    `${hall.X.toFixed(2)} m x ${hall.Y.toFixed(2)} m inside the walls' centrelines, roof ${roof.toFixed(2)} m; ${rows.n} rack rows of ${rows.perRow}`,
    `${rackT.height} m racks, aisles ${Math.min(...aisles).toFixed(2)}-${Math.max(...aisles).toFixed(2)} m; packing ${packingWhere}, ${tables.length} packing tables.`,
    `Sized for a ${robot.length} x ${robot.width} m robot keeping ${robot.clearance} m: aisles at least ${need.aisle.toFixed(2)} m (2 (r + C) + 0.05).`,
  ];
  return { id, yaml: placeYaml(place as never, header) };
}

function roomId(fr: Frame, r: Layout['rooms'][number]): string {
  return r.side ? `${fr.side(r.side)}_${r.id}` : r.id;
}

/** A thing's fields; `fr` maps a canonical pose (floor stock), without it the pose is already the world's. */
function thing(
  id: string,
  kind: StockKind,
  colour: string,
  restsOn: string,
  fr: Frame | undefined,
  pose: { at: XY; yaw: number },
): Obj {
  const at = fr ? fr.pt(pose.at) : ([round4(pose.at[0]), round4(pose.at[1])] as XY);
  const yaw = kind.shape === 'cylinder' ? 0 : fr ? fr.yaw(pose.yaw) : norm(pose.yaw);
  return {
    id,
    kind: kind.kind,
    colour,
    shape: kind.shape,
    size: kind.size,
    ...(kind.material ? { material: kind.material } : {}),
    rests_on: restsOn,
    position: { x: at[0], y: at[1], yaw },
    ...(kind.lookalike_group ? { lookalike_group: kind.lookalike_group } : {}),
    ...(kind.light_furniture ? { light_furniture: true } : {}),
    ...(kind.loose && restsOn === 'floor' ? { loose: true } : {}),
  };
}

function person(
  s: Stream,
  id: string,
  tops: string[],
  trousers: string[],
  worn: Set<string>,
  at?: XY,
  heading?: number,
): Obj {
  return {
    id,
    colour: distinctTop(s.pick(tops), tops, worn),
    trousers: s.pick(trousers),
    height: round4(0.01 * s.int(162, 186)),
    shoulder_width: round4(0.01 * s.int(41, 48)),
    ...(at ? { at: { x: at[0], y: at[1], heading } } : {}),
  };
}

/**
 * The loading spot: open floor of the packing area before the tables, R + 0.3 m or more from every solid's way (the
 * tables' front, the rows, the bands), 2.5 m from the other sites, out of the gate's apron; drawn among the spots
 * on a 0.5 m grid that qualify.
 */
function handoffSpot(s: Stream, lay: Layout, need: Needs, others: XY[], keepOut: Rect[]): XY {
  const p = lay.packing;
  const inner = inflate(p, -(need.R + 0.3));
  const out: XY[] = [];
  for (let x = Math.ceil(inner.x0 * 2) / 2; x <= inner.x1; x += 0.5)
    for (let y = Math.ceil(inner.y0 * 2) / 2; y <= inner.y1; y += 0.5) {
      const q: XY = [x, y];
      if (others.some((o) => dist(o, q) < 2.5)) continue;
      if (keepOut.some((r) => rectDistance(r, q) < need.R)) continue;
      if (lay.bands.some((b) => wallDistance(lay.hall, b, q) < BAND_OUTER + need.R + 0.3)) continue;
      out.push(q);
    }
  if (out.length === 0) throw new Error('no spot for the loading spot in the packing area');
  return s.pick(out);
}

function wallDistance(h: Hall, side: Side, q: XY): number {
  return side === 'south' ? q[1] : side === 'north' ? h.Y - q[1] : side === 'west' ? q[0] : h.X - q[0];
}

/** A band slot: its rectangle and which way the band runs. */
interface Slot {
  rect: Rect;
  alongX: boolean;
  side: Side;
  index: number;
}

/** The free slots of the bands: clear of the keep-out rectangles, of every site by siteKeep and of each other. */
function bandSlots(
  h: Hall,
  bands: readonly Side[],
  keepOut: readonly Rect[],
  sites: readonly XY[],
  need: Needs,
): Slot[] {
  const out: Slot[] = [];
  for (const side of bands) {
    const L = sideLength(h, side);
    const lo = FACE + BAND.gap;
    const n = Math.floor((L - 2 * lo + (BAND.step - BAND.slot)) / BAND.step);
    for (let k = 0; k < n; k++) {
      const a = lo + k * BAND.step;
      const r = sideRect(h, side, a, a + BAND.slot, FACE + BAND.gap, BAND_OUTER);
      if (keepOut.some((x) => overlaps(x, r))) continue;
      if (sites.some((p) => rectDistance(r, p) < need.siteKeep)) continue;
      if (out.some((x) => overlaps(inflate(x.rect, 0.1), r))) continue;
      out.push({ rect: r, alongX: side === 'south' || side === 'north', side, index: k });
    }
  }
  return out;
}

/** Consecutive free slots of a band merged: the floor areas moved things are put down in. */
function bandRuns(slots: readonly Slot[]): Rect[] {
  const out: Rect[] = [];
  let cur: Rect | undefined;
  let prev: Slot | undefined;
  for (const s of slots) {
    if (cur && prev && prev.side === s.side && prev.index + 1 === s.index)
      cur = rect(
        Math.min(cur.x0, s.rect.x0),
        Math.min(cur.y0, s.rect.y0),
        Math.max(cur.x1, s.rect.x1),
        Math.max(cur.y1, s.rect.y1),
      );
    else {
      if (cur) out.push(cur);
      cur = s.rect;
    }
    prev = s;
  }
  if (cur) out.push(cur);
  return out;
}

/** A floor thing's pose in its slot: along the band, a little turned where it still fits, shifted along it. */
function slotPose(s: Stream, slot: Slot, kind: StockKind): { at: XY; yaw: number } {
  const base = slot.alongX ? 0 : 90;
  const jitter = kind.turn ? s.uniform(-kind.turn, kind.turn) : 0;
  const room: XY = [slot.rect.x1 - slot.rect.x0 - 0.05, slot.rect.y1 - slot.rect.y0 - 0.05];
  let yaw = Math.round(base + jitter);
  let ext = turned(kind.size[0], kind.size[1], yaw);
  if (ext[0] > room[0] || ext[1] > room[1]) {
    yaw = base;
    ext = turned(kind.size[0], kind.size[1], yaw);
  }
  const cx = (slot.rect.x0 + slot.rect.x1) / 2;
  const cy = (slot.rect.y0 + slot.rect.y1) / 2;
  const free: XY = [Math.max(0, room[0] - ext[0]) / 2, Math.max(0, room[1] - ext[1]) / 2];
  const shift = s.uniform(-1, 1);
  const at: XY = slot.alongX ? [cx + shift * free[0], cy] : [cx, cy + shift * free[1]];
  return { at: [Math.round(at[0] * 100) / 100, Math.round(at[1] * 100) / 100], yaw };
}

/**
 * A thing's pose on a packing table's surface rectangle (the world frame): the rectangle's length in three cells,
 * the thing in one, along the length or turned a quarter where only that fits; undefined where it does not fit.
 */
function surfacePose(
  s: Stream,
  sr: ReturnType<typeof surfaceRect>,
  cell: number,
  kind: StockKind,
): { at: XY; yaw: number } | undefined {
  const [L, W] = sr.size;
  const cellL = L / 3 - 0.04;
  const room = W - 0.06;
  const [l, w] = kind.size;
  const turn = l <= cellL && w <= room ? 0 : w <= cellL && l <= room ? 90 : undefined;
  if (turn === undefined) return undefined;
  const alongLen = turn === 0 ? l : w;
  const acrossLen = turn === 0 ? w : l;
  const u = -L / 2 + (cell + 0.5) * (L / 3) + s.uniform(-1, 1) * Math.max(0, (cellL - alongLen) / 2) * 0.5;
  const v = s.uniform(-1, 1) * Math.max(0, (room - acrossLen) / 2) * 0.5;
  const t = (sr.yaw * Math.PI) / 180;
  const at: XY = [sr.center[0] + u * Math.cos(t) - v * Math.sin(t), sr.center[1] + u * Math.sin(t) + v * Math.cos(t)];
  return { at: [Math.round(at[0] * 1000) / 1000, Math.round(at[1] * 1000) / 1000], yaw: sr.yaw + turn };
}
