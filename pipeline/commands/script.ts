/**
 * `stbench script --job ID --count N --seed S --out BUILD [--place ID|FILE] [--tasks N] [--max-frames N]`: plan N
 * scripts of a job on a place of its kind (the first shipped one, or the one --place names: pipeline/script-place.ts)
 * and write their files into the build, each script as it is planned (with progress; a rerun after a kill keeps what
 * was written). Bad input (an unknown job, a place of another kind or that breaks a rule, a count below 1 or above
 * 10,000, an empty seed, an --out the output-path rule refuses, a build holding this job's scripts made from another
 * spec, version, place or seed) exits 2 and writes nothing.
 */
import type { Command } from 'commander';
import { loadAllJobs, getJob } from '../../jobs/load.ts';
import { checkOutputFolder, checkSeed, UsageError, wholeFlag } from '../../foundation/index.ts';
import { progress } from '../progress.ts';
import { keepScriptPlace, scriptPlace } from '../script-place.ts';
import {
  MAX_FRAMES_CAP,
  MAX_SCRIPT_COUNT,
  refuseOtherBatch,
  runBatchInterruptible,
  type BatchOptions,
} from '../../script/batch.ts';

/** Where `stbench script` writes in its build (scripts/<sid>/, private/<sid>/, .stbench/: plans, manifests, places). */
export const SCRIPT_WRITES = ['scripts', 'private', '.stbench'] as const;

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
    .option(
      '--place <id|file>',
      "the place: an id (layouts/, STBENCH_PLACES) or a place file of the job's kind (default: its first shipped place)",
    )
    .option('--tasks <n>', 'tasks per script (default: the release mix)')
    .option('--max-frames <n>', 'cap on frames per script (small scripts for tests and demos)')
    .action(
      async (o: {
        job: string;
        count: string;
        seed: string;
        out: string;
        place?: string;
        tasks?: string;
        maxFrames?: string;
      }) => {
        const count = wholeFlag(
          'count',
          o.count,
          1,
          MAX_SCRIPT_COUNT,
          'a release holds 16 scripts a job; 10,000 are weeks of rendering',
        )!;
        const tasks = wholeFlag('tasks', o.tasks, 1, 6, 'the release mix plans 2 to 6 tasks a script');
        const maxFrames = wholeFlag(
          'max-frames',
          o.maxFrames,
          1,
          MAX_FRAMES_CAP,
          'a script of the release mix has a few hundred frames',
        );
        checkSeed(o.seed, (m) => new UsageError(`--seed: ${m}`));
        const job = getJob(o.job);
        const loaded = loadAllJobs().find((j) => j.value.id === job.id)!;
        const chosen = scriptPlace(loaded, o.place);
        // the build is this stage's own: it writes there, never onto the job or place it reads
        const out = checkOutputFolder(o.out, {
          flag: '--out',
          what: 'build folder',
          linkOk: true,
          inputs: [
            { path: loaded.file, as: 'the job file' },
            { path: chosen.file, as: 'the place file' },
          ],
          owns: { dir: o.out, paths: SCRIPT_WRITES },
        });
        const opts: BatchOptions = { job, place: chosen.place, seed: String(o.seed), count, tasks, maxFrames };
        refuseOtherBatch(out, opts);
        keepScriptPlace(out, chosen);
        const bar = progress('script', 'scripts');
        let scripts;
        try {
          scripts = await runBatchInterruptible(out, opts, (done, total, s) => bar.update(done, total, `| ${s.sid}`));
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
        for (const s of scripts.slice(0, 100))
          process.stdout.write(`  ${s.sid}  tasks ${s.tasks}  frames ${s.frames}\n`);
        if (scripts.length > 100) process.stdout.write(`  ... and ${scripts.length - 100} more\n`);
      },
    );
}
