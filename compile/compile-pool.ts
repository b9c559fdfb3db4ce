/**
 * Compiling scripts on worker threads (compile/compile-worker.ts): each worker reads and compiles whole scripts as
 * it is handed them, the largest truth files first so the workers finish together, and the results come back in
 * script order. A script that fails fails the pool with the error the first failing script (in script order)
 * raised, as a one-thread compile would: input errors keep their file, line and field.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CheckFailed, InputError, UsageError, type InputIssue } from '../pipeline/core/index.ts';
import type { ScriptCompile } from './compile-script.ts';
import { scriptFiles } from './script-data.ts';

/** An error as it crosses from a worker: enough to raise the same error here. */
export type WorkerError =
  | { kind: 'input'; issues: InputIssue[] }
  | { kind: 'usage' | 'check' | 'other'; message: string; stack?: string };

export function toWorkerError(e: unknown): WorkerError {
  if (e instanceof InputError) return { kind: 'input', issues: e.issues };
  if (e instanceof UsageError) return { kind: 'usage', message: e.message };
  if (e instanceof CheckFailed) return { kind: 'check', message: e.message };
  const err = e instanceof Error ? e : new Error(String(e));
  return { kind: 'other', message: err.message, stack: err.stack };
}

export function fromWorkerError(w: WorkerError): Error {
  if (w.kind === 'input') return new InputError(w.issues);
  if (w.kind === 'usage') return new UsageError(w.message);
  if (w.kind === 'check') return new CheckFailed(w.message);
  const e = new Error(w.message);
  if (w.stack) e.stack = w.stack;
  return e;
}

/** What a worker is started with. */
export interface WorkerSetup {
  build: string;
  seed: string;
  /** the screens, by name (compile/screens SCREENS), in order */
  screens: string[];
}

/** Main -> worker: compile script `index`. Worker -> main: its result or its error. */
export type ToWorker = { index: number; sid: string };
export type FromWorker = { index: number; ok: true; result: ScriptCompile } | { index: number; ok: false; error: WorkerError };

/** The order scripts are handed out: the largest truth file first (ties by script order). */
function handOutOrder(build: string, sids: readonly string[]): number[] {
  const size = sids.map((sid) => {
    try {
      return statSync(join(build, scriptFiles(sid).visibility)).size;
    } catch {
      return 0;
    }
  });
  return sids.map((_, i) => i).sort((a, b) => size[b] - size[a] || a - b);
}

/** Compile the scripts on `workers` worker threads; results in script order. */
export function compileScriptsOnWorkers(
  build: string,
  sids: readonly string[],
  o: { seed: string; screens: string[]; workers: number; onResult?: (done: number, total: number, sid: string) => void },
): Promise<ScriptCompile[]> {
  const queue = handOutOrder(build, sids);
  const results: (ScriptCompile | undefined)[] = new Array(sids.length);
  const errors = new Map<number, WorkerError>();
  let firstError = Infinity;
  let done = 0;
  const setup: WorkerSetup = { build, seed: o.seed, screens: o.screens };
  const pool: Worker[] = [];

  return new Promise<ScriptCompile[]>((resolve, reject) => {
    let running = 0;
    let failed = false;
    const finish = () => {
      for (const w of pool) void w.terminate();
      if (errors.size) reject(fromWorkerError(errors.get(firstError)!));
      else resolve(results as ScriptCompile[]);
    };
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      for (const w of pool) void w.terminate();
      reject(e);
    };
    /** The script each worker is compiling (for a worker that dies without a reply). */
    const inFlight = new Map<Worker, string>();
    /** Hand the worker its next script, or let it go; true when it got one. */
    const next = (w: Worker): boolean => {
      // scripts after a failed one need not be compiled: the first failure (in script order) is the one raised
      let i: number | undefined;
      while ((i = queue.shift()) !== undefined && i > firstError);
      if (i === undefined) return false;
      w.postMessage({ index: i, sid: sids[i] } satisfies ToWorker);
      inFlight.set(w, sids[i]);
      return true;
    };
    const idle = (w: Worker) => {
      if (next(w)) return;
      running--;
      if (running === 0 && !failed) finish();
    };
    for (let n = 0; n < o.workers; n++) {
      const w = new Worker(new URL('./compile-worker-boot.mjs', import.meta.url), { workerData: setup, execArgv: [] });
      pool.push(w);
      running++;
      w.on('message', (m: FromWorker) => {
        if (m.ok) {
          results[m.index] = m.result;
          o.onResult?.(++done, sids.length, sids[m.index]);
        } else {
          errors.set(m.index, m.error);
          firstError = Math.min(firstError, m.index);
        }
        idle(w);
      });
      const on = () => (inFlight.has(w) ? ` compiling script ${inFlight.get(w)}` : '');
      w.on('error', (e) => fail(new Error(`a compile worker failed${on()}: ${e.message}`, { cause: e })));
      w.on('exit', (code) => {
        if (code !== 0 && !failed && running > 0 && pool.includes(w)) fail(new Error(`a compile worker stopped${on()} (exit code ${code})`));
      });
      if (!next(w)) idle(w);
    }
  });
}
