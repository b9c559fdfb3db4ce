/**
 * Golds recomputed from a script's timeline.json and visibility.jsonl alone, by plain code written apart from
 * compile/families (and from the perfect reader): the body's contact along a drive by a vertex-against-edge test of
 * convex outlines (not the compiler's Minkowski sweep), corridors stepped on the seen grid, the way_to route field by
 * brute-force closing, clearance and a simple Dijkstra, things' middles from the world at their last sighting.
 * People's gaps by a point-to-outline distance less half their shoulder width (a seated person's over their reach),
 * sampled every 0.1 s over the horizon.
 * The solids of the place at a time come from the world model's reading of the timeline (layouts' solidsAt), the
 * people's places from their legs (linear along each); the base pose from the frame's recorded camera less the
 * job's camera mount, or for the corridors the pose the robot's step reports where the caller gives it.
 */
import { seatedReach } from '../../layouts/person-figure.ts';
import { solidsAt, type Timeline } from '../../layouts/timeline.ts';
import { extentAlong, type Solid } from '../../layouts/solids.ts';

export type V2 = [number, number];
export type Outline =
  | { kind: 'rect'; c: V2; hx: number; hy: number; yaw: number }
  | { kind: 'circle'; c: V2; r: number }
  /** a convex polygon, counter-clockwise, c its vertices' mean */
  | { kind: 'poly'; c: V2; pts: V2[]; R: number };

/** A visibility record, as much of it as the recomputation reads. */
export interface Vis {
  k: number;
  t: number;
  camera: { position: number[]; yaw_deg: number; pitch_deg: number };
  entities: { entity: string; role: string; pixels: number; contact: { point: number[] } | null }[];
  seen: {
    grid: { x0: number; y0: number; cell: number; nx: number; ny: number };
    floor: number[];
    obstacle: number[];
    air?: { below_m: number; cells: number[] };
  };
}

/** What the recomputation needs of a job. */
export interface BodyJob {
  body: { shape: 'circle'; diameter_m: number } | { shape: 'rect'; length_m: number; width_m: number };
  height_m: number;
  base_z_m: number;
  mount: { forward_m: number; left_m: number };
}

const rad = (d: number) => (d * Math.PI) / 180;
const norm = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

/** A base pose: map metres and heading (deg). */
export type BasePose = { x: number; y: number; yaw: number };

/**
 * The base pose the robot reports at a step (the case's step file: metres and degrees to 4 decimals), which is the
 * pose every reader is given; the camera record holds degrees to 3 only, which moves a corridor that grazes an edge
 * by up to a millimetre.
 */
export function stepPose(step: { pose: { pos: readonly number[]; heading_deg: number } }): BasePose {
  return { x: step.pose.pos[0], y: step.pose.pos[1], yaw: step.pose.heading_deg };
}

/** The base pose under a recorded camera (the mount's offset taken back). */
export function basePose(job: BodyJob, cam: Vis['camera']): BasePose {
  const a = rad(cam.yaw_deg);
  const { forward_m: f, left_m: l } = job.mount;
  return {
    x: cam.position[0] - f * Math.cos(a) + l * Math.sin(a),
    y: cam.position[1] - f * Math.sin(a) - l * Math.cos(a),
    yaw: cam.yaw_deg,
  };
}

export function bodyOutline(job: BodyJob, x: number, y: number, yawDeg: number): Outline {
  const b = job.body;
  return b.shape === 'circle'
    ? { kind: 'circle', c: [x, y], r: b.diameter_m / 2 }
    : { kind: 'rect', c: [x, y], hx: b.length_m / 2, hy: b.width_m / 2, yaw: rad(yawDeg) };
}

export const bodyLength = (job: BodyJob) => (job.body.shape === 'circle' ? job.body.diameter_m : job.body.length_m);
export const bodyWidth = (job: BodyJob) => (job.body.shape === 'circle' ? job.body.diameter_m : job.body.width_m);

/** The outlines of the solids a body touches at time t: walls, doors, furniture and things in its height band. */
export function obstaclesAt(tl: Timeline, t: number, job: BodyJob): { solid: Solid; o: Outline }[] {
  const lo = job.base_z_m,
    hi = job.base_z_m + job.height_m;
  const out: { solid: Solid; o: Outline }[] = [];
  for (const s of solidsAt(tl, t)) {
    if (!['wall', 'door', 'fixed', 'thing'].includes(s.role)) continue;
    const z0 = s.center[2] - s.size[2] / 2,
      z1 = s.center[2] + s.size[2] / 2;
    if (!(z0 < hi && z1 > lo)) continue;
    const c: V2 = [s.center[0], s.center[1]];
    if (s.shape === 'rbox' || s.shape === 'lathe' || s.pitch_deg || s.roll_deg)
      out.push({ solid: s, o: bandOutline(s, lo, hi) });
    else if (s.shape === 'box')
      out.push({ solid: s, o: { kind: 'rect', c, hx: s.size[0] / 2, hy: s.size[1] / 2, yaw: rad(s.yaw_deg ?? 0) } });
    else if (s.shape === 'cylinder')
      out.push({ solid: s, o: { kind: 'circle', c, r: Math.max(s.size[0], s.size[1]) / 2 } });
    else {
      const R = s.size[0] / 2,
        dz = Math.max(0, lo - s.center[2], s.center[2] - hi);
      out.push({ solid: s, o: { kind: 'circle', c, r: Math.sqrt(Math.max(0, R * R - dz * dz)) } });
    }
  }
  return out;
}

