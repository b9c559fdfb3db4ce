/**
 * Routes in the authored places: for every place and every job working there, a route between every pair of the
 * job's sites (the vacuum, whose only site is its dock, drives from it to every room), planned the way the script
 * stage plans (script/: the body's circle and height band, the drone at its flight height, the job's C as
 * the soft cost, the place's planning cell, the place's initial state without people). Each route must exist, keep
 * the body clear of every solid (exact nearest distances every 2 cm, not the grid), keep C wherever the place leaves
 * room for it, keep the AMR's 0.45 m in every warehouse aisle, and come out byte-identical when planned again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../../jobs/load.ts';
import type { JobSpec } from '../../../jobs/job-schema.ts';
import {
  bodyAt,
  clearanceFromSolids,
  distanceToSolids,
  footprintBounds,
  footprintDistance,
  footprints,
  meetsBand,
  planPath,
  type ClearanceMap,
  type Footprint,
  type PlanResult,
  type Vec2,
} from '../../../layouts/geometry/index.ts';
import { getPlace } from '../../../layouts/load.ts';
import type { Place } from '../../../layouts/place-schema.ts';
import type { Solid } from '../../../layouts/solids.ts';
import { placeSolids } from '../../../layouts/world.ts';
import { bodyShape, planCell } from '../../../script/plan-script.ts';
import type { BodyShape } from '../../../script/nav.ts';
import { sitesFor } from '../../../script/sites.ts';

/** Spacing of the exact checks along a route (and of the planner's own clearance samples). */
const STEP = 0.02;

/** A stop a job drives between: a site, or (for the vacuum) a spot in a room. */
interface Stop {
  id: string;
  at: Vec2;
}

interface Leg {
  from: string;
  to: string;
  res: PlanResult;
}

interface Setup {
  job: JobSpec;
  place: Place;
  body: BodyShape;
  C: number;
  cell: number;
  /** the planner's discretisation: a route keeps C less half a planning cell */
  tol: number;
  /** solids meeting the body's height band (people left out, as the script plans) */
  solids: Solid[];
  map: ClearanceMap;
  stops: Stop[];
  legs: Leg[];
}

/** Stops a job cannot reach, each with the reason; every pair among the others must route. */
const UNREACHABLE: Record<string, Record<string, string>> = {
  'vacuum/2': {
    bathroom: "the bathroom door is shut in the place's initial state; no body can enter the bathroom then",
  },
};

/**
 * Jobs whose routes keep C wherever there is room. The planner's line-of-sight shortening once let a shortcut keep
 * only the lowest clearance found anywhere in the stretch it replaced (one narrow spot let the whole shortcut pass
 * other obstacles at that clearance); it now holds each shortcut point to min(r + C, the grid route's clearance at
 * the corresponding point). A job listed here has the C rule asserted; one left out has it recorded as failing.
 */
const KEEPS_C_TODAY: readonly string[] = ['vacuum/2', 'helper/1', 'amr/1', 'drone/1'];

/** Same cell size, cap and filter as script/nav.ts navMap. */
function buildMap(place: Place, solids: readonly Solid[], body: BodyShape, C: number, cell: number): ClearanceMap {
  const b = place.bounds;
  return clearanceFromSolids(solids, {
    bounds: { min: [b.x_min, b.y_min], max: [b.x_max, b.y_max] },
    cell,
    cap: body.radius + C + 2 * cell + 0.05,
    zBand: body.zBand,
  });
}

function centroid(poly: readonly (readonly number[])[]): Vec2 {
  let x = 0,
    y = 0;
  for (const p of poly) {
    x += p[0];
    y += p[1];
  }
  return [x / poly.length, y / poly.length];
}

