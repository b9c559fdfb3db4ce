/**
 * The apartment generator: a seeded, deterministic generator of apartments of apartment_a's kind (the same schema,
 * rooms, site roles, asset-built furniture, things on surfaces and on the floor, cords, people areas, lights). The
 * same seed and robot give the same bytes; every choice is drawn from `stream(seed, 'generate/apartment', <part>)`.
 *
 * The floor plan is a room graph on one template, a hallway spine: the front door at one end of a hallway, the dock
 * at the other, two day rooms (living room, kitchen) on one side and three night rooms (bedroom, bathroom, study) on
 * the other, every room entered from the hallway by a passage (day rooms) or a door that swings into the room
 * (night rooms). The seed draws the flat's length, the rows' depths, the hallway's width, the order of the rooms
 * along each side, every room's width, and turns the whole plan by a multiple of 90 degrees (a turn keeps every
 * asset's handedness: a sink's basin stays on its side).
 *
 * Each room is furnished by its kit in the room's own frame: u along the hallway wall from the room's left as one
 * enters, v from the hallway wall to the outer wall. A kit places its pieces by rules: against walls and facing
 * what they face (a couch towards the tv, chairs towards their table, a desk chair towards its desk), out of the
 * door's swing and the passage's walkway, with the robots' ways between them sized from the robot's body and
 * clearance (`needsOf`). Windows sit in the outer wall above what stands low against it. Things stand on the
 * surfaces (drawn colours, no two of a kind alike in colour), loose things and cords lie on the open floor of
 * every room and the hallway, and every site the apartment jobs name (dock, hand-off, parking, pick and place
 * surfaces) stands where the robot's body keeps its clearance. Checked by the tests (layouts/load.ts, the routes
 * of tests/helpers/place-routes.ts for vacuum/2 and helper/1) at 20 seeds and by tests/bench/generate-places.ts.
 *
 * layouts/ sits below jobs/, so the robot comes in as an argument (the helper, the larger of the two apartment
 * robots: pipeline/commands/place.ts reads it from the job).
 */
import { checkSeed, sha256, stream, type Stream } from '../../foundation/index.ts';
import { Fixed } from '../place-schema.ts';
import { surfaceRect } from '../world.ts';
import { placeYaml } from './place-yaml.ts';
import { bodyCircle, inflate, overlaps, round4, turned, type Rect, type XY } from './plan-geometry.ts';
import { distinctTop } from './tops.ts';
import type { GeneratedPlace, RobotNeeds } from './warehouse.ts';

/** Written into every generated file's header; raise it whenever the same seed would give other bytes. */
export const APARTMENT_GENERATOR_VERSION = 3;

/** The id of the place a seed generates: apartment_g_ and the first 8 hex of the seed's sha256. */
export function apartmentId(seed: string): string {
  return `apartment_g_${sha256(seed).slice(0, 8)}`;
}

// ------------------------------------------------------------------ sizes (m)

const OUTER = 0.2;
const INNER = 0.12;
const HEIGHT = 2.6;

/**
 * The bounds of what a seed varies, on the walls' centrelines (docs/places.md, "Generated places"). Each room's
 * least width is what its kit needs (below); the flat's length is the sum of each side's rooms.
 */
const RANGES = {
  length: [10.8, 12.8],
  dayDepth: [3.9, 4.6],
  nightDepth: [3.5, 4.1],
  hall: [1.35, 1.7],
  kitchen: [4.5, 5.4],
  living: 5.9,
  bathroom: [2.7, 3.2],
  bedroom: [4.3, 5.1],
  study: [3.5, 4.5],
} as const;

/** What the robot needs: the circle around its footprint (the planner's body) and that plus its clearance. */
const needsOf = bodyCircle;
type Needs = ReturnType<typeof needsOf>;
type Box = Rect;
type Obj = Record<string, unknown>;

const r2 = (x: number) => Math.round(x * 100) / 100;
/** A multiple of 0.05 m in [lo, hi], drawn. */
function draw05(s: Stream, lo: number, hi: number): number {
  const n = Math.max(0, Math.floor((hi - lo) / 0.05 + 1e-9));
  return round4(lo + 0.05 * s.int(0, n));
}
const norm = (deg: number) => {
  const d = ((((deg + 180) % 360) + 360) % 360) - 180;
  return d === -180 ? 180 : d;
};

// ------------------------------------------------------------------ the plan

type RoomType = 'living' | 'kitchen' | 'bedroom' | 'bathroom' | 'study';
const ROOM_NAMES: Record<RoomType, { id: string; name: string; floor: string }> = {
  living: { id: 'living_room', name: 'living room', floor: 'oak_floor' },
  kitchen: { id: 'kitchen', name: 'kitchen', floor: 'floor_tiles' },
  bedroom: { id: 'bedroom', name: 'bedroom', floor: 'carpet' },
  bathroom: { id: 'bathroom', name: 'bathroom', floor: 'bath_tiles' },
  study: { id: 'study', name: 'study', floor: 'oak_floor' },
};

/**
 * A room in the canonical frame (the hallway along x, the day rooms south of it, the night rooms north): its
 * centreline span along x, and its interior (wall faces) in its own frame.
 */
interface Room {
  type: RoomType;
  id: string;
  side: 'south' | 'north';
  x0: number;
  x1: number;
  /** the interior along x and the hallway wall's and the outer wall's faces */
  fx0: number;
  fx1: number;
  hallFace: number;
  farFace: number;
  /** the interior's width (along u) and depth (along v) */
  W: number;
  D: number;
}

/** A point of a room's frame (u along the hallway wall from the room's left as one enters, v into the room). */
function toWorld(r: Room, u: number, v: number): XY {
  return r.side === 'north' ? [r.fx0 + u, r.hallFace + v] : [r.fx1 - u, r.hallFace - v];
}
/** A yaw or a heading of a room's frame in the canonical frame. */
const turnOf = (r: Room, deg: number) => norm(r.side === 'north' ? deg : deg + 180);

/** Local yaws: an asset's front (its -y) towards the hallway (-v), the outer wall (+v), +u, -u. */
const FRONT = { hall: 0, far: 180, right: 90, left: -90 } as const;
/** Local headings: towards +u, +v, -u, -v. */
const HEAD = { right: 0, far: 90, left: 180, hall: -90 } as const;

interface Plan {
  L: number;
  Ds: number;
  H: number;
  Dn: number;
  Y: number;
  rooms: Room[];
}

/** The shoe rack's depth: the hallway beside it keeps the robot's lane. */
const RACK_DEPTH = 0.32;

function makePlan(s: Stream, need: Needs): Plan {
  const L = draw05(s, RANGES.length[0], RANGES.length[1]);
  const Ds = draw05(s, RANGES.dayDepth[0], RANGES.dayDepth[1]);
  // the hallway beside the shoe rack keeps the robot's lane, 2 (r + C), and 5 cm
  const hallLo = Math.max(
    RANGES.hall[0],
    Math.ceil((2 * need.R + 0.05 + INNER + RACK_DEPTH + 0.02) / 0.05 - 1e-9) * 0.05,
  );
  if (hallLo > RANGES.hall[1] + 1e-9)
    throw new Error(
      `a robot keeping ${need.R.toFixed(2)} m about its centre needs a ${hallLo.toFixed(2)} m hallway; a flat's is at most ${RANGES.hall[1]} m`,
    );
  const H = draw05(s, hallLo, RANGES.hall[1]);
  const Dn = draw05(s, RANGES.nightDepth[0], RANGES.nightDepth[1]);
  const Y = round4(Ds + H + Dn);
  const kitchen = draw05(s, RANGES.kitchen[0], Math.min(RANGES.kitchen[1], L - RANGES.living));
  const bath = draw05(
    s,
    Math.max(RANGES.bathroom[0], L - RANGES.bedroom[1] - RANGES.study[1]),
    Math.min(RANGES.bathroom[1], L - RANGES.bedroom[0] - RANGES.study[0]),
  );
  const bedLo = Math.max(RANGES.bedroom[0], L - bath - RANGES.study[1]);
  const bedHi = Math.min(RANGES.bedroom[1], L - bath - RANGES.study[0]);
  if (bedHi < bedLo - 1e-9) throw new Error(`no bedroom width fits a ${L} m flat`);
  const bed = draw05(s, bedLo, bedHi);
  const widths: Record<RoomType, number> = {
    living: round4(L - kitchen),
    kitchen,
    bedroom: bed,
    bathroom: bath,
    study: round4(L - bath - bed),
  };
  const south: RoomType[] = s.shuffle(['living', 'kitchen'] as RoomType[]);
  const north: RoomType[] = s.shuffle(['bedroom', 'bathroom', 'study'] as RoomType[]);
  const rooms: Room[] = [];
  const row = (types: RoomType[], side: 'south' | 'north') => {
    let x = 0;
    for (const type of types) {
      const x0 = x;
      const x1 = round4(x + widths[type]);
      x = x1;
      const fx0 = x0 + (x0 === 0 ? OUTER : INNER) / 2;
      const fx1 = x1 - (Math.abs(x1 - L) < 1e-9 ? OUTER : INNER) / 2;
      const hallFace = side === 'south' ? Ds - INNER / 2 : Ds + H + INNER / 2;
      const farFace = side === 'south' ? OUTER / 2 : Y - OUTER / 2;
      rooms.push({
        type,
        id: ROOM_NAMES[type].id,
        side,
        x0,
        x1,
        fx0,
        fx1,
        hallFace,
        farFace,
        W: round4(fx1 - fx0),
        D: round4(Math.abs(farFace - hallFace)),
      });
    }
  };
  row(south, 'south');
  row(north, 'north');
  return { L, Ds, H, Dn, Y, rooms };
}

