/**
 * People walking during a task: straight legs at a constant speed (0.8 to 1.5 m/s from the job), inside the
 * place's people areas (a leg may cross from one area into a touching one), never through solids. Every leg
 * lasts at least `horizon_s` (5 s) beyond the last moment the robot's camera can see the person on it, so a
 * reader of the frames can extrapolate where the person will be; some people aim their legs to pass near the robot's route. A person never comes within the robot's body (plus a small
 * margin) at any sampled moment. A walk may start late in the task and end early (the person stands before and
 * after it); a person for whom no valid walk is found stands still for the task.
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
}

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

/** Whether a walk keeps clear of the robot and gives every sighting its horizon. */
export function walkValid(inp: WalkInput, legs: readonly Leg[], rest: XY): boolean {
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
