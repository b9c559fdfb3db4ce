/**
 * The gold row: one question's gold and everything the scorer needs to score an answer to it, with nothing to look
 * up elsewhere (the job's margins, the pixel size at the gold, the catastrophe class, list and heading extras).
 * The compiler writes one per question to gold.jsonl; docs/format.md documents every field.
 */
import { z } from 'zod';

export const JOBS = ['vacuum/2', 'helper/1', 'amr/1', 'drone/1'] as const;
export const LENGTHS = ['short', 'medium', 'long'] as const;
export const FAMILIES = [
  'clear_path',
  'closest_person',
  'closest_approach',
  'approach_mem',
  'ego_now',
  'ego_mem',
  'object_where',
  'person_mem',
  'task_things',
  'tangle_ahead',
  'drop_zone_people',
  'open_heading',
  'way_to',
] as const;
export const KINDS = ['harm', 'help', 'situation', 'reuse'] as const;
export const ABILITIES = ['distance', 'memory', 'relevance', 'clearance', 'change', 'prediction'] as const;
export const COLUMNS = ['now', 'memory'] as const;
export const ANSWER_TYPES = ['number', 'offset', 'place', 'list', 'heading'] as const;
export const AGE_BANDS = ['now', 'recent', 'task', 'earlier'] as const;
export const CATASTROPHES = ['minus2_corridor', 'minus3_person', 'minus3_hazard'] as const;

export type Job = (typeof JOBS)[number];
export type Family = (typeof FAMILIES)[number];
export type Ability = (typeof ABILITIES)[number];
export type Column = (typeof COLUMNS)[number];
export type AnswerType = (typeof ANSWER_TYPES)[number];
export type CatastropheClass = (typeof CATASTROPHES)[number];

/** The answer type each family asks for. */
export const FAMILY_ANSWER_TYPE: Record<Family, AnswerType> = {
  clear_path: 'number',
  closest_person: 'number',
  closest_approach: 'number',
  approach_mem: 'number',
  ego_now: 'offset',
  ego_mem: 'offset',
  object_where: 'place',
  person_mem: 'place',
  task_things: 'list',
  tangle_ahead: 'list',
  drop_zone_people: 'list',
  open_heading: 'heading',
  way_to: 'heading',
};

/** The families whose answer concerns a person coming inside the body (catastrophe class minus3_person). */
export const PEOPLE_NUMBER_FAMILIES: readonly Family[] = ['closest_person', 'closest_approach', 'approach_mem'];

/**
 * The catastrophe class a gold row of this family and job must carry (SCORING.md 1.7): the row states it so that
 * the scorer never infers it, and the schema refuses a row whose class disagrees with its family.
 */
export function catastropheClassFor(family: Family, job: Job): CatastropheClass | null {
  if (family === 'clear_path') return 'minus2_corridor';
  if (PEOPLE_NUMBER_FAMILIES.includes(family)) return 'minus3_person';
  if (family === 'tangle_ahead') return 'minus3_hazard';
  if (family === 'task_things' && job === 'vacuum/2') return 'minus3_hazard';
  return null;
}

const finite = z.number().finite();
const nonneg = finite.min(0);
const positive = finite.gt(0);

export const Offset = z.object({ ahead: finite, left: finite });
export const Point = z.object({ x: finite, y: finite });
/** A thing to be listed: its map place, the pixel size at it, and whether it is a hazard of the job's own kind. */
export const ListThing = z.object({ x: finite, y: finite, pixel_m: positive, hazard: z.boolean() });
export const DontCare = z.object({ x: finite, y: finite, radius: positive });

/** One entry of a heading table: the heading `-180 + index` degrees relative to the robot's facing (+ = left). */
export const HeadingEntry = z.object({
  /** open_heading: the run (m) the body gets along this heading */
  run_m: nonneg.optional(),
  /** way_to: the progress (m) toward the thing after driving R along this heading through the seen floor */
  progress_m: finite.optional(),
  /** the body has room to move along this heading */
  room_ok: z.boolean(),
  /** the floor along this heading was seen (way_to); open_heading rows may omit it */
  seen_ok: z.boolean().default(true),
});

export const HeadingTable = z.object({
  step_deg: z.literal(1),
  /** 360 entries, index i = relative heading -180 + i degrees */
  entries: z.array(HeadingEntry).length(360),
  /** open_heading: the best heading's run (m) */
  best_run_m: nonneg.optional(),
  /** open_heading: the run a heading needs to count as room to move (m) */
  room_needed_m: nonneg.optional(),
  /** way_to: the best heading's progress (m) */
  best_progress_m: finite.optional(),
  /** way_to: the cell of the seen-floor field (m); the route's pixel */
  cell_m: positive.optional(),
});

