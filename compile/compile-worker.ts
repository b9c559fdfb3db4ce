/**
 * A compile worker thread (started by compile/compile-pool.ts through compile-worker-boot.mjs): compiles the
 * scripts it is handed, one at a time, and sends each result (or error) back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { qidSource } from './compile-case.ts';
import { compileScript } from './compile-script.ts';
import { toWorkerError, type FromWorker, type ToWorker, type WorkerSetup } from './compile-pool.ts';
import { SCREENS } from './screens/index.ts';

const setup = workerData as WorkerSetup;
const screens = setup.screens.map((name) => {
  const s = SCREENS.find((x) => x.name === name);
  if (!s) throw new Error(`compile worker: no screen named ${name}`);
  return s;
});

parentPort!.on('message', (m: ToWorker) => {
  let out: FromWorker;
  try {
    // a question-id source per script: a clash with another script's id reaches the main thread's check (which then
    // compiles on one thread) instead of being redrawn here in an order that depends on the hand-out
    const qid = qidSource(setup.seed);
    out = { index: m.index, ok: true, result: compileScript(setup.build, m.sid, { seed: setup.seed, screens, qid }) };
  } catch (e) {
    out = { index: m.index, ok: false, error: toWorkerError(e) };
  }
  parentPort!.postMessage(out);
});
