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
 * they brush past it, as people do past robots that share their floor.
 */
import type { Stream } from '../core/index.ts';

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
  /** how far the body reaches ahead of its centre (half its length, or its radius) */
  bodyFront?: number;
}

/** How deep a meeting walker's disc overlaps the body: this share of their radius. */
export const MEET_OVERLAP = 0.5;
/** A meeting walker's centre stays at least this far (m) outside the body. */
export const MEET_CLEAR_M = 0.02;

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
 * Draw a meeting walk: from the start, a leg to a point beside the robot's path, then a leg across the front of
 * the robot at a frame the camera sees the crossing point, passing so near that the disc overlaps the body.
 */
function drawMeet(inp: WalkInput, start: XY, s: Stream): Leg[] | null {
  const R = inp.meetRadius ?? inp.personRadius;
  const front = inp.bodyFront ?? inp.bodyRadius;
  // a frame late enough to walk there and early enough to give the crossing its horizon
  const frames = inp.frames.map((t, i) => ({ t, i })).filter((f) => f.t > inp.t0 + 2 && f.t < inp.t1 - inp.horizon_s);
  if (!frames.length) return null;
  const f = s.pick(frames);
  const r = robotAt(inp.robot, f.t);
  const h = (r.heading_deg * Math.PI) / 180;
  const via: XY = [r.x + Math.cos(h) * (front + (1 - MEET_OVERLAP) * R), r.y + Math.sin(h) * (front + (1 - MEET_OVERLAP) * R)];
  if (!inp.sees(f.i, via)) return null;
  // across the robot's front, 30 to 150 degrees off its heading, from either side
  const th = h + (s.coin(0.5) ? 1 : -1) * s.uniform(Math.PI / 6, (5 * Math.PI) / 6);
  const dir: XY = [Math.cos(th), Math.sin(th)];
  // an unhurried walker (the lower half of the speeds), walking on past the robot for the horizon and a little
  // more, so that the crossing seen in the frames extrapolates to the horizon's end
  const v = s.uniform(inp.speed.min, (inp.speed.min + inp.speed.max) / 2);
  const a = s.uniform(1.5, 3.5);
  const b = v * (inp.horizon_s + s.uniform(0.6, 1.5)) + 0.5;
  const q0: XY = [via[0] - dir[0] * a, via[1] - dir[1] * a];
  const q1: XY = [via[0] + dir[0] * b, via[1] + dir[1] * b];
  const tq0 = f.t - a / v;
  const lead = Math.hypot(q0[0] - start[0], q0[1] - start[1]);
  const v1 = s.uniform(inp.speed.min, inp.speed.max);
  const t00 = tq0 - lead / v1;
  if (lead < 0.5 || t00 < inp.t0) return null;
  for (const [p, q] of [[start, q0], [q0, q1]] as const) if (!segmentInside(p, q, inp.areas) || !inp.segmentFree(p, q, inp.personRadius)) return null;
  return [
    { t0: t00, t1: tq0, from: start, to: q0 },
    { t0: tq0, t1: tq0 + (a + b) / v, from: q0, to: q1 },
  ];
}

/** The robot's sample at time t (linear between samples; heading of the nearer). */
function robotAt(samples: readonly RobotSample[], t: number): RobotSample {
  let i = 0;
  while (i < samples.length - 1 && samples[i + 1].t < t) i++;
  const a = samples[i];
  const b = samples[Math.min(samples.length - 1, i + 1)];
  if (b.t <= a.t || t <= a.t) return a;
  if (t >= b.t) return b;
  const f = (t - a.t) / (b.t - a.t);
  return { t, x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, heading_deg: f < 0.5 ? a.heading_deg : b.heading_deg };
}

/**
 * Whether a meeting walk meets the body at one of the frames (the disc overlaps it) and, sampled every 0.1 s over
 * the task, never brings the person's centre within MEET_CLEAR_M of the body.
 */
export function meetValid(inp: WalkInput, legs: readonly Leg[], rest: XY): boolean {
  const dist = inp.bodyDistance!;
  const R = inp.meetRadius ?? inp.personRadius;
  for (let t = inp.t0; t <= inp.t1; t += 0.1) {
    if (dist(walkPosition(legs, t, rest), robotAt(inp.robot, t)) < MEET_CLEAR_M) return false;
  }
  return inp.frames.some((t, i) => {
    const q = walkPosition(legs, t, rest);
    return dist(q, robotAt(inp.robot, t)) < R - 1e-3 && inp.sees(i, q);
  });
}

/** Whether a walk keeps clear of the robot and gives every sighting its horizon (a meeting walk: meets it). */
export function walkValid(inp: WalkInput, legs: readonly Leg[], rest: XY, meet = false): boolean {
  if (meet) {
    if (!meetValid(inp, legs, rest)) return false;
  } else {
    const minD = inp.bodyRadius + inp.personRadius + 0.15;
    for (const r of inp.robot) {
      const q = walkPosition(legs, r.t, rest);
      if (Math.hypot(q[0] - r.x, q[1] - r.y) < minD) return false;
    }
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

/** A walk for one person over a task: legs (possibly none: standing still at `rest`), and where they stand. */
export function planWalk(inp: WalkInput, s: Stream, tries = 25): { legs: Leg[]; rest: XY } | null {
  let start = inp.start;
  const clear = (p: XY) => !!areaOf(p, inp.areas) && inp.segmentFree(p, p, inp.personRadius);
  if (!start || !clear(start)) {
    // where they stood is no good (outside the areas, against furniture): they moved while nobody watched
    if (inp.areas.length === 0) return null;
    const home = start ? areaOf(start, inp.areas) : undefined;
    let q: XY | null = null;
    for (let i = 0; i < 50 && !q; i++) {
      const c = randomPointIn(home ?? s.pick(inp.areas), s);
      if (clear(c)) q = c;
    }
    if (!q) return null;
    start = q;
  }
  if (inp.meetP && inp.bodyDistance && s.coin(inp.meetP)) {
    for (let i = 0; i < tries; i++) {
      const legs = drawMeet(inp, start, s);
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
