/**
 * The age of a gold's evidence and the column rule (ARCHITECTURE "Gold: five principles", 3).
 *
 * - age_s: the ask time less the time of the oldest evidence frame the gold needs (the stalest piece of evidence);
 * - age_band: `now` when the ask frame alone holds the evidence; `recent` when the evidence is at most 60 s old;
 *   `task` when all of it lies in the ask's own task; `earlier` when some of it comes from an earlier task;
 * - column: `now` when the ask frame alone holds the evidence, `memory` otherwise.
 */
import type { Column } from '../formats/gold-row.ts';

export type AgeBand = 'now' | 'recent' | 'task' | 'earlier';

/** Evidence at most this old (s) is `recent`. */
export const RECENT_S = 60;

/** An evidence frame: its index, time and task. */
export interface EvidenceFrame {
  k: number;
  t: number;
  task: number;
}

export interface Age {
  age_s: number;
  age_band: AgeBand;
  column: Column;
  evidence_frames: number[];
}

/** The age, band, column and sorted unique evidence frame list of a gold read from `evidence` at `ask`. */
export function ageOf(ask: EvidenceFrame, evidence: readonly EvidenceFrame[]): Age {
  const frames = evidence.length ? evidence : [ask];
  const ks = [...new Set(frames.map((f) => f.k))].sort((a, b) => a - b);
  const onlyAsk = ks.length === 1 && ks[0] === ask.k;
  const oldest = Math.min(...frames.map((f) => f.t));
  const age_s = Math.max(0, ask.t - oldest);
  let age_band: AgeBand;
  if (onlyAsk) age_band = 'now';
  else if (age_s <= RECENT_S) age_band = 'recent';
  else if (frames.every((f) => f.task === ask.task)) age_band = 'task';
  else age_band = 'earlier';
  return { age_s, age_band, column: onlyAsk ? 'now' : 'memory', evidence_frames: ks };
}