/** Points (map frame) of a convex polygon cut into counter-clockwise order: their hull (monotone chain). */
function hull(points: V2[]): V2[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: V2, a: V2, b: V2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (pts: V2[]) => {
    const h: V2[] = [];
    for (const q of pts) {
      while (h.length >= 2 && cross(h[h.length - 2], h[h.length - 1], q) <= 1e-15) h.pop();
      h.push(q);
    }
    return h.slice(0, -1);
  };
  return [...half(p), ...half([...p].reverse())];
}

const polyOutline = (pts: V2[]): Outline => {
  const h = hull(pts);
  const c: V2 = [h.reduce((a, q) => a + q[0], 0) / h.length, h.reduce((a, q) => a + q[1], 0) / h.length];
  return { kind: 'poly', pts: h, c, R: Math.max(...h.map((q) => Math.hypot(q[0] - c[0], q[1] - c[1]))) };
};

/** The radius of an upright lathe's outer profile at its own height z (linear between profile points). */
function latheRadius(profile: readonly number[][], z: number): number {
  for (let i = 1; i < profile.length; i++) {
    const [r0, z0] = profile[i - 1],
      [r1, z1] = profile[i];
    if (z <= z1) return r0 + ((r1 - r0) * (z - z0)) / (z1 - z0);
  }
  return profile[profile.length - 1][0];
}

/** Sides of a polygon inscribed in a circle of radius r that stays within SAG_M of the circle (at least 8). */
const SAG_M = 1e-5;
const sides = (r: number) => Math.max(8, Math.ceil(Math.PI / Math.acos(Math.max(-1, 1 - SAG_M / Math.max(r, 1e-9)))));

/** A rounded rectangle (half extents hx, hy, corners of radius rho) about c, turned by yaw: a fine polygon. */
function roundedRect(c: V2, hx: number, hy: number, rho: number, yaw: number): V2[] {
  const pts: V2[] = [];
  const co = Math.cos(yaw),
    si = Math.sin(yaw);
  for (const [sx, sy] of [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ])
    for (let i = 0, n = Math.ceil(sides(rho) / 4); i <= n; i++) {
      const a = Math.atan2(sy, sx) - Math.PI / 4 + (i * Math.PI) / (2 * n);
      const u = sx * (hx - rho) + rho * Math.cos(a),
        v = sy * (hy - rho) + rho * Math.sin(a);
      pts.push([c[0] + co * u - si * v, c[1] + si * u + co * v]);
    }
  return pts;
}

/**
 * The outline within the height band [lo, hi] (map z) of a solid that is not an upright box, cylinder or sphere,
 * computed here on its own: an upright lathe, the disc of its outer profile's widest radius inside the band (an
 * inscribed polygon within 10 um of it, as every circle here); an upright rbox, its widest cross-section in the band (the inner box grown by the radius
 * where the band comes nearest the inner box's height range); a tilted box or cylinder, every edge of the solid (a
 * cylinder's as inscribed polygons top and bottom and their side lines) clipped to the band, turned by
 * Rz(yaw) Ry(pitch) Rx(roll), and the hull of the ends. A tilted lathe or rbox is not read here.
 */
