/**
 * Routes between a job's sites, planned and checked as tests/unit/layouts/places-routes.test.ts states them (the
 * authored places) and tests/unit/layouts/generate-warehouse.test.ts (generated ones): planned the way the script
 * stage plans (script/: the body's circle and height band, the drone at its flight height, the job's C as the soft
 * cost, the place's planning cell, the place's initial state without people), each route must exist, keep the body
 * clear of every solid (exact nearest distances every 2 cm, not the grid), keep C wherever the place leaves room for
 * it, and in a warehouse keep the robot's rectangular body C from the racks in every aisle it drives through.
 */
import { devPlace } from '../../jobs/places.ts';
import type { JobSpec } from '../../jobs/job-schema.ts';
import {
  bodyAt,
  clearanceFromSolids,
  footprintBounds,
  footprintDistance,
  footprints,
  meetsBand,
  planPath,
  pointToFootprint,
  type ClearanceMap,
  type Footprint,
  type PlanResult,
  type Vec2,
} from '../../layouts/geometry/index.ts';
import type { Place } from '../../layouts/place-schema.ts';
import type { Solid } from '../../layouts/solids.ts';
import { placeSolids } from '../../layouts/world.ts';
import { bodyShape, planCell } from '../../script/plan-script.ts';
import type { BodyShape } from '../../script/nav.ts';
import { sitesForRole } from '../../layouts/sites.ts';

/** Spacing of the exact checks along a route (and of the planner's own clearance samples). */
export const STEP = 0.02;

/** A stop a job drives between: a site, or (for the vacuum) a spot in a room. */
export interface Stop {
  id: string;
  at: Vec2;
}

export interface Leg {
  from: string;
  to: string;
  res: PlanResult;
}

export interface RouteSetup {
  job: JobSpec;
  place: Place;
  body: BodyShape;
  C: number;
  cell: number;
  /** the planner's discretisation: a route keeps C less half a planning cell */
  tol: number;
  /** solids meeting the body's height band (people left out, as the script plans) */
  solids: Solid[];
  /** their footprints in the band, bucketed by bounding box (the exact distances' input) */
  footprints: FootprintBuckets;
  map: ClearanceMap;
  stops: Stop[];
  legs: Leg[];
}

