/**
 * People walking during a task: straight legs at a constant speed (0.8 to 1.5 m/s from the job), inside the
 * place's people areas (a leg may cross from one area into a touching one), never through solids. Every leg
 * lasts at least `horizon_s` (5 s) beyond the last moment the robot's camera can see the person on it, so a
 * reader of the frames can extrapolate where the person will be; some people aim their legs to pass near the
 * robot's route. A walk may start late in the task and end early (the person stands before and after it); a person
 * for whom no valid walk is found stands still for the task.
 *
 * Most walks keep clear of the robot's body by a margin at every sampled moment. A meeting walk (the job's
 * `people.meet_p`) crosses just in front of the robot at a frame the camera sees them, so close that their disc
 * overlaps the body (a person gap of 0, the people families' catastrophe) while their centre never enters the body:
 * they brush past it, as people do past robots that share their floor, and walk on straight for a few seconds; or
 * they come toward the robot from ahead while it holds its heading, in view for a few seconds, graze a front
 * corner or a side of the body and walk on straight past it; or, while the robot stands still at a stop, they step up
 * to its front, stand touching it for a moment (or, where the stop is long enough, for longer than the
 * closest_approach horizon) and walk off before it moves on. Where a task begins with a hand-off (jobs'
 * `tasks.handoff`), one person present steps up to the waiting robot's front, stands there touching it, seen at two
 * frames, through the handing and the horizon past it, and walks off before it sets off (planHandoffWalk).
 */
import type { Stream } from '../foundation/index.ts';

export type XY = [number, number];

/** One straight leg at constant speed from `from` (at t0) to `to` (at t1). */
export interface Leg {
  t0: number;
  t1: number;
  from: XY;
  to: XY;
}

export interface RobotSample {
  t: number;
  x: number;
  y: number;
  heading_deg: number;
}

export interface WalkInput {
  areas: readonly (readonly XY[])[];
  /** where the person is when the task starts (null: a random point of a random area) */
  start: XY | null;
  t0: number;
  t1: number;
  speed: { min: number; max: number };
  personRadius: number;
  bodyRadius: number;
  /** seconds a leg must go on after the person was last visible on it */
  horizon_s: number;
  /** aim some legs to pass near the robot's route */
  passNear: boolean;
  /** the robot's base at times of the task (dense enough to test distances, e.g. every 0.5 s) */
  robot: readonly RobotSample[];
  /** the keyframe times and whether the camera can see a point there */
  frames: readonly number[];
  sees(frameIndex: number, p: XY): boolean;
  /** no solid within r of the segment a-b */
  segmentFree(a: XY, b: XY, r: number): boolean;
  /** the chance that a walking person's walk meets the robot (0: never) */
  meetP?: number;
  /** the person's own radius (half the shoulder width): the disc whose overlap with the body is a meeting */
  meetRadius?: number;
  /** the signed distance (m) from a point to the body's footprint at a robot sample (negative inside) */
  bodyDistance?(q: XY, r: RobotSample): number;
  /** how far ahead of the base the camera sits (m), and its horizontal field of view (deg) */
  lensForward_m?: number;
  hfovDeg?: number;
}

/** How far a meeting walker's centre is from the body, as shares of their radius: their disc overlaps the body by
 * the rest (a few centimetres), a brush, not a collision. */
export const MEET_GAP = { min: 0.6, max: 0.9 };
/** A meeting walker's centre stays at least this far (m) outside the body. */
export const MEET_CLEAR_M = 0.02;
/** The shortest stop (s) of the robot a person may walk up to it at. */
export const MIN_STOP_S = 4;
/** Draws of a meeting walk per draw of an ordinary one. */
export const MEET_DRAWS = 5;
/** Seconds a meeting walker walks on, straight, past the robot. */
export const MEET_ON_S = { min: 1.5, max: 2.5 };

