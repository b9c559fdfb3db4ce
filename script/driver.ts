/**
 * The driver: follows routes from the navigation map with the job's speeds, turning in place onto every new leg
 * (a decision point when the turn is sharp) and driving straight along it. Task planners speak to it in goals.
 */
import type { Vec2 } from '../layouts/geometry/index.ts';
import { nearestFit, type NavMap } from './nav.ts';
import { turnDelta, headingTo, type MotionInfo, type TrajectoryBuilder } from './trajectory.ts';

/** A turn onto a new leg sharper than this is a decision point. */
export const LEG_DECISION_DEG = 30;

export interface Speeds {
  linear_m_s: number;
  turn_deg_s: number;
}

export class Driver {
  constructor(
    readonly b: TrajectoryBuilder,
    public nav: NavMap,
    readonly speeds: Speeds,
    /** the speed used while working (cleaning lanes); defaults to the linear speed */
    readonly workSpeed = speeds.linear_m_s,
  ) {}

  get here(): Vec2 {
    return [this.b.pose.x, this.b.pose.y];
  }

  /** Follow waypoints (the first is where the robot is); `info.decision` marks the start. */
  follow(waypoints: readonly Vec2[], info: MotionInfo, speed = this.speeds.linear_m_s): void {
    let first = true;
    for (let i = 1; i < waypoints.length; i++) {
      const [x, y] = waypoints[i];
      const h = headingTo(this.b.pose.x, this.b.pose.y, x, y);
      const sharp = Math.abs(turnDelta(this.b.pose.heading_deg, h)) > LEG_DECISION_DEG;
      const decision = first ? info.decision : sharp ? 'turn onto a new leg' : undefined;
      const n = this.b.motions.length;
      this.b.goTo(x, y, speed, this.speeds.turn_deg_s, { ...info, decision });
      if (this.b.motions.length > n) first = false;
    }
  }

  /** Plan and drive to a goal (a point or a region); false when no route exists (nothing is driven). */
  goTo(goal: Vec2 | { center: Vec2; radius: number }, info: MotionInfo, speed = this.speeds.linear_m_s): boolean {
    let from = this.here;
    let shifted = false;
    if (!this.nav.fits(from)) {
      const fit = nearestFit(this.nav, from, 0.5);
      if (!fit) return false;
      from = fit;
      shifted = true;
    }
    let target = goal;
    if (Array.isArray(goal) && !this.nav.fits(goal as Vec2)) {
      const fit = nearestFit(this.nav, goal as Vec2, 1.0);
      if (!fit) return false;
      target = fit;
    }
    const wp = this.nav.route(from, target);
    if (!wp) return false;
    if (shifted) wp.unshift(this.here);
    this.follow(wp, info, speed);
    return true;
  }

  /** Turn in place to a heading. */
  face(heading: number, info: MotionInfo): void {
    this.b.turnTo(heading, this.speeds.turn_deg_s, info);
  }

  /** Turn to face a point. */
  faceTo(p: Vec2, info: MotionInfo): void {
    if (Math.hypot(p[0] - this.b.pose.x, p[1] - this.b.pose.y) < 1e-3) return;
    this.face(headingTo(this.b.pose.x, this.b.pose.y, p[0], p[1]), info);
  }

  /** Turn to a heading and hold still there for a while (a pick, a dock, a drop); the decision marks the first motion. */
  act(heading: number, seconds: number, info: MotionInfo): void {
    const n = this.b.motions.length;
    this.face(heading, info);
    this.pause(seconds, this.b.motions.length > n ? { ...info, decision: undefined } : info);
  }

  pause(s: number, info: MotionInfo): void {
    this.b.pause(s, info);
  }
}
