/**
 * Look points: the case frames after which questions are asked. Drawn from the case id (as the seed) and the plan
 * alone, never from what is in view, so where a question sits reveals nothing: the window's decision frames first
 * (in a seeded order), then seeded uniform draws, until the case has one stop per `gap_frames.mean` frames, no two
 * stops closer than `gap_frames.min`. Each stop then has the job's three slots (harm first).
 */
import { stream } from '../foundation/index.ts';

export interface LookPointRule {
  gap_frames: { mean: number; min: number };
  decision_first: boolean;
}

/** Draws tried per stop wanted before giving up (a short case may hold fewer stops than it wants). */
export const DRAWS_PER_STOP = 64;

/** How many stops a case of n frames wants: one per mean gap, at least one. */
export function stopsWanted(frames: number, rule: LookPointRule): number {
  return frames < 1 ? 0 : Math.max(1, Math.round(frames / rule.gap_frames.mean));
}

/**
 * The look points (case frame indices, ascending) of a case of `frames` frames whose decision frames (case
 * indices) are `decisions`.
 */
export function lookPoints(cid: string, frames: number, decisions: readonly number[], rule: LookPointRule): number[] {
  const want = stopsWanted(frames, rule);
  const s = stream(cid, 'compile/look-points');
  const chosen: number[] = [];
  const fits = (k: number) => k >= 0 && k < frames && chosen.every((c) => Math.abs(c - k) >= rule.gap_frames.min);
  if (rule.decision_first) {
    for (const k of s.shuffle([...new Set(decisions)].sort((a, b) => a - b))) {
      if (chosen.length >= want) break;
      if (fits(k)) chosen.push(k);
    }
  }
  for (let i = 0; i < want * DRAWS_PER_STOP && chosen.length < want; i++) {
    const k = s.int(0, frames - 1);
    if (fits(k)) chosen.push(k);
  }
  return chosen.sort((a, b) => a - b);
}