export function pointInPolygon(p: XY, poly: readonly XY[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function randomPointIn(poly: readonly XY[], s: Stream): XY {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (let i = 0; i < 200; i++) {
    const p: XY = [s.uniform(x0, x1), s.uniform(y0, y1)];
    if (pointInPolygon(p, poly)) return p;
  }
  return [poly[0][0], poly[0][1]];
}

/** Position on a walk at time t (before the first leg: its start; after the last: its end). */
export function walkPosition(legs: readonly Leg[], t: number, rest: XY): XY {
  if (legs.length === 0) return rest;
  if (t <= legs[0].t0) return legs[0].from;
  for (const l of legs) {
    if (t <= l.t1) {
      const f = l.t1 > l.t0 ? (t - l.t0) / (l.t1 - l.t0) : 1;
      return [l.from[0] + (l.to[0] - l.from[0]) * f, l.from[1] + (l.to[1] - l.from[1]) * f];
    }
  }
  return legs[legs.length - 1].to;
}

/** Whether the segment stays inside the union of the areas (sampled every 0.1 m). */
function segmentInside(a: XY, b: XY, areas: readonly (readonly XY[])[]): boolean {
  const n = Math.max(2, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.1));
  for (let i = 0; i <= n; i++) {
    const f = i / n;
    const p: XY = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    if (!areas.some((poly) => pointInPolygon(p, poly))) return false;
  }
  return true;
}

function areaOf(p: XY, areas: readonly (readonly XY[])[]): readonly XY[] | undefined {
  return areas.find((a) => pointInPolygon(p, a));
}

/**
 * Draw one candidate walk: standing at the start until a random moment of the task, then one to four legs, then
 * standing at the end (a person standing still is as easy to extrapolate as one walking a straight leg).
 */
function drawWalk(inp: WalkInput, start: XY, s: Stream): Leg[] | null {
  const area = areaOf(start, inp.areas);
  if (!area) return null;
  const legs: Leg[] = [];
  let p = start;
  let t = inp.t0 + s.uniform(0, 0.6) * (inp.t1 - inp.t0);
  const n = s.int(1, 4);
  let guard = 0;
  while (t < inp.t1 && legs.length < n && guard++ < 60) {
    let target: XY | null = null;
    for (let a = 0; a < 30 && !target; a++) {
      let q: XY;
      if (inp.passNear && inp.robot.length && s.coin(0.6)) {
        // aim through a point beside the robot's route a little later, and walk on past it
        const r = inp.robot[Math.min(inp.robot.length - 1, Math.floor(s.uniform(0, inp.robot.length)))];
        const off = s.uniform(0.9, 2.0) * (s.coin(0.5) ? 1 : -1);
        const ang = s.uniform(0, 2 * Math.PI);
        const via: XY = [r.x + off * Math.cos(ang), r.y + off * Math.sin(ang)];
        const d = Math.hypot(via[0] - p[0], via[1] - p[1]);
        if (d < 0.5) continue;
        const ext = s.uniform(1.5, 4);
        q = [via[0] + ((via[0] - p[0]) / d) * ext, via[1] + ((via[1] - p[1]) / d) * ext];
      } else {
        q = randomPointIn(s.coin(0.5) ? area : s.pick(inp.areas), s);
      }
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (len < 1.5) continue;
      if (!segmentInside(p, q, inp.areas) || !inp.segmentFree(p, q, inp.personRadius)) continue;
      target = q;
    }
    if (!target) return null;
    const speed = s.uniform(inp.speed.min, inp.speed.max);
    const dur = Math.hypot(target[0] - p[0], target[1] - p[1]) / speed;
    legs.push({ t0: t, t1: t + dur, from: p, to: target });
    p = target;
    t += dur;
  }
  return legs.length ? legs : null;
}

/**
 * Legs from the start to q at speed v, arriving at time `arrive`: straight, or through one point of the areas where
 * the straight way is blocked; null when neither fits (inside the areas, free of solids, starting after t0).
 */
function leadLegs(inp: WalkInput, start: XY, q: XY, arrive: number, v: number, r: number, s: Stream): Leg[] | null {
  const free = (a: XY, b: XY) => segmentInside(a, b, inp.areas) && inp.segmentFree(a, b, r);
  const route = (pts: XY[]): Leg[] | null => {
    const lens = pts.slice(1).map((p, i) => Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1]));
    const total = lens.reduce((x, y) => x + y, 0);
    if (total < 0.5 || arrive - total / v < inp.t0) return null;
    const legs: Leg[] = [];
    let t = arrive - total / v;
    for (let i = 0; i < lens.length; i++) {
      legs.push({ t0: t, t1: t + lens[i] / v, from: pts[i], to: pts[i + 1] });
      t += lens[i] / v;
    }
    return legs;
  };
  if (free(start, q)) return route([start, q]);
  for (let i = 0; i < 8; i++) {
    const m = randomPointIn(s.pick(inp.areas), s);
    if (free(start, m) && free(m, q)) return route([start, m, q]);
  }
  return null;
}

