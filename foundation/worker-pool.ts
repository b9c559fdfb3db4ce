/**
 * Work on worker threads: items handed out one at a time to `workers` threads (in a chosen order, e.g. the largest
 * first so they finish together), results back in item order. A failing item fails the pool with the error the
 * first failing item (in item order) raised, as one thread would have: input errors keep their file, line and
 * field. Items after a failed one are not handed out. A worker may send news (progress) while it works.
 *
 * The worker module calls `serveItems(handler)`; the pool starts it through worker-boot.mjs, which registers tsx's
 * loader first (worker threads do not inherit it on Node 20).
 *
 * A signal (foundation/interrupt.ts) is handled on the main thread, whose event loop stays free while the workers
 * work; the workers write through the main thread's write gate (foundation/atomic.ts), which the signal path closes
 * before the process exits and takes the workers with it, so a worker stopped mid-write leaves no temporary file.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { joinWriteGate, writeGateMemory } from './atomic.ts';
import { CheckFailed, InputError, UsageError, type InputIssue } from './errors.ts';

// a worker thread of a pool writes through its main thread's gate
if (!isMainThread && (workerData as Partial<Boot> | undefined)?.gate instanceof SharedArrayBuffer)
  joinWriteGate((workerData as Boot).gate);

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

/** What a pool's worker is started with. */
interface Boot {
  /** the worker module's URL (it calls serveItems) */
  module: string;
  setup: unknown;
  /** the main thread's write gate (foundation/atomic.ts) */
  gate: SharedArrayBuffer;
}

type ToWorker<I> = { index: number; item: I };
type FromWorker<R> =
  | { index: number; type: 'result'; result: R }
  | { index: number; type: 'error'; error: WorkerError }
  | { index: number; type: 'news'; news: unknown };

export interface WorkerPoolOptions<I, R> {
  /** the worker module (calls serveItems), e.g. the URL of a worker module beside the caller */
  module: URL;
  /** handed to every worker (workerSetup() there) */
  setup: unknown;
  items: readonly I[];
  workers: number;
  /** the order items are handed out (indices into items; default: item order) */
  order?: readonly number[];
  /** what a worker is, for errors: e.g. "a compile worker" */
  what: string;
  /** what a worker does with an item, for errors: e.g. (sid) => `compiling script ${sid}` */
  doing: (item: I) => string;
  onResult?: (index: number, result: R, done: number, total: number) => void;
  onNews?: (index: number, news: unknown) => void;
}

/** Run every item on worker threads; results in item order. */
export function runOnWorkers<I, R>(o: WorkerPoolOptions<I, R>): Promise<R[]> {
  const queue = [...(o.order ?? o.items.map((_, i) => i))];
  const results: (R | undefined)[] = new Array(o.items.length);
  const errors = new Map<number, WorkerError>();
  let firstError = Infinity;
  let done = 0;
  const boot: Boot = { module: o.module.href, setup: o.setup, gate: writeGateMemory() };
  const pool: Worker[] = [];
  const n = Math.max(1, Math.min(o.workers, o.items.length));

  return new Promise<R[]>((resolve, reject) => {
    if (o.items.length === 0) return resolve([]);
    let running = 0;
    let failed = false;
    const finish = () => {
      for (const w of pool) void w.terminate();
      if (errors.size) reject(fromWorkerError(errors.get(firstError)!));
      else resolve(results as R[]);
    };
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      for (const w of pool) void w.terminate();
      reject(e);
    };
    const inFlight = new Map<Worker, number>();
    const next = (w: Worker): boolean => {
      let i: number | undefined;
      while ((i = queue.shift()) !== undefined && i > firstError);
      if (i === undefined) {
        inFlight.delete(w);
        return false;
      }
      w.postMessage({ index: i, item: o.items[i] } satisfies ToWorker<I>);
      inFlight.set(w, i);
      return true;
    };
    const idle = (w: Worker) => {
      if (next(w)) return;
      running--;
      if (running === 0 && !failed) finish();
    };
    for (let k = 0; k < n; k++) {
      const w = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: boot, execArgv: [] });
      pool.push(w);
      running++;
      w.on('message', (m: FromWorker<R>) => {
        if (m.type === 'news') {
          o.onNews?.(m.index, m.news);
          return;
        }
        if (m.type === 'result') {
          results[m.index] = m.result;
          o.onResult?.(m.index, m.result, ++done, o.items.length);
        } else {
          errors.set(m.index, m.error);
          firstError = Math.min(firstError, m.index);
        }
        idle(w);
      });
      const on = () => (inFlight.has(w) ? ` ${o.doing(o.items[inFlight.get(w)!])}` : '');
      w.on('error', (e) => fail(new Error(`${o.what} failed${on()}: ${e.message}`, { cause: e })));
      w.on('exit', (code) => {
        if (code !== 0 && !failed && running > 0) fail(new Error(`${o.what} stopped${on()} (exit code ${code})`));
      });
      if (!next(w)) idle(w);
    }
  });
}

/** In a worker: the setup the pool was given. */
export function workerSetup<S>(): S {
  return (workerData as Boot).setup as S;
}

/** In a worker: handle each item the pool hands out, one at a time; `news` sends progress to the pool's onNews. */
export function serveItems<I, R>(handler: (item: I, news: (x: unknown) => void) => R | Promise<R>): void {
  const port = parentPort;
  if (!port) throw new Error('serveItems: not on a worker thread');
  // one item at a time: the pool hands the next only after this one's reply
  port.on('message', async (m: ToWorker<I>) => {
    let out: FromWorker<R>;
    try {
      out = {
        index: m.index,
        type: 'result',
        result: await handler(m.item, (news) =>
          port.postMessage({ index: m.index, type: 'news', news } satisfies FromWorker<R>),
        ),
      };
    } catch (e) {
      out = { index: m.index, type: 'error', error: toWorkerError(e) };
    }
    port.postMessage(out);
  });
}