const GoldRowObject = z.object({
  qid: z.string().regex(/^[0-9a-f]{16}$/, 'a question id is 16 lowercase hex characters'),
  job: z.enum(JOBS),
  layout: z.string().min(1),
  /** script (shift) id: the unit of the bootstrap */
  sid: z.string().min(1),
  /** case id */
  cid: z.string().min(1),
  length: z.enum(LENGTHS),
  family: z.enum(FAMILIES),
  kind: z.enum(KINDS),
  ability: z.enum(ABILITIES),
  column: z.enum(COLUMNS),
  answer_type: z.enum(ANSWER_TYPES),
  /** false when the right answer is unknown */
  knowable: z.boolean(),
  /** the gold: number (m) | offset | place | list of things | best relative heading (deg) | null when unknown */
  value: z.union([finite, Offset, Point, z.array(ListThing)]).nullable(),
  evidence_frames: z.array(z.number().int().min(0)),
  age_s: nonneg,
  age_band: z.enum(AGE_BANDS),
  task_critical: z.boolean(),
  /** the job's clearance C (m) */
  clearance_m: positive,
  /** the job's re-find radius R (m) */
  reacquire_m: positive,
  /** the job's list matching radius M (m); null where the job has none */
  match_m: positive.nullable(),
  /** one camera pixel at the geometry the gold rests on (m) */
  pixel_m: positive,
  /** the harmful side of an error, in words: longer | wider | farther | no_room | none */
  harmful_side: z.string().min(1),
  catastrophe: z.enum(CATASTROPHES).nullable(),
  /** lists: circles where a listed place counts neither way */
  dont_care: z.array(DontCare).optional(),
  /** object_where: the thing's length (m) */
  length_m: nonneg.optional(),
  /** object_where: the thing's top was above the camera at every clear sighting */
  top_above_camera: z.boolean().optional(),
  /** open_heading and way_to */
  heading_table: HeadingTable.optional(),
});

/** The gold row schema, with the cross-field rules (value shape by answer type, family extras, catastrophe class). */
export const GoldRow = GoldRowObject.superRefine((g, ctx) => {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const want = FAMILY_ANSWER_TYPE[g.family];
  if (g.answer_type !== want) issue(['answer_type'], `${g.family} asks for a ${want}, not a ${g.answer_type}`);
  const cat = catastropheClassFor(g.family, g.job);
  if (g.catastrophe !== cat) {
    issue(['catastrophe'], `${g.family} on ${g.job} has catastrophe class ${cat ?? 'null'}, not ${g.catastrophe ?? 'null'}`);
  }
  if (!g.knowable) {
    if (g.value !== null) issue(['value'], 'an unknowable question has the value null');
    return;
  }
  const v = g.value;
  const shapeOk =
    want === 'number' || want === 'heading'
      ? typeof v === 'number'
      : want === 'offset'
        ? v !== null && typeof v === 'object' && !Array.isArray(v) && 'ahead' in v
        : want === 'place'
          ? v !== null && typeof v === 'object' && !Array.isArray(v) && 'x' in v
          : Array.isArray(v);
  if (!shapeOk) issue(['value'], `a knowable ${want} question needs a ${want} value`);
  if (g.family === 'object_where') {
    if (g.length_m === undefined) issue(['length_m'], 'object_where needs the thing length length_m');
    if (g.top_above_camera === undefined) issue(['top_above_camera'], 'object_where needs top_above_camera');
  }
  if ((g.family === 'task_things' || g.family === 'tangle_ahead') && g.match_m === null) {
    issue(['match_m'], `${g.family} needs the job's list matching radius`);
  }
  if (g.family === 'open_heading' || g.family === 'way_to') {
    const t = g.heading_table;
    if (!t) {
      issue(['heading_table'], `${g.family} needs a heading table`);
      return;
    }
    const field = g.family === 'open_heading' ? 'run_m' : 'progress_m';
    const firstMissing = t.entries.findIndex((e) => e[field] === undefined);
    if (firstMissing >= 0) issue(['heading_table', 'entries', firstMissing, field], `${g.family} entries need ${field}`);
    if (g.family === 'open_heading') {
      if (t.best_run_m === undefined) issue(['heading_table', 'best_run_m'], 'open_heading needs best_run_m');
      if (t.room_needed_m === undefined) issue(['heading_table', 'room_needed_m'], 'open_heading needs room_needed_m');
    } else {
      if (t.best_progress_m === undefined) issue(['heading_table', 'best_progress_m'], 'way_to needs best_progress_m');
      if (t.cell_m === undefined) issue(['heading_table', 'cell_m'], 'way_to needs cell_m');
    }
  }
});

export type GoldRow = z.output<typeof GoldRow>;
/** The gold row as written (seen_ok may be left out of open_heading entries). */
export type GoldRowInput = z.input<typeof GoldRow>;
export type ListThing = z.output<typeof ListThing>;
export type HeadingTable = z.output<typeof HeadingTable>;
