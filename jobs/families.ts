/**
 * The question families the scorer knows, with their kind, ability, column and answer type. A job lists the
 * families it may ask (jobs/<name>-<version>.yaml `families`); the compiler writes them and the scorer's callers
 * read the answer type from here.
 */

/** Every family name, in the order the docs list them (harm, help, situation, reuse). */
export const FAMILIES = [
  'clear_path',
  'closest_person',
  'closest_approach',
  'approach_mem',
  'tangle_ahead',
  'drop_zone_people',
  'open_heading',
  'way_to',
  'ego_now',
  'ego_mem',
  'object_where',
  'person_mem',
  'task_things',
] as const;

export type Family = (typeof FAMILIES)[number];

/** What a controller uses the answer for. */
export type FamilyKind = 'harm' | 'help' | 'situation' | 'reuse';

/** The six abilities the scorer knows; the release asks the first four. */
export const ABILITIES = ['distance', 'memory', 'relevance', 'clearance', 'change', 'prediction'] as const;
export type Ability = (typeof ABILITIES)[number];

/**
 * The shape of an answer (besides `unknown`, which every family accepts):
 * - number: metres
 * - offset: (ahead, left) metres from the camera, negative ahead = behind, negative left = right
 * - heading: degrees relative to the current facing, positive = left, in [-180, 180)
 * - place: (x, y) on the map, metres
 * - list: a list of map places
 * (the same names as the gold row's `answer_type`, formats/gold-row.ts)
 */
export const ANSWER_TYPES = ['number', 'offset', 'place', 'list', 'heading'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** `now` when the latest frame alone gives the gold, `memory` otherwise; `either` decides per question. */
export type FamilyColumn = 'now' | 'memory' | 'either';

export interface FamilyInfo {
  kind: FamilyKind;
  ability: Ability;
  column: FamilyColumn;
  answer_type: AnswerType;
  /**
   * the catastrophe class a wrong answer can have (SCORING 1.7, the gold row's `catastrophe`): -2 for a corridor,
   * -3 for a person, -3 for a hazard left out of a list (task_things only where the job declares hazards)
   */
  catastrophe: 'minus2_corridor' | 'minus3_person' | 'minus3_hazard' | null;
  /** asked at the end of a case rather than at a look point (by default) */
  end: boolean;
}

/** Kind, ability, column and answer type of each family (SPEC E22–E35, SCORING 1.1 and 1.7). */
export const FAMILY_INFO: Readonly<Record<Family, FamilyInfo>> = {
  clear_path: { kind: 'harm', ability: 'clearance', column: 'either', answer_type: 'number', catastrophe: 'minus2_corridor', end: false },
  closest_person: { kind: 'harm', ability: 'clearance', column: 'either', answer_type: 'number', catastrophe: 'minus3_person', end: false },
  closest_approach: { kind: 'harm', ability: 'clearance', column: 'now', answer_type: 'number', catastrophe: 'minus3_person', end: false },
  approach_mem: { kind: 'harm', ability: 'clearance', column: 'memory', answer_type: 'number', catastrophe: 'minus3_person', end: false },
  tangle_ahead: { kind: 'harm', ability: 'clearance', column: 'either', answer_type: 'list', catastrophe: 'minus3_hazard', end: false },
  drop_zone_people: { kind: 'harm', ability: 'clearance', column: 'now', answer_type: 'list', catastrophe: null, end: false },
  open_heading: { kind: 'help', ability: 'clearance', column: 'either', answer_type: 'heading', catastrophe: null, end: false },
  way_to: { kind: 'help', ability: 'memory', column: 'memory', answer_type: 'heading', catastrophe: null, end: false },
  ego_now: { kind: 'situation', ability: 'distance', column: 'now', answer_type: 'offset', catastrophe: null, end: false },
  ego_mem: { kind: 'situation', ability: 'memory', column: 'memory', answer_type: 'offset', catastrophe: null, end: false },
  object_where: { kind: 'reuse', ability: 'memory', column: 'memory', answer_type: 'place', catastrophe: null, end: true },
  person_mem: { kind: 'reuse', ability: 'memory', column: 'memory', answer_type: 'place', catastrophe: null, end: false },
  task_things: { kind: 'reuse', ability: 'relevance', column: 'memory', answer_type: 'list', catastrophe: 'minus3_hazard', end: true },
};

/** The answer type of a family. */
export function answerTypeOf(family: Family): AnswerType {
  return FAMILY_INFO[family].answer_type;
}

export function isFamily(s: unknown): s is Family {
  return typeof s === 'string' && (FAMILIES as readonly string[]).includes(s);
}

/** Families whose answer is a list of places (they need the job's list matching radius `match_m`). */
export const LIST_FAMILIES: readonly Family[] = FAMILIES.filter((f) => FAMILY_INFO[f].answer_type === 'list');
