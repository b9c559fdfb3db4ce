/**
 * Compiling scripts on worker threads (compile/compile-worker.ts, through foundation/worker-pool.ts): each worker
 * reads and compiles whole scripts as it is handed them, the largest truth files first so the workers finish
 * together, and the results come back in script order. A script that fails fails the pool with the error the first
 * failing script (in script order) raised, as a one-thread compile would: input errors keep their file, line and
 * field.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { runOnWorkers } from '../foundation/worker-pool.ts';
import type { ScriptCompile } from './compile-script.ts';
import { scriptFiles } from './script-data.ts';
import type { WorkerSetup } from './compile-worker.ts';

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
  o: {
    seed: string;
    screens: string[];
    workers: number;
    onResult?: (done: number, total: number, sid: string) => void;
  },
): Promise<ScriptCompile[]> {
  return runOnWorkers<string, ScriptCompile>({
    module: new URL('./compile-worker.ts', import.meta.url),
    setup: { build, seed: o.seed, screens: o.screens } satisfies WorkerSetup,
    items: sids,
    order: handOutOrder(build, sids),
    workers: o.workers,
    what: 'a compile worker',
    doing: (sid) => `compiling script ${sid}`,
    onResult: (_i, _r, done, total) => o.onResult?.(done, total, sids[_i]),
  });
}
