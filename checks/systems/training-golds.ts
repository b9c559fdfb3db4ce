/**
 * The training set of the learned shortcut systems (priors, wording, form_adversary): the gold rows and question
 * texts of OTHER scripts of the same build. The case's own script is left out before any gold is opened: a case's
 * gold.jsonl is read only when its case.json names another script. Every case is read through loadCase (case-heads.ts:
 * its questions and gold held to the root with it), never with a plain read. Cached per build.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { caseHeads, clearCaseHeads, loadedCases } from './case-heads.ts';
export { caseHeads } from './case-heads.ts';
import { readGoldRows, type GoldRow } from '../score/index.ts';
import type { LoadedCase } from '../harness/index.ts';

export interface TrainingRow {
  gold: GoldRow;
  text: string;
}

const rowsByCase = new Map<string, TrainingRow[]>();

/** A case's gold rows with their texts (its gold.jsonl held to the root by loadCase). */
function caseRows(lc: LoadedCase): TrainingRow[] {
  const key = `${lc.root}\u0000${lc.case.cid}`;
  const hit = rowsByCase.get(key);
  if (hit) return hit;
  const goldFile = join(lc.dir, 'gold.jsonl');
  const out = existsSync(goldFile)
    ? readGoldRows(goldFile).map((gold) => ({ gold, text: lc.questions.get(gold.qid)?.text ?? '' }))
    : [];
  rowsByCase.set(key, out);
  return out;
}

/** The gold rows (with their texts) of every case of the build that asks something and whose script is not `sid`. */
export function otherScriptsRows(root: string, sid: string): TrainingRow[] {
  const byCid = new Map(loadedCases(root).map((lc) => [lc.case.cid, lc]));
  return caseHeads(root)
    .filter((h) => h.sid !== sid && h.asks)
    .flatMap((h) => caseRows(byCid.get(h.cid)!));
}

/** Forget what was read (tests that rewrite a build). */
export function clearTrainingCache(): void {
  clearCaseHeads();
  rowsByCase.clear();
}

/** A gold value as an answer of its type (what a system answers when it copies a gold). */
export function goldAsAnswer(g: GoldRow): unknown {
  if (!g.knowable || g.value === null) return { type: 'unknown' };
  const v = g.value as unknown;
  switch (g.answer_type) {
    case 'number':
      return { type: 'number', value: v as number };
    case 'heading':
      return { type: 'heading', deg: v as number };
    case 'offset': {
      const o = v as { ahead: number; left: number };
      return { type: 'offset', ahead: o.ahead, left: o.left };
    }
    case 'place': {
      const p = v as { x: number; y: number };
      return { type: 'place', x: p.x, y: p.y };
    }
    case 'list':
      return { type: 'list', places: (v as { x: number; y: number }[]).map((t) => ({ x: t.x, y: t.y })) };
  }
}
