/**
 * The one Ctrl-C path: whatever a long command holds that must not outlive it (temporary folders, staged frames, a
 * system's process group, a stage lock) is registered here while it is held. On SIGINT, SIGTERM or SIGHUP every
 * registered cleanup runs (the latest first), a line says so, and the process exits with 128 + the signal's number
 * (130 for Ctrl-C). What a stage already wrote atomically stays, so a rerun resumes.
 *
 * Node runs a signal handler only on the event loop: while the main thread runs synchronous work, a signal waits.
 * So (1) the CLI installs the handlers first thing (`catchSignals`) and they stay for the life of the process: a
 * signal that arrives while nothing is registered still exits at once with its code, and a signal is never dropped
 * because a lock was released (and its handler removed) just after it came; in a process that is not the CLI (tests
 * calling a stage in process), the handlers are there only while something is registered; (2) every long loop calls
 * `await checkpoint()` between its items, which lets a waiting signal through (at most every CHECKPOINT_MS, so it
 * costs nothing); (3) before the process ends on its own, the loop is turned once more (`beforeExit`), so a signal
 * that came during the last synchronous stretch still ends the command with its code; (4) worker threads write
 * through the write gate (foundation/atomic.ts): the signal path closes it first, waiting for a worker's write in
 * flight to be renamed or removed, so no temporary file is left behind by a thread that is stopped mid-write.
 */
import { closeWriteGate, faultSignalSent } from './atomic.ts';

export type Cleanup = () => void;

const cleanups: Cleanup[] = [];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Signal = (typeof SIGNALS)[number];
const CODES: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
/** A long loop lets a waiting signal through at most this often (milliseconds). */
export const CHECKPOINT_MS = 50;
let installed = false;
/** installed for the life of the process (the CLI), not only while something is registered */
let pinned = false;
let stopping = false;

function onSignal(sig: Signal): void {
  if (stopping) return;
  stopping = true;
  // a worker thread's write in flight is finished (renamed or removed) before anything else goes
  closeWriteGate();
  runCleanups();
  process.stderr.write(
    `\nstbench: interrupted (${sig}); temporary files removed, what was written is kept: run the command again to resume\n`,
  );
  process.exit(CODES[sig]);
}

let turnedAtExit = false;
/** The loop's last turn: a signal that came during the final synchronous stretch is handled now, not dropped. */
function lastTurn(): void {
  if (turnedAtExit) return;
  turnedAtExit = true;
  setImmediate(() => setImmediate(() => {}));
}

/**
 * Install the signal handlers for the rest of the process's life (the CLI calls this first thing, so every command,
 * long or not, exits 128 + the signal's number).
 */
export function catchSignals(): void {
  install();
  if (pinned) return;
  pinned = true;
  process.on('beforeExit', lastTurn);
}

const handlers = new Map(SIGNALS.map((s) => [s, () => onSignal(s)]));

function install(): void {
  if (installed) return;
  installed = true;
  for (const [sig, h] of handlers) process.on(sig, h);
}

function uninstall(): void {
  if (!installed || pinned) return;
  installed = false;
  for (const [sig, h] of handlers) process.off(sig, h);
}

/** Register a cleanup to run if the process is interrupted; returns the function that unregisters it. */
export function onInterrupt(fn: Cleanup): () => void {
  cleanups.push(fn);
  install();
  return () => {
    const i = cleanups.lastIndexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
    if (cleanups.length === 0) uninstall();
  };
}

/** Run every registered cleanup now (the latest first) and forget them; a failing cleanup does not stop the others. */
export function runCleanups(): void {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      fn();
    } catch {
      /* best effort: the others still run */
    }
  }
  uninstall();
}

/** Run `body` with `cleanup` registered for an interrupt; the cleanup also runs when the body ends, however it ends. */
export async function withCleanup<T>(cleanup: Cleanup, body: () => Promise<T> | T): Promise<T> {
  const off = onInterrupt(cleanup);
  try {
    return await body();
  } finally {
    off();
    cleanup();
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
let lastTurnAt = performance.now();

/**
 * Turn the event loop (twice, so that its poll phase, where a signal is read, runs in between), letting a waiting
 * signal's handler run: after it, an interrupted command has exited.
 */
export async function letSignalsIn(): Promise<void> {
  await tick();
  await tick();
  lastTurnAt = performance.now();
}

/**
 * Between the items of a long loop: let a waiting signal through (see the module comment) when CHECKPOINT_MS have
 * passed since the loop last turned, or at once when a fault hook sent one (a test then knows where the command
 * stops); otherwise return at once.
 */
export async function checkpoint(): Promise<void> {
  if (faultSignalSent() || performance.now() - lastTurnAt >= CHECKPOINT_MS) await letSignalsIn();
}

/**
 * A long loop written once as steps (a generator that yields between its items, returning the result): `runSteps`
 * runs it through on this thread (tests, library callers), `runStepsInterruptible` lets a signal in between steps
 * (the CLI). Both give the same result and the same bytes.
 */
export function runSteps<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** runSteps with `checkpoint()` between steps (see the module comment). */
export async function runStepsInterruptible<T>(steps: Generator<unknown, T>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await checkpoint();
  }
}
