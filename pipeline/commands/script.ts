/**
 * `stbench script --job ID --count N --seed S --out BUILD [--tasks N] [--max-frames N]`: plan N scripts (shifts)
 * of a job in its place and write their files into the build. Bad input (an unknown job, a count below 1, a build
 * holding this job's scripts made from another spec, version or seed) exits 2 and writes nothing.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { getJob } from '../../jobs/load.ts';
import { getPlace } from '../../layouts/load.ts';
import { UsageError } from '../core/index.ts';
import { checkBuild, planBatch, writeBatch, type BatchOptions } from '../script/batch.ts';

function posInt(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number of at least 1, got ${JSON.stringify(v)}`);
  return n;
}

export function registerScript(program: Command): void {
  program
    .command('script')
    .description('plan scripts (shifts) of a job: routes, keyframes, the world timeline; writes scripts/<sid>/ and private/<sid>/')
    .requiredOption('--job <id>', 'job id, e.g. helper/1')
    .requiredOption('--count <n>', 'number of scripts')
    .requiredOption('--seed <s>', 'build seed')
    .requiredOption('--out <dir>', 'build directory')
    .option('--tasks <n>', 'tasks per script (default: the release mix)')
    .option('--max-frames <n>', 'cap on frames per script (small scripts for tests and demos)')
    .action((o: { job: string; count: string; seed: string; out: string; tasks?: string; maxFrames?: string }) => {
      const count = posInt('count', o.count)!;
      const tasks = posInt('tasks', o.tasks);
      const maxFrames = posInt('max-frames', o.maxFrames);
      if (tasks !== undefined && tasks > 6) throw new UsageError(`--tasks must be at most 6, got ${tasks}`);
      const job = getJob(o.job);
      const place = getPlace(job.layout);
      const out = resolve(o.out);
      const opts: BatchOptions = { job, place, seed: String(o.seed), count, tasks, maxFrames };
      checkBuild(out, opts);
      const scripts = planBatch(opts);
      writeBatch(out, opts, scripts);
      const frames = scripts.reduce((a, s) => a + s.plan.keyframes.length, 0);
      const nTasks = scripts.reduce((a, s) => a + s.plan.tasks.length, 0);
      const changes = scripts.reduce((a, s) => a + s.plan.gaps.reduce((b, g) => b + g.changes.length, 0), 0);
      process.stdout.write(`${job.id}: ${scripts.length} scripts, ${nTasks} tasks, ${frames} frames, ${changes} planned changes -> ${out}\n`);
      for (const s of scripts) process.stdout.write(`  ${s.sid}  tasks ${s.plan.tasks.length}  frames ${s.plan.keyframes.length}\n`);
    });
}
