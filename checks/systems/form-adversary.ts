/**
 * form_adversary: the best constant or form answer per job, family and answer type (unknown, a mean, a quantile,
 * the empty list, the commonest list and the places most lists hold, straight ahead), learned from the gold of the
 * build's OTHER scripts of the same job (a system knows which robot it is: the start message says). The constants
 * gate reads it, per layout, job and family: no constant answer may beat unknown.
 */
import type { InProcessSystem } from '../harness/index.ts';
import { questionOnlySystem } from './question-only.ts';
import type { GoldRow } from '../score/index.ts';
import { bestConstant } from './constant-answers.ts';
import { questionForm } from '../../compile/question-form.ts';
import { otherScriptsRows } from './training-golds.ts';

const models = new Map<string, Map<string, unknown>>();

function model(root: string, sid: string): Map<string, unknown> {
  const key = `${root}\u0000${sid}`;
  const hit = models.get(key);
  if (hit) return hit;
  const groups = new Map<string, GoldRow[]>();
  for (const r of otherScriptsRows(root, sid)) {
    const k = `${r.gold.job}|${r.gold.family}|${r.gold.answer_type}`;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(r.gold);
  }
  const m = new Map<string, unknown>();
  for (const [k, gs] of groups) m.set(k, bestConstant(gs[0].answer_type, gs).answer);
  models.set(key, m);
  return m;
}

export const formAdversary: InProcessSystem = questionOnlySystem(
  'form_adversary',
  (info) => {
    const m = model(info.root, info.sid);
    return (q) => m.get(`${info.job}|${questionForm(q.text)?.family ?? '?'}|${q.answer_type}`) ?? { type: 'unknown' };
  },
  'constants',
);

export function clearFormCache(): void {
  models.clear();
}
