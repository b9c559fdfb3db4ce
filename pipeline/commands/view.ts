/**
 * `stbench view [RUN_DIR] [--data BUILD_OR_DATASET] [--out SITE] [--case CID ...] [--serve [--port N]]`: write a
 * static site (by default RUN_DIR/view; never inside the data, a build or a dataset) to audit questions and gold by
 * eye (a page per case: map, frames, questions, gold, and with a run the answers and scores, each case's status, cost
 * and transcript), and optionally serve it on localhost. With a run, --data defaults to the data folder the run's
 * run.json names.
 */
import type { Command } from 'commander';
import { join } from 'node:path';
import { checkOutputFolder, UsageError, wholeFlag } from '../../foundation/index.ts';
import { runDataFolder } from '../view/load-build.ts';
import { serveSite } from '../view/serve.ts';
import { whyNotOwnSite, writeSite } from '../view/site.ts';

/** The data folder of a view: --data, else the one RUN_DIR/run.json names; a UsageError says to give --data. */
function viewData(data: string | undefined, runDir: string | undefined): string {
  if (data !== undefined) return data;
  if (runDir === undefined) throw new UsageError('view: give --data BUILD_OR_DATASET (the build or dataset to show)');
  const found = runDataFolder(runDir);
  if ('why' in found) throw new UsageError(`view: give --data BUILD_OR_DATASET: ${found.why}`);
  return found.data;
}

export function registerView(program: Command): void {
  program
    .command('view')
    .description(
      'write a static site of the cases (map, frames, questions, gold; with a run, answers, scores and transcripts)',
    )
    .argument('[run_dir]', 'a run folder holding results.json (and answers/)')
    .option('--data <dir>', 'the build or dataset folder (default with a run: the one its run.json names)')
    .option('--out <dir>', 'the site folder to write (default: RUN_DIR/view; required without a run)')
    .option('--case <cid...>', 'only these cases')
    .option('--serve', 'serve the site on localhost after writing it')
    .option('--port <n>', 'port for --serve (0: any free port)', '8080')
    .action(
      async (
        runDir: string | undefined,
        opts: { data?: string; out?: string; case?: string[]; serve?: boolean; port: string },
      ) => {
        const port = wholeFlag('port', opts.port, 0, 65535, 'the largest port number')!;
        if (!opts.out && !runDir)
          throw new UsageError('view: give --out SITE (or a run folder, whose view/ it writes)');
        const data = viewData(opts.data, runDir);
        const out = opts.out ?? join(runDir!, 'view');
        // the data and the run are read-only to a view (but for the run's view/); the site goes into no build or
        // dataset, and into a new or empty folder, or over a site this command wrote (never over other files)
        checkOutputFolder(out, {
          flag: '--out',
          inputs: [{ path: data, as: '--data' }, ...(runDir ? [{ path: runDir, as: 'RUN_DIR' }] : [])],
          owns: runDir ? { dir: runDir, paths: ['view'] } : undefined,
          owned: whyNotOwnSite,
        });
        const s = await writeSite({ data, out, run: runDir, cases: opts.case });
        process.stdout.write(
          `wrote ${s.out}: ${s.cases.length} case pages, ${s.frames} frames${s.audit ? ', the screen audit' : ''}\n`,
        );
        if (opts.serve) {
          const { url } = await serveSite(s.out, port);
          process.stdout.write(`serving ${url} (Ctrl-C to stop)\n`);
          await new Promise<never>(() => {});
        }
      },
    );
}
