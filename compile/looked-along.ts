/**
 * Which way the robot looked, from its poses, its camera and the place's public map alone (never from what the
 * frames showed). A corridor question (clear_path) asks only a drive whose corridor, as far as the public map's
 * structure (walls, doors, fixed furniture) lets it run, the robot looked along during the ask's task:
 *
 * - faced: a frame of the task (the ask frame included) stood on the drive's line (within 1 m of it), facing its
 *   heading (within 30°), far enough behind its start that the camera's view of the floor began at or before the
 *   body's front (the floor under the lens is out of view: the camera's blind reach) and reached beyond the map's run;
 * - came from: a frame of the task stood on the drive's heading from the start (within 30°), at least as far off as
 *   the map's run: the robot drove the corridor's length to get here, looking this way.
 *
 * Whether the corridor was observed to its end (things may stop it earlier, people may have stood in the way) is the
 * gold's business (seen or unknown); this keeps the questions to drives a robot doing its job looked along, as its
 * plan and the map say. Asking others made most memory-column corridor golds unknown.
 *
 * A most-room question (open_heading) asks only where the robot looked along some heading with room for its body
 * on the public map (as a drive of the body's length, by the same rule).
 *
 * A strip question (tangle_ahead: what lies on the floor just ahead) asks only where the robot came straight to its
 * pose: a frame of the task stood at least CAME_STRAIGHT_M behind it on its line, facing the same way, so the floor
 * beside its front, under the camera's nose now, was in view on the way.
 */
import type { FrameView, JobView } from './ask/index.ts';

/** How far (deg) a frame's heading or bearing may be from the drive's heading. */
export const LOOK_TOLERANCE_DEG = 30;
/** How far (m) beside the drive's line a frame that faced it may stand. */
export const LOOK_LATERAL_M = 1.0;
/** The farthest floor (m) a level or upward-looking camera is taken to see (a place's scale); a camera pitched down
 * sees to where its upper edge meets the floor. */
export const LOOK_FAR_M = 30;

const wrap = (d: number) => ((((d + 180) % 360) + 360) % 360) - 180;
const DEG = Math.PI / 180;

/**
 * Where a frame's camera sees the floor, ahead of its base centre (m): from `near` to `far`, by its height and pitch
 * (the plan's: a drone inspecting a drop point looks straight down) and the job's lens offset and field of view.
 */
export function floorReach(job: JobView, camera: FrameView['camera']): { near: number; far: number } {
  const h = camera.position[2];
  const vhalf = Math.atan(job.intr.height / 2 / job.intr.f) / DEG;
  const down = -camera.pitch_deg;
  const lower = down + vhalf;
  const upper = down - vhalf;
  const near = lower >= 90 ? 0 : h / Math.tan(lower * DEG);
  // capped at LOOK_FAR_M, the drone's camera (15 m up, pitched 45 degrees down: its upper edge meets the ground 60
  // m ahead) counted none of the drives whose corridor ran farther than 30 m as looked along
  const far = upper <= 0.5 ? LOOK_FAR_M : h / Math.tan(upper * DEG);
  return { near: job.mount.forward_m + near, far: job.mount.forward_m + far };
}

/**
 * Whether the robot looked along a drive from the ask frame's pose on `heading_deg` whose corridor the public map
 * lets run `mapRun` m (frames: the task up to the ask).
 */
export function lookedAlong(job: JobView, frames: readonly FrameView[], heading_deg: number, mapRun: number): boolean {
  const ask = frames[frames.length - 1];
  const a = heading_deg * DEG;
  const ux = Math.cos(a),
    uy = Math.sin(a);
  const front = job.bodyLength_m / 2;
  return frames.some((f) => {
    const reach = floorReach(job, f.camera);
    const dx = f.pose.x - ask.pose.x,
      dy = f.pose.y - ask.pose.y;
    const along = dx * ux + dy * uy;
    const lateral = Math.abs(-dx * uy + dy * ux);
    const faced =
      Math.abs(wrap(f.pose.heading_deg - heading_deg)) <= LOOK_TOLERANCE_DEG &&
      lateral <= LOOK_LATERAL_M &&
      along + reach.near <= front + 1e-9 &&
      along + reach.far >= front + mapRun;
    const d = Math.hypot(dx, dy);
    const cameFrom =
      d >= Math.max(mapRun, 0.5) &&
      Math.abs(wrap((Math.atan2(dy, dx) * 180) / Math.PI - heading_deg)) <= LOOK_TOLERANCE_DEG;
    return faced || cameFrom;
  });
}

/** Headings (deg apart) an open_heading ask tries for one the robot looked along. */
export const LOOK_AROUND_STEP_DEG = 10;

/**
 * Whether the robot looked along some heading from the ask frame's pose (every LOOK_AROUND_STEP_DEG) on which the
 * public map leaves its body's length of room (`room(heading, upTo)`: the map's run on that heading, at most upTo):
 * only then can the frames have shown it a heading with room (open_heading). Asked without, open_heading's gold was
 * `unknown` in all but one of its memory-column golds on the release-shaped build (the helper's 15 of 15, the
 * vacuum's 17 of 18).
 */
export function lookedAround(
  job: JobView,
  frames: readonly FrameView[],
  room: (heading_deg: number, upTo: number) => number,
): boolean {
  const ask = frames[frames.length - 1];
  const need = job.bodyLength_m;
  for (let h = -180; h < 180; h += LOOK_AROUND_STEP_DEG) {
    const heading = wrap(ask.pose.heading_deg + h);
    if (lookedAlong(job, frames, heading, need) && room(heading, need) >= need - 1e-9) return true;
  }
  return false;
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
  const ux = Math.cos(a),
    uy = Math.sin(a);
  return frames.some((f) => {
    const dx = f.pose.x - ask.pose.x,
      dy = f.pose.y - ask.pose.y;
    const behind = -(dx * ux + dy * uy);
    const lateral = Math.abs(-dx * uy + dy * ux);
    return (
      behind >= CAME_STRAIGHT_M &&
      lateral <= STRAIGHT_LATERAL_M &&
      Math.abs(wrap(f.pose.heading_deg - ask.pose.heading_deg)) <= STRAIGHT_TOLERANCE_DEG
    );
  });
}
