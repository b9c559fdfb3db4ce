/**
 * `stbench compile BUILD [--seed S] [--workers N]`: compile a rendered build into cases, questions and gold (private/<cid>/),
 * index entries (private/index/) and BUILD/compile_report.json + .md. The compile seed is the one the build's last
 * compile recorded (fresh for a build never compiled), so a rerun keeps every question id; another seed needs
 * --seed and is announced loudly with the files it makes stale. Refuses (exit 2, nothing written) a build whose
 * render is incomplete, whose truth was made from another timeline or whose frames differ from their render log.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { compileBuildParallel, defaultCompileWorkers, reseededNotice } from '../../compile/compile.ts';
import { existsSync, statSync } from 'node:fs';
import { checkOutputFolder, InputError, workersFlag } from '../../foundation/index.ts';
import { progress } from '../progress.ts';

export function registerCompile(program: Command): void {
  program
    .command('compile')
    .description('compile a rendered build: cases, look points, questions and gold, the compile report and funnel')
    .argument('<build>', 'build directory (after `stbench render`)')
    .option(
      '--seed <s>',
      "compile seed (default: the build's recorded one, fresh for a build never compiled; recorded in BUILD/.stbench/compile.json)",
    )
    .option(
      '--workers <n>',
      `worker threads to compile scripts on (1: this thread; the output is the same either way)`,
      String(defaultCompileWorkers()),
    )
    .action(async (build: string, o: { seed?: string; workers: string }) => {
      const workers = workersFlag(o.workers);
      const dir = resolve(build);
      if (!existsSync(dir) || !statSync(dir).isDirectory())
        throw new InputError({ file: dir, path: '', message: 'no such build folder' });
      // the compile writes only into its own build, never one inside another build or a dataset
      checkOutputFolder(build, { flag: 'BUILD', owns: { dir }, linkOk: true });
      const bar = progress('compile', 'scripts');
      let r;
      try {
        r = await compileBuildParallel(dir, {
          seed: o.seed,
          workers,
          onProgress: (done, total, sid) => bar.update(done, total, `| ${sid}`),
        });
      } finally {
        bar.stop();
      }
      if (r.reseeded) process.stderr.write(reseededNotice(dir, r.reseeded));
      process.stdout.write(
        `compiled ${r.scripts} scripts into ${r.cases} cases and ${r.questions} questions (seed ${r.seed}, compile hash ${r.compile_hash.slice(0, 16)})\n` +
          `report: ${resolve(build, 'compile_report.json')}\n`,
      );
    });
}