// ------------------------------------------------------------------ building a room

/** Everything the generator writes, in the canonical frame (turned at the end). */
interface Out {
  fixed: Obj[];
  things: Obj[];
  sites: Obj[];
  /** openings by wall: the hallway walls, the outer walls */
  openings: Record<string, Obj[]>;
  doors: Obj[];
  /** what stands on the floor, by room (furniture footprints, door swings, walkways): where nothing else may go */
  taken: Map<string, Box[]>;
  /** the ways between the sites, by room (loose things keep off them; a cord may lie along their walls) */
  ways: Map<string, Box[]>;
  /** the furniture's footprints alone, by room */
  solid: Map<string, Box[]>;
  /** colour and kind pairs already used: a thing's name is its colour and kind */
  names: Set<string>;
}

interface Piece {
  id: string;
  kind: string;
  size: [number, number, number];
  u: number;
  v: number;
  yaw: number;
  material: string;
  surface?: number;
  shelves?: number[];
  asset?: Obj;
}

/** A way the robots and people take between the sites: kept clear of loose things, not of cords along its walls. */
function way(out: Out, room: string, b: Box): void {
  out.ways.set(room, [...(out.ways.get(room) ?? []), b]);
}

function take(out: Out, room: string, b: Box): void {
  const list = out.taken.get(room) ?? [];
  list.push(b);
  out.taken.set(room, list);
}

/** A box of the room's frame as a canonical rectangle. */
function localBox(r: Room, u0: number, v0: number, u1: number, v1: number): Box {
  const a = toWorld(r, u0, v0);
  const b = toWorld(r, u1, v1);
  return { x0: Math.min(a[0], b[0]), y0: Math.min(a[1], b[1]), x1: Math.max(a[0], b[0]), y1: Math.max(a[1], b[1]) };
}

function place(out: Out, r: Room, p: Piece): Obj {
  const [x, y] = toWorld(r, p.u, p.v);
  const yaw = turnOf(r, p.yaw);
  const [ex, ey] = turned(p.size[0], p.size[1], yaw);
  const f: Obj = {
    id: p.id,
    kind: p.kind,
    shape: 'box',
    center: [round4(x), round4(y)],
    size: p.size,
    ...(yaw !== 0 ? { yaw } : {}),
    material: p.material,
    ...(p.surface !== undefined ? { surface: p.surface } : {}),
    ...(p.shelves ? { shelves: p.shelves } : {}),
    ...(p.asset ? { asset: p.asset } : {}),
  };
  out.fixed.push(f);
  const box = { x0: x - ex / 2, y0: y - ey / 2, x1: x + ex / 2, y1: y + ey / 2 };
  take(out, r.id, box);
  out.solid.set(r.id, [...(out.solid.get(r.id) ?? []), box]);
  return f;
}

function site(out: Out, r: Room, id: string, role: string, u: number, v: number, heading: number, extra: Obj): void {
  const [x, y] = toWorld(r, u, v);
  out.sites.push({ id, role, position: [round4(x), round4(y)], heading: turnOf(r, heading), ...extra });
}

/** The door or passage of a room in its hallway wall, from u0 (its left edge) `width` wide; its swing kept clear. */
function entrance(out: Out, r: Room, u0: number, width: number, door: boolean): void {
  const wall = r.side === 'south' ? 'wall_hall_south' : 'wall_hall_north';
  const id = `${r.id}_${door ? 'door' : 'passage'}`;
  // the walls run west to east: a north room's left is the wall's start, a south room's its end
  const offset = r.side === 'north' ? r.fx0 + u0 : r.fx1 - u0 - width;
  out.openings[wall].push({ id, offset: round4(offset), width, height: door ? 2.05 : 2.1 });
  if (door)
    out.doors.push({
      id,
      wall,
      opening: id,
      hinge: r.side === 'north' ? 'start' : 'end',
      swing: r.side === 'north' ? 'left' : 'right',
      states: ['open', 'ajar', 'closed'],
      initial: 'open',
      material: 'door_wood',
    });
  // the swing (or the walkway through a passage) and the way in, on the room's side, and the hallway before it
  take(out, r.id, localBox(r, u0 - 0.1, 0, u0 + width + 0.1, width + 0.2));
  const [hy0, hy1] = r.side === 'south' ? [r.hallFace, r.hallFace + 2] : [r.hallFace - 2, r.hallFace];
  take(out, 'hallway', { x0: offset - 0.15, y0: hy0, x1: offset + width + 0.15, y1: hy1 });
}

/** A window in the room's outer wall from u0 to u1 (in the room's frame). */
function window(out: Out, r: Room, u0: number, u1: number, sill: number): void {
  const wall = r.side === 'south' ? 'wall_south' : 'wall_north';
  const offset = r.side === 'north' ? r.fx0 + u0 : r.fx1 - u1;
  out.openings[wall].push({ id: `${r.id}_window`, offset: round4(offset), width: round4(u1 - u0), height: 2.1, sill });
}

// ------------------------------------------------------------------ things

interface ThingKind {
  kind: string;
  shape: 'box' | 'cylinder' | 'sphere';
  size: [number, number, number];
  colours: readonly string[];
  material?: string;
  lookalike_group?: string;
  extra?: Obj;
}

const K = {
  router: { kind: 'router', shape: 'box', size: [0.22, 0.15, 0.04], colours: ['white', 'black'] },
  speaker: { kind: 'speaker', shape: 'cylinder', size: [0.12, 0.12, 0.2], colours: ['black', 'grey', 'white'] },
  frame: {
    kind: 'picture_frame',
    shape: 'box',
    size: [0.22, 0.03, 0.18],
    colours: ['brown', 'black'],
    material: 'walnut',
  },
  remote: { kind: 'remote', shape: 'box', size: [0.18, 0.05, 0.025], colours: ['grey', 'black', 'white'] },
  plate: {
    kind: 'plate',
    shape: 'cylinder',
    size: [0.24, 0.24, 0.02],
    colours: ['green', 'white', 'blue', 'yellow'],
    material: 'ceramic',
  },
  bowl: {
    kind: 'bowl',
    shape: 'cylinder',
    size: [0.16, 0.16, 0.07],
    colours: ['blue', 'red', 'white', 'green'],
    material: 'ceramic',
  },
  mug: {
    kind: 'mug',
    shape: 'cylinder',
    size: [0.09, 0.09, 0.1],
    colours: ['orange', 'red', 'yellow', 'blue', 'white'],
    material: 'ceramic',
  },
  clothes: {
    kind: 'folded_clothes',
    shape: 'box',
    size: [0.3, 0.25, 0.08],
    colours: ['grey', 'red', 'blue', 'beige'],
    material: 'towel',
    lookalike_group: 'towel_clothes',
  },
  towel: {
    kind: 'towel',
    shape: 'box',
    size: [0.3, 0.22, 0.05],
    colours: ['white', 'blue', 'beige', 'green'],
    material: 'towel',
    lookalike_group: 'towel_clothes',
  },
  lamp: {
    kind: 'lamp',
    shape: 'cylinder',
    size: [0.25, 0.25, 0.45],
    colours: ['beige', 'white'],
    material: 'bag_fabric',
    extra: { light_furniture: true },
  },
  books: {
    kind: 'books',
    shape: 'box',
    size: [0.3, 0.25, 0.25],
    colours: ['red', 'blue', 'green'],
    material: 'cardboard',
  },
  shoes: { kind: 'shoes', shape: 'box', size: [0.3, 0.2, 0.1], colours: ['black', 'white', 'brown'] },
  laptop: { kind: 'laptop', shape: 'box', size: [0.33, 0.23, 0.02], colours: ['grey', 'black'], material: 'steel' },
  bag: {
    kind: 'bag',
    shape: 'box',
    size: [0.4, 0.2, 0.3],
    colours: ['brown', 'blue', 'green', 'black', 'red'],
    material: 'bag_fabric',
    lookalike_group: 'bag_box',
  },
  box: {
    kind: 'box',
    shape: 'box',
    size: [0.4, 0.3, 0.3],
    colours: ['brown', 'white'],
    material: 'cardboard',
    lookalike_group: 'bag_box',
  },
  pile: {
    kind: 'clothes_pile',
    shape: 'box',
    size: [0.45, 0.35, 0.15],
    colours: ['grey', 'red', 'blue', 'beige'],
    material: 'towel',
    extra: { brush_catchable: true },
  },
  ball: { kind: 'ball', shape: 'sphere', size: [0.2, 0.2, 0.2], colours: ['yellow', 'orange', 'red', 'blue'] },
  truck: { kind: 'toy_truck', shape: 'box', size: [0.3, 0.15, 0.15], colours: ['red', 'yellow', 'blue'] },
  sneakers: { kind: 'shoes', shape: 'box', size: [0.3, 0.2, 0.1], colours: ['white', 'black', 'red'] },
  basket: { kind: 'laundry_basket', shape: 'cylinder', size: [0.45, 0.45, 0.35], colours: ['white', 'grey', 'blue'] },
  floorTowel: {
    kind: 'towel',
    shape: 'box',
    size: [0.3, 0.25, 0.06],
    colours: ['blue', 'white', 'beige', 'green'],
    material: 'towel',
    lookalike_group: 'towel_clothes',
    extra: { brush_catchable: true },
  },
} as const satisfies Record<string, ThingKind>;

