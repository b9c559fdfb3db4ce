/**
 * The job format (jobs/<name>-<version>.yaml) as a zod schema. Every object is strict, so an unknown key is an
 * error; every margin the scorer or the planner uses carries its real-world source as a field. Checks that need
 * more than one field (min <= max, slot families in `families`, the id against the file name) are in load.ts.
 */
import { z } from 'zod';
import { hashJson } from '../pipeline/core/index.ts';
import { FAMILIES } from './families.ts';

const text = z.string().trim().min(1, 'must not be empty');
const positive = z.number().positive('must be greater than 0');
const nonNegative = z.number().nonnegative('must be 0 or more');
const probability = z.number().min(0, 'a probability is at least 0').max(1, 'a probability is at most 1');
const posInt = z.number().int('must be a whole number').positive('must be greater than 0');
const nonNegInt = z.number().int('must be a whole number').nonnegative('must be 0 or more');
const pitch = z.number().min(-90, 'pitch must be in [-90, 90] degrees').max(90, 'pitch must be in [-90, 90] degrees');
/** A site role a task uses (e.g. dock, charger, parking, drop_points); the place names which sites play it. */
const siteRole = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a site role is lowercase letters, digits and _');
const thingKind = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a thing kind is lowercase letters, digits and _');

/** An inclusive integer range. */
export const IntRange = z.strictObject({ min: nonNegInt, max: nonNegInt });
/** An inclusive range of reals. */
export const NumRange = z.strictObject({ min: nonNegative, max: nonNegative });

/** A number with the real-world source it comes from. */
export const Sourced = z.strictObject({ value: positive, source: text });

export const Family = z.enum(FAMILIES, { error: (iss) => `unknown family ${JSON.stringify(iss.input)}` });

// ---------------------------------------------------------------- body

const CircleFootprint = z.strictObject({ shape: z.literal('circle'), diameter_m: positive });
const RectFootprint = z.strictObject({ shape: z.literal('rect'), length_m: positive, width_m: positive });

/** The robot's body: a footprint (circle or rectangle, length along the heading) and a height, in metres. */
export const Body = z.strictObject({
  footprint: z.discriminatedUnion('shape', [CircleFootprint, RectFootprint]),
  height_m: positive,
  source: text,
});

// ---------------------------------------------------------------- camera and depth

/**
 * Where the camera sits: height above the base origin (the floor for a ground robot), offset forward and left of
 * the base centre, and pitch (negative looks down). `why` says how the mount was chosen.
 */
export const Mount = z.strictObject({
  height_m: nonNegative,
  forward_m: z.number(),
  left_m: z.number(),
  pitch_deg: pitch,
  why: text,
});

export const Camera = z.strictObject({
  width: posInt,
  height: posInt,
  /** horizontal field of view */
  hfov_deg: z.number().gt(0).lt(180, 'a field of view is under 180 degrees'),
  mount: Mount,
  source: text,
});

/**
 * The scorer's depth image, the same for every job: planar depth (distance along the optical axis) in millimetres
 * in a 16-bit PNG; 65535 means no return or beyond 65.535 m.
 */
export const Depth = z.strictObject({
  kind: z.literal('planar'),
  unit: z.literal('mm'),
  format: z.literal('png16'),
  near_m: positive,
  far_m: z.literal(65.535),
  no_return: z.literal(65535),
});

export const Speeds = z.strictObject({
  linear_m_s: positive,
  turn_deg_s: positive,
  accel_m_s2: positive.optional(),
  source: text,
});

// ---------------------------------------------------------------- tasks

const taskCommon = {
  /** relative weight of this kind when tasks are drawn */
  weight: positive,
};

/** Battery model: drains while working, recharges while parked; below `sent_home_pct` the robot goes home. */
export const Battery = z.strictObject({
  start_pct: IntRange,
  drain_pct_per_min: positive,
  drain_pct_per_m: nonNegative,
  charge_pct_per_min: positive,
  sent_home_pct: z.number().int().min(1).max(99),
  source: text,
});