export function bandOutline(s: Solid, lo: number, hi: number): Outline {
  const [cx, cy, cz] = s.center;
  const tilted = !!(s.pitch_deg || s.roll_deg);
  if (!tilted && s.shape === 'lathe') {
    const prof = s.profile as number[][];
    const bottom = cz - s.size[2] / 2;
    const a = Math.max(0, lo - bottom),
      b = Math.min(s.size[2], hi - bottom);
    let r = Math.max(latheRadius(prof, a), latheRadius(prof, b));
    for (const [pr, pz] of prof) if (pz > a && pz < b) r = Math.max(r, pr);
    const pts: V2[] = [];
    for (let i = 0, n = sides(r); i < n; i++)
      pts.push([cx + r * Math.cos((2 * i * Math.PI) / n), cy + r * Math.sin((2 * i * Math.PI) / n)]);
    return polyOutline(pts);
  }
  if (!tilted && s.shape === 'rbox') {
    const R = s.radius as number;
    const az = s.size[2] / 2 - R;
    const dz = Math.max(0, lo - (cz + az), cz - az - hi);
    const rho = Math.sqrt(Math.max(0, R * R - dz * dz));
    const hx = s.size[0] / 2 - R + rho,
      hy = s.size[1] / 2 - R + rho;
    return polyOutline(roundedRect([cx, cy], hx, hy, rho, rad(s.yaw_deg ?? 0)));
  }
  if (s.shape !== 'box' && s.shape !== 'cylinder')
    throw new Error(`recompute: no outline for a tilted ${s.shape} (${s.name})`);
  // the solid's edges in its own frame
  const segs: [number[], number[]][] = [];
  const [ex, ey, ez] = s.size.map((v) => v / 2);
  if (s.shape === 'box') {
    const v = (i: number) => [i & 1 ? ex : -ex, i & 2 ? ey : -ey, i & 4 ? ez : -ez];
    for (let i = 0; i < 8; i++) for (const bit of [1, 2, 4]) if (!(i & bit)) segs.push([v(i), v(i | bit)]);
  } else {
    const r = Math.max(s.size[0], s.size[1]) / 2,
      N = sides(r);
    for (let i = 0; i < N; i++) {
      const a = (2 * Math.PI * i) / N,
        b = (2 * Math.PI * (i + 1)) / N;
      for (const z of [-ez, ez])
        segs.push([
          [r * Math.cos(a), r * Math.sin(a), z],
          [r * Math.cos(b), r * Math.sin(b), z],
        ]);
      segs.push([
        [r * Math.cos(a), r * Math.sin(a), -ez],
        [r * Math.cos(a), r * Math.sin(a), ez],
      ]);
    }
  }
  // Rz(yaw) Ry(pitch) Rx(roll), applied to a point of the solid's own frame, then moved to its centre
  const [Y, P, Rr] = [rad(s.yaw_deg ?? 0), rad(s.pitch_deg ?? 0), rad(s.roll_deg ?? 0)];
  const turn = ([x, y, z]: number[]) => {
    const y1 = y * Math.cos(Rr) - z * Math.sin(Rr),
      z1 = y * Math.sin(Rr) + z * Math.cos(Rr);
    const x2 = x * Math.cos(P) + z1 * Math.sin(P),
      z2 = -x * Math.sin(P) + z1 * Math.cos(P);
    return [cx + x2 * Math.cos(Y) - y1 * Math.sin(Y), cy + x2 * Math.sin(Y) + y1 * Math.cos(Y), cz + z2];
  };
  const pts: V2[] = [];
  for (const [a0, b0] of segs) {
    const a = turn(a0),
      b = turn(b0);
    const dz = b[2] - a[2];
    let t0 = 0,
      t1 = 1;
    if (Math.abs(dz) < 1e-15) {
      if (a[2] < lo || a[2] > hi) continue;
    } else {
      const u = (lo - a[2]) / dz,
        w = (hi - a[2]) / dz;
      t0 = Math.max(t0, Math.min(u, w));
      t1 = Math.min(t1, Math.max(u, w));
      if (t0 > t1) continue;
    }
    for (const t of [t0, t1]) pts.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
  }
  return polyOutline(pts);
}

function corners(o: Extract<Outline, { kind: 'rect' }>): V2[] {
  const c = Math.cos(o.yaw),
    s = Math.sin(o.yaw);
  return [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ].map(([u, v]) => [o.c[0] + c * u * o.hx - s * v * o.hy, o.c[1] + s * u * o.hx + c * v * o.hy] as V2);
}

/** The corners of a rectangle or polygon, counter-clockwise. */
const vertices = (o: Exclude<Outline, { kind: 'circle' }>): V2[] => (o.kind === 'poly' ? o.pts : corners(o));

/** Whether a point lies strictly inside an outline. */
export function inside(o: Outline, x: number, y: number): boolean {
  if (o.kind === 'circle') return Math.hypot(x - o.c[0], y - o.c[1]) < o.r;
  if (o.kind === 'poly') return edges(o.pts).every((e) => (x - e.a[0]) * e.n[0] + (y - e.a[1]) * e.n[1] < 0);
  const dx = x - o.c[0],
    dy = y - o.c[1];
  const u = dx * Math.cos(o.yaw) + dy * Math.sin(o.yaw),
    v = -dx * Math.sin(o.yaw) + dy * Math.cos(o.yaw);
  return Math.abs(u) < o.hx && Math.abs(v) < o.hy;
}

