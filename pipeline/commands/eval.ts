/**
 * `stbench eval SYSTEM --data DIR [--select job=helper/1] [--select length=short] [--channel rgb_pose|detections]
 * [--workers N] [--timeout S] --out RUN_DIR`: run a scripted system, `cmd:<command>` or a Python agent
 * (`FILE.py:Class`) over the compiled cases that ask something, resumably, and write RUN_DIR/results.json and
 * results.md (checks/eval.ts). Broken cases are reported apart and never scored; the run exits 1 when any case
 * broke (`--retry-broken` runs them again). A non-empty --out that is not a run of the same system, data, channel
 * and selection is refused (exit 2).
 */
import type { Command } from 'commander';
import { CheckFailed, positiveFlag, workersFlag } from '../../foundation/index.ts';
import { runEval } from '../../checks/eval.ts';
import { DEFAULT_REPLY_TIMEOUT_MS } from '../../checks/harness/index.ts';
import { resolveSystem } from '../../checks/systems/registry.ts';
import { caseProgress } from './case-progress.ts';

export function registerEval(program: Command): void {
  program
    .command('eval')
    .description('run a system over the cases of a build or dataset and write results.json and results.md')
    .argument(
      '<system>',
      'cmd:<shell command> for an external program, FILE.py:Class for a Python agent (a subclass of System from system_shim, docs/protocol.md), or a scripted system name',
    )
    .requiredOption('--data <dir>', 'the build or dataset folder')
    .requiredOption('--out <run_dir>', 'the run folder (answers/, results.json, results.md); a rerun resumes')
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
          data: string;
          out: string;
          select: string[];
          channel: string;
          workers: string;
          timeout: string;
          retryBroken?: boolean;
        },
      ) => {
        const workers = workersFlag(opts.workers);
        const timeoutS = positiveFlag('timeout', opts.timeout, 86_400, 'a day for one reply is no timeout');
        const system = resolveSystem(spec);
        const bar = caseProgress();
        let r;
        try {
          r = await runEval({
            system,
            data: opts.data,
            out: opts.out,
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
          `${system.name}: scored ${r.cases - r.broken} of ${r.cases} cases, ${r.broken} broken; wrote ${opts.out}/results.json and results.md\n`,
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
}
