/**
 * The one Ctrl-C path: whatever a long command holds that must not outlive it (temporary folders, staged frames, a
 * system's process group, a stage lock) is registered here while it is held. On SIGINT, SIGTERM or SIGHUP every
 * registered cleanup runs (the latest first), a line says so, and the process exits with 128 + the signal's number
 * (130 for Ctrl-C). What a stage already wrote atomically stays, so a rerun resumes. While nothing is registered the
 * signals keep their default behaviour.
 */

export type Cleanup = () => void;

const cleanups: Cleanup[] = [];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const CODES: Record<(typeof SIGNALS)[number], number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
let installed = false;

function onSignal(sig: (typeof SIGNALS)[number]): void {
  runCleanups();
  process.stderr.write(
    `\nstbench: interrupted (${sig}); temporary files removed, what was written is kept: run the command again to resume\n`,
  );
  process.exit(CODES[sig]);
}

const handlers = new Map(SIGNALS.map((s) => [s, () => onSignal(s)]));

function install(): void {
  if (installed) return;
  installed = true;
  for (const [sig, h] of handlers) process.on(sig, h);
}

function uninstall(): void {
  if (!installed) return;
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
