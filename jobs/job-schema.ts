/**
 * The job format (jobs/<name>-<version>.yaml) as a zod schema. Every object is strict, so an unknown key is an
 * error; every margin the scorer or the planner uses carries its real-world source as a field. Checks that need
 * more than one field (min <= max, slot families in `families`, the id against the file name) are in load.ts.
 */
import { z } from 'zod';
import { hashJson } from '../foundation/index.ts';
import { PlaceKind } from '../layouts/place-schema.ts';

const text = z.string().trim().min(1, 'must not be empty');
const positive = z.number().positive('must be greater than 0');
const nonNegative = z.number().nonnegative('must be 0 or more');
const probability = z.number().min(0, 'a probability is at least 0').max(1, 'a probability is at most 1');
const pitch = z.number().min(-90, 'pitch must be in [-90, 90] degrees').max(90, 'pitch must be in [-90, 90] degrees');

/*
 * Upper bounds. Every number a job holds has one, so that a typo (a 1e308 m clearance, a billion tasks, a
 * 1,000,000,000 x 1 camera) is refused by `validate` rather than planned, rendered or scored. Each bound is far past
 * any real robot or job and says why it is where it is (docs/format.md lists them).
 */
/** (0, max], with the bound's reason in the message */
const upTo = (max: number, why: string) => positive.max(max, `at most ${max}: ${why}`);
/** [0, max] */
const zeroUpTo = (max: number, why: string) => nonNegative.max(max, `at most ${max}: ${why}`);
/** whole numbers in [min, max] */
const wholeIn = (min: number, max: number, why: string) =>
  z
    .number()
    .int('must be a whole number')
    .min(min, min === 0 ? 'must be 0 or more' : `must be at least ${min}`)
    .max(max, `at most ${max}: ${why}`);

/** a body dimension: no robot that drives a place's corridors is 5 m across or tall */
const BODY_M = [5, 'no robot that works in these places is larger than 5 m'] as const;
/** where the lens sits from the base origin: on the body, so within a few metres of it */
const MOUNT_M = [10, 'the camera sits on the body, within 10 m of its base'] as const;
/** a pause at a site (pick, place, dock, inspect, lower): an hour is past any task's step */
const PAUSE_S = [3600, 'a pause of more than an hour at one site is no task step'] as const;
/** a distance on the map (radii, reaches, lanes, the tether): a place side is at most 500 m */
const MAP_M = [500, 'a place is at most 500 m a side'] as const;
/** a count of things a task does (rooms, stops, people): a task of more than 100 is no task */
const TASK_COUNT = [100, 'more than 100 in one task is no task'] as const;
/** frames: a task or look-point gap of more than 10,000 frames is hours of rendering per task */
const FRAMES = [10_000, 'more than 10,000 frames is hours of rendering a task'] as const;
/** scripts in a release mix: the release holds 16 a job; 10,000 is far past any release */
const SCRIPTS = [10_000, 'a release holds 16 scripts a job; 10,000 is past any release'] as const;
/** tasks in one script: the shift of a working day is a handful; 20 is the most a script is planned with */
export const MAX_TASKS_PER_SCRIPT = 20;
/** a camera side in pixels: 8192 is past any robot camera (a frame of 8192 x 8192 is 67 megapixels) */
export const MAX_CAMERA_PX = 8192;

/** A site role a task uses (e.g. dock, charger, parking, drop_points); the place names which sites play it. */
const siteRole = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a site role is lowercase letters, digits and _');
const thingKind = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a thing kind is lowercase letters, digits and _');

/** An inclusive integer range, each end in [0, max]. */
export const intRange = (max: number, why: string) =>
  z.strictObject({ min: wholeIn(0, max, why), max: wholeIn(0, max, why) });
/** An inclusive range of reals, each end in [0, max]. */
export const numRange = (max: number, why: string) =>
  z.strictObject({ min: zeroUpTo(max, why), max: zeroUpTo(max, why) });

/** A number in (0, max] with the real-world source it comes from. */
export const sourced = (max: number, why: string) => z.strictObject({ value: upTo(max, why), source: text });

/** A question family's name; which names exist is the compile's to say (compile/job-families.ts checks them). */
export const Family = z.string().regex(/^[a-z][a-z0-9_]*$/, 'a family name is lowercase words joined by underscores');

