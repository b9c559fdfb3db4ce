/**
 * The scorer: a pure function of a gold row and an answer (SCORING.md 1.3–1.7). It never throws on an answer:
 * a malformed or missing answer scores as a wrong one (s 0, gate −1, score −1) with its reason recorded.
 */
import { parseAnswer, type ParsedAnswer } from './answer.ts';
import type { Quarters } from './credit.ts';
import { scoreFamily } from './families.ts';
import type { CatastropheClass, GoldRow } from '../../formats/gold-row.ts';
import type { ListMatch } from './list-credit.ts';

/** What the answer was: a value of the asked type, unknown, or invalid (malformed, wrong type, missing). */
export type Answered = 'value' | 'unknown' | 'invalid';

export interface ScoredRow {
  qid: string;
  /** direction, thing, amount, precision; null where s is not their mean */
  quarters: Quarters | null;
  /** credit in [0, 1]; score_gate = 2s − 1 */
  s: number;
  /** the gate score, 2s − 1, in [−1, 1]: what every validity check reads */
  score_gate: number;
  /** the row score the headline reads: score_gate, or −2 / −3 on a catastrophe */
  score: number;
  catastrophe: CatastropheClass | null;
  answered: Answered;
  reason: string;
  /** lists: matched (thing, place) pairs */
  matches?: ListMatch[];
}

export const CATASTROPHE_SCORE: Record<CatastropheClass, number> = {
  minus2_corridor: -2,
  minus3_person: -3,
  minus3_hazard: -3,
};

function row(g: GoldRow, s: number, answered: Answered, reason: string, extra: Partial<ScoredRow> = {}): ScoredRow {
  const gate = 2 * s - 1;
  const catastrophe = extra.catastrophe ?? null;
  return {
    qid: g.qid,
    quarters: extra.quarters ?? null,
    s,
    score_gate: gate,
    score: catastrophe ? CATASTROPHE_SCORE[catastrophe] : gate,
    catastrophe,
    answered,
    reason,
    ...(extra.matches ? { matches: extra.matches } : {}),
  };
}

/** Score an already parsed answer. */
export function scoreParsed(gold: GoldRow, a: ParsedAnswer): ScoredRow {
  if (a.type === 'invalid') return row(gold, 0, 'invalid', `invalid answer: ${a.reason}`);
  if (a.type === 'unknown') {
    return gold.knowable
      ? row(gold, 0.5, 'unknown', 'unknown where an answer exists')
      : row(gold, 1, 'unknown', 'unknown is right');
  }
  if (!gold.knowable) return row(gold, 0, 'value', 'an answer to a question that cannot be known');
  const r = scoreFamily(gold, a);
  return row(gold, r.s, 'value', r.reason, { quarters: r.quarters, catastrophe: r.catastrophe, matches: r.matches });
}

/** Score one answer (raw JSON, `undefined` when missing) against its gold row. */
export function score(gold: GoldRow, answer: unknown): ScoredRow {
  return scoreParsed(gold, parseAnswer(answer, gold.answer_type));
}