/** A colour for a kind not yet taken by another thing of that kind; its id is colour_kind. */
function named(s: Stream, out: Out, k: ThingKind): { id: string; colour: string } {
  const free = k.colours.filter((c) => !out.names.has(`${c}/${k.kind}`));
  const colour = s.pick(free.length ? free : k.colours);
  out.names.add(`${colour}/${k.kind}`);
  let id = `${colour}_${k.kind}`;
  for (let n = 2; out.things.some((t) => t.id === id); n++) id = `${colour}_${k.kind}_${n}`;
  return { id, colour };
}

function thingObj(k: ThingKind, id: string, colour: string, restsOn: string, at: XY, yaw: number, extra?: Obj): Obj {
  return {
    id,
    kind: k.kind,
    colour,
    shape: k.shape,
    size: k.size,
    ...('material' in k && k.material ? { material: k.material } : {}),
    rests_on: restsOn,
    position: { x: round4(at[0]), y: round4(at[1]), ...(yaw ? { yaw: norm(yaw) } : {}) },
    ...(k.lookalike_group ? { lookalike_group: k.lookalike_group } : {}),
    ...k.extra,
    ...extra,
  };
}

/**
 * Things on a fixed piece's top: its usable rectangle (surfaceRect) cut into as many cells along its length as
 * there are things, each thing in its cell, turned a quarter where only that fits. Returns their poses.
 */
function onTop(s: Stream, f: Obj, kinds: readonly ThingKind[]): ({ at: XY; yaw: number; across: XY } | undefined)[] {
  const sr = surfaceRect(Fixed.parse(f));
  const [L, W] = sr.size;
  const n = kinds.length;
  const cellL = L / n - 0.04;
  const room = W - 0.02;
  const t = (sr.yaw * Math.PI) / 180;
  return kinds.map((k, i) => {
    const [l, w] = k.size;
    const turn = l <= cellL && w <= room ? 0 : w <= cellL && l <= room ? 90 : undefined;
    if (turn === undefined) return undefined;
    const along = turn === 0 ? l : w;
    const across = turn === 0 ? w : l;
    const a = -L / 2 + (i + 0.5) * (L / n) + s.uniform(-0.5, 0.5) * Math.max(0, (cellL - along) / 2);
    const b = s.uniform(-0.5, 0.5) * Math.max(0, (room - across) / 2);
    return {
      at: [
        round4(sr.center[0] + a * Math.cos(t) - b * Math.sin(t)),
        round4(sr.center[1] + a * Math.sin(t) + b * Math.cos(t)),
      ],
      yaw: norm(sr.yaw + turn),
      /** the unit vector across the top, towards its middle from this thing */
      across: (b > 0 ? [Math.sin(t), -Math.cos(t)] : [-Math.sin(t), Math.cos(t)]) as XY,
    };
  });
}

function putOn(s: Stream, out: Out, f: Obj, kinds: readonly ThingKind[], extras: (Obj | undefined)[] = []): Obj[] {
  const poses = onTop(s, f, kinds);
  return kinds.map((k, i) => {
    const q = poses[i];
    if (!q) throw new Error(`a ${k.kind} does not fit on ${String(f.id)}`);
    const { id, colour } = named(s, out, k);
    const t = thingObj(k, id, colour, String(f.id), q.at, q.yaw, extras[i]);
    out.things.push(t);
    return t;
  });
}

/** A free spot on a room's open floor for something of half extents (hx, hy), clear of what is taken there. */
function freeSpot(s: Stream, out: Out, area: Box, roomId: string, hx: number, hy: number, gap = 0.08): XY {
  const at = maybeSpot(s, out, area, roomId, hx, hy, gap);
  if (!at) throw new Error(`no free floor in ${roomId} for a ${(2 * hx).toFixed(2)} x ${(2 * hy).toFixed(2)} m thing`);
  return at;
}

/** As freeSpot; undefined where there is none. */
function maybeSpot(
  s: Stream,
  out: Out,
  area: Box,
  roomId: string,
  hx: number,
  hy: number,
  gap: number,
): XY | undefined {
  const taken = [...(out.taken.get(roomId) ?? []), ...(out.ways.get(roomId) ?? [])];
  for (let k = 0; k < 400; k++) {
    const x = r2(s.uniform(area.x0 + hx, area.x1 - hx));
    const y = r2(s.uniform(area.y0 + hy, area.y1 - hy));
    const b = { x0: x - hx, y0: y - hy, x1: x + hx, y1: y + hy };
    if (taken.some((t) => overlaps(inflate(t, gap), b))) continue;
    take(out, roomId, b);
    return [x, y];
  }
  return undefined;
}

/** The yaw whose frame runs along a wall with its +y into the room, by the wall's side of the room. */
const INWARD = { south: 0, north: 180, west: -90, east: 90 } as const;
type Side = keyof typeof INWARD;

/**
 * A spot along a wall of a room (`area`: its interior faces) for something `along` long and `depth` deep, `inset`
 * off the wall's face, clear of what is taken in the room and leaving a lane of `lane` between it and any furniture
 * across from it (a thing left by the wall never pinches a way). Its origin is the start of the run along the wall
 * in the wall's frame (INWARD), its box the canonical rectangle it covers; undefined where none is found.
 */
function wallSpot(
  s: Stream,
  out: Out,
  area: Box,
  roomId: string,
  along: number,
  depth: number,
  inset: number,
  lane: number,
  sides: readonly Side[] = ['south', 'north', 'west', 'east'],
  onWays = false,
): { origin: XY; yaw: number; box: Box } | undefined {
  const taken = [...(out.taken.get(roomId) ?? []), ...(onWays ? [] : (out.ways.get(roomId) ?? []))];
  const solid = out.solid.get(roomId) ?? [];
  for (let k = 0; k < 400; k++) {
    const side = s.pick(sides);
    const len = side === 'south' || side === 'north' ? area.x1 - area.x0 : area.y1 - area.y0;
    if (len < along + 0.2) continue;
    const t = r2(s.uniform(0.1, len - along - 0.1));
    let origin: XY;
    let box: Box;
    let reach: Box;
    if (side === 'south') {
      origin = [area.x0 + t, area.y0 + inset];
      box = { x0: origin[0], y0: origin[1], x1: origin[0] + along, y1: origin[1] + depth };
      reach = { ...box, y0: box.y1, y1: box.y1 + lane };
    } else if (side === 'north') {
      origin = [area.x0 + t + along, area.y1 - inset];
      box = { x0: origin[0] - along, y0: origin[1] - depth, x1: origin[0], y1: origin[1] };
      reach = { ...box, y0: box.y0 - lane, y1: box.y0 };
    } else if (side === 'west') {
      origin = [area.x0 + inset, area.y0 + t + along];
      box = { x0: origin[0], y0: origin[1] - along, x1: origin[0] + depth, y1: origin[1] };
      reach = { ...box, x0: box.x1, x1: box.x1 + lane };
    } else {
      origin = [area.x1 - inset, area.y0 + t];
      box = { x0: origin[0] - depth, y0: origin[1], x1: origin[0], y1: origin[1] + along };
      reach = { ...box, x0: box.x0 - lane, x1: box.x0 };
    }
    if (taken.some((x) => overlaps(inflate(x, 0.08), box))) continue;
    if (solid.some((x) => overlaps(x, reach))) continue;
    take(out, roomId, box);
    return { origin: [round4(origin[0]), round4(origin[1])], yaw: INWARD[side], box };
  }
  return undefined;
}

