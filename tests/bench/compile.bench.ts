/**
 * Compile speed: questions compiled per second on a release-shaped build (64 scripts: 16 a job in the release's
 * mix of 2-3 and 4-6 tasks, 30 frames a task), its truth from the ray-cast truth renderer (its compile report says
 * `truth: raycast`). Render excluded: the build is made once and cached under tests/.bench-cache/<hash>/.
 * Ray-casting a release-shaped build takes long on 2 cores; `--scripts N` (per job) makes a smaller one.
 *
 *   npx tsx tests/bench/compile.bench.ts [--scripts 16] [--frames 30]
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileBuild } from '../../compile/compile.ts';
import { REPO_ROOT, sha256 } from '../../pipeline/core/index.ts';
import { makeRaycastBuild } from '../helpers/raycast-build.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const perJob = arg('scripts', 16);
const framesPerTask = arg('frames', 30);
const jobs = ['vacuum/2', 'helper/1', 'amr/1', 'drone/1'].map((job) => ({ job, count: perJob, framesPerTask }));
const key = sha256(JSON.stringify({ jobs, seed: 'bench-1' })).slice(0, 16);
const cache = join(REPO_ROOT, 'tests', '.bench-cache', key);

if (!existsSync(join(cache, 'done'))) {
  const tmp = `${cache}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const t0 = performance.now();
  process.stderr.write(`making a ray-cast build of ${jobs.length * perJob} scripts (${framesPerTask} frames a task), once ...\n`);
  makeRaycastBuild(tmp, 'bench-1', jobs);
  mkdirSync(join(tmp, 'done'));
  renameSync(tmp, cache);
  process.stderr.write(`  made in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}

const t0 = performance.now();
const r = compileBuild(cache, { seed: 'bench-compile' });
const s = (performance.now() - t0) / 1000;
console.log(`compile bench: ${r.scripts} scripts, ${r.cases} cases, ${r.questions} questions, truth ${r.report.truth.engine}`);
console.log(`  ${s.toFixed(1)} s, ${(r.questions / s).toFixed(1)} questions/s, ${(r.cases / s).toFixed(2)} cases/s`);
