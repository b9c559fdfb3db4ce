/**
 * `stbench compile BUILD [--seed S] [--workers N]`: compile a rendered build into cases, questions and gold (private/<cid>/),
 * index entries (private/index/) and BUILD/compile_report.json + .md. The compile seed is fresh unless given (or
 * taken from an unfinished compile of the same build, so a rerun after a kill keeps its question ids). Refuses
 * (exit 2) a build whose render is incomplete or whose truth was made from another timeline.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { compileBuildParallel, defaultCompileWorkers } from '../../compile/compile.ts';
import { UsageError } from '../core/index.ts';
import { progress } from '../progress.ts';

export function registerCompile(program: Command): void {
  program
    .command('compile')
    .description('compile a rendered build: cases, look points, questions and gold, the compile report and funnel')
    .argument('<build>', 'build directory (after `stbench render`)')
    .option('--seed <s>', 'compile seed (default: fresh, recorded in BUILD/.stbench/compile.json)')
    .option('--workers <n>', `worker threads to compile scripts on (1: this thread; the output is the same either way)`, String(defaultCompileWorkers()))
    .action(async (build: string, o: { seed?: string; workers: string }) => {
      const workers = Number(o.workers);
      if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`--workers: expected a whole number of at least 1, got ${o.workers}`);
      const bar = progress('compile', 'scripts');
      const r = await compileBuildParallel(resolve(build), { seed: o.seed, workers, onProgress: (done, total, sid) => bar.update(done, total, `| ${sid}`) });
      bar.stop();
      process.stdout.write(
        `compiled ${r.scripts} scripts into ${r.cases} cases and ${r.questions} questions (seed ${r.seed}, compile hash ${r.compile_hash.slice(0, 16)})\n` +
          `report: ${resolve(build, 'compile_report.json')}\n`,
      );
    });
}
