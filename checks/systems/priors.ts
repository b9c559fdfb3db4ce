/**
 * priors: the best constant answer per (family, thing kind, template), learned from the gold of the build's OTHER
 * scripts (the case's own script is left out). It reads nothing of the case but the question's text: the shortcut
 * the gates measure is what a system could score from such priors alone.
 */
import type { InProcessSystem } from '../harness/index.ts';
import { questionOnlySystem } from './question-only.ts';
import type { GoldRow } from '../score/index.ts';
import { bestConstant } from './constant-answers.ts';
import { questionClass } from '../../compile/question-form.ts';
import { otherScriptsRows } from './training-golds.ts';

type Model = Map<string, unknown>;
const models = new Map<string, Model>();

function model(root: string, sid: string): Model {
  const key = `${root}\u0000${sid}`;
  const hit = models.get(key);
  if (hit) return hit;
  const groups = new Map<string, GoldRow[]>();
  const add = (k: string, g: GoldRow) => (groups.get(k) ?? groups.set(k, []).get(k)!).push(g);
  for (const r of otherScriptsRows(root, sid)) {
    const c = questionClass(r.text);
    add(`${r.gold.family}|${c.kind}|${c.template}|${r.gold.answer_type}`, r.gold);
    add(`${r.gold.family}|*|${c.template}|${r.gold.answer_type}`, r.gold);
    add(`${r.gold.family}|*|*|${r.gold.answer_type}`, r.gold);
  }
  const m: Model = new Map();
  for (const [k, gs] of groups) m.set(k, bestConstant(gs[0].answer_type, gs).answer);
  models.set(key, m);
  return m;
}

export const priors: InProcessSystem = questionOnlySystem(
  'priors',
  (info) => {
    const m = model(info.root, info.sid);
    return (q) => {
      const c = questionClass(q.text);
      const a =
        m.get(`${c.family}|${c.kind}|${c.template}|${q.answer_type}`) ??
        m.get(`${c.family}|*|${c.template}|${q.answer_type}`) ??
        m.get(`${c.family}|*|*|${q.answer_type}`);
      return a ?? { type: 'unknown' };
    };
  },
  'class_priors',
);

/** Forget the learned models (tests that rewrite a build). */
export function clearPriorsCache(): void {
  models.clear();
}