/** Where the robot stood still during the task (its samples unchanged), at least MIN_STOP_S long. */
function robotStops(samples: readonly RobotSample[]): { t0: number; t1: number; at: RobotSample }[] {
  const out: { t0: number; t1: number; at: RobotSample }[] = [];
  let i = 0;
  while (i < samples.length) {
    let j = i;
    const a = samples[i];
    while (
      j + 1 < samples.length &&
      Math.hypot(samples[j + 1].x - a.x, samples[j + 1].y - a.y) < 1e-6 &&
      samples[j + 1].heading_deg === a.heading_deg
    )
      j++;
    if (samples[j].t - a.t >= MIN_STOP_S) out.push({ t0: a.t, t1: samples[j].t, at: a });
    i = j + 1;
  }
  return out;
}

/**
 * The point off the robot's front on the camera's line of sight `psi` degrees from its heading, `gap` (m) from the
 * body (bisection along the ray from the lens): a person there is in view, not beside the lens.
 */
function frontPoint(inp: WalkInput, r: RobotSample, psi: number, gap: number): XY {
  const dist = inp.bodyDistance!;
  const h = (r.heading_deg * Math.PI) / 180;
  const o: XY = [r.x + Math.cos(h) * (inp.lensForward_m ?? 0), r.y + Math.sin(h) * (inp.lensForward_m ?? 0)];
  const a = h + (psi * Math.PI) / 180;
  let lo = 0,
    hi = 4;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (dist([o[0] + Math.cos(a) * mid, o[1] + Math.sin(a) * mid], r) < gap) lo = mid;
    else hi = mid;
  }
  return [o[0] + Math.cos(a) * hi, o[1] + Math.sin(a) * hi];
}

/** A line of sight off the heading (deg) inside the middle of the camera's view. */
function sightline(inp: WalkInput, s: Stream): number {
  const half = (inp.hfovDeg ?? 90) / 2;
  return s.uniform(-0.7 * half, 0.7 * half);
}

/** Whether the camera sees some of a person standing at q at frame i: their centre or the edge of their disc. */
function seesSome(inp: WalkInput, i: number, q: XY, R: number): boolean {
  return [
    q,
    ...[0, 1, 2, 3].map((n): XY => [q[0] + Math.cos((n * Math.PI) / 2) * R, q[1] + Math.sin((n * Math.PI) / 2) * R]),
  ].some((x) => inp.sees(i, x));
}

/**
 * Draw a meeting at a stop: while the robot stands still (at a shelf, a table, a drop point), the person walks up to
 * its front, stands so near that their disc overlaps the body, in view, and walks off again before it moves on.
 */
