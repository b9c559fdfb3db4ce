/**
 * A timed trajectory: the robot's motion as a list of pieces, each a straight drive at a constant speed, a turn in
 * place at a constant rate, a vertical climb, or a pause. Every piece carries what the status line and subgoal say
 * while it runs, and whether its start is a decision point. The builder keeps the pose, the clock and the battery.
 */
import { normHeading } from '../formats/step.ts';
import type { BatteryModel } from './battery.ts';
import { drain } from './battery.ts';

/** The base's pose in the map: position in metres, heading in degrees counter-clockwise from +x. */
export interface BasePose {
  x: number;
  y: number;
  z: number;
  heading_deg: number;
}

/** What a piece of motion is doing, as the frame header says it. */
export interface MotionInfo {
  phase: string;
  subgoal: string;
  task: number;
  pitch_deg: number;
  /** set when the start of this piece is a decision point (task start, before a pick, dock, drop, a new leg) */
  decision?: string;
}

export type MotionKind = 'drive' | 'turn' | 'climb' | 'pause';

/** One piece of the trajectory, over [t0, t1] seconds since the script started. */
export interface Motion extends MotionInfo {
  kind: MotionKind;
  t0: number;
  t1: number;
  from: BasePose;
  to: BasePose;
  /** battery percentage (real) at t0 and t1 */
  battery0: number;
  battery1: number;
}

const EPS = 1e-9;

/** Signed smallest rotation from heading a to heading b, in (-180, 180]. */
export function turnDelta(a: number, b: number): number {
  let d = normHeading(b - a);
  if (d === -180) d = 180;
  return d;
}

/** Heading (degrees) of the direction from (x0, y0) to (x1, y1). */
export function headingTo(x0: number, y0: number, x1: number, y1: number): number {
  return normHeading((Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI);
}

/** Length of the path a motion's base travels (3-D). */
export function motionTravel(m: Motion): number {
  return Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y, m.to.z - m.from.z);
}

/** Absolute turn of a motion, degrees. */
export function motionTurn(m: Motion): number {
  return m.kind === 'turn' ? Math.abs(turnDelta(m.from.heading_deg, m.to.heading_deg)) : 0;
}

/** Pose at time t inside a motion (clamped to its ends). */
export function poseAt(m: Motion, t: number): BasePose {
  const d = m.t1 - m.t0;
  const f = d <= EPS ? 1 : Math.min(1, Math.max(0, (t - m.t0) / d));
  const dh = turnDelta(m.from.heading_deg, m.to.heading_deg);
  return {
    x: m.from.x + (m.to.x - m.from.x) * f,
    y: m.from.y + (m.to.y - m.from.y) * f,
    z: m.from.z + (m.to.z - m.from.z) * f,
    heading_deg: m.kind === 'turn' ? normHeading(m.from.heading_deg + dh * f) : m.from.heading_deg,
  };
}

/** Planar velocity in the map frame during a motion (zero for turns, climbs and pauses). */
export function velocityOf(m: Motion): [number, number] {
  const d = m.t1 - m.t0;
  if (m.kind !== 'drive' || d <= EPS) return [0, 0];
  return [(m.to.x - m.from.x) / d, (m.to.y - m.from.y) / d];
}

/** Battery percentage (real) at time t inside a motion. */
export function batteryAt(m: Motion, t: number): number {
  const d = m.t1 - m.t0;
  const f = d <= EPS ? 1 : Math.min(1, Math.max(0, (t - m.t0) / d));
  return m.battery0 + (m.battery1 - m.battery0) * f;
}

/** Builds a trajectory piece by piece from a start pose and time. */
export class TrajectoryBuilder {
  readonly motions: Motion[] = [];
  pose: BasePose;
  t: number;
  battery: number;

  constructor(
    start: BasePose,
    t0: number,
    battery: number,
    readonly model: BatteryModel,
  ) {
    this.pose = { ...start, heading_deg: normHeading(start.heading_deg) };
    this.t = t0;
    this.battery = battery;
  }

  private push(kind: MotionKind, to: BasePose, duration: number, travel: number, info: MotionInfo): void {
    const b1 = drain(this.model, this.battery, duration, travel);
    this.motions.push({
      kind,
      t0: this.t,
      t1: this.t + duration,
      from: { ...this.pose },
      to: { ...to },
      battery0: this.battery,
      battery1: b1,
      ...info,
    });
    this.pose = { ...to };
    this.t += duration;
    this.battery = b1;
  }

  /** Turn in place to a heading at a rate (deg/s); nothing when already facing it. */
  turnTo(heading: number, rateDegS: number, info: MotionInfo): this {
    const d = turnDelta(this.pose.heading_deg, heading);
    if (Math.abs(d) < 1e-6) return this;
    this.push('turn', { ...this.pose, heading_deg: normHeading(heading) }, Math.abs(d) / rateDegS, 0, info);
    return this;
  }

  /** Drive straight (no turn) to (x, y) at a speed; the heading is kept. */
  driveTo(x: number, y: number, speed: number, info: MotionInfo): this {
    const dist = Math.hypot(x - this.pose.x, y - this.pose.y);
    if (dist < 1e-6) return this;
    this.push('drive', { ...this.pose, x, y }, dist / speed, dist, info);
    return this;
  }

  /** Turn in place to face (x, y), then drive there. The turn carries the decision; the drive does not. */
  goTo(x: number, y: number, speed: number, turnRate: number, info: MotionInfo): this {
    const dist = Math.hypot(x - this.pose.x, y - this.pose.y);
    if (dist < 1e-6) return this;
    const n = this.motions.length;
    this.turnTo(headingTo(this.pose.x, this.pose.y, x, y), turnRate, info);
    const turned = this.motions.length > n;
    this.driveTo(x, y, speed, turned ? { ...info, decision: undefined } : info);
    return this;
  }

  /** Climb or descend vertically to z at a speed. */
  climbTo(z: number, speed: number, info: MotionInfo): this {
    const dz = Math.abs(z - this.pose.z);
    if (dz < 1e-6) return this;
    this.push('climb', { ...this.pose, z }, dz / speed, 0, info);
    return this;
  }

  /** Hold still for a duration. */
  pause(durationS: number, info: MotionInfo): this {
    if (durationS <= 0) return this;
    this.push('pause', { ...this.pose }, durationS, 0, info);
    return this;
  }
}
