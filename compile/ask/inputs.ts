/**
 * What a question family reads: the job's numbers (JobView), the truth (WorldView: the solids at a time and where
 * each person is), and the case window's frames up to the ask (FrameView: the robot's pose, the camera and what
 * the camera recorded, as visibility.jsonl holds it). Every gold is a pure function of these.
 */
import type { Intrinsics, Mount, V3 } from '../../layouts/camera.ts';
import type { BodyFootprint } from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';
import type { Job } from '../../formats/gold-row.ts';

/** The job's numbers a family needs (built from a JobSpec by jobView). */
export interface JobView {
  job: Job;
  body: BodyFootprint;
  /** body length along its heading and width across it (m) */
  bodyLength_m: number;
  bodyWidth_m: number;
  bodyHeight_m: number;
  /** z of the base origin while working (0 on the floor; the drone's flight height) */
  baseZ_m: number;
  mount: Mount;
  intr: Intrinsics;
  /** C, R and the list matching radius M (null where the job asks no list) */
  clearance_m: number;
  reacquire_m: number;
  match_m: number | null;
  /** clear_path: the in-place turn before driving left or right (deg) */
  turn_deg: number;
  /** closest_approach / approach_mem horizon (s) */
  horizon_s: number;
  /** way_to field cell (m) */
  way_cell_m: number;
  tangle: { ahead_m: number; half_width_m: number } | null;
  taskThings: {
    scope: 'route' | 'rooms_cleaned';
    distance_m: number | null;
    floor_only: boolean;
    drives_over_m: number;
  };
  dropRadius_m: number | null;
  /** thing kinds the brush catches, and those whose omission is a catastrophe */
  hazards: { brush_catches: readonly string[]; catastrophe: readonly string[] } | null;
}

/** The robot's base pose (map frame; heading in degrees counter-clockwise from +x). */
export interface BasePose {
  x: number;
  y: number;
  z: number;
  heading_deg: number;
}

/** What a frame recorded of one entity (a subset of visibility.jsonl's entity record). */
export interface SeenEntity {
  entity: string;
  role: string;
  kind: string;
  pixels: number;
  edge_margin_px: number;
  brightness: number | null;
  colour: string | null;
  /** the nearest visible point where it meets the floor or the top it rests on; null when none is visible */
  contact: { point: V3; range_m: number } | null;
}

/** One frame of the window: pose, camera, what it recorded. */
export interface FrameView {
  /** frame index (compared only with other frames of the same window) */
  k: number;
  /** timeline time (s) */
  t: number;
  /** task index */
  task: number;
  pose: BasePose;
  camera: { position: V3; yaw_deg: number; pitch_deg: number };
  entities: readonly SeenEntity[];
  /**
   * the floor and obstacle cells this frame saw, as runs over the floor grid, and a flying job's air carve: cells
   * free at and above `below_m` (render/truth/seen-space.ts)
   */
  seen: { floor: readonly number[]; obstacle: readonly number[]; air?: { below_m: number; cells: readonly number[] } };
}

/** A movable thing as the place describes it. */
export interface ThingInfo {
  id: string;
  kind: string;
  colour: string;
}

/** A person as the place describes them, and where they are at a time. */
export interface PersonInfo {
  id: string;
  /** colour word of the top */
  colour: string;
  /** radius of the disc a person occupies on the floor (half the shoulder width) */
  radius_m: number;
  /** a seated person: the disc sweeps from where they are to this offset (x, y, m) ahead, over their legs */
  reach?: readonly [number, number];
}

/** The truth a family may read. */
export interface WorldView {
  /** every solid of the place at time t (carried things are not among them) */
  solidsAt(t: number): readonly Solid[];
  /** where a person stands at time t (undefined when absent) */
  personAt(id: string, t: number): { x: number; y: number } | undefined;
  thing(id: string): ThingInfo | undefined;
  person(id: string): PersonInfo | undefined;
}

/** A floor grid (the seen-space grid of visibility.jsonl). */
export interface FloorGridView {
  x0: number;
  y0: number;
  cell: number;
  nx: number;
  ny: number;
}

/** Everything an ask reads: the job, the truth, the seen-space grid and the window's frames up to the ask. */
export interface AskContext {
  job: JobView;
  world: WorldView;
  grid: FloorGridView;
  /** the case window's frames from its first to the ask frame, ascending; the last is the ask frame */
  frames: readonly FrameView[];
  /** thing ids the current task names or carries, or that lie on its route (for task_critical) */
  critical?: ReadonlySet<string>;
}

/** The ask frame: the last frame of the context. */
export function askFrame(ctx: AskContext): FrameView {
  const f = ctx.frames[ctx.frames.length - 1];
  if (!f) throw new Error('an ask needs at least one frame');
  return f;
}

/** The frames of the ask frame's task (the world changes only between tasks). */
export function taskFrames(ctx: AskContext): readonly FrameView[] {
  const task = askFrame(ctx).task;
  let i = ctx.frames.length - 1;
  while (i > 0 && ctx.frames[i - 1].task === task) i--;
  return ctx.frames.slice(i);
}