/** A loose thing left by a wall of a room (the script draws where it lies each day; this is its first spot). */
function floorThing(s: Stream, out: Out, area: Box, roomId: string, k: ThingKind, lane: number, extra: Obj = {}): Obj {
  const [l, w] = k.size;
  const spot = wallSpot(s, out, area, roomId, l, w, r2(s.uniform(0.05, 0.2)), lane);
  if (!spot) throw new Error(`no free stretch of wall in ${roomId} for a ${k.kind}`);
  const at: XY = [round4((spot.box.x0 + spot.box.x1) / 2), round4((spot.box.y0 + spot.box.y1) / 2)];
  const { id, colour } = named(s, out, k);
  const t = thingObj(k, id, colour, 'floor', at, k.shape === 'box' ? spot.yaw : 0, { loose: true, ...extra });
  out.things.push(t);
  return t;
}

/**
 * A cord along a wall of a room, as from a socket to what it feeds: a straight run close to the wall's face, in
 * a room sometimes bent once into the room. None where no stretch of wall is free.
 */
function cord(s: Stream, out: Out, area: Box, roomId: string, n: number, lane: number, sides?: readonly Side[]): void {
  const a = r2(s.uniform(0.4, 1.0));
  let b = !sides && s.coin(0.5) ? r2(s.uniform(0.2, 0.5)) : 0;
  const inset = r2(s.uniform(0.04, 0.12));
  // a straight cord may lie along a way's wall; one bent into the room keeps off the ways (else it lies straight)
  let spot = wallSpot(s, out, area, roomId, a, b + 0.02, inset, lane, sides, b === 0);
  if (!spot && b > 0) {
    b = 0;
    spot = wallSpot(s, out, area, roomId, a, 0.02, inset, lane, sides, true);
  }
  if (!spot) return;
  const pts: XY[] = b
    ? [
        [0, 0],
        [a, 0],
        [a, b],
      ]
    : [
        [0, 0],
        [a, 0],
      ];
  out.things.push({
    id: `cord_${roomId}_${n}`,
    kind: 'cord',
    colour: s.pick(['black', 'white', 'grey']),
    shape: 'cord',
    size: [round4(a + b), 0.012, 0.01],
    material: 'cable',
    rests_on: 'floor',
    position: { x: spot.origin[0], y: spot.origin[1], ...(spot.yaw ? { yaw: spot.yaw } : {}) },
    path: pts,
    hazard: true,
    brush_catchable: true,
  });
}

/** A room's interior in the canonical frame, inset by d. */
function interior(r: Room, d = 0): Box {
  const y0 = Math.min(r.hallFace, r.farFace);
  const y1 = Math.max(r.hallFace, r.farFace);
  return { x0: r.fx0 + d, y0: y0 + d, x1: r.fx1 - d, y1: y1 - d };
}

// ------------------------------------------------------------------ the kits

interface KitCtx {
  s: Stream;
  out: Out;
  need: Needs;
  seed: () => number;
}

/**
 * The living room: a tv console against the outer wall, a couch facing it (its back to the hallway wall), a coffee
 * table between with the tv console's site beyond it, a side table beside the couch, the helper's parking across
 * the room by the right wall, the passage from the hallway at the room's right, a bookcase on the right wall, a floor
 * lamp in the far left corner.
 */
function living(c: KitCtx, r: Room): void {
  const { s, out } = c;
  const { W, D } = r;
  const passage = 1.2;
  entrance(out, r, W - 0.3 - passage, passage, false);
  const gx = draw05(s, 1.35, Math.min(2.2, W - 4.4));
  const couchV = 0.09 + 0.55;
  const seats = s.pick([3, 3, 2]);
  const couchL = seats === 3 ? 2.4 : 2.0;
  const console = place(out, r, {
    id: 'tv_console',
    kind: 'tv_console',
    size: [1.6, 0.4, 1.3],
    u: gx,
    v: D - 0.22,
    yaw: FRONT.hall,
    material: 'walnut',
    surface: 0.5,
    asset: { kind: 'tv_console', seed: c.seed(), layout: s.pick(['drawers', 'doors', 'mixed']), stand: 'pedestal' },
  });
  const couch = place(out, r, {
    id: 'couch_seat',
    kind: 'couch',
    size: [couchL, 1.1, 0.85],
    u: gx,
    v: couchV,
    yaw: FRONT.far,
    material: 'couch_fabric',
    surface: 0.42,
    asset: {
      kind: 'couch',
      seed: c.seed(),
      seats,
      arms: s.pick(['square', 'rolled', 'slim']),
      legs: 'wood',
      back: 'cushions',
    },
  });
  const ctV = couchV + 0.55 + 0.575 + 0.275;
  const coffee = place(out, r, {
    id: 'coffee_table',
    kind: 'table',
    size: [1.0, 0.55, 0.42],
    u: gx,
    v: ctV,
    yaw: FRONT.hall,
    material: 'birch',
    surface: 0.42,
    asset: { kind: 'table', seed: c.seed(), variant: 'coffee', top: 'rect', base: 'legs', shelf: s.coin(0.5) },
  });
  const sideU = gx + couchL / 2 + 0.05 + 0.25;
  const side = place(out, r, {
    id: 'side_table',
    kind: 'table',
    size: [0.5, 0.5, 0.55],
    u: sideU,
    v: couchV,
    yaw: FRONT.hall,
    material: 'walnut',
    surface: 0.55,
    asset: { kind: 'table', seed: c.seed(), variant: 'side', top: 'round', base: 'pedestal' },
  });
  place(out, r, {
    id: 'living_shelf',
    kind: 'shelving',
    size: [1.2, 0.35, 1.8],
    u: W - 0.245,
    v: D - 0.75,
    yaw: 90,
    material: 'walnut',
    shelves: [0.4, 0.8, 1.2, 1.6],
  });
  // the sites: before the console beyond the coffee table, beside the coffee table, and the parking across the room
  // by the right wall, facing the couch over open floor (as apartment_a's: a script keeps loose things a metre off
  // every site, so parking beside the couch left no floor near the helper's routes where a thing could lie)
  const siteV = (ctV + 0.275 + D - 0.42) / 2;
  site(out, r, 'tv_console', 'pick_surface', gx, round4(siteV), HEAD.far, {
    fixed: 'tv_console',
    name: 'the tv console',
  });
  const ctU = gx + 0.5 + 0.55;
  site(out, r, 'coffee_table', 'place_surface', ctU, ctV, HEAD.left, {
    fixed: 'coffee_table',
    name: 'the coffee table',
  });
  // between the passage's walkway and the bookcase's end, clear of the right wall by the helper's lane
  const lane = c.need.R;
  const parkU = W - 0.25 - lane;
  const parkV = round4((1.3 + D - 1.35 - 0.05 - lane) / 2);
  site(out, r, 'helper_parking', 'parking', parkU, parkV, HEAD.left, { name: 'the parking spot' });
  // the ways between them kept clear of what lies about: from the passage up the right wall to the parking, across
  // to the coffee table's site, and round the coffee table's end to the console's
  way(out, r.id, localBox(r, Math.min(W - 0.3 - passage, parkU - lane), 0, W - 0.25, parkV + lane));
  way(out, r.id, localBox(r, ctU - lane, Math.min(ctV, parkV) - lane, W - 0.25, Math.max(ctV, parkV) + lane));
  way(out, r.id, localBox(r, ctU - lane, ctV, ctU + lane, siteV + lane));
  way(out, r.id, localBox(r, gx - lane, siteV - lane, ctU + lane, siteV + lane));
  // a window in the outer wall right of the console, else left of it
  const w0 = gx + 1.0;
  const w1 = Math.min(gx + 2.8, W - 0.6);
  if (w1 - w0 >= 0.9) window(out, r, round4(w0), round4(w1), 0.9);
  else window(out, r, 0.3, round4(gx - 1.0), 0.9);

  // things
  // on the console a speaker and a picture frame, and between them the remote that belongs on the coffee table,
  // left there today (the helper's return_to_spot); its spot on the coffee table beside the other remote
  const cp = onTop(s, console, [K.speaker, K.remote, K.frame]);
  const tp = onTop(s, coffee, [K.plate, K.remote, K.bowl]);
  [K.speaker, K.frame].forEach((k, i) => {
    const q = cp[i * 2];
    if (!q) return; // a speaker wider than the top before the tv's stand
    const n = named(s, out, k);
    out.things.push(thingObj(k, n.id, n.colour, 'tv_console', q.at, q.yaw));
  });
  [K.plate, K.remote, K.bowl].forEach((k, i) => {
    const n = named(s, out, k);
    const q = tp[i]!;
    out.things.push(thingObj(k, n.id, n.colour, 'coffee_table', q.at, q.yaw));
  });
  const away = named(s, out, K.remote);
  const home = tp[1]!;
  out.things.push(
    thingObj(K.remote, away.id, away.colour, 'tv_console', cp[1]!.at, cp[1]!.yaw, {
      home: {
        rests_on: 'coffee_table',
        x: round4(home.at[0] + 0.12 * home.across[0]),
        y: round4(home.at[1] + 0.12 * home.across[1]),
        yaw: home.yaw,
      },
    }),
  );
  // the router on the bookcase's lowest board, where a vacuum sees it too
  const router = named(s, out, K.router);
  out.things.push(
    thingObj(K.router, router.id, router.colour, 'living_shelf', toWorld(r, W - 0.245, D - 0.45), 90, { level: 0 }),
  );
  putOn(s, out, couch, [K.clothes]);
  putOn(s, out, side, [K.lamp]);
  const books = named(s, out, K.books);
  out.things.push(
    thingObj(K.books, books.id, books.colour, 'living_shelf', toWorld(r, W - 0.245, D - 0.95), 0, { level: 1 }),
  );
  const lamp = named(s, out, { ...K.lamp, kind: 'floor_lamp', colours: ['black', 'white'] });
  const lampAt = toWorld(r, 0.3, D - 0.3);
  out.things.push({
    id: lamp.id,
    kind: 'floor_lamp',
    colour: lamp.colour,
    shape: 'cylinder',
    size: [0.3, 0.3, 1.6],
    rests_on: 'floor',
    position: { x: round4(lampAt[0]), y: round4(lampAt[1]) },
    light_furniture: true,
  });
  take(out, r.id, localBox(r, 0.15, D - 0.45, 0.45, D - 0.15));
}

