/**
 * The downtown generator: a seeded, deterministic generator of downtown districts of downtown_a's kind (the same
 * schema and rooms, buildings, a park with the drone's base, street furniture, parked cars, drop points in yards,
 * on porches and on garage roofs). The same seed and robot give the same bytes; every choice is drawn from
 * `stream(seed, 'generate/downtown', <part>)`.
 *
 * The district is a street grid: 3 or 4 columns and rows of blocks (each 26 to 36 m, but the first of each axis,
 * at the district's west and south edges, 26 to 60 m: where a district's streets lie differs from one to the next by
 * up to a block and a street) between streets 10 to 14 m wide, every street and crossing a room (the drone's flying corridors). One block off the district's edge where
 * there is one is the park: the landing pad and the base in its middle, trees round its edge, benches and a bus
 * shelter. Every other block holds one or two buildings on one of its sides, all taller than 21 m so that a drone
 * at 15 m cannot fly over one, and a yard on the side facing a street: its drop point (a yard, a porch before a
 * building, or the roof of a garage standing in the yard). Streets are sized from the drone's body and clearance
 * (`needsOf`): every street keeps the lane 2 (r + C).
 *
 * layouts/ sits below jobs/, so the robot comes in as an argument (drone/1: pipeline/commands/place.ts).
 */
import { checkSeed, sha256, stream, type Stream } from '../../foundation/index.ts';
import { placeYaml } from './place-yaml.ts';
import { bodyCircle, round4, type Rect, type XY } from './plan-geometry.ts';
import { distinctTop } from './tops.ts';
import type { GeneratedPlace, RobotNeeds } from './warehouse.ts';

/** Written into every generated file's header; raise it whenever the same seed would give other bytes. */
export const DOWNTOWN_GENERATOR_VERSION = 2;

/** The id of the place a seed generates: downtown_g_ and the first 8 hex of the seed's sha256. */
export function downtownId(seed: string): string {
  return `downtown_g_${sha256(seed).slice(0, 8)}`;
}

/** The bounds of what a seed varies (docs/places.md, "Generated places"). */
const RANGES = {
  blocks: [3, 4],
  block: [26, 36],
  /** the first block along each axis: the district's west and south edges do not fall on its grid's rhythm, so
   * where its streets lie differs from district to district by up to a block and a street */
  edge: [26, 60],
  street: [10, 14],
  height: [21, 60],
  /** a block's margin between its buildings and its streets on the sides without the yard */
  margin: [3, 5],
  /** the yard's depth between the buildings and the street it faces */
  yard: [8, 11],
  cars: [8, 14],
} as const;

/** The drone's body circle and that plus its clearance; a street keeps the lane 2R. */
const needsOf = bodyCircle;

type Obj = Record<string, unknown>;
type Box = Rect;
type Side = 'south' | 'north' | 'west' | 'east';

/** A multiple of 0.5 m in [lo, hi], drawn. */
const draw5 = (s: Stream, lo: number, hi: number) =>
  round4(lo + 0.5 * s.int(0, Math.max(0, Math.floor((hi - lo) / 0.5))));
const rect = (b: Box) => [
  [round4(b.x0), round4(b.y0)],
  [round4(b.x1), round4(b.y0)],
  [round4(b.x1), round4(b.y1)],
  [round4(b.x0), round4(b.y1)],
];

const COLOUR_WORDS = {
  grey: [0.45, 0.45, 0.47],
  black: [0.04, 0.04, 0.045],
  white: [0.86, 0.86, 0.84],
  red: [0.65, 0.08, 0.07],
  blue: [0.1, 0.22, 0.6],
  green: [0.12, 0.5, 0.18],
  yellow: [0.88, 0.72, 0.1],
  silver: [0.7, 0.71, 0.73],
  brown: [0.4, 0.26, 0.14],
  orange: [0.88, 0.4, 0.08],
};

