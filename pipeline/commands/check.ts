/**
 * `stbench check [BUILD] --data BUILD [--verdict evidence|strict] [--workers N] [--min-questions N] [--out FILE]`:
 * run every scripted system over every case on the detections channel, read the instrument checks and the gates,
 * write BUILD/check_report.json and BUILD/check.md (or --out). Exits 1 for a broken instrument or when no family
 * survives; an empty or wrong data root exits 2. On a released dataset the shipped report is kept unless --out.
 */
import type { Command } from 'commander';
import { CheckFailed, UsageError, wholeFlag, workersFlag } from '../../foundation/index.ts';
import { runCheck } from '../../checks/check.ts';
import { DEFAULT_MIN_QUESTIONS, type Verdict } from '../../checks/gates.ts';
import { caseProgress } from './case-progress.ts';

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description(
      'run the scripted systems over a compiled build and read the validity gates (check_report.json, check.md)',
    )
    .argument('[build]', 'the build or dataset folder (or --data)')
    .option('--data <dir>', 'the build or dataset folder')
    .option('--verdict <mode>', 'evidence (point estimates) or strict (95% intervals over scripts)', 'evidence')
    .option('--workers <n>', 'cases run at once per system', '4')
    .option(
      '--min-questions <n>',
      'a family with fewer questions is flagged thin (and gated all the same)',
      String(DEFAULT_MIN_QUESTIONS),
    )
    .option('--out <file>', 'write the report here (check.md beside it) instead of BUILD/check_report.json')
    .option(
      '--reference <name|file>',
      "set a reference release's figures beside the validity report (e.g. spatiotemporalbench-0.11, under checks/references/)",
    )
    .action(
      async (
        dirArg: string | undefined,
        opts: {
          data?: string;
          verdict: string;
          workers: string;
          minQuestions: string;
          out?: string;
          reference?: string;
        },
      ) => {
        const data = opts.data ?? dirArg;
        if (!data) throw new UsageError('give the build folder: stbench check BUILD or --data BUILD');
        if (opts.data && dirArg && opts.data !== dirArg)
          throw new UsageError(`two build folders given: ${dirArg} and --data ${opts.data}`);
        const workers = workersFlag(opts.workers);
        const minQuestions = wholeFlag(
          'min-questions',
          opts.minQuestions,
          0,
          1_000_000,
          'more questions than any release holds',
        )!;
        const bar = caseProgress();
        let r;
        try {
          r = await runCheck({
            data,
            verdict: opts.verdict as Verdict,
            workers,
            minQuestions,
            out: opts.out,
            reference: opts.reference,
            onProgress: (s, p) => bar.update(s, p),
          });
        } finally {
          bar.stop();
        }
        const s = r.report.summary;
        process.stdout.write(
          `check (${r.report.verdict_mode}, min questions ${r.report.min_questions}): ${s.kept_families} families kept, ${s.dropped_families} dropped, ${r.report.broken.length} broken instruments\n`,
        );
        for (const f of r.report.families)
          process.stdout.write(
            `  ${f.layout} ${f.job} ${f.family}: n ${f.n}${f.thin ? ' (thin)' : ''}, ${f.status === 'kept' ? `kept ${f.kept_qids.length}` : `dropped: ${f.dropped_by}`}\n`,
          );
        if (r.reportPath) process.stdout.write(`wrote ${r.reportPath} and ${r.mdPath}\n`);
        else
          process.stdout.write(
            'a released dataset: its shipped check_report.json is kept (give --out to write this one)\n',
          );
        if (r.exitCode) {
          const lines = r.report.broken.slice(0, 20).map((b) => `  ${b.what}${b.qid ? ` ${b.qid}` : ''}: ${b.why}`);
          const why = r.report.broken.length
            ? `${r.report.broken.length} broken instruments:\n${lines.join('\n')}`
            : 'no question family survived the check';
          throw new CheckFailed(why);
        }
      },
    );
}
