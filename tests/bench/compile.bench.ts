/**
 * Compile speed: questions compiled per second on a release-shaped build (64 scripts: 16 a job in the release's
 * mix of 2-3 and 4-6 tasks, 30 frames a task), its truth from the ray-cast truth renderer (its compile report says
 * `truth: raycast`). Render excluded: the build is made once and cached under tests/.bench-cache/<hash>/.
 * The build's truth is ray-cast by the truth-only engine on `--workers` threads (default 2); `--scripts N`
 * (per job) makes a smaller build. The compile runs on `--compile-workers` worker threads (default: the machine's
 * cores, at most 8; 1 compiles on the main thread); the figures are its wall time, its CPU time (the process and
 * its worker threads) and the load average around it (the machine may be shared).
 *
 *   npx tsx tests/bench/compile.bench.ts [--scripts 16] [--frames 30] [--workers 2] [--compile-workers N]
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { compileBuildParallel, defaultCompileWorkers } from '../../compile/compile.ts';
import { getJob } from '../../jobs/load.ts';
import { hashJson, REPO_ROOT, sha256 } from '../../foundation/index.ts';
import { raycastTruth, scriptJob } from '../helpers/raycast-build.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const perJob = arg('scripts', 16);
const framesPerTask = arg('frames', 30);
const workers = arg('workers', 2);
const jobs = ['vacuum/2', 'helper/1', 'amr/1', 'drone/1'].map((job) => ({ job, count: perJob, framesPerTask }));
// the key covers the job specs too: a changed spec makes a new build (the compile refuses scripts of another spec)
const key = sha256(JSON.stringify({ jobs, seed: 'bench-1', specs: jobs.map((j) => hashJson(getJob(j.job))) })).slice(
  0,
  16,
);
const cache = join(REPO_ROOT, 'tests', '.bench-cache', key);

if (!existsSync(join(cache, 'done'))) {
  const tmp = `${cache}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const t0 = performance.now();
  process.stderr.write(
    `making a ray-cast build of ${jobs.length * perJob} scripts (${framesPerTask} frames a task), once ...\n`,
  );
  const sids = jobs.flatMap((j) => scriptJob(tmp, 'bench-1', j));
  await raycastTruth(tmp, sids, workers);
  mkdirSync(join(tmp, 'done'));
  renameSync(tmp, cache);
  process.stderr.write(`  made in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}

const compileWorkers = arg('compile-workers', defaultCompileWorkers());
const load0 = loadavg()[0];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = await compileBuildParallel(cache, { seed: 'bench-compile', workers: compileWorkers });
const s = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(
  `compile bench: ${r.scripts} scripts, ${r.cases} cases, ${r.questions} questions, truth ${r.report.truth.engine}, ${compileWorkers} compile worker(s)`,
);
console.log(
  `  ${s.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (this process and its worker threads), ${(r.questions / s).toFixed(1)} questions/s, ${(r.cases / s).toFixed(2)} cases/s`,
);
console.log(
  `  load average ${load0.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after (on ${availableParallelism()} cores)`,
);
