/**
 * Running a system over many cases, `workers` at a time, resumably: each finished case (ok or broken) is written
 * atomically to RUN_DIR/answers/<cid>.json, and a rerun skips the cases that have one (broken ones too, unless
 * `retryBroken`). A broken case never stops the run; a bad case (InputError) does.
 *
 * Cost: each outcome's cost (the sum of the system's reports) is saved with it. With `maxUsd`, once the dollars of
 * the folder's outcomes (this run's and the earlier runs') sum to more than the cap, no further case starts; the
 * cases already running finish, so the total can pass the cap by what they spend (each bounded by `caseUsd`).
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import pMap from 'p-map';
import { addCost, CostSum, roundUsd, zeroCost } from '../../formats/cost.ts';
import {
  CASE_ANSWERS_FORMAT,
  InputError,
  readText,
  sweepTemps,
  UsageError,
  writeJsonAtomic,
} from '../../foundation/index.ts';
import { DEFAULT_CHANNEL, parseChannel } from './protocol.ts';
import { checkUsdCap, runCase, type CaseOutcome, type RunCaseOptions } from './run-case.ts';
import type { HarnessSystem } from './system.ts';
import { openTranscript, transcriptPath } from './transcript.ts';

/** The format of RUN_DIR/answers/<cid>.json (defined in foundation/folder-kind.ts, which knows a run folder by it). */
export { CASE_ANSWERS_FORMAT };

/** What RUN_DIR/answers/<cid>.json holds. */
export interface CaseAnswersFile {
  format: typeof CASE_ANSWERS_FORMAT;
  system: string;
  channel: string;
  cid: string;
  status: CaseOutcome['status'];
  reason?: string;
  /** raw answers by qid */
  answers: Record<string, unknown>;
  timings: CaseOutcome['timings'];
  /** the sum of the system's cost reports; absent when it sent none */
  cost?: CostSum;
  /** sha256 of the system prompt the case's start message carried */
  prompt_sha256?: string;
  /** what the case's earlier, broken attempts cost (a --retry-broken rerun keeps the money they spent counted) */
  spent_before?: CostSum;
}

export interface RunProgress {
  done: number;
  total: number;
  /** cases found finished in RUN_DIR and not run again */
  skipped: number;
  broken: number;
  /** the dollars the folder's outcomes cost so far (the skipped cases' included) */
  usd: number;
  /** the case that just finished (null for the first report, before any case ran) */
  last: CaseOutcome | null;
}

export interface RunManyOptions extends RunCaseOptions {
  runDir: string;
  /** cases run at once (default 1) */
  workers?: number;
  /** run again the cases whose saved outcome is broken */
  retryBroken?: boolean;
  /** keep each case's transcript in RUN_DIR/transcripts/<cid>.jsonl (harness/transcript.ts) */
  transcripts?: boolean;
  /**
   * The run folder's budget, dollars (`--max-usd`): once its outcomes' costs sum to more, no further case starts.
   * A positive number; none by default.
   */
  maxUsd?: number;
  onProgress?: (p: RunProgress) => void;
}

/** What runManyReport returns. */
export interface RunManyReport {
  /** every case's outcome, run now or read back from RUN_DIR, in the given order; a case never run is missing */
  outcomes: CaseOutcome[];
  /** the cases `maxUsd` kept from starting, in the given order (a broken one keeps its saved outcome) */
  unstarted: string[];
  /** the dollars the folder's outcomes cost */
  usd: number;
}

export function caseAnswersPath(runDir: string, cid: string): string {
  return join(runDir, 'answers', `${cid}.json`);
}

/** Read a saved case outcome; InputError if it is not one. */
export function readCaseAnswers(file: string): CaseOutcome & { system: string; channel: string } {
  let v: Partial<CaseAnswersFile>;
  try {
    v = JSON.parse(readText(file));
  } catch (e) {
    throw new InputError({ file, path: '', message: `not a readable JSON file: ${(e as Error).message}` });
  }
  if (!v || v.format !== CASE_ANSWERS_FORMAT)
    throw new InputError({ file, path: 'format', message: `not ${CASE_ANSWERS_FORMAT}` });
  if (
    typeof v.cid !== 'string' ||
    (v.status !== 'ok' && v.status !== 'broken') ||
    !v.answers ||
    typeof v.answers !== 'object'
  ) {
    throw new InputError({ file, path: '', message: 'a case answers file has cid, status (ok|broken) and answers' });
  }
  /** an optional cost field: a CostSum, else an InputError at its path */
  const costField = (path: 'cost' | 'spent_before', message: string): CostSum | undefined => {
    if (v[path] === undefined) return undefined;
    const c = CostSum.safeParse(v[path]);
    if (!c.success) throw new InputError({ file, path, message });
    return c.data;
  };
  const cost = costField(
    'cost',
    'a case cost is {input_tokens, output_tokens, usd}: whole token counts and dollars, none negative',
  );
  const before = costField('spent_before', 'a cost sum: whole token counts and dollars, none negative');
  return {
    cid: v.cid,
    status: v.status,
    ...(v.reason !== undefined ? { reason: v.reason } : {}),
    answers: new Map(Object.entries(v.answers)),
    timings: v.timings ?? { wall_ms: 0, frames: 0, asks: 0, answer_ms: [] },
    ...(cost ? { cost } : {}),
    ...(typeof v.prompt_sha256 === 'string' ? { prompt_sha256: v.prompt_sha256 } : {}),
    ...(before ? { spent_before: before } : {}),
    system: String(v.system),
    channel: String(v.channel),
  };
}