function drawStopMeet(inp: WalkInput, start: XY, s: Stream): Leg[] | null {
  const R = inp.meetRadius ?? inp.personRadius;
  const stops = robotStops(inp.robot).filter((x) => x.t1 - x.t0 >= MIN_STOP_S && x.t0 > inp.t0 + 2);
  if (!stops.length) return null;
  const stop = s.pick(stops);
  const r = stop.at;
  const phi = sightline(inp, s);
  const P = frontPoint(inp, r, phi, s.uniform(MEET_GAP.min, MEET_GAP.max) * R);
  // stand there, leaving at least 1 s before the robot moves: where the stop allows, for the horizon and more, so
  // that a reader who saw them standing there can tell they will still be touching it (closest_approach), else a
  // moment (1 to 3 s)
  const room = stop.t1 - stop.t0 - 2;
  const stand =
    room >= inp.horizon_s + 1.5 && s.coin(0.7)
      ? s.uniform(inp.horizon_s + 1, Math.min(room, inp.horizon_s + 5))
      : s.uniform(1, Math.min(3, room));
  const tP = s.uniform(stop.t0 + 0.5, stop.t1 - 1 - stand);
  if (!(tP >= stop.t0)) return null;
  const seen = inp.frames.some((t, i) => t >= tP && t <= tP + stand && seesSome(inp, i, P, R));
  if (!seen) return null;
  const out = ((r.heading_deg + phi) * Math.PI) / 180;
  const inA = out + s.uniform(-0.7, 0.7);
  const outA = out + s.uniform(-1.0, 1.0);
  const a = s.uniform(1.0, 2.5);
  const b = s.uniform(1.0, 2.5);
  const q0: XY = [P[0] + Math.cos(inA) * a, P[1] + Math.sin(inA) * a];
  const q1: XY = [P[0] + Math.cos(outA) * b, P[1] + Math.sin(outA) * b];
  const v = s.uniform(inp.speed.min, inp.speed.max);
  const tq0 = tP - a / v;
  for (const [p, q] of [
    [q0, P],
    [P, q1],
  ] as const)
    if (!segmentInside(p, q, inp.areas) || !inp.segmentFree(p, q, R)) return null;
  const lead = leadLegs(inp, start, q0, tq0, s.uniform(inp.speed.min, inp.speed.max), R, s);
  if (!lead) return null;
  return [
    ...lead,
    { t0: tq0, t1: tP, from: q0, to: P },
    { t0: tP, t1: tP + stand, from: P, to: P },
    { t0: tP + stand, t1: tP + stand + b / v, from: P, to: q1 },
  ];
}

/**
 * Draw a meeting walk: from the start, a leg to a point some way off, then a straight leg through a point beside
 * the robot's front at a frame the camera sees it, so near that the person's disc overlaps the body there, along the
 * body's edge (meetValid checks that they never walk into it), then on for a few seconds.
 */
function drawMeet(inp: WalkInput, start: XY, s: Stream): Leg[] | null {
  const R = inp.meetRadius ?? inp.personRadius;
  // a frame late enough to walk there and early enough to walk on past the robot
  const frames = inp.frames.map((t, i) => ({ t, i })).filter((f) => f.t > inp.t0 + 2 && f.t < inp.t1 - MEET_ON_S.max);
  if (!frames.length) return null;
  const f = s.pick(frames);
  const r = robotAt(inp.robot, f.t);
  // the meeting point: off the front on a line of sight of the camera, its distance to the body a share of the
  // person's radius (their disc overlaps the body, their centre stays out)
  const phiDeg = sightline(inp, s);
  const phi = ((r.heading_deg + phiDeg) * Math.PI) / 180;
  const via = frontPoint(inp, r, phiDeg, s.uniform(MEET_GAP.min, MEET_GAP.max) * R);
  if (!seesSome(inp, f.i, via, R)) return null;
  // along the body's edge there, give or take 40 degrees, either way: not into it
  const th = phi + (s.coin(0.5) ? 1 : -1) * (Math.PI / 2) + s.uniform(-0.7, 0.7);
  const dir: XY = [Math.cos(th), Math.sin(th)];
  // walking on past the robot, straight, for a few seconds: a reader who saw the approach can extrapolate it
  // through the meeting (closest_approach checks that for itself)
  const v = s.uniform(inp.speed.min, inp.speed.max);
  const a = s.uniform(0.8, 2.5);
  const b = v * s.uniform(MEET_ON_S.min, MEET_ON_S.max);
  const q0: XY = [via[0] - dir[0] * a, via[1] - dir[1] * a];
  const q1: XY = [via[0] + dir[0] * b, via[1] + dir[1] * b];
  const tq0 = f.t - a / v;
  if (!segmentInside(q0, q1, inp.areas) || !inp.segmentFree(q0, q1, R)) return null;
  const lead = leadLegs(inp, start, q0, tq0, s.uniform(inp.speed.min, inp.speed.max), R, s);
  if (!lead) return null;
  return [...lead, { t0: tq0, t1: tq0 + (a + b) / v, from: q0, to: q1 }];
}

