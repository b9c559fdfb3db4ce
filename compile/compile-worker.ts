/**
 * A compile worker thread (started by compile/compile-pool.ts through foundation/worker-pool.ts): compiles the
 * scripts it is handed, one at a time, and sends each result (or error) back.
 */
import { serveItems, workerSetup } from '../foundation/worker-pool.ts';
import { qidSource } from './compile-case.ts';
import { compileScript } from './compile-script.ts';
import { SCREENS } from './screens/index.ts';

/** What a worker is started with. */
export interface WorkerSetup {
  build: string;
  seed: string;
  /** the screens, by name (compile/screens SCREENS), in order */
  screens: string[];
}

const setup = workerSetup<WorkerSetup>();
const screens = setup.screens.map((name) => {
  const s = SCREENS.find((x) => x.name === name);
  if (!s) throw new Error(`compile worker: no screen named ${name}`);
  return s;
});

serveItems<string, ReturnType<typeof compileScript>>((sid) =>
  // a question-id source per script: a clash with another script's id reaches the main thread's check (which then
  // compiles on one thread) instead of being redrawn here in an order that depends on the hand-out
  compileScript(setup.build, sid, { seed: setup.seed, screens, qid: qidSource(setup.seed) }),
);