function writeCaseAnswers(runDir: string, system: string, channel: string, o: CaseOutcome): void {
  const file: CaseAnswersFile = {
    format: CASE_ANSWERS_FORMAT,
    system,
    channel,
    cid: o.cid,
    status: o.status,
    ...(o.reason !== undefined ? { reason: o.reason } : {}),
    answers: Object.fromEntries(o.answers),
    timings: o.timings,
    ...(o.cost ? { cost: o.cost } : {}),
    ...(o.prompt_sha256 ? { prompt_sha256: o.prompt_sha256 } : {}),
    ...(o.spent_before ? { spent_before: o.spent_before } : {}),
  };
  writeJsonAtomic(caseAnswersPath(runDir, o.cid), file);
}

/**
 * Run a system over case folders (private/<cid>), in the given order of results. Returns every case's outcome,
 * the skipped ones read back from RUN_DIR (with `maxUsd`, a case it kept from starting is missing unless it has a
 * saved outcome; runManyReport says which).
 */
export async function runMany(
  system: HarnessSystem,
  caseDirs: readonly string[],
  opts: RunManyOptions,
): Promise<CaseOutcome[]> {
  return (await runManyReport(system, caseDirs, opts)).outcomes;
}

/** runMany, with the cases the budget kept from starting and the folder's dollars. */
export async function runManyReport(
  system: HarnessSystem,
  caseDirs: readonly string[],
  opts: RunManyOptions,
): Promise<RunManyReport> {
  const workers = opts.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1)
    throw new UsageError(`--workers must be a positive integer, not ${workers}`);
  checkUsdCap('max-usd', opts.maxUsd);
  checkUsdCap('case-usd', opts.caseUsd);
  const channel = parseChannel(opts.channel ?? DEFAULT_CHANNEL);
  const runDir = resolve(opts.runDir);
  sweepTemps(join(runDir, 'answers'), { deadOnly: true }); // what a killed run left half-written
  const total = caseDirs.length;
  const results: (CaseOutcome | null)[] = caseDirs.map(() => null);
  /** a case's saved outcome that this run replaces (a broken one run again) */
  const replaced: (CaseOutcome | null)[] = caseDirs.map(() => null);
  const todo: number[] = [];
  caseDirs.forEach((dir, i) => {
    const file = caseAnswersPath(runDir, basename(resolve(dir)));
    if (!existsSync(file)) return void todo.push(i);
    const saved = readCaseAnswers(file);
    if (saved.system !== system.name || saved.channel !== channel) {
      throw new UsageError(
        `${file} holds answers of ${saved.system} on ${saved.channel}, not ${system.name} on ${channel}: use another run folder`,
      );
    }
    const { system: _s, channel: _c, ...outcome } = saved;
    if (saved.status === 'broken' && opts.retryBroken) {
      replaced[i] = outcome;
      return void todo.push(i);
    }
    results[i] = outcome;
  });
  const skipped = total - todo.length;
  let done = skipped;
  let broken = results.filter((r) => r?.status === 'broken').length;
  const usdOf = (o: CaseOutcome | null) => (o?.cost?.usd ?? 0) + (o?.spent_before?.usd ?? 0);
  // the folder's dollars: every saved outcome's, the ones about to be replaced too (until they are)
  let usd = roundUsd([...results, ...replaced].reduce((sum, o) => sum + usdOf(o), 0));
  const unstarted: number[] = [];
  opts.onProgress?.({ done, total, skipped, broken, usd, last: null });
  await pMap(
    todo,
    async (i) => {
      if (opts.maxUsd !== undefined && usd > opts.maxUsd) return void unstarted.push(i);
      const cid = basename(resolve(caseDirs[i]));
      const transcript = opts.transcripts
        ? openTranscript(transcriptPath(runDir, cid), { cid, system: system.name, channel })
        : undefined;
      const o: CaseOutcome = await runCase(system, caseDirs[i], { ...opts, channel, transcript });
      const was = replaced[i];
      if (was?.cost || was?.spent_before)
        o.spent_before = addCost(was.spent_before ?? zeroCost(), was.cost ?? zeroCost());
      writeCaseAnswers(runDir, system.name, channel, o);
      results[i] = o;
      usd = roundUsd(usd - usdOf(replaced[i]) + usdOf(o));
      replaced[i] = null;
      done++;
      if (o.status === 'broken') broken++;
      opts.onProgress?.({ done, total, skipped, broken, usd, last: o });
    },
    { concurrency: workers },
  );
  unstarted.sort((a, b) => a - b);
  return {
    outcomes: results.map((o, i) => o ?? replaced[i]).filter((o): o is CaseOutcome => o !== null),
    unstarted: unstarted.map((i) => basename(resolve(caseDirs[i]))),
    usd,
  };
}