/** The point `gap` (m) from the body on the ray from the base centre at `psi` (rad) off the heading (bisection). */
function contourPoint(inp: WalkInput, r: RobotSample, psi: number, gap: number): XY {
  const dist = inp.bodyDistance!;
  const a = (r.heading_deg * Math.PI) / 180 + psi;
  let lo = 0,
    hi = 4;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (dist([r.x + Math.cos(a) * mid, r.y + Math.sin(a) * mid], r) < gap) lo = mid;
    else hi = mid;
  }
  return [r.x + Math.cos(a) * hi, r.y + Math.sin(a) * hi];
}

/** Seconds an oncoming walker walks toward the robot before brushing it (in view ahead meanwhile). */
export const ONCOMING_S = { min: 2, max: 4 };
/** Where around the body an oncoming walker brushes it: this far off the heading either way (deg), front corner
 * to side. */
export const ONCOMING_PSI_DEG = { min: 20, max: 100 };

/**
 * Draw an oncoming meeting: while the robot holds its heading, the person comes toward it from ahead, in view for a
 * few seconds, on a straight line that grazes the body (tangent to the curve `gap` outside it, at a front corner or
 * a side: their disc overlaps the body as they pass, their centre stays out), and walks on straight past it for up
 * to the horizon: a reader who saw them coming can tell they will brush the body, where it stands now, within the
 * horizon (closest_approach).
 */
function drawOncoming(inp: WalkInput, start: XY, s: Stream): Leg[] | null {
  const R = inp.meetRadius ?? inp.personRadius;
  const approach = s.uniform(ONCOMING_S.min, ONCOMING_S.max);
  // a moment the robot has driven on one heading through the approach (ahead of it is open floor, not the surface
  // it stops at) and the walk on fits the task
  const driving = (r: RobotSample) => {
    const b = robotAt(inp.robot, r.t - approach);
    return b.heading_deg === r.heading_deg && Math.hypot(r.x - b.x, r.y - b.y) > 0.2 * approach;
  };
  const held = inp.robot.filter((r) => r.t >= inp.t0 + approach + 1 && r.t <= inp.t1 - inp.horizon_s - 1 && driving(r));
  if (!held.length) return null;
  const r = s.pick(held);
  const gap = s.uniform(MEET_GAP.min, MEET_GAP.max) * R;
  const psi = (s.coin(0.5) ? 1 : -1) * s.uniform(ONCOMING_PSI_DEG.min, ONCOMING_PSI_DEG.max) * (Math.PI / 180);
  const S = contourPoint(inp, r, psi, gap);
  // the tangent there, pointing back along the heading (the walker comes from ahead)
  const A = contourPoint(inp, r, psi - 0.01, gap);
  const B = contourPoint(inp, r, psi + 0.01, gap);
  const h = (r.heading_deg * Math.PI) / 180;
  let d: XY = [B[0] - A[0], B[1] - A[1]];
  const n = Math.hypot(d[0], d[1]);
  if (!(n > 0)) return null;
  d = [d[0] / n, d[1] / n];
  if (d[0] * Math.cos(h) + d[1] * Math.sin(h) > 0) d = [-d[0], -d[1]];
  const v = s.uniform(inp.speed.min, inp.speed.max);
  const a = v * approach;
  const b = v * s.uniform(MEET_ON_S.max, inp.horizon_s + 0.5);
  const q0: XY = [S[0] - d[0] * a, S[1] - d[1] * a];
  const q1: XY = [S[0] + d[0] * b, S[1] + d[1] * b];
  const tq0 = r.t - approach;
  if (!segmentInside(q0, q1, inp.areas) || !inp.segmentFree(q0, q1, R)) return null;
  const lead = leadLegs(inp, start, q0, tq0, s.uniform(inp.speed.min, inp.speed.max), R, s);
  if (!lead) return null;
  return [...lead, { t0: tq0, t1: tq0 + (a + b) / v, from: q0, to: q1 }];
}

