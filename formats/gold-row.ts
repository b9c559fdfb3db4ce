/**
 * The gold row: one question's gold and everything the scorer needs to score an answer to it, with nothing to look
 * up elsewhere (the job's margins, the pixel size at the gold, the catastrophe class, list and heading extras).
 * The compiler writes one per question to gold.jsonl; docs/format.md documents every field.
 */
import { z } from 'zod';
import { Split } from './split.ts';

export const LENGTHS = ['short', 'medium', 'long'] as const;
export const KINDS = ['harm', 'help', 'situation', 'reuse'] as const;
export const ABILITIES = ['distance', 'memory', 'relevance', 'clearance', 'change', 'prediction'] as const;
export const COLUMNS = ['now', 'memory'] as const;
export const ANSWER_TYPES = ['number', 'offset', 'place', 'list', 'heading'] as const;
export const AGE_BANDS = ['now', 'recent', 'task', 'earlier'] as const;
export const CATASTROPHES = ['minus2_corridor', 'minus3_person', 'minus3_hazard'] as const;

/** A job id, `<name>/<version>` (jobs/<name>-<version>.yaml). */
export type Job = string;
/** A question family's name (compile/families/<name>.ts declares it). */
export type Family = string;
export type Kind = (typeof KINDS)[number];
export type Ability = (typeof ABILITIES)[number];
export type Column = (typeof COLUMNS)[number];
export type AnswerType = (typeof ANSWER_TYPES)[number];
export type CatastropheClass = (typeof CATASTROPHES)[number];

/**
 * The answer rules a family brings beyond its answer type's (SCORING 1.6): the scorer's entry for a family. A family
 * whose answers follow its answer type's rule alone has none; one that brings a new rule adds its entry here.
 * - heading_progress: a heading scored by its progress toward a thing (way_to); other headings by their run
 * - place_widened: a place whose re-find radius widens for a long thing seen from below (object_where)
 * - list_matched: a list matched within the job's list radius, which its rows must carry (task_things, tangle_ahead)
 */
export const ANSWER_RULES: Readonly<Record<string, 'heading_progress' | 'place_widened' | 'list_matched'>> = {
  way_to: 'heading_progress',
  object_where: 'place_widened',
  task_things: 'list_matched',
  tangle_ahead: 'list_matched',
};

/** The catastrophe classes a wrong answer of an answer type can carry (SCORING 1.7). */
export const CATASTROPHES_OF: Readonly<Record<AnswerType, readonly CatastropheClass[]>> = {
  number: ['minus2_corridor', 'minus3_person'],
  list: ['minus3_hazard'],
  offset: [],
  place: [],
  heading: [],
};

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
  job: z.string().regex(/^[a-z][a-z0-9_]*\/[1-9][0-9]*$/, 'a job id is <name>/<version>'),
  layout: z.string().min(1),
  /** dev or heldout (a row written before splits: dev) */
  split: Split.default('dev'),
  /** script id: the unit of the bootstrap */
  sid: z.string().min(1),
  /** case id */
  cid: z.string().min(1),
  length: z.enum(LENGTHS),
  family: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a family name is lowercase words joined by underscores'),
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
  const want = g.answer_type;
  const rule = ANSWER_RULES[g.family];
  if (g.catastrophe !== null && !CATASTROPHES_OF[want].includes(g.catastrophe)) {
    issue(['catastrophe'], `a ${want} answer has no catastrophe class ${g.catastrophe}`);
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
  if (rule === 'place_widened') {
    if (g.length_m === undefined) issue(['length_m'], `${g.family} needs the thing length length_m`);
    if (g.top_above_camera === undefined) issue(['top_above_camera'], `${g.family} needs top_above_camera`);
  }
  if (rule === 'list_matched' && g.match_m === null) {
    issue(['match_m'], `${g.family} needs the job's list matching radius`);
  }
  if (want === 'heading') {
    const t = g.heading_table;
    if (!t) {
      issue(['heading_table'], `${g.family} needs a heading table`);
      return;
    }
    const progress = rule === 'heading_progress';
    const field = progress ? 'progress_m' : 'run_m';
    const firstMissing = t.entries.findIndex((e) => e[field] === undefined);
    if (firstMissing >= 0)
      issue(['heading_table', 'entries', firstMissing, field], `${g.family} entries need ${field}`);
    if (!progress) {
      if (t.best_run_m === undefined) issue(['heading_table', 'best_run_m'], `${g.family} needs best_run_m`);
      if (t.room_needed_m === undefined) issue(['heading_table', 'room_needed_m'], `${g.family} needs room_needed_m`);
    } else {
      if (t.best_progress_m === undefined)
        issue(['heading_table', 'best_progress_m'], `${g.family} needs best_progress_m`);
      if (t.cell_m === undefined) issue(['heading_table', 'cell_m'], `${g.family} needs cell_m`);
    }
  }
});

export type GoldRow = z.output<typeof GoldRow>;
/** The gold row as written (seen_ok may be left out of open_heading entries). */
export type GoldRowInput = z.input<typeof GoldRow>;
export type ListThing = z.output<typeof ListThing>;
export type HeadingTable = z.output<typeof HeadingTable>;
