/**
 * The fairness screen interface: a screen looks at one candidate question (its family, what it names, its text and
 * gold) in its ask context and either lets it through (null) or gives the reason to drop it. Screens never move
 * look points; they only drop questions, and every drop is recorded in the compile's funnel under the screen's name.
 */
import type { JobSpec } from '../../jobs/job-schema.ts';
import type { Place } from '../../layouts/place-schema.ts';
import type { Family } from '../../formats/gold-row.ts';
import type { AskContext, FrameView } from '../ask/inputs.ts';
import type { GoldCore } from '../ask/outcome.ts';
import type { Step } from '../../formats/step.ts';

import type { Target } from '../target.ts';

/** A candidate question with its gold, as the families computed it. */
export interface ScreenCandidate {
  family: Family;
  target: Target;
  /** a where-is question naming a thing never shown in the window (its gold is unknown by construction) */
  trick: boolean;
  text: string;
  gold: GoldCore;
}

/** The robot's own log as a system receives it: the window's steps and its tasks' assignments. */
export interface RobotLog {
  /** the window's steps in case order (k from 0) */
  steps: readonly Step[];
  /** each case task's assignment, by case task index */
  assignments: readonly string[];
}

/** Where a candidate is asked. */
export interface ScreenContext {
  ask: AskContext;
  /** every frame of the case window (the ask's frames are a prefix of them) */
  window: readonly FrameView[];
  job: JobSpec;
  place: Place;
  sid: string;
  cid: string;
  /** the ask frame: its case index and its index in the script; null for the end questions (after the last frame) */
  k: number | null;
  script_k: number | null;
  /** the robot's own log over the window (the given_away screen reads it up to the ask) */
  log?: RobotLog;
}

export interface Screen {
  /** the screen's name: the funnel's key for its drops */
  name: string;
  /** null to keep the candidate, else why it is dropped */
  apply(candidate: ScreenCandidate, ctx: ScreenContext): string | null;
}