/**
 * The kitchen: a fridge and a run of base cabinets with the sink along the outer wall, a second run with the hob
 * along the right wall, a dining table with four chairs facing it in the room's middle (clear of the passage at
 * the left and a walkway before the cabinets), its site at the table's left, the counter's before the sink run.
 */
function kitchen(c: KitCtx, r: Room): void {
  const { s, out } = c;
  const { W, D } = r;
  const passage = 1.0;
  entrance(out, r, 0.35, passage, false);
  const fronts = s.pick(['lacquer_white', 'lacquer_grey', 'wood_light', 'wood_dark']);
  const handle = s.pick(['bar', 'knob']);
  const cseed = c.seed();
  const fridgeU = 0.02 + 0.35;
  const runL = round4(Math.min(3.4, W - 0.6 - 0.77));
  const run0 = W - 0.6 - runL;
  const fridgeAt = Math.min(fridgeU, run0 - 0.05 - 0.35);
  place(out, r, {
    id: 'fridge',
    kind: 'fridge',
    size: [0.7, 0.7, 1.9],
    u: round4(fridgeAt),
    v: D - 0.37,
    yaw: FRONT.hall,
    material: 'appliance_white',
    asset: { kind: 'fridge', seed: c.seed(), doors: 2, freezer: s.pick(['bottom', 'top']), handle_side: 'left' },
  });
  const far = place(out, r, {
    id: 'counter_sink',
    kind: 'counter',
    size: [runL, 0.6, 1.2],
    u: round4(run0 + runL / 2),
    v: D - 0.3,
    yaw: FRONT.hall,
    material: 'worktop',
    surface: 0.9,
    asset: { kind: 'counter', seed: cseed, sink: 'left', hob: 'none', fronts, handle, plinth: 0.09 },
  });
  const sideL = round4(Math.min(2.1, D - 0.6 - 1.5));
  const side = place(out, r, {
    id: 'counter_hob',
    kind: 'counter',
    size: [sideL, 0.6, 0.92],
    u: W - 0.3,
    v: round4(D - 0.6 - sideL / 2),
    yaw: FRONT.left,
    material: 'worktop',
    surface: 0.9,
    asset: { kind: 'counter', seed: cseed, sink: 'none', hob: 'right', fronts, handle, plinth: 0.09 },
  });
  const tv = D - 0.6 - 0.9 - 0.92;
  const tu = round4((2.16 + W - 2.08) / 2);
  const table = place(out, r, {
    id: 'dining_table',
    kind: 'table',
    size: [1.2, 0.8, 0.75],
    u: tu,
    v: tv,
    yaw: FRONT.hall,
    material: 'birch',
    surface: 0.75,
    asset: {
      kind: 'table',
      seed: c.seed(),
      variant: 'dining',
      top: 'rect',
      base: 'legs',
      legs: s.pick(['square', 'tapered', 'round']),
      apron: true,
    },
  });
  const chair = {
    kind: 'dining_chair',
    seed: c.seed(),
    back: s.pick(['slats', 'panel', 'rails']),
    legs: 'square',
    seat: 'cushion',
    apron: true,
  };
  [
    [-0.4, -0.71, FRONT.far],
    [0.4, -0.71, FRONT.far],
    [-0.4, 0.71, FRONT.hall],
    [0.4, 0.71, FRONT.hall],
  ].forEach(([du, dv, yaw], k) =>
    place(out, r, {
      id: `chair_${k + 1}`,
      kind: 'chair',
      size: [0.42, 0.42, 0.85],
      u: round4(tu + du),
      v: round4(tv + dv),
      yaw,
      material: 'walnut',
      asset: chair,
    }),
  );
  site(out, r, 'dining_table', 'pick_surface', round4(tu - 0.6 - 0.65), tv, HEAD.right, {
    fixed: 'dining_table',
    name: 'the dining table',
  });
  const cu = round4(run0 + runL / 2);
  site(out, r, 'kitchen_counter', 'pick_surface', cu, D - 0.6 - 0.5, HEAD.far, {
    fixed: 'counter_sink',
    name: 'the kitchen counter',
  });
  way(out, r.id, localBox(r, 0.25, 0, tu - 0.62, tv + c.need.R));
  way(out, r.id, localBox(r, run0, D - 1.5, W - 0.6, D - 0.6));
  window(out, r, round4(cu - 0.5), round4(cu + 0.5), 1.05);
  // things: a bowl on the sink's run, a mug on the hob's, a plate on the table (each on the top clear of sink and hob)
  putOn(s, out, far, [K.bowl]);
  putOn(s, out, side, [K.mug]);
  putOn(s, out, table, [K.plate]);
}

/**
 * The bedroom: the bed's head against the outer wall, a nightstand beside its head with the strip before it for the
 * helper's site, a wardrobe in the far right corner against the right wall, the door at the left.
 */
function bedroom(c: KitCtx, r: Room): void {
  const { s, out } = c;
  const { W, D } = r;
  entrance(out, r, 0.3, 0.9, true);
  const bu = 2.0;
  const bed = place(out, r, {
    id: 'bed',
    kind: 'bed',
    size: [2.08, 1.6, 1.0],
    u: bu,
    v: D - 1.06,
    yaw: -90,
    material: s.pick(['walnut', 'birch']),
    surface: 0.5,
    asset: {
      kind: 'bed',
      seed: c.seed(),
      headboard: s.pick(['panel', 'padded']),
      footboard: false,
      base: s.pick(['legs', 'plinth']),
      pillows: 2,
      duvet: s.pick(['flat', 'folded']),
      bedding: s.pick(['white', 'grey', 'blue', 'sand']),
    },
  });
  place(out, r, {
    id: 'nightstand',
    kind: 'nightstand',
    size: [0.45, 0.4, 0.55],
    u: bu - 0.8 - 0.03 - 0.225,
    v: D - 0.22,
    yaw: FRONT.hall,
    material: 'walnut',
    surface: 0.55,
    asset: {
      kind: 'nightstand',
      seed: c.seed(),
      layout: s.pick(['drawers', 'door', 'niche']),
      base: 'legs',
      handle: 'knob',
    },
  });
  place(out, r, {
    id: 'wardrobe',
    kind: 'wardrobe',
    size: [1.2, 0.6, 2.0],
    u: W - 0.32,
    v: D - 0.65,
    yaw: FRONT.left,
    material: 'birch',
    asset: {
      kind: 'wardrobe',
      seed: c.seed(),
      doors: 2,
      drawers: false,
      base: 'plinth',
      handle: s.pick(['bar', 'knob']),
    },
  });
  site(out, r, 'nightstand', 'place_surface', 0.6, D - 0.95, 60, { fixed: 'nightstand', name: 'the nightstand' });
  way(out, r.id, localBox(r, 0, 0, bu - 0.8, D - 0.42)); // the strip from the door to the nightstand
  window(out, r, round4(bu - 0.6), round4(bu + 0.6), 1.1);
  putOn(s, out, bed, [K.clothes]);
}

