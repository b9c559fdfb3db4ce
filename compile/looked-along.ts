/**
 * Which way the robot looked, from its poses alone: the plan's frames (positions and headings), never what they
 * showed. A corridor question (clear_path) asks only a drive the robot looked along during the ask's task: one it
 * faced (a frame of the task, the ask frame included, stood at or behind the drive's start, beside its line, and
 * faced its heading) or one it came from (a frame of the task stood along the drive's heading from the start: the
 * robot drove from there to here, looking this way, so it looked along that stretch). Whether the corridor was
 * observed to its end is the gold's business (seen or unknown); this only keeps the questions to drives a robot
 * doing its job would have looked along, as the plan says.
 *
 * A strip question (tangle_ahead: what lies on the floor just ahead) asks only where the robot came straight to its
 * pose: a frame of the task stood at least CAME_STRAIGHT_M behind it on its line, facing the same way, so the floor
 * beside its front, under the camera's nose now, was in view on the way.
 */
import type { FrameView } from './families/index.ts';

/** How far (deg) a frame's heading or bearing may be from the drive's heading. */
export const LOOK_TOLERANCE_DEG = 30;
/** How far (m) beside the drive's line a frame that faced it may stand. */
export const LOOK_LATERAL_M = 1.0;
/** How far (m) a frame the robot came from must be from the start. */
export const CAME_FROM_M = 0.5;

const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;

/** Whether the robot looked along a drive from the ask frame's pose on `heading_deg` (frames: the task up to the ask). */
export function lookedAlong(frames: readonly FrameView[], heading_deg: number): boolean {
  const ask = frames[frames.length - 1];
  const a = (heading_deg * Math.PI) / 180;
  const ux = Math.cos(a), uy = Math.sin(a);
  return frames.some((f) => {
    const dx = f.pose.x - ask.pose.x, dy = f.pose.y - ask.pose.y;
    const along = dx * ux + dy * uy;
    const lateral = Math.abs(-dx * uy + dy * ux);
    const faced = Math.abs(wrap(f.pose.heading_deg - heading_deg)) <= LOOK_TOLERANCE_DEG && along <= 0.2 && lateral <= LOOK_LATERAL_M;
    const d = Math.hypot(dx, dy);
    const cameFrom = d >= CAME_FROM_M && Math.abs(wrap((Math.atan2(dy, dx) * 180) / Math.PI - heading_deg)) <= LOOK_TOLERANCE_DEG;
    return faced || cameFrom;
  });
}

/** How far behind (m) on its line a frame must have stood for the robot to have come straight. */
export const CAME_STRAIGHT_M = 0.6;
/** How far (deg) that frame's heading and (m) its position may be off the line. */
export const STRAIGHT_TOLERANCE_DEG = 10;
export const STRAIGHT_LATERAL_M = 0.1;

/** Whether the robot came straight to the ask frame's pose (frames: the task up to the ask). */
export function cameStraight(frames: readonly FrameView[]): boolean {
  const ask = frames[frames.length - 1];
  const a = (ask.pose.heading_deg * Math.PI) / 180;
  const ux = Math.cos(a), uy = Math.sin(a);
  return frames.some((f) => {
    const dx = f.pose.x - ask.pose.x, dy = f.pose.y - ask.pose.y;
    const behind = -(dx * ux + dy * uy);
    const lateral = Math.abs(-dx * uy + dy * ux);
    return behind >= CAME_STRAIGHT_M && lateral <= STRAIGHT_LATERAL_M && Math.abs(wrap(f.pose.heading_deg - ask.pose.heading_deg)) <= STRAIGHT_TOLERANCE_DEG;
  });
}
