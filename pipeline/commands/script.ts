/**
 * `stbench script --job ID --count N --seed S --out BUILD [--tasks N] [--max-frames N]`: plan N scripts
 * of a job on the first shipped place of its kind and write their files into the build, each script as it is planned (with progress; a rerun
 * after a kill keeps what was written). Bad input (an unknown job, a count below 1 or above 10,000, an empty seed, a
 * build holding this job's scripts made from another spec, version or seed) exits 2 and writes nothing.
 */
import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { getJob } from '../../jobs/load.ts';
import { devPlace } from '../../jobs/places.ts';
import { checkSeed, UsageError } from '../../foundation/index.ts';
import { progress } from '../progress.ts';
import { MAX_FRAMES_CAP, MAX_SCRIPT_COUNT, runBatch, type BatchOptions } from '../../script/batch.ts';

function posInt(name: string, v: string | undefined, max: number, why: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\s*\d+\s*$/.test(v) || !Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a whole number of at least 1, got ${JSON.stringify(v)}`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max} (${why}), got ${n}`);
  return n;
}

export function registerScript(program: Command): void {
  program
    .command('script')
    .description(
      'plan scripts (shifts) of a job: routes, keyframes, the world timeline; writes scripts/<sid>/ and private/<sid>/',
    )
    .requiredOption('--job <id>', 'job id, e.g. helper/1')
    .requiredOption('--count <n>', 'number of scripts')
    .requiredOption('--seed <s>', 'build seed')
    .requiredOption('--out <dir>', 'build directory')
    .option('--tasks <n>', 'tasks per script (default: the release mix)')
    .option('--max-frames <n>', 'cap on frames per script (small scripts for tests and demos)')
    .action((o: { job: string; count: string; seed: string; out: string; tasks?: string; maxFrames?: string }) => {
      const count = posInt(
        'count',
        o.count,
        MAX_SCRIPT_COUNT,
        'a release holds 16 scripts a job; 10,000 are weeks of rendering',
      )!;
      const tasks = posInt('tasks', o.tasks, 6, 'the release mix plans 2 to 6 tasks a script');
      const maxFrames = posInt(
        'max-frames',
        o.maxFrames,
        MAX_FRAMES_CAP,
        'a script of the release mix has a few hundred frames',
      );
      checkSeed(o.seed, (m) => new UsageError(`--seed: ${m}`));
      const job = getJob(o.job);
      const place = devPlace(job);
      const out = resolve(o.out);
      if (existsSync(out) && !statSync(out).isDirectory())
        throw new UsageError(`--out ${o.out} is a file, not a build folder`);
      const opts: BatchOptions = { job, place, seed: String(o.seed), count, tasks, maxFrames };
      const bar = progress('script', 'scripts');
      let scripts;
      try {
        scripts = runBatch(out, opts, (done, total, s) => bar.update(done, total, `| ${s.sid}`));
      } finally {
        bar.stop();
      }
      const frames = scripts.reduce((a, s) => a + s.frames, 0);
      const nTasks = scripts.reduce((a, s) => a + s.tasks, 0);
      const changes = scripts.reduce((a, s) => a + s.changes, 0);
      const kept = scripts.filter((s) => s.kept).length;
      process.stdout.write(
        `${job.id}: ${scripts.length} scripts, ${nTasks} tasks, ${frames} frames, ${changes} planned changes -> ${out}${kept ? ` (${kept} kept from an earlier run)` : ''}\n`,
      );
      for (const s of scripts.slice(0, 100)) process.stdout.write(`  ${s.sid}  tasks ${s.tasks}  frames ${s.frames}\n`);
      if (scripts.length > 100) process.stdout.write(`  ... and ${scripts.length - 100} more\n`);
    });
}