function insidePolygon(p: Vec2, poly: readonly (readonly number[])[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i],
      [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The free cell centre of a room nearest its centroid where the body keeps C (the vacuum's stop in that room). */
function roomStop(map: ClearanceMap, poly: readonly (readonly number[])[], need: number): Vec2 | null {
  const g = map.grid;
  const c = centroid(poly);
  let best: Vec2 | null = null,
    bestD = Infinity;
  for (let j = 0; j < g.rows; j++) {
    for (let i = 0; i < g.cols; i++) {
      if (map.field[j * g.cols + i] < need) continue;
      const p = g.cellToWorld(i, j);
      if (!insidePolygon(p, poly)) continue;
      const d = Math.hypot(p[0] - c[0], p[1] - c[1]);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
  }
  return best;
}

/** The stops of a job: every site of every role it uses (home first); the vacuum adds a spot in every room. */
function stopsOf(job: JobSpec, place: Place, map: ClearanceMap, body: BodyShape): Stop[] {
  const roles = [job.tasks.home];
  for (const k of job.tasks.kinds) {
    if ('sites' in k) roles.push(...k.sites);
    if ('surfaces' in k) roles.push(...k.surfaces);
  }
  const out: Stop[] = [];
  for (const role of roles) {
    for (const s of sitesFor(place, role))
      if (!out.some((x) => x.id === s.id)) out.push({ id: s.id, at: [s.position[0], s.position[1]] });
  }
  if (job.tasks.kinds.some((k) => k.kind === 'clean_rooms')) {
    for (const r of place.rooms) {
      const p = roomStop(map, r.polygon, body.radius + job.clearance.value);
      if (p) out.push({ id: r.id, at: p });
    }
  }
  return out;
}

function planAll(map: ClearanceMap, stops: readonly Stop[], body: BodyShape, C: number): Leg[] {
  const legs: Leg[] = [];
  for (let i = 0; i < stops.length; i++) {
    for (let j = i + 1; j < stops.length; j++) {
      legs.push({
        from: stops[i].id,
        to: stops[j].id,
        res: planPath(map, {
          start: stops[i].at,
          goal: stops[j].at,
          radius: body.radius,
          clearance: C,
          sampleStep: STEP,
        }),
      });
    }
  }
  return legs;
}

function setup(jobId: string): Setup {
  const job = getJob(jobId);
  const place = getPlace(job.layout);
  const body = bodyShape(job);
  const cell = planCell(job, place);
  const C = job.clearance.value;
  const solids = placeSolids(place).filter(
    (s) => s.role !== 'person' && s.role !== 'floor' && meetsBand(s, body.zBand),
  );
  const map = buildMap(place, solids, body, C, cell);
  const stops = stopsOf(job, place, map, body);
  return { job, place, body, C, cell, tol: cell / 2, solids, map, stops, legs: planAll(map, stops, body, C) };
}

/** A route point: where, which way the route runs there, how far along it, and whether it is an end. */
interface Sample {
  p: Vec2;
  dir: Vec2;
  s: number;
  end: boolean;
}

/** Points every STEP (at most) along the route, split per segment as the planner samples it, ends included. */
function samples(route: readonly Vec2[]): Sample[] {
  const out: Sample[] = [];
  let s0 = 0;
  for (let i = 0; i + 1 < route.length; i++) {
    const [a, b] = [route[i], route[i + 1]];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.ceil(len / STEP));
    const dir: Vec2 = len > 0 ? [(b[0] - a[0]) / len, (b[1] - a[1]) / len] : [1, 0];
    for (let k = 0; k <= n; k++) {
      const t = k / n;
      out.push({
        p: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t],
        dir,
        s: s0 + len * t,
        end: (i === 0 && k === 0) || (i + 2 === route.length && k === n),
      });
    }
    s0 += len;
  }
  if (route.length === 1) out.push({ p: route[0], dir: [1, 0], s: 0, end: true });
  return out;
}

/** Exact distance from a point to the nearest solid of the body's band (nearest.ts, every solid). */
function exactDistance(st: Setup, p: Vec2): number {
  return distanceToSolids(p, st.solids, { zBand: st.body.zBand })?.distance ?? Infinity;
}

/** Free distance from p along a unit direction until the clearance map meets an obstacle (sphere tracing), up to max. */
function freeRun(map: ClearanceMap, p: Vec2, d: Vec2, max: number): number {
  let t = 0;
  while (t < max) {
    const c = map.at(p[0] + d[0] * t, p[1] + d[1] * t);
    if (c <= 1e-3) return t;
    t += Math.max(c, 0.005);
  }
  return max;
}

/**
 * Where the place leaves room for C along a route, from the clearance map: the free width across the route (along
 * the normal, both ways) is at least 2(r + C) at every route point within r + C of arc length, and no route end
 * (a site, where the body may dock close to its furniture) lies within r + C unless the end itself has room.
 */
function roomForC(st: Setup, pts: readonly Sample[]): boolean[] {
  const R = st.body.radius + st.C;
  const wide = pts.map((q) => {
    if (q.end) return st.map.at(q.p[0], q.p[1]) >= R;
    const n: Vec2 = [-q.dir[1], q.dir[0]];
    const m: Vec2 = [q.dir[1], -q.dir[0]];
    return freeRun(st.map, q.p, n, 2 * R) + freeRun(st.map, q.p, m, 2 * R) >= 2 * R;
  });
  // a sliding window over arc length: room at i when every point within R of it is wide
  const out: boolean[] = new Array(pts.length).fill(false);
  let lo = 0,
    hi = 0,
    narrow = 0;
  for (let i = 0; i < pts.length; i++) {
    while (hi < pts.length && pts[hi].s <= pts[i].s + R) {
      if (!wide[hi]) narrow++;
      hi++;
    }
    while (pts[lo].s < pts[i].s - R) {
      if (!wide[lo]) narrow--;
      lo++;
    }
    out[i] = narrow === 0;
  }
  return out;
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Checks every leg of a setup; returns counts for the coverage assertions and the failures in words. */
function checkLegs(st: Setup): {
  failures: string[];
  keepC: string[];
  routed: number;
  roomPts: number;
  allPts: number;
  worstRoom: number;
} {
  const failures: string[] = [];
  const skip = UNREACHABLE[st.job.id] ?? {};
  const keepC: string[] = [];
  let routed = 0,
    roomPts = 0,
    allPts = 0,
    worstRoom = Infinity;
  for (const leg of st.legs) {
    const name = `${st.job.id} ${leg.from} -> ${leg.to}`;
    const why = skip[leg.from] ?? skip[leg.to];
    if (!leg.res.ok) {
      if (!why) failures.push(`${name}: no route (${leg.res.reason}: ${leg.res.message})`);
      continue;
    }
    if (why) {
      failures.push(`${name}: routed, though listed as unreachable (${why})`);
      continue;
    }
    routed++;
    const pts = samples(leg.res.waypoints);
    const room = roomForC(st, pts);
    let touch = Infinity,
      touchAt: Vec2 = [0, 0],
      minAll = Infinity,
      keep = Infinity,
      keepAt: Vec2 = [0, 0];
    for (let i = 0; i < pts.length; i++) {
      const c = exactDistance(st, pts[i].p) - st.body.radius;
      minAll = Math.min(minAll, c);
      if (c < touch) {
        touch = c;
        touchAt = pts[i].p;
      }
      if (room[i]) {
        roomPts++;
        if (c < keep) {
          keep = c;
          keepAt = pts[i].p;
        }
      }
    }
    allPts += pts.length;
    worstRoom = Math.min(worstRoom, keep);
    if (touch < -1e-9) failures.push(`${name}: the body touches a solid at (${touchAt.map(r4)}) by ${r4(-touch)} m`);
    if (keep < st.C - st.tol)
      keepC.push(
        `${name}: clearance ${r4(keep)} m < C ${st.C} - ${st.tol} at (${keepAt.map(r4)}), where the place leaves room`,
      );
    if (Math.abs(minAll - leg.res.minClearance) > 1e-3)
      failures.push(`${name}: planner says min clearance ${r4(leg.res.minClearance)}, exact ${r4(minAll)}`);
  }
  return { failures, keepC, routed, roomPts, allPts, worstRoom };
}

const JOBS = [
  { job: 'vacuum/2', place: 'apartment_a' },
  { job: 'helper/1', place: 'apartment_a' },
  { job: 'amr/1', place: 'warehouse_a' },
  { job: 'drone/1', place: 'downtown_a' },
] as const;

describe.each(JOBS)('routes of $job in $place', ({ job: jobId, place: placeId }) => {
  let st: Setup;
  let res: ReturnType<typeof checkLegs>;
  beforeAll(() => {
    st = setup(jobId);
    res = checkLegs(st);
  });

  it("plans in the job's own place, from sites where the body fits", () => {
    expect(st.place.id).toBe(placeId);
    expect(st.stops.length).toBeGreaterThanOrEqual(4);
    for (const s of st.stops) expect(exactDistance(st, s.at) - st.body.radius, s.id).toBeGreaterThanOrEqual(0);
  });

  it('joins every pair of its sites by a route that keeps the body clear of every solid', () => {
    expect(res.failures).toEqual([]);
    const pairs = (st.stops.length * (st.stops.length - 1)) / 2;
    const skipped = Object.keys(UNREACHABLE[jobId] ?? {}).filter((id) => st.stops.some((s) => s.id === id)).length;
    expect(res.routed).toBe(pairs - skipped * (st.stops.length - 1));
    // the room rule below is not vacuous: much of the route length has room for C
    expect(res.roomPts / res.allPts).toBeGreaterThan(0.3);
  });

  const keepsC = KEEPS_C_TODAY.includes(jobId) ? it : it.fails;
  keepsC('keeps C wherever the place leaves room for it (within half a planning cell)', () => {
    expect(res.keepC).toEqual([]);
    expect(res.worstRoom).toBeGreaterThanOrEqual(st.C - st.tol);
  });

  it('plans the same routes, byte for byte, from a map built again', () => {
    const again = buildMap(
      st.place,
      placeSolids(st.place).filter((s) => s.role !== 'person' && s.role !== 'floor' && meetsBand(s, st.body.zBand)),
      st.body,
      st.C,
      st.cell,
    );
    expect(JSON.stringify(planAll(again, st.stops, st.body, st.C))).toBe(JSON.stringify(st.legs));
  });
});

describe('warehouse aisles', () => {
  let st: Setup;
  beforeAll(() => {
    st = setup('amr/1');
  });

  /** Route points inside an aisle's polygon, with the heading the body drives at there. */
  function aislePoints(poly: readonly (readonly number[])[]) {
    const out: { leg: string; pts: Sample[] }[] = [];
    for (const leg of st.legs) {
      if (!leg.res.ok) continue;
      const pts = samples(leg.res.waypoints).filter((q) => insidePolygon(q.p, poly));
      if (pts.length) out.push({ leg: `${leg.from} -> ${leg.to}`, pts });
    }
    return out;
  }

  it('has at least four aisles, each at least 1.50 m wide', () => {
    const aisles = st.place.rooms.filter((r) => r.id.startsWith('aisle_'));
    expect(aisles.length).toBeGreaterThanOrEqual(4);
    for (const a of aisles) {
      const ys = a.polygon.map((p) => p[1]);
      expect(Math.max(...ys) - Math.min(...ys), a.id).toBeGreaterThanOrEqual(1.5);
    }
  });

  it("every aisle is driven through by some route, and the 0.58 m body keeps the AMR's 0.45 m there", () => {
    const C = st.C;
    expect(C).toBe(0.45);
    const fp = st.job.body.footprint;
    expect(fp.shape).toBe('rect');
    if (fp.shape !== 'rect') return;
    const items = footprints(st.solids, { zBand: st.body.zBand }).map((x) => ({
      fp: x.fp,
      box: footprintBounds(x.fp),
    }));
    const reach = Math.hypot(fp.length_m, fp.width_m) / 2 + C + 0.5;
    /** exact distance from the rectangular body at a pose to the nearest solid footprint */
    const bodyClear = (p: Vec2, dir: Vec2): number => {
      const body: Footprint = bodyAt(
        { shape: 'rect', length: fp.length_m, width: fp.width_m },
        { x: p[0], y: p[1], yaw_deg: (Math.atan2(dir[1], dir[0]) * 180) / Math.PI },
      );
      let m = Infinity;
      for (const it of items) {
        const [x0, y0, x1, y1] = it.box;
        if (p[0] < x0 - reach || p[0] > x1 + reach || p[1] < y0 - reach || p[1] > y1 + reach) continue;
        m = Math.min(m, footprintDistance(body, it.fp).distance);
      }
      return m;
    };
    const failures: string[] = [];
    for (const a of st.place.rooms.filter((r) => r.id.startsWith('aisle_'))) {
      const xs = a.polygon.map((p) => p[0]);
      const length = Math.max(...xs) - Math.min(...xs);
      const legs = aislePoints(a.polygon);
      // driven through: some route runs along at least half the aisle's length
      const longest = Math.max(
        0,
        ...legs.map((l) => Math.max(...l.pts.map((q) => q.p[0])) - Math.min(...l.pts.map((q) => q.p[0]))),
      );
      if (legs.length === 0) failures.push(`${a.id}: no route enters it`);
      if (longest < length / 2)
        failures.push(`${a.id}: the longest run of any route is ${r4(longest)} m of ${length} m`);
      for (const l of legs) {
        let worst = Infinity,
          at: Vec2 = [0, 0];
        for (const q of l.pts) {
          const c = bodyClear(q.p, q.dir);
          if (c < worst) {
            worst = c;
            at = q.p;
          }
        }
        if (!Number.isFinite(worst)) failures.push(`${a.id} ${l.leg}: no solid measured from the body`);
        if (worst < C - st.tol)
          failures.push(`${a.id} ${l.leg}: the body keeps ${r4(worst)} m at (${at.map(r4)}), under ${C} - ${st.tol}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