/** The robot's sample at time t (linear between samples; heading of the nearer). */
function robotAt(samples: readonly RobotSample[], t: number): RobotSample {
  // the last sample at or before t (samples are in time order)
  let lo = 0,
    hi = samples.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (samples[mid].t <= t) lo = mid;
    else hi = mid - 1;
  }
  const i = lo;
  const a = samples[i];
  const b = samples[Math.min(samples.length - 1, i + 1)];
  if (b.t <= a.t || t <= a.t) return a;
  if (t >= b.t) return b;
  const f = (t - a.t) / (b.t - a.t);
  return {
    t,
    x: a.x + (b.x - a.x) * f,
    y: a.y + (b.y - a.y) * f,
    heading_deg: f < 0.5 ? a.heading_deg : b.heading_deg,
  };
}

/** Seconds before a meeting within which the camera must have seen the person (an oncoming walker is seen coming). */
export const MEET_SEEN_S = 6;

/**
 * Whether a meeting walk meets the body (sampled every 0.1 s, the disc overlaps it) with the camera seeing the person
 * at a frame then or within MEET_SEEN_S before, and never brings the person's centre within MEET_CLEAR_M of the body.
 */
export function meetValid(inp: WalkInput, legs: readonly Leg[], rest: XY): boolean {
  const dist = inp.bodyDistance!;
  const R = inp.meetRadius ?? inp.personRadius;
  const meets: number[] = [];
  for (let t = inp.t0; t <= inp.t1; t += 0.1) {
    const d = dist(walkPosition(legs, t, rest), robotAt(inp.robot, t));
    if (d < MEET_CLEAR_M) return false;
    if (d < R - 1e-3) meets.push(t);
  }
  if (!meets.length) return false;
  return inp.frames.some((t, i) => {
    if (!meets.some((m) => t <= m + 1e-9 && t >= m - MEET_SEEN_S)) return false;
    const q = walkPosition(legs, t, rest);
    return dist(q, robotAt(inp.robot, t)) < R - 1e-3 ? inp.sees(i, q) : seesSome(inp, i, q, R);
  });
}

/** Whether a walk keeps clear of the robot and gives every sighting its horizon (a meeting walk: meets it, above). */
export function walkValid(inp: WalkInput, legs: readonly Leg[], rest: XY, meet = false): boolean {
  // a meeting walk brushes the robot and walks on for a few seconds; it need not last the horizon past its last
  // sighting (a closest_approach asked across it checks the extrapolation itself)
  if (meet) return meetValid(inp, legs, rest);
  const minD = inp.bodyRadius + inp.personRadius + 0.15;
  for (const r of inp.robot) {
    const q = walkPosition(legs, r.t, rest);
    if (Math.hypot(q[0] - r.x, q[1] - r.y) < minD) return false;
  }
  for (let i = 0; i < inp.frames.length; i++) {
    const t = inp.frames[i];
    if (!inp.sees(i, walkPosition(legs, t, rest))) continue;
    const leg = legs.find((l) => t >= l.t0 - 1e-9 && t <= l.t1);
    if (!leg) continue; // standing still after the walk: trivially extrapolable
    if (leg.t1 < t + inp.horizon_s) return false;
  }
  return true;
}