/** First t >= 0 at which p + t d crosses segment ab entering through its outward normal n; null if never. */
function pointToEdge(p: V2, d: V2, a: V2, b: V2, n: V2): number | null {
  const den = d[0] * n[0] + d[1] * n[1];
  if (den >= -1e-12) return null;
  const t = ((a[0] - p[0]) * n[0] + (a[1] - p[1]) * n[1]) / den;
  if (t < -1e-9) return null;
  const q: V2 = [p[0] + t * d[0], p[1] + t * d[1]];
  const ex = b[0] - a[0],
    ey = b[1] - a[1];
  const s = ((q[0] - a[0]) * ex + (q[1] - a[1]) * ey) / (ex * ex + ey * ey);
  return s > 1e-9 && s < 1 - 1e-9 ? Math.max(0, t) : null;
}

function edges(poly: V2[]): { a: V2; b: V2; n: V2 }[] {
  return poly.map((a, i) => {
    const b = poly[(i + 1) % poly.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return { a, b, n: [(b[1] - a[1]) / len, -(b[0] - a[0]) / len] as V2 }; // counter-clockwise: outward is right
  });
}

/** First entry of p + t d into a disc (null on a miss or a graze; 0 when already inside). */
function pointToDisc(p: V2, d: V2, c: V2, r: number): number | null {
  const fx = p[0] - c[0],
    fy = p[1] - c[1];
  const b = fx * d[0] + fy * d[1],
    cc = fx * fx + fy * fy - r * r;
  const disc = b * b - cc;
  if (disc <= 1e-12) return null;
  const t0 = -b - Math.sqrt(disc),
    t1 = -b + Math.sqrt(disc);
  if (t1 <= 1e-12) return null;
  return Math.max(0, t0);
}

/** A disc moving along d against a rectangle or a convex polygon. */
function discToRect(c: V2, r: number, d: V2, rect: Exclude<Outline, { kind: 'circle' }>): number | null {
  let best: number | null = null;
  const take = (t: number | null) => {
    if (t !== null && (best === null || t < best)) best = t;
  };
  const poly = vertices(rect);
  for (const e of edges(poly)) take(pointToEdge([c[0] - r * e.n[0], c[1] - r * e.n[1]], d, e.a, e.b, e.n));
  for (const v of poly) take(pointToDisc(c, d, v, r));
  return best;
}

/** How far a body outline can move along d (unit) before touching an obstacle outline; null if never. */
export function contact(body: Outline, d: V2, ob: Outline): number | null {
  if (body.kind === 'circle' && ob.kind === 'circle') return pointToDisc(body.c, d, ob.c, body.r + ob.r);
  if (ob.kind === 'poly') {
    // nothing to meet when the body's path passes wide of the polygon's circle, or it lies behind
    const Rb = body.kind === 'circle' ? body.r : body.kind === 'rect' ? Math.hypot(body.hx, body.hy) : body.R;
    const wx = ob.c[0] - body.c[0],
      wy = ob.c[1] - body.c[1];
    if (Math.abs(wx * d[1] - wy * d[0]) > Rb + ob.R || wx * d[0] + wy * d[1] < -(Rb + ob.R)) return null;
  }
  if (body.kind === 'circle' && ob.kind !== 'circle') return discToRect(body.c, body.r, d, ob);
  if (body.kind !== 'circle' && ob.kind === 'circle') return discToRect(ob.c, ob.r, [-d[0], -d[1]], body);
  const P = vertices(body as Exclude<Outline, { kind: 'circle' }>),
    Q = vertices(ob as Exclude<Outline, { kind: 'circle' }>);
  let best: number | null = null;
  const take = (t: number | null) => {
    if (t !== null && (best === null || t < best)) best = t;
  };
  for (const p of P) for (const e of edges(Q)) take(pointToEdge(p, d, e.a, e.b, e.n));
  for (const q of Q) for (const e of edges(P)) take(pointToEdge(q, [-d[0], -d[1]], e.a, e.b, e.n));
  return best;
}

/** The drive's run to the first contact (cap when nothing is met) and the solid touched. */
export function driveRun(
  obstacles: { solid: Solid; o: Outline }[],
  body: Outline,
  headingDeg: number,
  cap: number,
): { run: number; hit: Solid | null } {
  const d: V2 = [Math.cos(rad(headingDeg)), Math.sin(rad(headingDeg))];
  let run = cap,
    hit: Solid | null = null;
  for (const { solid, o } of obstacles) {
    const t = contact(body, d, o);
    if (t !== null && t < run) {
      run = t;
      hit = solid;
    }
  }
  return { run, hit };
}

/**
 * The seen grid of a run of frames: per cell, observed (floor or obstacle) at all, seen as floor / obstacle, and
 * in a flying job's air carve (with the highest carve height).
 */
export class Seen {
  readonly g: Vis['seen']['grid'];
  readonly floor: Uint8Array;
  readonly obstacle: Uint8Array;
  readonly air: Uint8Array;
  airBelow = -Infinity;
  constructor(frames: readonly Vis[]) {
    this.g = frames[0].seen.grid;
    const n = this.g.nx * this.g.ny;
    this.floor = new Uint8Array(n);
    this.obstacle = new Uint8Array(n);
    this.air = new Uint8Array(n);
    for (const f of frames) {
      if (f.seen.air) this.airBelow = Math.max(this.airBelow, f.seen.air.below_m);
      const lists: [number[], Uint8Array][] = [
        [f.seen.floor, this.floor],
        [f.seen.obstacle, this.obstacle],
      ];
      if (f.seen.air) lists.push([f.seen.air.cells, this.air]);
      for (const [runs, into] of lists) {
        let c = 0;
        for (let i = 0; i < runs.length; i += 2) {
          c += runs[i];
          for (let j = 0; j < runs[i + 1]; j++) into[c++] = 1;
        }
      }
    }
  }
  observed(c: number): boolean {
    return c >= 0 && (this.floor[c] === 1 || this.obstacle[c] === 1);
  }
  /** observed, or in an air carve reaching up to a band that starts at z0 */
  free(c: number, z0: number): boolean {
    return this.observed(c) || (c >= 0 && this.air[c] === 1 && this.airBelow <= z0 + 1e-6);
  }
  centre(c: number): V2 {
    return [
      this.g.x0 + ((c % this.g.nx) + 0.5) * this.g.cell,
      this.g.y0 + (Math.floor(c / this.g.nx) + 0.5) * this.g.cell,
    ];
  }
  cellOf(x: number, y: number): number {
    const i = Math.floor((x - this.g.x0) / this.g.cell),
      j = Math.floor((y - this.g.y0) / this.g.cell);
    return i < 0 || j < 0 || i >= this.g.nx || j >= this.g.ny ? -1 : j * this.g.nx + i;
  }
  /** cells whose centre lies inside an outline */
  under(o: Outline): number[] {
    const out: number[] = [];
    const R = o.kind === 'circle' ? o.r : o.kind === 'poly' ? o.R : Math.hypot(o.hx, o.hy);
    for (
      let j = Math.floor((o.c[1] - R - this.g.y0) / this.g.cell);
      j <= Math.floor((o.c[1] + R - this.g.y0) / this.g.cell);
      j++
    )
      for (
        let i = Math.floor((o.c[0] - R - this.g.x0) / this.g.cell);
        i <= Math.floor((o.c[0] + R - this.g.x0) / this.g.cell);
        i++
      ) {
        if (i < 0 || j < 0 || i >= this.g.nx || j >= this.g.ny) continue;
        const c = j * this.g.nx + i;
        const [x, y] = this.centre(c);
        if (inside(o, x, y)) out.push(c);
      }
    return out;
  }
}

/** The frames of the ask's task: those from the last task change up to the ask (by the case's task indices). */
export function taskSpan<T>(frames: readonly T[], tasks: readonly number[], k: number): T[] {
  let i = k;
  while (i > 0 && tasks[i - 1] === tasks[k]) i--;
  return frames.slice(i, k + 1);
}

/**
 * How far a drive stays on observed floor: stepping the body every half cell up to `run`, the last position at
 * which every cell under it (bar the excluded ones) was observed (or, flying, in the air carve).
 */
export function seenRun(
  seen: Seen,
  job: BodyJob,
  x: number,
  y: number,
  yawDeg: number,
  headingDeg: number,
  run: number,
  excluded: Set<number>,
): number {
  const d: V2 = [Math.cos(rad(headingDeg)), Math.sin(rad(headingDeg))];
  const step = seen.g.cell / 2;
  const n = Math.max(1, Math.ceil(run / step));
  let ok = 0;
  for (let i = 0; i <= n; i++) {
    const s = Math.min(run, i * step);
    for (const c of seen.under(bodyOutline(job, x + d[0] * s, y + d[1] * s, yawDeg)))
      if (!excluded.has(c) && !seen.free(c, job.base_z_m)) return ok;
    ok = s;
  }
  return run;
}

/** clear_path: the run of a drive ahead, back, left or right (turned first), and whether the seen space vouches for it. */
export function clearPathGold(
  tl: Timeline,
  job: BodyJob,
  taskFrames: readonly Vis[],
  dir: 'ahead' | 'back' | 'left' | 'right',
  turnDeg: number,
  cap: number,
  pose?: BasePose,
) {
  const f = taskFrames[taskFrames.length - 1];
  const b = pose ?? basePose(job, f.camera);
  const yaw = dir === 'left' ? b.yaw + turnDeg : dir === 'right' ? b.yaw - turnDeg : b.yaw;
  const heading = dir === 'back' ? yaw + 180 : yaw;
  const obs = obstaclesAt(tl, f.t, job);
  const { run, hit } = driveRun(obs, bodyOutline(job, b.x, b.y, yaw), heading, cap);
  const seen = new Seen(taskFrames);
  const excluded = new Set<number>([
    ...seen.under(bodyOutline(job, b.x, b.y, b.yaw)),
    ...seen.under(bodyOutline(job, b.x, b.y, yaw)),
    ...obs.flatMap((o) => seen.under(o.o)),
  ]);
  const corridorSeen = seenRun(seen, job, b.x, b.y, yaw, heading, run, excluded) >= run - 1e-9;
  return { run, hit, corridorSeen };
}

/** The distance (m) from a point to an outline: 0 inside. */
export function pointToOutline(o: Outline, x: number, y: number): number {
  if (o.kind === 'circle') return Math.max(0, Math.hypot(x - o.c[0], y - o.c[1]) - o.r);
  if (o.kind === 'poly') {
    if (inside(o, x, y)) return 0;
    return Math.min(
      ...edges(o.pts).map(({ a, b }) => {
        const ex = b[0] - a[0],
          ey = b[1] - a[1];
        const t = Math.max(0, Math.min(1, ((x - a[0]) * ex + (y - a[1]) * ey) / (ex * ex + ey * ey)));
        return Math.hypot(x - a[0] - t * ex, y - a[1] - t * ey);
      }),
    );
  }
  const dx = x - o.c[0],
    dy = y - o.c[1];
  const u = dx * Math.cos(o.yaw) + dy * Math.sin(o.yaw),
    v = -dx * Math.sin(o.yaw) + dy * Math.cos(o.yaw);
  return Math.hypot(Math.max(0, Math.abs(u) - o.hx), Math.max(0, Math.abs(v) - o.hy));
}

/** Where a person stands at t from their legs (linear along a leg), or undefined when absent. */
export function personPlace(
  legs: readonly { t0: number; t1: number; from: readonly number[]; to: readonly number[] }[],
  t: number,
): V2 | undefined {
  for (const l of legs)
    if (t >= l.t0 && t <= l.t1) {
      const u = l.t1 > l.t0 ? (t - l.t0) / (l.t1 - l.t0) : 0;
      return [l.from[0] + u * (l.to[0] - l.from[0]), l.from[1] + u * (l.to[1] - l.from[1])];
    }
  return undefined;
}

/** A person's gap (m) to the body under a recorded camera at time t, or undefined when the person is absent. */
function personGapAt(tl: Timeline, job: BodyJob, cam: Vis['camera'], id: string, t: number): number | undefined {
  const at = personPlace(tl.people[id] ?? [], t);
  const person = tl.place.people.find((p) => p.id === id);
  if (!at || !person) return undefined;
  const b = basePose(job, cam);
  const outline = bodyOutline(job, b.x, b.y, b.yaw);
  // a seated person's disc sweeps over their legs: measured every centimetre along the sweep
  const [rx, ry] = seatedReach(tl.place, person) ?? [0, 0];
  const n = Math.ceil(Math.hypot(rx, ry) / 0.01);
  let d = pointToOutline(outline, at[0], at[1]);
  for (let i = 1; i <= n; i++) d = Math.min(d, pointToOutline(outline, at[0] + (rx * i) / n, at[1] + (ry * i) / n));
  return Math.max(0, d - person.shoulder_width / 2);
}

const peopleSeen = (f: Vis) => f.entities.filter((e) => e.role === 'person' && e.pixels > 0).map((e) => e.entity);

/** closest_person: the smallest gap of a person in view to the body over the task's frames, or undefined. */
export function closestPersonGold(tl: Timeline, job: BodyJob, taskFrames: readonly Vis[]): number | undefined {
  let best: number | undefined;
  for (const f of taskFrames)
    for (const id of peopleSeen(f)) {
      const g = personGapAt(tl, job, f.camera, id, f.t);
      if (g !== undefined && (best === undefined || g < best)) best = g;
    }
  return best;
}

/**
 * The smallest gap of a person to the body held under camera `cam` over [t0, t0 + horizon], the true path sampled
 * every 0.1 s from `from` (the person's last sighting), or undefined when they are absent at a sample.
 */
function heldGap(
  tl: Timeline,
  job: BodyJob,
  cam: Vis['camera'],
  id: string,
  from: number,
  t0: number,
  horizonS: number,
): number | undefined {
  let best = Infinity;
  const t1 = t0 + horizonS;
  for (let i = 0; i <= Math.ceil((t1 - from) / 0.1); i++) {
    const t = Math.min(t1, from + i * 0.1);
    const g = personGapAt(tl, job, cam, id, t);
    if (g === undefined) return undefined;
    if (t >= t0) best = Math.min(best, g);
  }
  return best;
}

/** closest_approach: the smallest gap over [t, t + horizon] of the people in view at frame f, the body held there. */
export function closestApproachGold(tl: Timeline, job: BodyJob, f: Vis, horizonS: number): number | undefined {
  const gaps = peopleSeen(f).map((id) => heldGap(tl, job, f.camera, id, f.t, f.t, horizonS));
  return gaps.length && gaps.every((g) => g !== undefined) ? Math.min(...(gaps as number[])) : undefined;
}

/** approach_mem: the smallest gap over the horizon of person `id`, last seen in the task before the ask frame. */
export function approachMemGold(
  tl: Timeline,
  job: BodyJob,
  taskFrames: readonly Vis[],
  id: string,
  horizonS: number,
): number | undefined {
  const ask = taskFrames[taskFrames.length - 1];
  const last = [...taskFrames].reverse().find((f) => peopleSeen(f).includes(id));
  return last ? heldGap(tl, job, ask.camera, id, last.t, ask.t, horizonS) : undefined;
}

/** open_heading: the best relative heading (ties: the smallest turn), its run through observed space, and every run. */
export function openHeadingGold(tl: Timeline, job: BodyJob, taskFrames: readonly Vis[], cap: number, pose?: BasePose) {
  const f = taskFrames[taskFrames.length - 1];
  const b = pose ?? basePose(job, f.camera);
  const obs = obstaclesAt(tl, f.t, job);
  const seen = new Seen(taskFrames);
  const base = new Set<number>([
    ...seen.under(bodyOutline(job, b.x, b.y, b.yaw)),
    ...obs.flatMap((o) => seen.under(o.o)),
  ]);
  const runs: number[] = [];
  let best = { rel: 0, run: -1 };
  for (let rel = -180; rel < 180; rel++) {
    const H = norm(b.yaw + rel);
    const contactRun = driveRun(obs, bodyOutline(job, b.x, b.y, H), H, cap).run;
    const excluded = new Set([...base, ...seen.under(bodyOutline(job, b.x, b.y, H))]);
    const run = seenRun(seen, job, b.x, b.y, H, H, contactRun, excluded);
    runs.push(run);
    if (run > best.run + 1e-9 || (Math.abs(run - best.run) <= 1e-9 && Math.abs(rel) < Math.abs(best.rel)))
      best = { rel, run };
  }
  return { ...best, runs };
}

/**
 * A thing's middle at time t: the centre of its extent along its own axes (those of its first part), over every
 * part's exact reach along them (its support function: a rounded box, a lathe and a rolled cylinder as they are);
 * undefined when it is not in the scene (carried).
 */
export function thingMiddle(tl: Timeline, id: string, t: number): V2 | undefined {
  const parts = solidsAt(tl, t).filter((s) => s.owner === id && s.role === 'thing');
  if (!parts.length) return undefined;
  const ax = rad(parts[0].yaw_deg ?? 0);
  const u: V2 = [Math.cos(ax), Math.sin(ax)],
    v: V2 = [-Math.sin(ax), Math.cos(ax)];
  let a0 = Infinity,
    a1 = -Infinity,
    b0 = Infinity,
    b1 = -Infinity;
  for (const s of parts) {
    const cu = s.center[0] * u[0] + s.center[1] * u[1],
      cv = s.center[0] * v[0] + s.center[1] * v[1];
    const eu = extentAlong(s, u[0], u[1], 0),
      ev = extentAlong(s, v[0], v[1], 0);
    a0 = Math.min(a0, cu + eu[0]);
    a1 = Math.max(a1, cu + eu[1]);
    b0 = Math.min(b0, cv + ev[0]);
    b1 = Math.max(b1, cv + ev[1]);
  }
  const am = (a0 + a1) / 2,
    bm = (b0 + b1) / 2;
  return [am * u[0] + bm * v[0], am * u[1] + bm * v[1]];
}

/** The last frame (index) up to k in which an entity had pixels. */
export function lastSeen(frames: readonly Vis[], id: string, k = frames.length - 1): number {
  for (let i = k; i >= 0; i--) if (frames[i].entities.some((e) => e.entity === id && e.pixels > 0)) return i;
  return -1;
}

/**
 * way_to's best relative heading, by brute force: the window's seen floor (cells under the body now count as
 * floor), gaps closed by a disc of `closeR`, less obstacle cells; roomy cells at least half the body's width from
 * every cell that is not free; route lengths by Dijkstra (8-connected, no corner cutting) from the roomy cells
 * within R of the goal; per heading the progress of a drive of R, among headings whose cells are all closed seen
 * floor and roomy.
 */
export function wayToGold(job: BodyJob, frames: readonly Vis[], goal: V2, R: number, closeR = 0.25) {
  const f = frames[frames.length - 1];
  const b = basePose(job, f.camera);
  const seen = new Seen(frames);
  const { nx, ny, cell } = seen.g;
  const n = nx * ny;
  const floor = new Uint8Array(n),
    obst = new Uint8Array(n);
  for (let c = 0; c < n; c++) {
    floor[c] = seen.floor[c] && !seen.obstacle[c] ? 1 : 0;
    obst[c] = seen.obstacle[c];
  }
  for (const c of seen.under(bodyOutline(job, b.x, b.y, b.yaw))) {
    floor[c] = 1;
    obst[c] = 0;
  }
  const near = (mask: Uint8Array, c: number, r: number, want: number) => {
    const i = c % nx,
      j = Math.floor(c / nx),
      w = Math.ceil(r / cell) + 1;
    for (let y = Math.max(0, j - w); y <= Math.min(ny - 1, j + w); y++)
      for (let x = Math.max(0, i - w); x <= Math.min(nx - 1, i + w); x++)
        if (mask[y * nx + x] === want && Math.hypot(x - i, y - j) * cell <= r + 1e-9) return true;
    return false;
  };
  const dil = new Uint8Array(n);
  for (let c = 0; c < n; c++) dil[c] = near(floor, c, closeR, 1) ? 1 : 0;
  const closed = new Uint8Array(n);
  for (let c = 0; c < n; c++) closed[c] = dil[c] && !near(dil, c, closeR, 0) ? 1 : 0;
  const free = new Uint8Array(n);
  for (let c = 0; c < n; c++) free[c] = closed[c] && !obst[c] ? 1 : 0;
  const hw = bodyWidth(job) / 2;
  const roomy = new Uint8Array(n);
  // roomy: no cell that is not free strictly closer than half the body's width
  for (let c = 0; c < n; c++) roomy[c] = free[c] && !near(free, c, hw - 1e-9, 0) ? 1 : 0;
  const D = new Float64Array(n).fill(Infinity);
  for (let c = 0; c < n; c++)
    if (roomy[c]) {
      const [x, y] = seen.centre(c);
      const d = Math.hypot(x - goal[0], y - goal[1]);
      if (d <= R) D[c] = d;
    }
  const done = new Uint8Array(n);
  for (;;) {
    let c = -1;
    for (let q = 0; q < n; q++) if (!done[q] && D[q] < Infinity && (c < 0 || D[q] < D[c])) c = q;
    if (c < 0) break;
    done[c] = 1;
    const i = c % nx,
      j = Math.floor(c / nx);
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
      [1, -1],
      [-1, 1],
      [-1, -1],
    ]) {
      const x = i + dx,
        y = j + dy;
      if (x < 0 || y < 0 || x >= nx || y >= ny || !roomy[y * nx + x]) continue;
      if (dx && dy && (!roomy[j * nx + x] || !roomy[y * nx + i])) continue;
      const nd = D[c] + Math.hypot(dx, dy) * cell;
      if (nd < D[y * nx + x] - 1e-12) D[y * nx + x] = nd;
    }
  }
  const at = (x: number, y: number, reach = cell * Math.SQRT2) => {
    let best = Infinity;
    for (let j = Math.floor((y - reach - seen.g.y0) / cell); j <= Math.floor((y + reach - seen.g.y0) / cell); j++)
      for (let i = Math.floor((x - reach - seen.g.x0) / cell); i <= Math.floor((x + reach - seen.g.x0) / cell); i++) {
        if (i < 0 || j < 0 || i >= nx || j >= ny) continue;
        const c = j * nx + i;
        if (!roomy[c] || D[c] === Infinity) continue;
        const [cx, cy] = seen.centre(c);
        const dd = Math.hypot(cx - x, cy - y);
        if (dd <= reach + 1e-9) best = Math.min(best, D[c] + dd);
      }
    return best;
  };
  const D0 = at(b.x, b.y, bodyLength(job) / 2 + cell);
  if (D0 === Infinity) return null;
  let best: { rel: number; progress: number } | null = null;
  for (let rel = -180; rel < 180; rel++) {
    const a = rad(norm(b.yaw + rel));
    let ok = true,
      lastD = D0;
    for (let k = 1; k <= Math.ceil(R / (cell / 2)); k++) {
      const s = Math.min(R, (k * cell) / 2);
      const x = b.x + Math.cos(a) * s,
        y = b.y + Math.sin(a) * s;
      const c = seen.cellOf(x, y);
      if (c < 0 || !closed[c] || !roomy[c]) ok = false;
      const h = at(x, y);
      if (h < Infinity) lastD = h;
    }
    const e = at(b.x + Math.cos(a) * R, b.y + Math.sin(a) * R);
    const progress = D0 - (e < Infinity ? e : lastD);
    if (
      ok &&
      (!best ||
        progress > best.progress + 1e-9 ||
        (Math.abs(progress - best.progress) <= 1e-9 && Math.abs(rel) < Math.abs(best.rel)))
    )
      best = { rel, progress };
  }
  return best;
}
