/**
 * A ray-cast engine worker thread (started by render/stage.ts through foundation/worker-pool.ts): ray-casts the
 * scripts it is handed, one at a time (their frame files and truth records), sending a line of news per frame.
 */
import { serveItems, workerSetup } from '../foundation/worker-pool.ts';
import { raycastScriptFiles, type RaycastScriptResult } from './raycast-engine.ts';
import { loadShotList } from './shot-list.ts';
import { readScriptInputs } from './script-inputs.ts';

/** One script to ray-cast: its shot list's path (already written by the stage). */
export interface RaycastItem {
  sid: string;
  jobPath: string;
}

const { build } = workerSetup<{ build: string }>();

serveItems<RaycastItem, RaycastScriptResult>(async (item, news) => {
  const job = loadShotList(item.jobPath);
  const { timeline } = readScriptInputs(build, item.sid);
  return raycastScriptFiles(build, job, timeline, (index) => news(index));
});