const MATERIALS = {
  asphalt: {
    colour: [0.18, 0.18, 0.19],
    roughness: 0.9,
    pattern: { kind: 'asphalt', colour2: [0.14, 0.14, 0.15], scale: 0.2 },
  },
  paving: {
    colour: [0.62, 0.6, 0.57],
    roughness: 0.8,
    pattern: { kind: 'tiles', colour2: [0.52, 0.5, 0.47], scale: 0.6 },
  },
  grass: {
    colour: [0.22, 0.42, 0.16],
    roughness: 0.95,
    pattern: { kind: 'grass', colour2: [0.18, 0.34, 0.12], scale: 0.3 },
  },
  brick: {
    colour: [0.55, 0.27, 0.18],
    roughness: 0.85,
    pattern: { kind: 'brick', colour2: [0.7, 0.66, 0.6], scale: 0.25 },
  },
  facade_concrete: {
    colour: [0.66, 0.65, 0.62],
    roughness: 0.7,
    pattern: { kind: 'concrete', colour2: [0.45, 0.5, 0.55], scale: 3.5 },
  },
  facade_glass: {
    colour: [0.25, 0.33, 0.4],
    roughness: 0.1,
    metallic: 0.6,
    pattern: { kind: 'tiles', colour2: [0.55, 0.58, 0.6], scale: 3.0 },
  },
  roof_membrane: { colour: [0.35, 0.35, 0.36], roughness: 0.8 },
  bark: { colour: [0.3, 0.22, 0.15], roughness: 0.95 },
  foliage: {
    colour: [0.18, 0.4, 0.14],
    roughness: 0.9,
    pattern: { kind: 'fabric', colour2: [0.14, 0.32, 0.1], scale: 0.4 },
  },
  street_metal: { colour: [0.2, 0.22, 0.22], roughness: 0.5, metallic: 0.7 },
  bench_wood: {
    colour: [0.55, 0.4, 0.25],
    roughness: 0.7,
    pattern: { kind: 'wood', colour2: [0.45, 0.31, 0.18], scale: 0.1 },
  },
  car_paint: { colour: [0.5, 0.5, 0.5], roughness: 0.25, metallic: 0.5 },
  cardboard: { colour: [0.6, 0.45, 0.3], roughness: 0.8 },
  pad_paint: { colour: [0.85, 0.75, 0.15], roughness: 0.6 },
};
const FACADES = ['brick', 'facade_concrete', 'facade_glass'] as const;
const CAR_COLOURS = ['red', 'silver', 'blue', 'white', 'black', 'grey', 'green', 'yellow'] as const;

/** Block spans along one axis: blocks of drawn widths (the first an edge block) between streets of drawn widths,
 * from 0. */
function spans(s: Stream, n: number, lane: number): { blocks: [number, number][]; streets: [number, number][] } {
  const blocks: [number, number][] = [];
  const streets: [number, number][] = [];
  let x = 0;
  for (let i = 0; i < n; i++) {
    const [lo, hi] = i === 0 ? RANGES.edge : RANGES.block;
    const w = draw5(s, lo, hi);
    blocks.push([x, round4(x + w)]);
    x = round4(x + w);
    if (i + 1 < n) {
      const sw = draw5(s, Math.max(RANGES.street[0], Math.ceil(lane)), RANGES.street[1]);
      streets.push([x, round4(x + sw)]);
      x = round4(x + sw);
    }
  }
  return { blocks, streets };
}