/** The bathroom: the bathtub along the outer wall, the sink on the right wall before it, the toilet on the left wall. */
function bathroom(c: KitCtx, r: Room): void {
  const { s, out } = c;
  const { W, D } = r;
  entrance(out, r, 0.3, 0.8, true);
  place(out, r, {
    id: 'bathtub',
    kind: 'bathtub',
    size: [1.7, 0.75, 0.7],
    u: W - 0.02 - 0.85,
    v: D - 0.395,
    yaw: FRONT.hall,
    material: 'ceramic',
    asset: { kind: 'bathtub', seed: c.seed(), tap: 'right' },
  });
  const sink = place(out, r, {
    id: 'sink_cabinet',
    kind: 'sink',
    size: [0.6, 0.45, 1.05],
    u: W - 0.245,
    v: D - 1.22,
    yaw: FRONT.left,
    material: 'ceramic',
    surface: 0.85,
    asset: {
      kind: 'sink',
      seed: c.seed(),
      basin: 'left',
      layout: s.pick(['doors', 'drawers']),
      cabinet: 'lacquer_white',
      base: 'plinth',
      handle: 'bar',
    },
  });
  place(out, r, {
    id: 'toilet',
    kind: 'toilet',
    size: [0.4, 0.65, 0.78],
    u: 0.345,
    v: D - 1.3,
    yaw: FRONT.right,
    material: 'ceramic',
    asset: { kind: 'toilet', seed: c.seed(), seat: s.pick(['body', 'white', 'black']) },
  });
  window(out, r, round4(W / 2 - 0.3), round4(W / 2 + 0.3), 1.4);
  // the towel on the vanity's half away from the basin
  putOn(s, out, sink, [K.towel]);
}

/**
 * The study: a desk against the outer wall, its chair facing it 0.25 m off (a resident sits on it, their hands clear
 * of the desk's apron), a bookcase on the right wall, the door at the left.
 */
function study(c: KitCtx, r: Room): void {
  const { s, out } = c;
  const { W, D } = r;
  entrance(out, r, 0.3, 0.9, true);
  const su = draw05(s, 1.5, W - 1.2);
  const desk = place(out, r, {
    id: 'desk',
    kind: 'desk',
    size: [1.4, 0.7, 0.75],
    u: su,
    v: D - 0.37,
    yaw: FRONT.hall,
    material: 'birch',
    surface: 0.75,
    asset: { kind: 'table', seed: c.seed(), variant: 'dining', top: 'rect', base: 'legs', legs: 'square', apron: true },
  });
  place(out, r, {
    id: 'desk_chair',
    kind: 'chair',
    size: [0.5, 0.5, 0.9],
    u: su,
    v: D - 0.72 - 0.25 - 0.25,
    yaw: FRONT.far,
    material: 'couch_fabric',
    // its seat a resident sits on (the people below)
    surface: 0.44,
    asset: { kind: 'dining_chair', seed: c.seed(), back: 'panel', legs: 'round', seat: 'cushion', apron: false },
  });
  place(out, r, {
    id: 'study_shelf',
    kind: 'shelving',
    size: [1.2, 0.35, 1.8],
    u: W - 0.245,
    v: round4(Math.max(1.4, D / 2 - 0.3)),
    yaw: 90,
    material: 'walnut',
    shelves: [0.4, 0.8, 1.2, 1.6],
  });
  site(out, r, 'study_desk', 'place_surface', round4(su - 0.7 - 0.42), D - 0.55, HEAD.right, {
    fixed: 'desk',
    name: 'the desk',
  });
  way(out, r.id, localBox(r, 0, 0, su - 0.72, D)); // the way from the door to the desk's site
  window(out, r, round4(su - 0.6), round4(su + 0.6), 0.9);
  putOn(s, out, desk, [K.laptop]);
}

const KITS: Record<RoomType, (c: KitCtx, r: Room) => void> = { living, kitchen, bedroom, bathroom, study };

// ------------------------------------------------------------------ the generator

const COLOUR_WORDS = {
  grey: [0.45, 0.45, 0.47],
  black: [0.04, 0.04, 0.045],
  white: [0.86, 0.86, 0.84],
  brown: [0.36, 0.22, 0.12],
  blue: [0.1, 0.22, 0.6],
  green: [0.12, 0.5, 0.18],
  red: [0.65, 0.08, 0.07],
  yellow: [0.85, 0.7, 0.1],
  beige: [0.76, 0.66, 0.5],
  orange: [0.88, 0.4, 0.08],
};