/** Same cell size, cap and filter as script/nav.ts navMap. */
export function buildMap(
  place: Place,
  solids: readonly Solid[],
  body: BodyShape,
  C: number,
  cell: number,
): ClearanceMap {
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

export function insidePolygon(p: Vec2, poly: readonly (readonly number[])[]): boolean {
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

/**
 * The stops of a job: every site of every role it uses (home first; with `handoff`, its hand-off site too); the
 * vacuum adds a spot in every room.
 */
export function stopsOf(job: JobSpec, place: Place, map: ClearanceMap, body: BodyShape, handoff = false): Stop[] {
  const roles = [job.tasks.home];
  for (const k of job.tasks.kinds) {
    if ('sites' in k) roles.push(...k.sites);
    if ('surfaces' in k) roles.push(...k.surfaces);
  }
  if (handoff && job.tasks.handoff) roles.push(job.tasks.handoff.site);
  const out: Stop[] = [];
  for (const role of roles) {
    for (const s of sitesForRole(place, role))
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

export function planAll(map: ClearanceMap, stops: readonly Stop[], body: BodyShape, C: number): Leg[] {
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

/**
 * Plan as the script stage does: a job in a place (by default its own), the body's circle and height band, the job's
 * C, the place's planning cell, the initial state without people; every pair of the job's stops.
 */
export function routeSetup(job: JobSpec, place: Place = devPlace(job), opts: { handoff?: boolean } = {}): RouteSetup {
  const body = bodyShape(job);
  const cell = planCell(job, place);
  const C = job.clearance.value;
  const solids = placeSolids(place).filter(
    (s) => s.role !== 'person' && s.role !== 'floor' && meetsBand(s, body.zBand),
  );
  const map = buildMap(place, solids, body, C, cell);
  const stops = stopsOf(job, place, map, body, opts.handoff);
  const fps = new FootprintBuckets(footprints(solids, { zBand: body.zBand }).map((x) => x.fp));
  return {
    job,
    place,
    body,
    C,
    cell,
    tol: cell / 2,
    solids,
    footprints: fps,
    map,
    stops,
    legs: planAll(map, stops, body, C),
  };
}

/** A route point: where, which way the route runs there, how far along it, and whether it is an end. */
export interface Sample {
  p: Vec2;
  dir: Vec2;
  s: number;
  end: boolean;
}

/** Points every STEP (at most) along the route, split per segment as the planner samples it, ends included. */
export function samples(route: readonly Vec2[]): Sample[] {
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

/** Footprints in square buckets of their bounding boxes (a dense grid over them), searched ring by ring out from a point. */
export class FootprintBuckets {
  static readonly SIZE = 1;
  readonly items: { fp: Footprint; box: [number, number, number, number] }[];
  /** the grid's first cell and its size in cells; bucket (i, j) is cells[(i - i0) * nj + (j - j0)] */
  private readonly i0: number;
  private readonly j0: number;
  private readonly ni: number;
  private readonly nj: number;
  private readonly cells: number[][];
  private readonly seen: Uint32Array;
  private stamp = 0;
  constructor(fps: readonly Footprint[]) {
    this.items = fps.map((fp) => ({ fp, box: footprintBounds(fp) }));
    this.seen = new Uint32Array(this.items.length);
    const S = FootprintBuckets.SIZE;
    const cell = (v: number) => Math.floor(v / S);
    this.i0 = Math.min(0, ...this.items.map((x) => cell(x.box[0])));
    this.j0 = Math.min(0, ...this.items.map((x) => cell(x.box[1])));
    this.ni = Math.max(this.i0, ...this.items.map((x) => cell(x.box[2]))) - this.i0 + 1;
    this.nj = Math.max(this.j0, ...this.items.map((x) => cell(x.box[3]))) - this.j0 + 1;
    this.cells = Array.from({ length: this.ni * this.nj }, () => []);
    this.items.forEach(({ box }, k) => {
      for (let i = cell(box[0]); i <= cell(box[2]); i++)
        for (let j = cell(box[1]); j <= cell(box[3]); j++) this.cells[(i - this.i0) * this.nj + (j - this.j0)].push(k);
    });
  }

  /** the footprints listed in bucket (i, j); none outside the grid */
  private bucket(i: number, j: number): readonly number[] {
    const a = i - this.i0;
    const b = j - this.j0;
    return a < 0 || b < 0 || a >= this.ni || b >= this.nj ? [] : this.cells[a * this.nj + b];
  }

  /**
   * The signed distance from p to the nearest footprint (Infinity when there is none): exact, as the minimum of
   * pointToFootprint over every footprint. A footprint is skipped only where its bounding box lies farther than the
   * nearest found or than `bound` (a distance the nearest is known not to exceed); the rings stop once every
   * footprint not yet seen lies farther than that.
   */
  nearest(p: Vec2, bound = Infinity): number {
    const S = FootprintBuckets.SIZE;
    const ci = Math.floor(p[0] / S);
    const cj = Math.floor(p[1] / S);
    const stamp = ++this.stamp;
    let best = Infinity;
    let limit = bound + 1e-6;
    let left = this.items.length;
    const visit = (i: number, j: number) => {
      for (const n of this.bucket(i, j)) {
        if (this.seen[n] === stamp) continue;
        this.seen[n] = stamp;
        left--;
        const { fp, box } = this.items[n];
        const h = Math.hypot(Math.max(box[0] - p[0], 0, p[0] - box[2]), Math.max(box[1] - p[1], 0, p[1] - box[3]));
        // a box holding p (h = 0) is always measured: inside a solid the distance is negative
        if (h > limit && h > 0) continue;
        const d = pointToFootprint(p[0], p[1], fp).distance;
        if (d < best) {
          best = d;
          limit = Math.min(limit, d);
        }
      }
    };
    for (let k = 0; left > 0; k++) {
      // every footprint not yet seen lies in rings k and out, at least (k - 1) S from p
      if ((k - 1) * S > Math.max(limit, 0)) break;
      if (k === 0) {
        visit(ci, cj);
        continue;
      }
      // ring k: its top and bottom rows whole, then its two columns between them
      for (let i = ci - k; i <= ci + k; i++) {
        visit(i, cj - k);
        visit(i, cj + k);
      }
      for (let j = cj - k + 1; j <= cj + k - 1; j++) {
        visit(ci - k, j);
        visit(ci + k, j);
      }
    }
    return best;
  }
}

/**
 * Exact distance from a point to the nearest solid of the body's band: distanceToSolids (nearest.ts) over the same
 * footprints, built once per setup; `bound` is a distance the nearest is known not to exceed (the distance at the
 * previous route point plus the step: the distance field is 1-Lipschitz), which only saves work.
 */
export function exactDistance(st: RouteSetup, p: Vec2, bound = Infinity): number {
  return st.footprints.nearest(p, bound);
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
export function roomForC(st: RouteSetup, pts: readonly Sample[]): boolean[] {
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

export const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Checks every leg of a setup (`skip`: stops it cannot reach, each with the reason); returns counts for the coverage assertions and the failures in words. */
export function checkLegs(
  st: RouteSetup,
  skip: Readonly<Record<string, string>> = {},
): {
  failures: string[];
  keepC: string[];
  routed: number;
  roomPts: number;
  allPts: number;
  worstRoom: number;
} {
  const failures: string[] = [];
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
    let prev = Infinity;
    for (let i = 0; i < pts.length; i++) {
      const step = i ? Math.hypot(pts[i].p[0] - pts[i - 1].p[0], pts[i].p[1] - pts[i - 1].p[1]) : 0;
      prev = exactDistance(st, pts[i].p, prev + step);
      const c = prev - st.body.radius;
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
    // the planner reads clearance off its map, which reaches only as far as its cap (buildMap): a route that never
    // comes within reach of a solid (down the middle of a wide hallway) reads the cap, not the truth
    const reach = st.C + 2 * st.cell + 0.05;
    if (Math.abs(Math.min(minAll, reach) - leg.res.minClearance) > 1e-3)
      failures.push(`${name}: planner says min clearance ${r4(leg.res.minClearance)}, exact ${r4(minAll)}`);
  }
  return { failures, keepC, routed, roomPts, allPts, worstRoom };
}

/** Route points inside an aisle's polygon, with the heading the body drives at there, per leg. */
function aislePoints(st: RouteSetup, poly: readonly (readonly number[])[]) {
  const out: { leg: string; pts: Sample[] }[] = [];
  for (const leg of st.legs) {
    if (!leg.res.ok) continue;
    const pts = samples(leg.res.waypoints).filter((q) => insidePolygon(q.p, poly));
    if (pts.length) out.push({ leg: `${leg.from} -> ${leg.to}`, pts });
  }
  return out;
}

/**
 * The warehouse aisles (rooms `aisle_*`, running along x), in words where they fail: each is driven through by some
 * route (one runs along at least half its length), and the job's rectangular body, turned along the route, keeps C
 * (less half a planning cell) from every solid at every route point inside it.
 */
export function aisleFailures(st: RouteSetup): string[] {
  const C = st.C;
  const fp = st.job.body.footprint;
  if (fp.shape !== 'rect') return [`${st.job.id}: the aisle check takes a rectangular footprint`];
  const items = footprints(st.solids, { zBand: st.body.zBand }).map((x) => ({
    fp: x.fp,
    box: footprintBounds(x.fp),
  }));
  const reach = Math.hypot(fp.length_m, fp.width_m) / 2 + C + 0.5;
  /**
   * exact distance from the rectangular body at a pose to the nearest solid footprint, where it is under `limit`
   * (a footprint whose bounding box lies farther from the body's than that, or than the nearest found, is skipped)
   */
  const bodyClear = (p: Vec2, dir: Vec2, limit: number): number => {
    const body: Footprint = bodyAt(
      { shape: 'rect', length: fp.length_m, width: fp.width_m },
      { x: p[0], y: p[1], yaw_deg: (Math.atan2(dir[1], dir[0]) * 180) / Math.PI },
    );
    const [bx0, by0, bx1, by1] = footprintBounds(body);
    let m = Infinity;
    for (const it of items) {
      const [x0, y0, x1, y1] = it.box;
      if (p[0] < x0 - reach || p[0] > x1 + reach || p[1] < y0 - reach || p[1] > y1 + reach) continue;
      const gap = Math.hypot(Math.max(x0 - bx1, 0, bx0 - x1), Math.max(y0 - by1, 0, by0 - y1));
      if (gap > 0 && gap > Math.min(m, limit)) continue;
      m = Math.min(m, footprintDistance(body, it.fp).distance);
    }
    return m;
  };
  const failures: string[] = [];
  for (const a of st.place.rooms.filter((r) => r.id.startsWith('aisle_'))) {
    const xs = a.polygon.map((p) => p[0]);
    const length = Math.max(...xs) - Math.min(...xs);
    const legs = aislePoints(st, a.polygon);
    // driven through: some route runs along at least half the aisle's length
    const longest = Math.max(
      0,
      ...legs.map((l) => Math.max(...l.pts.map((q) => q.p[0])) - Math.min(...l.pts.map((q) => q.p[0]))),
    );
    if (legs.length === 0) failures.push(`${a.id}: no route enters it`);
    if (longest < length / 2) failures.push(`${a.id}: the longest run of any route is ${r4(longest)} m of ${length} m`);
    for (const l of legs) {
      let worst = Infinity,
        at: Vec2 = [0, 0];
      for (const q of l.pts) {
        // the leg's worst so far bounds what a point can change
        const c = bodyClear(q.p, q.dir, worst);
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
  return failures;
}
