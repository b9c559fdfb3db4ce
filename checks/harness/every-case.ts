/**
 * Every case of a build or dataset, loaded and held to its root before any of them is run: the one reading that
 * `eval`, `check` and `run` make of a folder (and the learned shortcut systems' reading of the other cases,
 * checks/systems/case-heads.ts, goes through loadCase the same way). Each case through loadCase (its files, its
 * script's files and every frame it names held to the root, foundation/inside-root.ts), the files at the root those
 * commands read (ROOT_READS) held to it too, and, for the commands that score, the gold of every case that asks
 * something, each row checked against its case's questions. Every problem of every case at once (InputError, exit
 * 2): no system is started on a folder one of whose cases names a file outside it.
 *
 * Written as steps (a case a step, foundation/interrupt.ts), so that a long reading lets a signal in.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { caseIdsOf } from '../../formats/compile-hash.ts';
import { InputError, insideRoot, runSteps, type InputIssue } from '../../foundation/index.ts';
import { readGoldRows, type GoldRow } from '../score/index.ts';
import { loadCase, type LoadedCase } from './load-case.ts';

/** The files at a root that eval and check read by their fixed names (the cell counts, the kept qids, the tricks). */
export const ROOT_READS = ['release.json', 'check_report.json', 'compile_report.json'] as const;

export interface EveryCase {
  /** every case of the folder, in cid order */
  all: LoadedCase[];
  /** the cases that ask something */
  asking: LoadedCase[];
  /** with `gold`: the gold rows of the cases that ask something, each a question of its case (else empty) */
  golds: GoldRow[];
  /** question texts by qid (of the cases that ask something) */
  texts: Map<string, string>;
  /** the case frame each question is asked after, by qid */
  askFrames: Map<string, number>;
}

/** Whether a loaded case asks anything (the screens may drop every question of a case). */
export const asksSomething = (c: LoadedCase): boolean => c.case.asks.length > 0 || c.case.end_qids.length > 0;

/** Read the gold of a case that asks something, checked against its questions; problems into `issues`. */
function caseGold(lc: LoadedCase, issues: InputIssue[]): GoldRow[] {
  const goldFile = join(lc.dir, 'gold.jsonl');
  if (!existsSync(goldFile)) {
    issues.push({ file: goldFile, path: '', message: 'a case that asks something needs its gold.jsonl' });
    return [];
  }
  let rows: GoldRow[];
  try {
    rows = readGoldRows(goldFile);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    issues.push(...e.issues);
    return [];
  }
  const byQid = new Set(rows.map((g) => g.qid));
  for (const qid of lc.questions.keys())
    if (!byQid.has(qid)) issues.push({ file: goldFile, path: '', message: `question ${qid} has no gold row` });
  const out: GoldRow[] = [];
  rows.forEach((g, i) => {
    if (!lc.questions.has(g.qid))
      issues.push({ file: goldFile, line: i + 1, path: 'qid', message: `${g.qid} is not a question of the case` });
    else if (g.cid !== lc.case.cid || g.sid !== lc.case.sid)
      issues.push({
        file: goldFile,
        line: i + 1,
        path: 'cid',
        message: `names case ${g.cid} of script ${g.sid}, not ${lc.case.cid} of ${lc.case.sid}`,
      });
    else out.push(g);
  });
  return out;
}

/** loadEveryCase a case a step. */
export function* everyCaseSteps(root: string, opts: { gold?: boolean } = {}): Generator<void, EveryCase> {
  const issues: InputIssue[] = [];
  const inside = insideRoot(root);
  for (const f of ROOT_READS) {
    const issue = inside.checkFile(join(root, f));
    if (issue) issues.push(issue);
  }
  const all: LoadedCase[] = [];
  const asking: LoadedCase[] = [];
  const golds: GoldRow[] = [];
  const texts = new Map<string, string>();
  const askFrames = new Map<string, number>();
  for (const cid of caseIdsOf(root)) {
    yield;
    let lc: LoadedCase;
    try {
      lc = loadCase(join(root, 'private', cid));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      issues.push(...e.issues);
      continue;
    }
    all.push(lc);
    if (!asksSomething(lc)) continue;
    asking.push(lc);
    for (const [qid, q] of lc.questions) texts.set(qid, q.text);
    for (const a of lc.case.asks) for (const q of a.qids) askFrames.set(q, a.k);
    for (const q of lc.case.end_qids) askFrames.set(q, lc.case.frames.length - 1);
    if (opts.gold) golds.push(...caseGold(lc, issues));
  }
  if (issues.length) throw new InputError(issues);
  return { all, asking, golds, texts, askFrames };
}

/**
 * Every case of the folder, loaded and held to its root, and the root files read (ROOT_READS); with `gold`, the gold
 * of every case that asks something. Every problem at once (InputError, exit 2).
 */
export function loadEveryCase(root: string, opts: { gold?: boolean } = {}): EveryCase {
  return runSteps(everyCaseSteps(root, opts));
}