// ---------------------------------------------------------------- body

const CircleFootprint = z.strictObject({ shape: z.literal('circle'), diameter_m: upTo(...BODY_M) });
const RectFootprint = z.strictObject({ shape: z.literal('rect'), length_m: upTo(...BODY_M), width_m: upTo(...BODY_M) });

/** The robot's body: a footprint (circle or rectangle, length along the heading) and a height, in metres. */
export const Body = z.strictObject({
  footprint: z.discriminatedUnion('shape', [CircleFootprint, RectFootprint]),
  height_m: upTo(...BODY_M),
  source: text,
});

// ---------------------------------------------------------------- camera and depth

/**
 * Where the camera sits: height above the base origin (the floor for a ground robot), offset forward and left of
 * the base centre, and pitch (negative looks down). `why` says how the mount was chosen.
 */
export const Mount = z.strictObject({
  height_m: zeroUpTo(...MOUNT_M),
  forward_m: z
    .number()
    .min(-MOUNT_M[0], `at least -${MOUNT_M[0]}: ${MOUNT_M[1]}`)
    .max(MOUNT_M[0], `at most ${MOUNT_M[0]}: ${MOUNT_M[1]}`),
  left_m: z
    .number()
    .min(-MOUNT_M[0], `at least -${MOUNT_M[0]}: ${MOUNT_M[1]}`)
    .max(MOUNT_M[0], `at most ${MOUNT_M[0]}: ${MOUNT_M[1]}`),
  pitch_deg: pitch,
  why: text,
});

/**
 * A light the robot carries beside its lens (as camera vacuums light the floor ahead): a spot along the camera's
 * axis, its power in Blender's watts and its cone's full angle. It lights the pictures only; the truth never sees it.
 */
export const Lamp = z.strictObject({
  power_w: upTo(50, 'a robot lamp of more than 50 W blinds its own camera'),
  spot_angle_deg: upTo(179, 'a spot is narrower than 180 degrees'),
  why: text,
});

export const Camera = z.strictObject({
  width: wholeIn(16, MAX_CAMERA_PX, 'past any robot camera (8192 x 8192 is 67 megapixels a frame)'),
  height: wholeIn(16, MAX_CAMERA_PX, 'past any robot camera (8192 x 8192 is 67 megapixels a frame)'),
  /** horizontal field of view */
  hfov_deg: z.number().gt(0).lt(180, 'a field of view is under 180 degrees'),
  mount: Mount,
  /** a lamp beside the lens; absent: none */
  lamp: Lamp.optional(),
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
  near_m: upTo(65.535, 'the near plane lies before the far one (65.535 m)'),
  far_m: z.literal(65.535),
  no_return: z.literal(65535),
});

export const Speeds = z.strictObject({
  linear_m_s: upTo(50, '50 m/s (180 km/h) is past any robot here'),
  turn_deg_s: upTo(3600, 'ten turns a second is past any robot'),
  accel_m_s2: upTo(100, '100 m/s² (10 g) is past any robot').optional(),
  source: text,
});

// ---------------------------------------------------------------- tasks

const taskCommon = {
  /** relative weight of this kind when tasks are drawn */
  weight: upTo(1000, 'a relative weight; 1000 to 1 is past any mix'),
};

/** Battery model: drains while working, recharges while parked; below `sent_home_pct` the robot goes home. */
export const Battery = z.strictObject({
  start_pct: intRange(100, 'a percentage'),
  drain_pct_per_min: upTo(100, 'a percentage a minute'),
  drain_pct_per_m: zeroUpTo(100, 'a percentage a metre'),
  charge_pct_per_min: upTo(100, 'a percentage a minute'),
  sent_home_pct: z.number().int().min(1).max(99),
  source: text,
});

const CleanRooms = z.strictObject({
  kind: z.literal('clean_rooms'),
  ...taskCommon,
  rooms_per_task: intRange(...TASK_COUNT),
  lane_spacing_m: upTo(...MAP_M),
  /** a room the robot was sent home from is finished in a later task */
  finish_sent_home_room: z.boolean(),
  battery: Battery,
});

const Carry = z.strictObject({
  kind: z.literal('carry'),
  ...taskCommon,
  /** site roles whose surfaces things are picked from and placed on */
  surfaces: z.array(siteRole).min(1),
  pick_s: upTo(...PAUSE_S),
  place_s: upTo(...PAUSE_S),
});