/**
 * Where a person stands when the task starts: where they stood, or, where that is no good (outside the areas,
 * against furniture), a clear spot of the same area (they moved while nobody watched); null when none is found.
 */
function startSpot(inp: WalkInput, s: Stream): XY | null {
  const clear = (p: XY) => !!areaOf(p, inp.areas) && inp.segmentFree(p, p, inp.personRadius);
  const start = inp.start;
  if (start && clear(start)) return start;
  if (inp.areas.length === 0) return null;
  const home = start ? areaOf(start, inp.areas) : undefined;
  for (let i = 0; i < 50; i++) {
    const c = randomPointIn(home ?? s.pick(inp.areas), s);
    if (clear(c)) return c;
  }
  return null;
}

/** A walk for one person over a task: legs (possibly none: standing still at `rest`), and where they stand. */
export function planWalk(inp: WalkInput, s: Stream, tries = 25): { legs: Leg[]; rest: XY } | null {
  const start = startSpot(inp, s);
  if (!start) return null;
  const clear = (p: XY) => !!areaOf(p, inp.areas) && inp.segmentFree(p, p, inp.personRadius);
  if (inp.meetP && inp.bodyDistance && s.coin(inp.meetP)) {
    // a meeting fits fewer places and moments than a walk: more draws
    for (let i = 0; i < tries * MEET_DRAWS; i++) {
      // at a stop, oncoming, or across its front
      const k = s.uniform(0, 1);
      const legs =
        (k < 0.4 ? drawStopMeet(inp, start, s) : k < 0.8 ? drawOncoming(inp, start, s) : null) ??
        drawMeet(inp, start, s);
      if (legs && walkValid(inp, legs, start, true)) return { legs, rest: start };
    }
  }
  for (let i = 0; i < tries; i++) {
    const legs = drawWalk(inp, start, s);
    if (legs && walkValid(inp, legs, start)) return { legs, rest: start };
  }
  // hemmed in where they stand: a walk from another clear spot (they moved there while nobody watched)
  for (let i = 0; i < tries; i++) {
    const c = randomPointIn(s.pick(inp.areas), s);
    if (!clear(c)) continue;
    const legs = drawWalk(inp, c, s);
    if (legs && walkValid(inp, legs, c)) return { legs, rest: c };
  }
  // standing still is always extrapolable; keep it only when it is clear of the robot
  if (walkValid(inp, [], start)) return { legs: [], rest: start };
  return null;
}

/** How far off (m) a hand-off person stands when they come over in the gap before the task. */
export const HANDOFF_FROM_M = { min: 1.5, max: 5 };
/** How far (rad) either way of straight out from the robot's front the hand-off person steps up and away: from
 * ahead to nearly beside it. */
export const HANDOFF_SIDE_RAD = 1.3;

/** A hand-off stop: the robot stands still from t0 to t1 and is handed its task at t (a decision frame). */
export interface HandoffStop {
  t0: number;
  t: number;
  t1: number;
}

/**
 * The walk of the person who hands the robot its task (task-sites.ts planHandoff): to a spot at its front, on a
 * line of sight of the camera and so near that their disc overlaps the body, arriving while it waits at least a
 * frame gap (`frameGap_s`) before it is handed the task, so that the camera sees them standing there at two frames;
 * standing there touching it through the handing, past the closest_approach horizon, so a reader who saw them
 * stand can tell they will still be touching it; and off again at least a second before it sets off. Before and
 * after, they keep the ordinary margin from the body, and their centre never enters it. null when no draw fits.
 */
