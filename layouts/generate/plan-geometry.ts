/**
 * The plane geometry the place generators share: axis-aligned rectangles of the plan, the extent of a turned box,
 * numbers rounded as the place YAML writes them, and the circle a robot's body sweeps (the planner's body) with that
 * plus its clearance, which every way a generator keeps is sized from.
 */
import { yamlNumber } from './place-yaml.ts';

/** What the generator sizes the ways for: the robot's footprint and the clearance it keeps each side (a job's C). */
export interface RobotNeeds {
  /** footprint length and width (m); a round body gives its diameter for both */
  length: number;
  width: number;
  /** the clearance C (m) */
  clearance: number;
}

export type XY = [number, number];

/** An axis-aligned rectangle of the plan (m). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** x as the place YAML writes it (at most four decimals), read back. */
export const round4 = (x: number): number => Number(yamlNumber(x));

/** Whether two rectangles overlap (touching edges do not). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** A rectangle grown by d on every side. */
export function inflate(r: Rect, d: number): Rect {
  return { x0: r.x0 - d, y0: r.y0 - d, x1: r.x1 + d, y1: r.y1 + d };
}

/** The extent along x and y of a box of length l and width w turned by yaw degrees. */
export function turned(l: number, w: number, yaw: number): XY {
  const c = Math.abs(Math.cos((yaw * Math.PI) / 180));
  const s = Math.abs(Math.sin((yaw * Math.PI) / 180));
  return [l * c + w * s, l * s + w * c];
}

/** The circle round the robot's footprint (r, the planner's body) and that plus its clearance (R). */
export function bodyCircle(robot: RobotNeeds): { r: number; R: number } {
  const r = Math.hypot(robot.length, robot.width) / 2;
  return { r, R: r + robot.clearance };
}
