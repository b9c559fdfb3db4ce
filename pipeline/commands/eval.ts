/**
 * `stbench eval SYSTEM --data DIR [--select job=helper/1] [--select length=short] [--channel rgb_pose|detections]
 * [--workers N] [--timeout S] --out RUN_DIR`: run a scripted system, `cmd:<command>` or a Python agent
 * (`FILE.py:Class`) over the compiled cases that ask something, resumably, and write RUN_DIR/results.json and
 * results.md (checks/eval.ts). Broken cases are reported apart and never scored; the run exits 1 when any case
 * broke (`--retry-broken` runs them again). A non-empty --out that is not a run of the same system, data, channel
 * and selection is refused (exit 2).
 * `stbench eval compare RUN_A RUN_B [--seed S] [--resamples N]`: the paired headline difference per layout of two
 * runs (as `stbench compare`).
 */
import type { Command } from 'commander';
import { CheckFailed, positiveFlag, UsageError, workersFlag } from '../../foundation/index.ts';
import { runEval } from '../../checks/eval.ts';
import { DEFAULT_REPLY_TIMEOUT_MS } from '../../checks/harness/index.ts';
import { resolveSystem } from '../../checks/systems/registry.ts';
import { caseProgress } from './case-progress.ts';
import { compareOptions, printCompare, type CompareFlags } from './score.ts';

export function registerEval(program: Command): void {
  const evalCmd = program
    .command('eval')
    .description(
      'run a system over the cases of a build or dataset and write results.json and results.md (eval compare: two runs side by side)',
    )
    .argument(
      '<system>',
      'cmd:<shell command> for an external program, FILE.py:Class for a Python agent (a subclass of System from system_shim, docs/protocol.md), or a scripted system name',
    )
    // required, but checked in the action, so that `eval compare` needs neither
    .option('--data <dir>', 'the build or dataset folder (required)')
    .option('--out <run_dir>', 'the run folder (answers/, results.json, results.md); a rerun resumes (required)')
    .option(
      '--select <key=value>',
      'keep cases by job, length, layout, cid or sid (repeatable)',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option('--channel <channel>', 'rgb_pose or detections', 'rgb_pose')
    .option('--workers <n>', 'cases run at once', '1')
    .option(
      '--timeout <seconds>',
      'per-reply timeout; its expiry makes the case broken',
      String(DEFAULT_REPLY_TIMEOUT_MS / 1000),
    )
    .option('--retry-broken', 'run again the cases an earlier run of this folder recorded as broken')
    .action(
      async (
        spec: string,
        opts: {
          data?: string;
          out?: string;
          select: string[];
          channel: string;
          workers: string;
          timeout: string;
          retryBroken?: boolean;
        },
      ) => {
        if (!opts.data) throw new UsageError('eval: --data DIR is required (the build or dataset folder)');
        if (!opts.out) throw new UsageError('eval: --out RUN_DIR is required (the run folder to write or resume)');
        const { data, out } = opts;
        const workers = workersFlag(opts.workers);
        const timeoutS = positiveFlag('timeout', opts.timeout, 86_400, 'a day for one reply is no timeout');
        const system = resolveSystem(spec);
        const bar = caseProgress();
        let r;
        try {
          r = await runEval({
            system,
            data,
            out,
            select: opts.select,
            channel: opts.channel,
            workers,
            replyTimeoutMs: timeoutS * 1000,
            retryBroken: opts.retryBroken,
            onProgress: (p) => bar.update(system.name, p),
          });
        } finally {
          bar.stop();
        }
        process.stdout.write(r.markdown + '\n');
        process.stderr.write(
          `${system.name}: scored ${r.cases - r.broken} of ${r.cases} cases, ${r.broken} broken; wrote ${out}/results.json and results.md\n`,
        );
        if (r.broken) {
          const lines = r.brokenCases.slice(0, 10).map((b) => `  ${b.cid}: ${b.reason}`);
          if (r.brokenCases.length > 10)
            lines.push(`  ... and ${r.brokenCases.length - 10} more (results.json lists them all)`);
          throw new CheckFailed(
            `${r.broken} of ${r.cases} cases broke and are not scored:\n${lines.join('\n')}\nrerun with --retry-broken to run them again`,
          );
        }
      },
    );
  compareOptions(evalCmd.command('compare'))
    .description('the paired headline difference per layout of two runs of the same compile and cases')
    .argument('<run_a>', 'a run folder of stbench eval (or its results.json)')
    .argument('<run_b>', 'another run folder (or its results.json)')
    .action((a: string, b: string, opts: CompareFlags) => printCompare(a, b, opts));
}
