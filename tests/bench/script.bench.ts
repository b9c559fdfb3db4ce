/**
 * Scripts planned per second: 16 scripts (the release mix) of every job, planned in memory (no files written).
 * Run: npx tsx tests/bench/script.bench.ts [seed]
 */
import { devPlace } from '../../jobs/places.ts';
import { getJob } from '../../jobs/load.ts';
import { planBatch } from '../../script/batch.ts';

const seed = process.argv[2] ?? 'bench';
for (const id of ['vacuum/2', 'helper/1', 'amr/1', 'drone/1']) {
  const job = getJob(id);
  const place = devPlace(job);
  const t0 = performance.now();
  const scripts = planBatch({ job, place, seed, count: 16 });
  const s = (performance.now() - t0) / 1000;
  const tasks = scripts.reduce((a, x) => a + x.plan.tasks.length, 0);
  const frames = scripts.reduce((a, x) => a + x.plan.keyframes.length, 0);
  const changes = scripts.reduce((a, x) => a + x.plan.gaps.reduce((b, g) => b + g.changes.length, 0), 0);
  console.log(
    `${id.padEnd(9)} 16 scripts in ${s.toFixed(1)} s = ${(16 / s).toFixed(2)} scripts/s; ${tasks} tasks, ${(frames / tasks).toFixed(1)} frames/task (target ${job.keyframes.target_per_task.value}), ${changes} planned changes`,
  );
}