/** The place a seed gives, as YAML, sized for the robot. Throws on a seed `checkSeed` refuses. */
export function generateApartment(seed: string, robot: RobotNeeds): GeneratedPlace {
  checkSeed(seed, (m) => new Error(`seed: ${m}`));
  const draw = (part: string) => stream(seed, 'generate/apartment', part);
  const need = needsOf(robot);
  const id = apartmentId(seed);
  const plan = makePlan(draw('plan'), need);
  const { L, Ds, H, Y } = plan;
  const hy = Ds + H / 2;
  const out: Out = {
    fixed: [],
    things: [],
    sites: [],
    openings: {
      wall_south: [],
      wall_north: [],
      wall_west: [],
      wall_east: [],
      wall_hall_south: [],
      wall_hall_north: [],
    },
    doors: [],
    taken: new Map(),
    solid: new Map(),
    ways: new Map(),
    names: new Set(),
  };
  const as = draw('assets');
  const ks = draw('kits');
  const ctx: KitCtx = { s: ks, out, need, seed: () => as.int(1, 999_999) };
  for (const r of plan.rooms) KITS[r.type](ctx, r);

  // the hallway: the front door at its west end (its leaf opens along the south wall), the vacuum's dock at the
  // east end with its call spot before it, a shoe rack on a free stretch of wall
  const hall: Room = {
    type: 'living',
    id: 'hallway',
    side: 'north',
    x0: 0,
    x1: L,
    fx0: OUTER / 2,
    fx1: L - OUTER / 2,
    hallFace: Ds + INNER / 2,
    farFace: Ds + H - INNER / 2,
    W: L - OUTER,
    D: H - INNER,
  };
  const hs = draw('hallway');
  out.openings.wall_west.push({ id: 'front_door', offset: round4(Ds + 0.12), width: 0.95, height: 2.05 });
  out.doors.push({
    id: 'front_door',
    wall: 'wall_west',
    opening: 'front_door',
    hinge: 'start',
    swing: 'right',
    states: ['open', 'closed'],
    initial: 'closed',
    material: 'door_wood',
  });
  take(out, 'hallway', { x0: 0, y0: Ds, x1: 1.3, y1: Ds + H });
  place(out, hall, {
    id: 'vacuum_dock',
    kind: 'dock',
    size: [0.4, 0.3, 0.12],
    u: L - OUTER - 0.16,
    v: hall.D / 2,
    yaw: -90,
    material: 'appliance_white',
    asset: { kind: 'dock', seed: as.int(1, 999_999), light: true },
  });
  out.sites.push({
    id: 'vacuum_dock',
    role: 'dock',
    position: [round4(L - 0.75), round4(hy)],
    heading: 0,
    fixed: 'vacuum_dock',
    name: 'the dock',
  });
  out.sites.push({
    id: 'vacuum_call',
    role: 'handoff',
    position: [round4(L - 2.4), round4(hy)],
    heading: 180,
    name: 'the call spot',
  });
  take(out, 'hallway', { x0: L - 2.8, y0: Ds, x1: L, y1: Ds + H });
  // the shoe rack: the first stretch of 1.1 m along either hallway wall, east of the front door, clear of openings
  const free = (wall: string, x0: number, x1: number) =>
    out.openings[wall].every((o) => {
      const a = o.offset as number;
      const b = a + (o.width as number);
      return x1 <= a - 0.15 || x0 >= b + 0.15;
    });
  const stretches: { wall: string; x: number }[] = [];
  for (let x = 1.4; x + 1.1 <= L - 3.0; x = round4(x + 0.1))
    for (const wall of ['wall_hall_north', 'wall_hall_south']) if (free(wall, x, x + 1.1)) stretches.push({ wall, x });
  if (!stretches.length) throw new Error('no stretch of hallway wall for the shoe rack');
  const st = hs.pick(stretches.slice(0, 6));
  const north = st.wall === 'wall_hall_north';
  const rackY = north ? Ds + H - INNER / 2 - RACK_DEPTH / 2 - 0.01 : Ds + INNER / 2 + RACK_DEPTH / 2 + 0.01;
  const rackX = round4(st.x + 0.55);
  const rack: Obj = {
    id: 'shoe_rack',
    kind: 'shoe_rack',
    shape: 'box',
    center: [rackX, round4(rackY)],
    size: [0.9, RACK_DEPTH, 0.5],
    ...(north ? {} : { yaw: 180 }),
    material: 'birch',
    surface: 0.5,
    asset: { kind: 'shoe_rack', seed: as.int(1, 999_999), tiers: 2, frame: hs.pick(['board', 'posts']) },
  };
  out.fixed.push(rack);
  take(out, 'hallway', { x0: rackX - 0.55, y0: Ds, x1: rackX + 0.55, y1: Ds + H });
  out.solid.set('hallway', [
    ...(out.solid.get('hallway') ?? []),
    { x0: rackX - 0.45, y0: rackY - 0.16, x1: rackX + 0.45, y1: rackY + 0.16 },
  ]);
  out.sites.push({
    id: 'shoe_rack',
    role: 'place_surface',
    position: [rackX, round4(north ? rackY - 0.16 - 0.55 : rackY + 0.16 + 0.55)],
    heading: north ? 90 : -90,
    fixed: 'shoe_rack',
    name: 'the shoe rack',
  });
  const ts = draw('things');
  putOn(ts, out, rack, [K.shoes]);

  const roomOf = (t: RoomType) => plan.rooms.find((r) => r.type === t)!;
  // people: one resident in the living room at the start, another through the timeline
  const pp = draw('people');
  const tops = ['blue', 'red', 'green', 'yellow', 'grey', 'white'];
  const at = freeSpot(pp, out, interior(roomOf('living'), 0.12), 'living_room', 0.35, 0.35);
  const worn = new Set<string>();
  const people = [
    person(pp, 'resident_1', tops, worn, { x: at[0], y: at[1], heading: 90 * pp.int(-1, 2) }),
    person(pp, 'resident_2', tops, worn),
    person(pp, 'resident_3', tops, worn, deskSeat(out)),
  ];

  // loose things and cords on the open floor of every room (the script draws where each lies each day)
  const inner = (t: RoomType) => interior(roomOf(t));
  const hallIn: Box = { x0: OUTER / 2, y0: Ds + INNER / 2, x1: L - OUTER / 2, y1: Ds + H - INNER / 2 };
  const lane = 2 * need.R + 0.05;
  const fs = draw('floor');
  floorThing(fs, out, inner('living'), 'living_room', K.bag, lane, {
    home: { rests_on: 'shoe_rack', x: round4(rackX + 0.2), y: round4(rackY) },
  });
  floorThing(fs, out, inner('living'), 'living_room', K.box, lane);
  floorThing(fs, out, inner('living'), 'living_room', K.pile, lane);
  floorThing(fs, out, inner('living'), 'living_room', K.ball, lane);
  floorThing(fs, out, inner('living'), 'living_room', K.truck, lane);
  floorThing(fs, out, inner('living'), 'living_room', K.sneakers, lane);
  floorThing(fs, out, inner('bedroom'), 'bedroom', K.pile, lane);
  floorThing(fs, out, inner('bedroom'), 'bedroom', K.basket, lane);
  floorThing(fs, out, inner('bathroom'), 'bathroom', K.floorTowel, lane);
  floorThing(fs, out, inner('study'), 'study', K.box, lane);
  floorThing(fs, out, inner('study'), 'study', K.bag, lane);
  floorThing(fs, out, inner('kitchen'), 'kitchen', K.ball, lane);
  const cs = draw('cords');
  cord(cs, out, inner('living'), 'living_room', 1, lane);
  cord(cs, out, inner('living'), 'living_room', 2, lane);
  cord(cs, out, hallIn, 'hallway', 1, lane, ['south', 'north']);
  cord(cs, out, inner('kitchen'), 'kitchen', 1, lane);
  cord(cs, out, inner('bedroom'), 'bedroom', 1, lane);
  cord(cs, out, inner('study'), 'study', 1, lane);

  // walls: the outer walls and the two hallway walls on the lines, the partitions between the rooms of a row
  const wall = (wid: string, from: XY, to: XY, thickness: number) => ({
    id: wid,
    from: [round4(from[0]), round4(from[1])],
    to: [round4(to[0]), round4(to[1])],
    thickness,
    height: HEIGHT,
    material: 'wall_paint',
    openings: (out.openings[wid] ?? []).sort((a, b) => (a.offset as number) - (b.offset as number)),
  });
  const walls: Obj[] = [
    wall('wall_south', [0, 0], [L, 0], OUTER),
    wall('wall_north', [0, Y], [L, Y], OUTER),
    wall('wall_west', [0, 0], [0, Y], OUTER),
    wall('wall_east', [L, 0], [L, Y], OUTER),
    wall('wall_hall_south', [0, Ds], [L, Ds], INNER),
    wall('wall_hall_north', [0, Ds + H], [L, Ds + H], INNER),
  ];
  for (const side of ['south', 'north'] as const) {
    const row = plan.rooms.filter((r) => r.side === side);
    for (let k = 0; k + 1 < row.length; k++) {
      const x = row[k].x1;
      const [y0, y1] = side === 'south' ? [0, Ds] : [Ds + H, Y];
      walls.push(wall(`wall_${row[k].id}_${row[k + 1].id}`, [x, y0], [x, y1], INNER));
    }
  }

  // rooms, floor areas (every room but the hallway), people areas (every room but the bathroom, touching at the
  // walls' centrelines; legs cross walls only through openings)
  const rect = (x0: number, y0: number, x1: number, y1: number) => [
    [round4(x0), round4(y0)],
    [round4(x1), round4(y0)],
    [round4(x1), round4(y1)],
    [round4(x0), round4(y1)],
  ];
  const roomRect = (r: Room) => (r.side === 'south' ? rect(r.x0, 0, r.x1, Ds) : rect(r.x0, Ds + H, r.x1, Y));
  const rooms = [
    ...plan.rooms.map((r) => ({
      id: r.id,
      name: ROOM_NAMES[r.type].name,
      polygon: roomRect(r),
      floor_material: ROOM_NAMES[r.type].floor,
    })),
    { id: 'hallway', name: 'hallway', polygon: rect(0, Ds, L, Ds + H), floor_material: 'oak_floor' },
  ];
  const floorAreas = plan.rooms.map((r) => ({ id: `${r.id.replace('_room', '')}_floor`, polygon: roomRect(r) }));
  const walkRect = (r: Room) =>
    r.side === 'south'
      ? rect(Math.max(r.x0, 0.1), 0.1, Math.min(r.x1, L - 0.1), Ds)
      : rect(Math.max(r.x0, 0.1), Ds + H, Math.min(r.x1, L - 0.1), Y - 0.1);
  const peopleAreas = [
    { id: 'hallway_walk', polygon: rect(0.1, Ds, L - 0.1, Ds + H) },
    ...plan.rooms
      .filter((r) => r.type !== 'bathroom')
      .map((r) => ({ id: `${r.id.replace('_room', '')}_walk`, polygon: walkRect(r) })),
  ];

  // lights: a ceiling light over every room (two over a long one), the sun and a physical sky
  const ls = draw('lights');
  const items: Obj[] = [
    {
      id: 'sun',
      type: 'sun',
      power: 2.0,
      colour: [1.0, 0.96, 0.88],
      size: 0.6,
      elevation: ls.int(25, 50),
      azimuth: ls.int(-179, 180),
    },
  ];
  for (const r of [...rooms]) {
    const [[x0, y0], , [x1, y1]] = r.polygon as [number, number][];
    const area = (x1 - x0) * (y1 - y0);
    const long = Math.max(x1 - x0, y1 - y0) > 5.5;
    const n = long ? 2 : 1;
    const warm: [number, number, number] = r.id === 'bathroom' ? [1, 1, 1] : [1.0, 0.93, 0.82];
    for (let k = 0; k < n; k++) {
      const f = (k + 0.5) / n;
      const alongX = x1 - x0 >= y1 - y0;
      const px = alongX ? x0 + f * (x1 - x0) : (x0 + x1) / 2;
      const py = alongX ? (y0 + y1) / 2 : y0 + f * (y1 - y0);
      items.push({
        id: n > 1 ? `${r.id}_ceiling_${k + 1}` : `${r.id}_ceiling`,
        type: 'area',
        position: [round4(px), round4(py), 2.55],
        power: Math.round((2.4 * area) / n),
        colour: warm,
        size: 0.5,
      });
    }
  }

  const ms = draw('materials');
  const tint = ms.pick([
    [0.82, 0.8, 0.76],
    [0.86, 0.84, 0.8],
    [0.78, 0.8, 0.8],
    [0.84, 0.8, 0.72],
  ]);
  const fabric = ms.pick([
    [0.25, 0.3, 0.34],
    [0.42, 0.36, 0.3],
    [0.3, 0.34, 0.28],
    [0.45, 0.45, 0.47],
  ]);
  const materials = {
    wall_paint: { colour: tint, roughness: 0.85 },
    ceiling_paint: { colour: [0.9, 0.9, 0.88], roughness: 0.9 },
    oak_floor: {
      colour: [0.55, 0.4, 0.25],
      roughness: 0.55,
      pattern: { kind: 'wood', colour2: [0.45, 0.31, 0.18], scale: 0.15 },
    },
    floor_tiles: {
      colour: [0.78, 0.78, 0.76],
      roughness: 0.35,
      pattern: { kind: 'tiles', colour2: [0.55, 0.55, 0.53], scale: 0.3 },
    },
    bath_tiles: {
      colour: [0.7, 0.78, 0.8],
      roughness: 0.3,
      pattern: { kind: 'tiles', colour2: [0.5, 0.55, 0.58], scale: 0.2 },
    },
    carpet: {
      colour: [0.52, 0.5, 0.46],
      roughness: 0.95,
      pattern: { kind: 'carpet', colour2: [0.46, 0.44, 0.4], scale: 0.02 },
    },
    screed: { colour: [0.5, 0.5, 0.5], roughness: 0.9 },
    door_wood: {
      colour: [0.7, 0.62, 0.5],
      roughness: 0.5,
      pattern: { kind: 'wood', colour2: [0.62, 0.54, 0.42], scale: 0.1 },
    },
    walnut: {
      colour: [0.3, 0.2, 0.13],
      roughness: 0.45,
      pattern: { kind: 'wood', colour2: [0.24, 0.15, 0.09], scale: 0.08 },
    },
    birch: {
      colour: [0.78, 0.68, 0.52],
      roughness: 0.5,
      pattern: { kind: 'wood', colour2: [0.7, 0.6, 0.45], scale: 0.08 },
    },
    couch_fabric: {
      colour: fabric,
      roughness: 0.95,
      pattern: { kind: 'fabric', colour2: fabric.map((x) => round4(x * 0.85)), scale: 0.01 },
    },
    steel: { colour: [0.62, 0.63, 0.65], roughness: 0.3, metallic: 1 },
    appliance_white: { colour: [0.9, 0.9, 0.9], roughness: 0.25 },
    worktop: {
      colour: [0.35, 0.36, 0.37],
      roughness: 0.3,
      pattern: { kind: 'concrete', colour2: [0.3, 0.31, 0.32], scale: 0.5 },
    },
    ceramic: { colour: [0.93, 0.93, 0.93], roughness: 0.15 },
    cardboard: {
      colour: [0.6, 0.45, 0.3],
      roughness: 0.8,
      pattern: { kind: 'fabric', colour2: [0.55, 0.41, 0.27], scale: 0.005 },
    },
    bag_fabric: {
      colour: [0.5, 0.5, 0.5],
      roughness: 0.8,
      pattern: { kind: 'fabric', colour2: [0.45, 0.45, 0.45], scale: 0.008 },
    },
    towel: {
      colour: [0.9, 0.9, 0.9],
      roughness: 1.0,
      pattern: { kind: 'fabric', colour2: [0.82, 0.82, 0.82], scale: 0.004 },
    },
    cable: { colour: [0.1, 0.1, 0.1], roughness: 0.4 },
  };

  const order = (t: RoomType) =>
    plan.rooms.filter((r) => r.side === roomOf(t).side).map((r) => ROOM_NAMES[r.type].name);
  const raw = {
    id,
    kind: 'apartment',
    name: `generated flat: ${order('living').join(' and ')} across the hallway from ${order('bedroom').join(', ')}`,
    bounds: { x_min: -OUTER, x_max: round4(L + OUTER), y_min: -OUTER, y_max: round4(Y + OUTER) },
    colour_words: COLOUR_WORDS,
    materials,
    floor: { material: 'screed', thickness: 0.05, per_room: true },
    ceiling: { height: HEIGHT, material: 'ceiling_paint', thickness: 0.12 },
    walls,
    doors: out.doors,
    rooms,
    fixed: out.fixed,
    things: out.things,
    people,
    floor_areas: floorAreas,
    people_areas: peopleAreas,
    lights: { world: { colour: [0.78, 0.85, 0.95], strength: 0.45, sky: 'physical' }, items },
    sites: out.sites,
    credits: {
      statement: `All geometry and materials are procedural, generated by layouts/generate/apartment.ts from the seed in this file's header; no third-party assets.`,
      assets: [],
    },
  };
  const quarter = draw('turn').int(0, 3);
  const turnedPlace = turnPlace(raw, quarter, L, Y);
  const header = [
    `${id}: generated by layouts/generate/apartment.ts, generator version ${APARTMENT_GENERATOR_VERSION}, seed ${JSON.stringify(seed)}.`,
    `Generated: do not edit by hand; \`stbench place new --kind apartment --seed <the seed> --out DIR\` writes these bytes again.`,
    `${L.toFixed(2)} m x ${Y.toFixed(2)} m inside the outer walls' centrelines, hallway ${H.toFixed(2)} m, turned ${quarter * 90} degrees;`,
    `${raw.name}.`,
    `Sized for a ${robot.length} x ${robot.width} m robot keeping ${robot.clearance} m (r + C = ${need.R.toFixed(2)} m).`,
  ];
  return { id, yaml: placeYaml(turnedPlace as never, header) };
}

