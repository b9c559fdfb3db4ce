/**
 * `stbench eval`: run a system (scripted or `cmd:...`) over the compiled cases that ask something, resumably
 * (answers under RUN_DIR/answers/), and write RUN_DIR/results.json and results.md with the scorer's reports. Cell
 * weights come from release.json's per-cell counts when the folder is a dataset, else from the check's kept
 * questions (check_report.json), else from the scored rows themselves. Where a check report exists only its kept
 * questions are scored.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError, UsageError, writeFileAtomic, writeJsonAtomic } from '../pipeline/core/index.ts';
import { caseIdsOf, compileHash } from '../pipeline/compile-hash.ts';
import { keptQids, readCheckReport } from './check-report.ts';
import { checkDataRoot } from './check.ts';
import { loadCase, parseChannel, runMany, type Channel, type HarnessSystem, type LoadedCase, type RunProgress } from './harness/index.ts';
import { buildResults, cellCountsOf, readGoldRows, resultsMarkdown, type CellCounts, type GoldRow, type Results } from './score/index.ts';

export const SELECT_KEYS = ['job', 'length', 'layout', 'cid', 'sid'] as const;

export interface EvalOptions {
  system: HarnessSystem;
  data: string;
  out: string;
  /** `key=value`, keys job | length | layout | cid | sid; values of one key are alternatives, keys all apply */
  select?: readonly string[];
  channel?: Channel | string;
  workers?: number;
  replyTimeoutMs?: number;
  /** bootstrap resamples (default the scorer's) */
  B?: number;
  onProgress?: (p: RunProgress) => void;
}

/** Parse --select options into key -> accepted values. */
export function parseSelect(select: readonly string[] = []): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of select) {
    const i = s.indexOf('=');
    const key = i > 0 ? s.slice(0, i) : '';
    if (!(SELECT_KEYS as readonly string[]).includes(key) || i === s.length - 1) throw new UsageError(`--select takes key=value with key one of ${SELECT_KEYS.join(', ')}, not ${JSON.stringify(s)}`);
    (out.get(key) ?? out.set(key, new Set()).get(key)!).add(s.slice(i + 1));
  }
  return out;
}

function selected(c: LoadedCase, sel: Map<string, Set<string>>): boolean {
  const v: Record<string, string> = { job: c.case.job, length: c.case.length, layout: c.case.layout, cid: c.case.cid, sid: c.case.sid };
  for (const [k, vals] of sel) if (!vals.has(v[k])) return false;
  return true;
}

/** The cell counts the weights read: release.json's, else the check's kept questions', else null. */
export function datasetCellCounts(root: string, allGolds: readonly GoldRow[]): CellCounts | null {
  const rel = join(root, 'release.json');
  if (existsSync(rel)) {
    try {
      const v = JSON.parse(readFileSync(rel, 'utf8')) as { cell_counts?: CellCounts };
      if (v.cell_counts && typeof v.cell_counts === 'object') return v.cell_counts;
    } catch (e) {
      throw new InputError({ file: rel, path: '', message: `not JSON: ${(e as Error).message}` });
    }
  }
  const rep = join(root, 'check_report.json');
  if (existsSync(rep)) {
    const kept = keptQids(readCheckReport(rep));
    return cellCountsOf(allGolds.filter((g) => kept.has(g.qid)));
  }
  return null;
}

/** Run the evaluation; returns the results (also written to RUN_DIR). */
export async function runEval(opts: EvalOptions): Promise<{ results: Results; markdown: string; broken: number; cases: number }> {
  const root = resolve(opts.data);
  checkDataRoot(root);
  const channel = parseChannel(opts.channel ?? 'rgb_pose');
  const sel = parseSelect(opts.select);
  const all = caseIdsOf(root).map((cid) => loadCase(join(root, 'private', cid)));
  const asking = all.filter((c) => c.case.asks.length || c.case.end_qids.length);
  const cases = asking.filter((c) => selected(c, sel));
  if (!cases.length) throw new UsageError(`no case that asks something matches ${opts.select?.join(' ') || 'the build'}`);
  const goldsOf = (c: LoadedCase) => {
    const f = join(c.dir, 'gold.jsonl');
    if (!existsSync(f)) throw new InputError({ file: f, path: '', message: 'eval needs the gold of every case it scores' });
    return readGoldRows(f);
  };
  const allGolds = asking.flatMap(goldsOf);
  const report = join(root, 'check_report.json');
  const kept = existsSync(report) && !existsSync(join(root, 'release.json')) ? keptQids(readCheckReport(report)) : null;
  const selectedCids = new Set(cases.map((c) => c.case.cid));
  const golds = allGolds.filter((g) => selectedCids.has(g.cid) && (!kept || kept.has(g.qid)));
  const outcomes = await runMany(opts.system, cases.map((c) => c.dir), {
    runDir: resolve(opts.out),
    channel,
    workers: opts.workers ?? 1,
    replyTimeoutMs: opts.replyTimeoutMs,
    onProgress: opts.onProgress,
  });
  const answers = new Map<string, unknown>();
  for (const o of outcomes) if (o.status === 'ok') for (const [q, a] of o.answers) answers.set(q, a);
  const counts = datasetCellCounts(root, allGolds);
  const results = buildResults({ golds, answers, system: opts.system.name, channel, compile_hash: compileHash(root), ...(counts ? { cellCounts: counts } : {}), ...(opts.B !== undefined ? { B: opts.B } : {}) });
  const markdown = resultsMarkdown(results);
  writeJsonAtomic(join(resolve(opts.out), 'results.json'), results);
  writeFileAtomic(join(resolve(opts.out), 'results.md'), markdown);
  return { results, markdown, broken: outcomes.filter((o) => o.status === 'broken').length, cases: cases.length };
}