const ReturnToSpot = z.strictObject({
  kind: z.literal('return_to_spot'),
  ...taskCommon,
  pick_s: upTo(...PAUSE_S),
  place_s: upTo(...PAUSE_S),
});

const DockVisit = z.strictObject({
  kind: z.literal('dock_visit'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  stops: intRange(...TASK_COUNT),
  dock_s: upTo(...PAUSE_S),
});

const PickLoop = z.strictObject({
  kind: z.literal('pick_loop'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  stops: intRange(...TASK_COUNT),
  pick_s: upTo(...PAUSE_S),
});

const Deliver = z.strictObject({
  kind: z.literal('deliver'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  inspect_s: upTo(...PAUSE_S),
  inspect_pitch_deg: pitch,
  lower_s: upTo(...PAUSE_S),
  tether_m: upTo(...MAP_M),
});

const Inspect = z.strictObject({
  kind: z.literal('inspect'),
  ...taskCommon,
  sites: z.array(siteRole).min(1),
  inspect_s: upTo(...PAUSE_S),
  inspect_pitch_deg: pitch,
});

export const TaskKind = z.discriminatedUnion('kind', [
  CleanRooms,
  Carry,
  ReturnToSpot,
  DockVisit,
  PickLoop,
  Deliver,
  Inspect,
]);

/**
 * A hand-off at the start of every task: at its home where the home plays the role `site`, else at a site of that
 * role on open floor it drives to first, the robot waits `wait_s` for a person to step up to its front and is handed
 * its task (a load, an errand) over `hand_s`, the person touching its front, before it sets off (script/task-sites.ts
 * planHandoff; the person's walk: script/people.ts planHandoffWalk).
 */
export const Handoff = z.strictObject({
  site: siteRole,
  /** the share of tasks that begin with a hand-off (a coin per task from the hand-off's own stream); 1: every task */
  share: probability.default(1),
  wait_s: numRange(PAUSE_S[0], PAUSE_S[1]),
  hand_s: numRange(PAUSE_S[0], PAUSE_S[1]),
  source: text,
});

export const Tasks = z.strictObject({
  /** the site role every task ends at, where the robot waits through the gap (dock, parking, charger, base) */
  home: siteRole,
  kinds: z.array(TaskKind).min(1, 'a job needs at least one task kind'),
  handoff: Handoff.optional(),
});

/** The release mix: how many scripts of how many tasks. */
export const ReleaseMix = z.strictObject({
  scripts: wholeIn(1, ...SCRIPTS),
  bands: z
    .array(
      z.strictObject({
        scripts: wholeIn(1, ...SCRIPTS),
        tasks: intRange(MAX_TASKS_PER_SCRIPT, 'the most tasks a script is planned with'),
      }),
    )
    .min(1),
  source: text,
});

export const Gaps = z.strictObject({
  min_s: upTo(604_800, 'a gap of more than a week is no shift'),
  max_s: upTo(604_800, 'a gap of more than a week is no shift'),
  distribution: z.enum(['uniform', 'log_uniform']),
  source: text,
});

/**
 * The change model between tasks. Each movable thing draws its own move probability once per script from
 * `thing_move_p` (a coin per thing, never per kind), then flips it in every gap.
 */
export const Changes = z.strictObject({
  thing_move_p: z.strictObject({ min: probability, max: probability }),
  max_moves_per_gap: wholeIn(1, 1000, 'more moves than a place holds things'),
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
  travel_m: upTo(...MAP_M),
  turn_deg: upTo(360, 'a full turn'),
  time_s: upTo(3600, 'a frame an hour is no keyframe rule'),
  decision_points: z.boolean(),
  target_per_task: sourced(...FRAMES),
});

export const People = z.strictObject({
  walk_speed_m_s: numRange(10, 'faster than any person runs'),
  per_task: intRange(...TASK_COUNT),
  /** the chance that a walking person's walk meets the robot: crosses so near its front that they brush it (a
   * person gap of 0); 0 for a robot no one walks into (a drone over the street) */
  meet_p: probability.default(0),
  source: text,
});

const Slot = z.array(Family).min(1, 'a slot lists at least one family');

export const LookPoints = z.strictObject({
  /** mean number of frames between look points, and the least */
  gap_frames: z.strictObject({ mean: upTo(...FRAMES), min: wholeIn(1, ...FRAMES) }),
  /** decision frames are used first */
  decision_first: z.boolean(),
  /** up to three slots, each a list of families; the first slot is harm */
  slots: z.array(Slot).min(1, 'a look point has at least one slot').max(3, 'a look point has at most three slots'),
  /** per slot, the order its families are tried in: `drawn` (from the case id and the stop, the default: a family
   * listed later is not starved by one that can nearly always be asked), `listed` (the order written) or `first`
   * (the first written, then the others in a drawn order) */
  slot_order: z.array(z.enum(['drawn', 'listed', 'first'])).optional(),
  source: text,
});

export const EndQuestion = z.strictObject({
  family: Family,
  max: wholeIn(1, 100, 'more end questions than a case can ask'),
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

export const ClearPath = z.strictObject({ turn_deg: upTo(360, 'a full turn'), source: text });
export const ClosestApproach = z.strictObject({
  horizon_s: upTo(600, 'ten minutes ahead is no closest approach'),
  source: text,
});
export const WayTo = z.strictObject({
  cell_m: upTo(10, 'a route cell wider than 10 m hides every doorway'),
  source: text,
});
export const TaskThings = z.strictObject({
  /** `route`: things within distance_m of the path driven; `rooms_cleaned`: the hazards in the rooms cleaned */
  scope: z.enum(['route', 'rooms_cleaned']),
  distance_m: upTo(...MAP_M).nullable(),
  floor_only: z.boolean(),
  /** things no taller than this (m) above the floor the body drives over (a cable): not in its way, never listed */
  drives_over_m: upTo(1, 'a body that drives over things a metre tall steers around nothing').default(0),
  source: text,
});
export const TangleAhead = z.strictObject({ ahead_m: upTo(...MAP_M), half_width_m: upTo(...MAP_M), source: text });
export const DropZonePeople = z.strictObject({ radius_m: upTo(...MAP_M), source: text });

// ---------------------------------------------------------------- the job

export const JobSchema = z.strictObject({
  /** `<name>/<version>`, e.g. vacuum/2 */
  id: z.string().regex(/^[a-z][a-z0-9_]*\/[1-9][0-9]*$/, 'a job id is <name>/<version>, e.g. vacuum/2'),
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a job name is lowercase letters, digits and _'),
  version: wholeIn(1, 9999, 'a job is not redefined ten thousand times'),
  robot_class: text,
  description: text,
  /** the kind of place the job works in: it runs on every place of that kind, authored or generated (jobs/places.ts) */
  place_kind: PlaceKind,
  /** z of the base origin in the map while working: 0 on the floor; a flying robot's flight height */
  base_z_m: z.strictObject({
    value: zeroUpTo(500, 'a flight height past 500 m is above any drone here (the legal ceiling is 120 m)'),
    source: text,
  }),
  body: Body,
  camera: Camera,
  depth: Depth,
  speeds: Speeds,
  clearance: sourced(10, 'room beside the path wider than 10 m is wider than any room here'),
  reacquire: sourced(...MAP_M),
  /** list matching radius; null for a job that asks no list */
  match_m: z.strictObject({ value: upTo(...MAP_M).nullable(), source: text }),
  tasks: Tasks,
  tasks_per_script: intRange(MAX_TASKS_PER_SCRIPT, 'the most tasks a script is planned with'),
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
export type HandoffSpec = z.output<typeof Handoff>;
export type BodySpec = z.output<typeof Body>;
export type CameraSpec = z.output<typeof Camera>;

/**
 * The fields of a job that only the compile reads (its questions: look points, slots, end questions, families and
 * their settings, the vacuum's hazards, the prose description). Changing them needs no new scripts and no new
 * renders: the script stage's record of a job (`scriptHash`) leaves them out. A test plans scripts with these fields
 * changed and finds the same bytes.
 */
export const COMPILE_ONLY_FIELDS = [
  'description',
  'look_points',
  'end_questions',
  'families',
  'hazards',
  'clear_path',
  'way_to',
  'task_things',
  'tangle_ahead',
  'drop_zone_people',
] as const;

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
