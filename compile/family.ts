/**
 * A question family, declared once (compile/families/<name>.ts exports `family`): what the gold row says of it
 * (kind, ability, column, answer type, harmful side, catastrophe class), how it is asked (at look points or at the
 * end, with trick targets, with contact points to place), its wording, what it may ask about at an ask site, its
 * gold, and the perfect reader's reading of the frames. Every field is required, so a family that leaves one out does not compile. The registry
 * (compile/family-registry.ts) finds the families by reading that folder; nothing else lists them.
 */
import type { Ability, AnswerType, CatastropheClass, Family, Kind } from '../formats/gold-row.ts';
import type { FamilyOutcome, GoldFacts } from './ask/outcome.ts';
import type { AskSite, CandidateTry } from './ask/targets.ts';
import type { ReaderMemory } from './reader/memory.ts';
import type { Target } from './target.ts';

/** A question's form as read back from its text (compile/question-form.ts). */
export interface QuestionForm {
  family: Family;
  /** the template variant: clear_path's direction, task_things' scope; otherwise the family */
  template: string;
  /** the thing named, as `colour kind` words (spaces for underscores); absent when the question names none */
  thing?: { colour: string; kind: string };
  /** the colour of the named person's top */
  person?: string;
}

/** `now` when the latest frame alone gives the gold, `memory` otherwise; `either` decides per question. */
export type FamilyColumn = 'now' | 'memory' | 'either';

/** The harmful side of an error, in words (the gold row's harmful_side). */
export type HarmfulSide = 'longer' | 'wider' | 'farther' | 'no_room' | 'none';

/** Markers a template is filled with when it is read backwards (compile/question-form.ts). */
export interface TemplateMarkers {
  thing: string;
  person: string;
  num: number;
}

export interface FamilyDef extends GoldFacts {
  /** the gold row's `family` */
  name: string;
  kind: Kind;
  ability: Ability;
  column: FamilyColumn;
  answer_type: AnswerType;
  harmful_side: HarmfulSide;
  /** the catastrophe class a wrong answer can have (SCORING 1.7), null for none */
  catastrophe: CatastropheClass | null;
  /** `job_hazards`: the class holds only for a job that declares hazards (jobs/*.yaml `hazards`) */
  catastrophe_where: 'always' | 'job_hazards';
  /** asked at the end of a case rather than at a look point (the docs' table; a job's end_questions say where) */
  end: boolean;
  /** a where-is family: a share of its slots name a never-shown thing or person first (the trick share) */
  trick: boolean;
  /** it names a thing whose contact point must be placeable (compile/screens/placeable.ts) */
  contact: boolean;
  /**
   * its answer covers the task so far: asked at most once a task in a case (a later ask in the same task repeats the
   * question with the same answer or a smaller one, and a 0 stays 0 to the task's end, so repeats would weigh one
   * moment of the task many times over)
   */
  once_a_task: boolean;
  /** a corridor or heading question a public map could answer: the check's map reader reads it (a diagnostic) */
  map_diagnostic: boolean;
  /** every template of its wording with the markers filled in, each under its variant's name */
  templates(m: TemplateMarkers): readonly { template: string; text: string }[];
  /** what it may ask about at a site, in the order tried (after the compiler drew whether a trick goes first) */
  candidates(site: AskSite, trickFirst: boolean): readonly CandidateTry[];
  /**
   * the perfect reader's answer (a protocol answer value) to one of its questions, read from the frames alone
   * (compile/reader/): unknown where the frames vouch for nothing
   */
  read(m: ReaderMemory, form: QuestionForm, text: string): unknown;
  /** its text and gold for one candidate, or why it asks nothing */
  gold(site: AskSite, target: Target): FamilyOutcome;
}
