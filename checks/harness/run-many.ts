/**
 * Running a system over many cases, `workers` at a time, resumably: each finished case (ok or broken) is written
 * atomically to RUN_DIR/answers/<cid>.json, and a rerun skips the cases that have one (broken ones too, unless
 * `retryBroken`). A broken case never stops the run; a bad case (InputError) does.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import pMap from 'p-map';
import { InputError, readText, sweepTemps, UsageError, writeJsonAtomic } from '../../foundation/index.ts';
import { DEFAULT_CHANNEL, parseChannel } from './protocol.ts';
import { runCase, type CaseOutcome, type RunCaseOptions } from './run-case.ts';
import type { HarnessSystem } from './system.ts';

export const CASE_ANSWERS_FORMAT = 'stbench-case-answers/1';

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
}

export interface RunProgress {
  done: number;
  total: number;
  /** cases found finished in RUN_DIR and not run again */
  skipped: number;
  broken: number;
  /** the case that just finished (null for the first report, before any case ran) */
  last: CaseOutcome | null;
}

export interface RunManyOptions extends RunCaseOptions {
  runDir: string;
  /** cases run at once (default 1) */
  workers?: number;
  /** run again the cases whose saved outcome is broken */
  retryBroken?: boolean;
  onProgress?: (p: RunProgress) => void;
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
  return {
    cid: v.cid,
    status: v.status,
    ...(v.reason !== undefined ? { reason: v.reason } : {}),
    answers: new Map(Object.entries(v.answers)),
    timings: v.timings ?? { wall_ms: 0, frames: 0, asks: 0, answer_ms: [] },
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
  };
  writeJsonAtomic(caseAnswersPath(runDir, o.cid), file);
}

/**
 * Run a system over case folders (private/<cid>), in the given order of results. Returns every case's outcome,
 * the skipped ones read back from RUN_DIR.
 */
export async function runMany(
  system: HarnessSystem,
  caseDirs: readonly string[],
  opts: RunManyOptions,
): Promise<CaseOutcome[]> {
  const workers = opts.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1)
    throw new UsageError(`--workers must be a positive integer, not ${workers}`);
  const channel = parseChannel(opts.channel ?? DEFAULT_CHANNEL);
  const runDir = resolve(opts.runDir);
  sweepTemps(join(runDir, 'answers'), { deadOnly: true }); // what a killed run left half-written
  const total = caseDirs.length;
  const results: (CaseOutcome | null)[] = caseDirs.map(() => null);
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
    if (saved.status === 'broken' && opts.retryBroken) return void todo.push(i);
    const { system: _s, channel: _c, ...outcome } = saved;
    results[i] = outcome;
  });
  const skipped = total - todo.length;
  let done = skipped;
  let broken = results.filter((r) => r?.status === 'broken').length;
  opts.onProgress?.({ done, total, skipped, broken, last: null });
  await pMap(
    todo,
    async (i) => {
      const o = await runCase(system, caseDirs[i], { ...opts, channel });
      writeCaseAnswers(runDir, system.name, channel, o);
      results[i] = o;
      done++;
      if (o.status === 'broken') broken++;
      opts.onProgress?.({ done, total, skipped, broken, last: o });
    },
    { concurrency: workers },
  );
  return results as CaseOutcome[];
}