export function planHandoffWalk(
  inp: WalkInput,
  stop: HandoffStop,
  frameGap_s: number,
  s: Stream,
  tries = 60,
): { legs: Leg[]; rest: XY } | null {
  if (!inp.bodyDistance) return null;
  const own = startSpot(inp, s);
  const R = inp.meetRadius ?? inp.personRadius;
  const latest = stop.t - frameGap_s - 0.2;
  const earliestOff = stop.t + inp.horizon_s + 0.5;
  if (latest < stop.t0 + 0.3 || earliestOff > stop.t1 - 1) return null;
  const minD = inp.bodyRadius + inp.personRadius + 0.15;
  const r = robotAt(inp.robot, stop.t);
  const clear = (p: XY) => !!areaOf(p, inp.areas) && inp.segmentFree(p, p, inp.personRadius);
  for (let n = 0; n < tries; n++) {
    const phi = sightline(inp, s);
    const P = frontPoint(inp, r, phi, s.uniform(MEET_GAP.min, MEET_GAP.max) * R);
    // from where they stood, or (the later half of the draws) from a clear spot a few metres off: they came over
    // while nobody watched, as one does who knows the robot is due
    let start = own;
    if (n >= tries / 2 || !start) {
      const d = s.uniform(HANDOFF_FROM_M.min, HANDOFF_FROM_M.max);
      const th = s.uniform(0, 2 * Math.PI);
      const c: XY = [P[0] + Math.cos(th) * d, P[1] + Math.sin(th) * d];
      start = clear(c) ? c : null;
    }
    if (!start) continue;
    const tP = s.uniform(stop.t0 + 0.3, latest);
    const tOff = s.uniform(earliestOff, stop.t1 - 1);
    const out = ((r.heading_deg + phi) * Math.PI) / 180;
    const inA = out + s.uniform(-HANDOFF_SIDE_RAD, HANDOFF_SIDE_RAD);
    const outA = out + s.uniform(-HANDOFF_SIDE_RAD, HANDOFF_SIDE_RAD);
    const a = s.uniform(0.8, 2.0);
    const b = s.uniform(0.8, 2.0);
    const q0: XY = [P[0] + Math.cos(inA) * a, P[1] + Math.sin(inA) * a];
    const q1: XY = [P[0] + Math.cos(outA) * b, P[1] + Math.sin(outA) * b];
    const v = s.uniform(inp.speed.min, inp.speed.max);
    const tIn = tP - a / v;
    const tAway = tOff + b / v;
    if (
      !segmentInside(q0, P, inp.areas) ||
      !segmentInside(P, q1, inp.areas) ||
      !inp.segmentFree(q0, P, R) ||
      !inp.segmentFree(P, q1, R)
    )
      continue;
    const lead = leadLegs(inp, start, q0, tIn, s.uniform(inp.speed.min, inp.speed.max), R, s);
    if (!lead) continue;
    const legs: Leg[] = [
      ...lead,
      { t0: tIn, t1: tP, from: q0, to: P },
      { t0: tP, t1: tOff, from: P, to: P },
      { t0: tOff, t1: tAway, from: P, to: q1 },
    ];
    // seen standing there at two frames up to the handing, the later at it
    const standing = inp.frames.filter((t, i) => t >= tP && t <= stop.t + 1e-6 && seesSome(inp, i, P, R));
    if (standing.length < 2 || standing[standing.length - 1] < stop.t - 1e-6) continue;
    if (!meetValid(inp, legs, start)) continue;
    const clearElsewhere = inp.robot.every((x) => {
      if (x.t >= tIn && x.t <= tAway) return true;
      const q = walkPosition(legs, x.t, start);
      return Math.hypot(q[0] - x.x, q[1] - x.y) >= minD;
    });
    if (clearElsewhere) return { legs, rest: start };
  }
  return null;
}