const CleanRooms = z.strictObject({
  kind: z.literal('clean_rooms'),
  ...taskCommon,
  rooms_per_task: IntRange,
  lane_spacing_m: positive,
  /** a room the robot was sent home from is finished in a later task */
  finish_sent_home_room: z.boolean(),
  battery: Battery,
});

const Carry = z.strictObject({
  kind: z.literal('carry'),
  ...taskCommon,
  /** site roles whose surfaces things are picked from and placed on */
  surfaces: z.array(siteRole).min(1),
  pick_s: positive,
  place_s: positive,
});

const ReturnToSpot = z.strictObject({
  kind: z.literal('return_to_spot'),
  ...taskCommon,
  pick_s: positive,
  place_s: positive,
});

const DockVisit = z.strictObject({
  kind: z.literal('dock_visit'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  stops: IntRange,
  dock_s: positive,
});

const PickLoop = z.strictObject({
  kind: z.literal('pick_loop'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  stops: IntRange,
  pick_s: positive,
});

const Deliver = z.strictObject({
  kind: z.literal('deliver'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  inspect_s: positive,
  inspect_pitch_deg: pitch,
  lower_s: positive,
  tether_m: positive,
});

const Inspect = z.strictObject({
  kind: z.literal('inspect'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  inspect_s: positive,
  inspect_pitch_deg: pitch,
});

export const TaskKind = z.discriminatedUnion('kind', [CleanRooms, Carry, ReturnToSpot, DockVisit, PickLoop, Deliver, Inspect]);

export const Tasks = z.strictObject({
  /** the site role every task ends at, where the robot waits through the gap (dock, parking, charger, base) */
  home: siteRole,
  kinds: z.array(TaskKind).min(1, 'a job needs at least one task kind'),
});

/** The release mix: how many scripts of how many tasks. */
export const ReleaseMix = z.strictObject({
  scripts: posInt,
  bands: z.array(z.strictObject({ scripts: posInt, tasks: IntRange })).min(1),
  source: text,
});

export const Gaps = z.strictObject({
  min_s: positive,
  max_s: positive,
  distribution: z.enum(['uniform', 'log_uniform']),
  source: text,
});

/**
 * The change model between tasks. Each movable thing draws its own move probability once per script from
 * `thing_move_p` (a coin per thing, never per kind), then flips it in every gap.
 */
export const Changes = z.strictObject({
  thing_move_p: z.strictObject({ min: probability, max: probability }),
  max_moves_per_gap: posInt,
  door_toggle_p: probability,
  person_arrive_p: probability,
  person_leave_p: probability,
  /** gaps of unobserved change before the first task: a script starts in the world as they left it, so that no two
   * scripts start in one world (0: the place as authored) */
  history_gaps: z.number().int().min(0).max(100).default(0),
  source: text,
});

/** Keyframe spacing: a new frame after travel_m of travel, turn_deg of turning or time_s, and at every decision point. */
export const Keyframes = z.strictObject({
  travel_m: positive,
  turn_deg: positive,
  time_s: positive,
  decision_points: z.boolean(),
  target_per_task: Sourced,
});

export const People = z.strictObject({
  walk_speed_m_s: NumRange,
  per_task: IntRange,
  /** the chance that a walking person's walk meets the robot: crosses so near its front that they brush it (a
   * person gap of 0); 0 for a robot no one walks into (a drone over the street) */
  meet_p: z.number().min(0).max(1).default(0),
  source: text,
});

const Slot = z.array(Family).min(1, 'a slot lists at least one family');

export const LookPoints = z.strictObject({
  /** mean number of frames between look points, and the least */
  gap_frames: z.strictObject({ mean: positive, min: posInt }),
  /** decision frames are used first */
  decision_first: z.boolean(),
  /** three slots, each a list of families in priority order; the first slot is harm */
  slots: z.array(Slot).length(3, 'a look point has exactly three slots'),
  source: text,
});

export const EndQuestion = z.strictObject({
  family: Family,
  max: posInt,
  /** asked after every task of the case, not only after its last (a question about the task just done) */
  every_task: z.boolean().default(false),
});

export const Hazards = z.strictObject({
  /** thing kinds the brush can catch (listed by tangle_ahead and the vacuum's task_things) */
  brush_catches: z.array(thingKind).min(1),
  /** of those, the ones whose omission from a list is a catastrophe (-3) */
  catastrophe: z.array(thingKind),
  source: text,
});

export const ClearPath = z.strictObject({ turn_deg: positive, source: text });
export const ClosestApproach = z.strictObject({ horizon_s: positive, source: text });
export const WayTo = z.strictObject({ cell_m: positive, source: text });
export const TaskThings = z.strictObject({
  /** `route`: things within distance_m of the path driven; `rooms_cleaned`: the hazards in the rooms cleaned */
  scope: z.enum(['route', 'rooms_cleaned']),
  distance_m: positive.nullable(),
  floor_only: z.boolean(),
  source: text,
});
export const TangleAhead = z.strictObject({ ahead_m: positive, half_width_m: positive, source: text });
export const DropZonePeople = z.strictObject({ radius_m: positive, source: text });

// ---------------------------------------------------------------- the job

export const JobSchema = z.strictObject({
  /** `<name>/<version>`, e.g. vacuum/2 */
  id: z.string().regex(/^[a-z][a-z0-9_]*\/[1-9][0-9]*$/, 'a job id is <name>/<version>, e.g. vacuum/2'),
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a job name is lowercase letters, digits and _'),
  version: posInt,
  robot_class: text,
  description: text,
  /** the place id, e.g. apartment_a */
  layout: z.string().regex(/^[a-z][a-z0-9]*_[a-z]$/, 'a layout id is <kind>_<letter>, e.g. apartment_a'),
  /** z of the base origin in the map while working: 0 on the floor; a flying robot's flight height */
  base_z_m: z.strictObject({ value: nonNegative, source: text }),
  body: Body,
  camera: Camera,
  depth: Depth,
  speeds: Speeds,
  clearance: Sourced,
  reacquire: Sourced,
  /** list matching radius; null for a job that asks no list */
  match_m: z.strictObject({ value: positive.nullable(), source: text }),
  tasks: Tasks,
  tasks_per_script: IntRange,
  release_mix: ReleaseMix,
  gaps: Gaps,
  changes: Changes,
  keyframes: Keyframes,
  people: People,
  look_points: LookPoints,
  end_questions: z.array(EndQuestion),
  families: z.array(Family).min(1),
  hazards: Hazards.optional(),
  clear_path: ClearPath,
  closest_approach: ClosestApproach,
  way_to: WayTo,
  task_things: TaskThings,
  tangle_ahead: TangleAhead.optional(),
  drop_zone_people: DropZonePeople.optional(),
});

/** A job, as read from jobs/<name>-<version>.yaml. */
export type JobSpec = z.output<typeof JobSchema>;
export type TaskKindSpec = z.output<typeof TaskKind>;
export type BodySpec = z.output<typeof Body>;
export type CameraSpec = z.output<typeof Camera>;

/**
 * The fields of a job that only the compile reads (its questions: look points, slots, end questions, families and
 * their settings, the vacuum's hazards, the prose description). Changing them needs no new scripts and no new
 * renders: the script stage's record of a job (`scriptHash`) leaves them out. A test plans scripts with these fields
 * changed and finds the same bytes.
 */
export const COMPILE_ONLY_FIELDS = ['description', 'look_points', 'end_questions', 'families', 'hazards', 'clear_path', 'way_to', 'task_things', 'tangle_ahead', 'drop_zone_people'] as const;

/** What the script stage reads of a job: everything but COMPILE_ONLY_FIELDS. */
export function scriptFacing(job: JobSpec): Omit<JobSpec, (typeof COMPILE_ONLY_FIELDS)[number]> {
  const out: Record<string, unknown> = { ...job };
  for (const k of COMPILE_ONLY_FIELDS) delete out[k];
  return out as Omit<JobSpec, (typeof COMPILE_ONLY_FIELDS)[number]>;
}

/** The hash the script stage records of a job (plan.json `job_hash`, the batch manifest), and the compile compares. */
export function scriptHash(job: JobSpec): string {
  return hashJson(scriptFacing(job));
}