/** The place a seed gives, as YAML, sized for the robot. Throws on a seed `checkSeed` refuses. */
export function generateDowntown(seed: string, robot: RobotNeeds): GeneratedPlace {
  checkSeed(seed, (m) => new Error(`seed: ${m}`));
  const draw = (part: string) => stream(seed, 'generate/downtown', part);
  const need = needsOf(robot);
  const id = downtownId(seed);
  const lane = 2 * need.R + 0.5;
  if (lane > RANGES.street[1])
    throw new Error(
      `a robot keeping ${need.R.toFixed(2)} m about its centre needs ${lane.toFixed(1)} m streets; a district's are at most ${RANGES.street[1]} m`,
    );

  // the grid
  const gs = draw('grid');
  const nx = gs.int(RANGES.blocks[0], RANGES.blocks[1]);
  const ny = nx === 4 ? 3 : gs.int(RANGES.blocks[0], RANGES.blocks[1]);
  const cols = spans(gs, nx, lane);
  const rows = spans(gs, ny, lane);
  const X = cols.blocks[nx - 1][1];
  const Y = rows.blocks[ny - 1][1];
  // the park: a block off the edge where the grid has one, else any
  const inner: XY[] = [];
  for (let i = 1; i + 1 < nx; i++) for (let j = 1; j + 1 < ny; j++) inner.push([i, j]);
  const [pi, pj] = gs.pick(inner);

  const rooms: Obj[] = [];
  const fixed: Obj[] = [];
  /** the footprints of what stands in the blocks (buildings, garages): lamp posts keep off them */
  const standing: Box[] = [];
  const things: Obj[] = [];
  const sites: Obj[] = [];
  const letters = 'abcd';
  const blockId = (i: number, j: number) => `block_${letters[i]}${j + 1}`;
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++) {
      const b: Box = { x0: cols.blocks[i][0], y0: rows.blocks[j][0], x1: cols.blocks[i][1], y1: rows.blocks[j][1] };
      const park = i === pi && j === pj;
      rooms.push({
        id: park ? 'park' : blockId(i, j),
        name: park ? 'park' : `block ${letters[i]}${j + 1}`,
        polygon: rect(b),
        floor_material: park ? 'grass' : 'paving',
      });
    }
  cols.streets.forEach(([a, c], k) =>
    rows.blocks.forEach(([y0, y1], j) =>
      rooms.push({
        id: `street_ns${k + 1}_${j + 1}`,
        name: `north-south street ${k + 1}`,
        polygon: rect({ x0: a, y0, x1: c, y1 }),
      }),
    ),
  );
  rows.streets.forEach(([a, c], k) =>
    cols.blocks.forEach(([x0, x1], i) =>
      rooms.push({
        id: `street_ew${k + 1}_${i + 1}`,
        name: `east-west street ${k + 1}`,
        polygon: rect({ x0, y0: a, x1, y1: c }),
      }),
    ),
  );
  cols.streets.forEach(([a, c], k) =>
    rows.streets.forEach(([y0, y1], m) =>
      rooms.push({ id: `crossing_${k + 1}_${m + 1}`, name: 'crossing', polygon: rect({ x0: a, y0, x1: c, y1 }) }),
    ),
  );

  // the blocks: buildings on three sides' margins, the yard facing a street, its drop point
  const bs = draw('blocks');
  const as = draw('assets');
  const aseed = () => as.int(1, 999_999);
  let nb = 0;
  let garages = 0;
  // one drop point a block: two of each kind, the rest drawn, in a drawn order
  const nDrops = nx * ny - 1;
  const kinds = ['yard', 'porch', 'rooftop'] as const;
  const dropKinds = bs.shuffle([
    ...kinds,
    ...kinds,
    ...Array.from({ length: nDrops - 6 }, () => bs.pick(['yard', 'yard', 'porch', 'porch', 'rooftop'] as const)),
  ]);
  let di = 0;
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++) {
      if (i === pi && j === pj) continue;
      const b: Box = { x0: cols.blocks[i][0], y0: rows.blocks[j][0], x1: cols.blocks[i][1], y1: rows.blocks[j][1] };
      // the yard faces a street: a side of the block with a street beyond it
      const open: Side[] = [];
      if (j > 0) open.push('south');
      if (j + 1 < ny) open.push('north');
      if (i > 0) open.push('west');
      if (i + 1 < nx) open.push('east');
      const side = bs.pick(open);
      const m = draw5(bs, RANGES.margin[0], RANGES.margin[1]);
      const yd = draw5(bs, RANGES.yard[0], RANGES.yard[1]);
      // the buildings' area: the block less the margin on three sides and the yard on the fourth
      const area: Box = {
        x0: b.x0 + (side === 'west' ? yd : m),
        x1: b.x1 - (side === 'east' ? yd : m),
        y0: b.y0 + (side === 'south' ? yd : m),
        y1: b.y1 - (side === 'north' ? yd : m),
      };
      const alongX = side === 'south' || side === 'north';
      const two = bs.coin(0.6);
      const gap = 3;
      const len = alongX ? area.x1 - area.x0 : area.y1 - area.y0;
      const parts = two ? [(len - gap) / 2, (len - gap) / 2] : [len];
      let at = alongX ? area.x0 : area.y0;
      const fronts: XY[] = [];
      for (const p of parts) {
        const h = bs.int(RANGES.height[0], RANGES.height[1]);
        const c0 = at;
        const c1 = at + p;
        at = c1 + gap;
        const box: Box = alongX ? { ...area, x0: c0, x1: c1 } : { ...area, y0: c0, y1: c1 };
        nb++;
        standing.push(box);
        fixed.push({
          id: `building_${nb}`,
          kind: 'building',
          shape: 'box',
          center: [round4((box.x0 + box.x1) / 2), round4((box.y0 + box.y1) / 2)],
          size: [round4(box.x1 - box.x0), round4(box.y1 - box.y0), h],
          material: bs.pick(FACADES),
          surface: h - 1,
          asset: { kind: 'building', seed: aseed() },
        });
        // the middle of the building's face towards the yard
        const mid = (c0 + c1) / 2;
        fronts.push(
          side === 'south'
            ? [mid, area.y0]
            : side === 'north'
              ? [mid, area.y1]
              : side === 'west'
                ? [area.x0, mid]
                : [area.x1, mid],
        );
      }
      // the yard's middle line, and the drop point on it
      const inward: XY = side === 'south' ? [0, 1] : side === 'north' ? [0, -1] : side === 'west' ? [1, 0] : [-1, 0];
      const kind = dropKinds[di++ % dropKinds.length];
      const f = bs.pick(fronts);
      const name = blockId(i, j).replace('block_', '');
      if (kind === 'rooftop') {
        // a garage in the yard, 1 m off the building, its roof the drop point
        garages++;
        const gw = 6;
        const gd = 5;
        const off = 1 + (alongX ? gd : gw) / 2;
        const gc: XY = [round4(f[0] - inward[0] * off), round4(f[1] - inward[1] * off)];
        standing.push({ x0: gc[0] - gw / 2, y0: gc[1] - gd / 2, x1: gc[0] + gw / 2, y1: gc[1] + gd / 2 });
        fixed.push({
          id: `garage_${garages}`,
          kind: 'garage',
          shape: 'box',
          center: gc,
          size: [gw, gd, 3.5],
          material: bs.pick(FACADES),
          surface: 3.5,
        });
        sites.push({
          id: `rooftop_garage_${garages}`,
          role: 'drop_point',
          position: gc,
          heading: 0,
          kind: 'rooftop',
          z: 3.5,
          fixed: `garage_${garages}`,
        });
      } else {
        const d = kind === 'porch' ? 3 : yd / 2;
        const p: XY = [round4(f[0] - inward[0] * d), round4(f[1] - inward[1] * d)];
        sites.push({ id: `${kind}_${name}`, role: 'drop_point', position: p, heading: 0, kind, z: 0 });
        if (kind === 'yard' && bs.coin(0.5)) {
          // a parcel left in the yard, off the drop point
          const q: XY = [round4(p[0] + (alongX ? 2.5 : 0)), round4(p[1] + (alongX ? 0 : 2.5))];
          things.push({
            id: `parcel_${things.filter((t) => t.kind === 'parcel').length + 1}`,
            kind: 'parcel',
            colour: 'brown',
            shape: 'box',
            size: [0.4, 0.3, 0.3],
            material: 'cardboard',
            rests_on: 'floor',
            position: { x: q[0], y: q[1] },
            lookalike_group: 'bag_box',
          });
        }
      }
    }

  // the park: the pad and base in its middle, trees round its edge, two benches, a bus shelter on a street side
  const park: Box = { x0: cols.blocks[pi][0], y0: rows.blocks[pj][0], x1: cols.blocks[pi][1], y1: rows.blocks[pj][1] };
  const pc: XY = [round4((park.x0 + park.x1) / 2), round4((park.y0 + park.y1) / 2)];
  fixed.push({
    id: 'drone_pad',
    kind: 'landing_pad',
    shape: 'box',
    center: pc,
    size: [3, 3, 0.05],
    material: 'pad_paint',
    surface: 0.05,
  });
  sites.unshift({
    id: 'drone_base',
    role: 'base',
    position: pc,
    heading: 0,
    z: 0.05,
    fixed: 'drone_pad',
    name: 'the base',
  });
  const ps = draw('park');
  let trees = 0;
  const tree = (x: number, y: number) => {
    trees++;
    const size = draw5(ps, 3.5, 5);
    fixed.push({
      id: `tree_${trees}`,
      kind: 'tree',
      shape: 'box',
      center: [round4(x), round4(y)],
      size: [size, size, ps.int(6, 9)],
      material: 'foliage',
      asset: { kind: 'tree', seed: aseed() },
    });
  };
  const inset = 4;
  const step = 8;
  for (let x = park.x0 + inset; x <= park.x1 - inset + 1e-9; x += step) {
    tree(x, park.y0 + inset);
    tree(x, park.y1 - inset);
  }
  for (let y = park.y0 + inset + step; y <= park.y1 - inset - step + 1e-9; y += step) {
    tree(park.x0 + inset, y);
    tree(park.x1 - inset, y);
  }
  fixed.push({
    id: 'bench_1',
    kind: 'bench',
    shape: 'box',
    center: [pc[0], round4(pc[1] - 8)],
    size: [2, 0.6, 0.45],
    material: 'bench_wood',
    surface: 0.45,
    asset: { kind: 'bench', seed: aseed() },
  });
  fixed.push({
    id: 'bench_2',
    kind: 'bench',
    shape: 'box',
    center: [pc[0], round4(pc[1] + 8)],
    size: [2, 0.6, 0.45],
    yaw: 180,
    material: 'bench_wood',
    surface: 0.45,
    asset: { kind: 'bench', seed: aseed() },
  });
  things.push({
    id: 'bag_1',
    kind: 'bag',
    colour: ps.pick(['orange', 'red', 'blue']),
    shape: 'box',
    size: [0.45, 0.25, 0.35],
    rests_on: 'bench_1',
    position: { x: round4(pc[0] - 0.5), y: round4(pc[1] - 8) },
    lookalike_group: 'bag_box',
  });
  fixed.push({
    id: 'bus_shelter',
    kind: 'bus_shelter',
    shape: 'box',
    center: [round4(pc[0] - 8), round4(park.y1 - 1.1)],
    size: [4, 1.2, 2.5],
    yaw: 180,
    material: 'facade_glass',
    asset: { kind: 'bus_shelter', seed: aseed() },
  });

  // along the streets: lamp posts on the blocks' edges facing the street, bins at corners, parked cars
  const ss = draw('streets');
  let lamps = 0;
  const lamp = (x: number, y: number, yaw: number) => {
    if (standing.some((b) => x > b.x0 - 1.5 && x < b.x1 + 1.5 && y > b.y0 - 1.5 && y < b.y1 + 1.5)) return;
    lamps++;
    fixed.push({
      id: `lamp_post_${lamps}`,
      kind: 'lamp_post',
      shape: 'box',
      center: [round4(x), round4(y)],
      size: [1.6, 0.4, 6],
      yaw,
      material: 'street_metal',
      asset: { kind: 'lamp_post', seed: aseed(), head: 'arm' },
    });
  };
  cols.streets.forEach(([a, c]) =>
    rows.blocks.forEach(([y0, y1]) => {
      if (ss.coin(0.5)) lamp(a - 0.37, round4((y0 + y1) / 2 + ss.int(-6, 6)), 0);
      if (ss.coin(0.3)) lamp(c + 0.37, round4((y0 + y1) / 2 + ss.int(-6, 6)), 180);
    }),
  );
  rows.streets.forEach(([a, c]) =>
    cols.blocks.forEach(([x0, x1]) => {
      if (ss.coin(0.4)) lamp(round4((x0 + x1) / 2 + ss.int(-6, 6)), a - 0.37, -90);
      if (ss.coin(0.3)) lamp(round4((x0 + x1) / 2 + ss.int(-6, 6)), c + 0.37, 90);
    }),
  );
  const binColours = ss.shuffle(['green', 'grey', 'blue', 'black']);
  const corners = ss.shuffle(cols.streets.flatMap(([a]) => rows.streets.map(([b]) => [a - 1, b - 1] as XY)));
  corners.slice(0, 4).forEach(([x, y], k) =>
    things.push({
      id: `street_bin_${k + 1}`,
      kind: 'bin',
      colour: binColours[k],
      shape: 'cylinder',
      size: [0.6, 0.6, 1],
      rests_on: 'floor',
      position: { x: round4(x), y: round4(y) },
      lookalike_group: 'bin_drum',
    }),
  );
  // cars parked 2 m in from a street's edge, along it, spaced along its blocks
  const nCars = ss.int(RANGES.cars[0], RANGES.cars[1]);
  const slots: { at: XY; yaw: number }[] = [];
  cols.streets.forEach(([a, c]) =>
    rows.blocks.forEach(([y0, y1]) => {
      for (let y = y0 + 5; y <= y1 - 5; y += 7) {
        slots.push({ at: [a + 1.5, y], yaw: 90 });
        slots.push({ at: [c - 1.5, y], yaw: -90 });
      }
    }),
  );
  rows.streets.forEach(([a, c]) =>
    cols.blocks.forEach(([x0, x1]) => {
      for (let x = x0 + 5; x <= x1 - 5; x += 7) {
        slots.push({ at: [x, a + 1.5], yaw: 0 });
        slots.push({ at: [x, c - 1.5], yaw: 180 });
      }
    }),
  );
  ss.shuffle(slots)
    .slice(0, nCars)
    .forEach((sl, k) =>
      things.push({
        id: `car_${k + 1}`,
        kind: 'car',
        colour: ss.pick(CAR_COLOURS),
        shape: 'box',
        size: [4.5, 1.8, 1.5],
        material: 'car_paint',
        rests_on: 'floor',
        position: { x: round4(sl.at[0]), y: round4(sl.at[1]), yaw: sl.yaw },
      }),
    );

  // people: a pedestrian at the park's edge at the start, others through the timeline; sidewalks along every street
  const hs = draw('people');
  const tops = ['red', 'yellow', 'white', 'blue', 'green', 'grey'];
  const person = (pid: string, colour: string, at?: Obj) => ({
    id: pid,
    colour,
    trousers: hs.pick(['blue', 'black', 'grey', 'brown']),
    height: round4(0.01 * hs.int(158, 190)),
    shoulder_width: round4(0.01 * hs.int(38, 49)),
    ...(at ? { at } : {}),
  });
  const worn = new Set<string>(['orange']); // the courier's
  const top = () => distinctTop(hs.pick(tops), tops, worn);
  const people = [
    person('pedestrian_1', top(), { x: round4(park.x0 + 0.5), y: pc[1], heading: 90 }),
    person('pedestrian_2', top()),
    person('pedestrian_3', top()),
    person('courier', 'orange'),
  ];
  const peopleAreas: Obj[] = [
    { id: 'park_paths', polygon: rect({ x0: park.x0 + 6, y0: park.y0 + 6, x1: park.x1 - 6, y1: park.y1 - 6 }) },
  ];
  cols.streets.forEach(([a, c], k) => {
    peopleAreas.push({ id: `sidewalk_ns${k + 1}_w`, polygon: rect({ x0: a - 2, y0: 0, x1: a, y1: Y }) });
    peopleAreas.push({ id: `sidewalk_ns${k + 1}_e`, polygon: rect({ x0: c, y0: 0, x1: c + 2, y1: Y }) });
  });
  rows.streets.forEach(([a, c], k) => {
    peopleAreas.push({ id: `sidewalk_ew${k + 1}_s`, polygon: rect({ x0: 0, y0: a - 2, x1: X, y1: a }) });
    peopleAreas.push({ id: `sidewalk_ew${k + 1}_n`, polygon: rect({ x0: 0, y0: c, x1: X, y1: c + 2 }) });
  });

  const ls = draw('lights');
  const place = {
    id,
    kind: 'downtown',
    name: `generated downtown district: ${nx} x ${ny} blocks, ${nb} buildings and a park`,
    bounds: { x_min: 0, x_max: X, y_min: 0, y_max: Y },
    colour_words: COLOUR_WORDS,
    materials: MATERIALS,
    floor: { material: 'asphalt', thickness: 0.2, per_room: true },
    rooms,
    fixed,
    things,
    people,
    people_areas: peopleAreas,
    lights: {
      world: { colour: [0.6, 0.75, 1.0], strength: 0.35, sky: 'physical' },
      items: [
        {
          id: 'sun',
          type: 'sun',
          power: 3.3,
          colour: [1.0, 0.96, 0.88],
          size: 0.53,
          elevation: ls.int(30, 60),
          azimuth: ls.int(-179, 180),
        },
      ],
    },
    sites,
    credits: {
      statement: `All geometry and materials are procedural, generated by layouts/generate/downtown.ts from the seed in this file's header; no third-party assets.`,
      assets: [],
    },
  };
  const header = [
    `${id}: generated by layouts/generate/downtown.ts, generator version ${DOWNTOWN_GENERATOR_VERSION}, seed ${JSON.stringify(seed)}.`,
    `Generated: do not edit by hand; \`stbench place new --kind downtown --seed <the seed> --out DIR\` writes these bytes again.`,
    `${X.toFixed(1)} m x ${Y.toFixed(1)} m; ${nx} x ${ny} blocks, streets ${Math.min(...[...cols.streets, ...rows.streets].map(([a, c]) => c - a))}-${Math.max(...[...cols.streets, ...rows.streets].map(([a, c]) => c - a))} m; ${nb} buildings of 21 m or more.`,
    `Sized for a ${robot.length} x ${robot.width} m robot keeping ${robot.clearance} m: streets at least 2 (r + C) + 0.5 = ${lane.toFixed(2)} m.`,
  ];
  return { id, yaml: placeYaml(place as never, header) };
}