/**
 * Where a resident sits at the study's desk: on the front of its chair's seat, 0.1 m from the middle toward the desk
 * (further back the thighs would go into the cushion), facing the desk as the chair does (a chair's front is its -y).
 */
function deskSeat(out: Out): { x: number; y: number; heading: number; sits_on: string } {
  const chair = out.fixed.find((f) => f.id === 'desk_chair')!;
  const [x, y] = chair.center as XY;
  const heading = norm(((chair.yaw as number | undefined) ?? 0) - 90);
  const a = (heading * Math.PI) / 180;
  return { x: round4(x + 0.1 * Math.cos(a)), y: round4(y + 0.1 * Math.sin(a)), heading, sits_on: 'desk_chair' };
}

function person(
  s: Stream,
  id: string,
  tops: string[],
  worn: Set<string>,
  at?: { x: number; y: number; heading: number; sits_on?: string },
): Obj {
  return {
    id,
    colour: distinctTop(s.pick(tops), tops, worn),
    trousers: s.pick(['black', 'grey', 'blue', 'brown']),
    height: round4(0.01 * s.int(158, 188)),
    shoulder_width: round4(0.01 * s.int(38, 48)),
    ...(at ? { at: { x: at.x, y: at.y, heading: at.heading, ...(at.sits_on ? { sits_on: at.sits_on } : {}) } } : {}),
  };
}

// ------------------------------------------------------------------ turning the plan

/**
 * The place turned by `quarter` quarter turns counter-clockwise and moved back so its outer walls' centrelines run
 * from 0: every point, polygon, wall end, light and pose turns, every yaw and heading gains the turn. Sizes are in
 * each item's own frame, openings are offsets along their wall, so neither changes.
 */
function turnPlace(p: Record<string, unknown>, quarter: number, L: number, Y: number): Record<string, unknown> {
  if (quarter === 0) return p;
  const pt = ([x, y]: XY): XY => {
    const q: XY = quarter === 1 ? [Y - y, x] : quarter === 2 ? [L - x, Y - y] : [y, L - x];
    return [round4(q[0]), round4(q[1])];
  };
  const add = (deg: number) => norm(deg + 90 * quarter);
  const [X2, Y2] = quarter % 2 ? [Y, L] : [L, Y];
  /** a pose: x, y turned; its yaw (or a person's heading) gains the turn, a zero yaw left out */
  const pose = (q: Obj): Obj => {
    const [x, y] = pt([q.x as number, q.y as number]);
    if ('heading' in q) return { ...q, x, y, heading: add(q.heading as number) };
    const { yaw: _yaw, ...rest } = q;
    const yaw = add((q.yaw as number) ?? 0);
    return { ...rest, x, y, ...(yaw !== 0 ? { yaw } : {}) };
  };
  return {
    ...p,
    bounds: { x_min: -OUTER, x_max: round4(X2 + OUTER), y_min: -OUTER, y_max: round4(Y2 + OUTER) },
    walls: (p.walls as Obj[]).map((w) => ({ ...w, from: pt(w.from as XY), to: pt(w.to as XY) })),
    rooms: (p.rooms as Obj[]).map((r) => ({ ...r, polygon: (r.polygon as XY[]).map(pt) })),
    fixed: (p.fixed as Obj[]).map((f) => {
      // the field order of an untouched item: yaw after size
      const yaw = add((f.yaw as number) ?? 0);
      const out: Obj = {};
      for (const [k, v] of Object.entries(f)) {
        if (k === 'yaw') continue;
        out[k] = k === 'center' ? pt(v as XY) : v;
        if (k === 'size' && yaw !== 0) out.yaw = yaw;
      }
      return out;
    }),
    things: (p.things as Obj[]).map((t) => {
      const o: Obj = { ...t, position: pose(t.position as Obj) };
      if (t.home) o.home = pose(t.home as Obj);
      return o;
    }),
    people: (p.people as Obj[]).map((q) => (q.at ? { ...q, at: pose(q.at as Obj) } : q)),
    floor_areas: (p.floor_areas as Obj[]).map((a) => ({ ...a, polygon: (a.polygon as XY[]).map(pt) })),
    people_areas: (p.people_areas as Obj[]).map((a) => ({ ...a, polygon: (a.polygon as XY[]).map(pt) })),
    lights: {
      ...(p.lights as Obj),
      items: ((p.lights as Obj).items as Obj[]).map((l) => {
        if (!l.position) return l;
        const [x, y, z] = l.position as number[];
        return { ...l, position: [...pt([x, y]), z] };
      }),
    },
    sites: (p.sites as Obj[]).map((s) => ({ ...s, position: pt(s.position as XY), heading: add(s.heading as number) })),
  };
}
