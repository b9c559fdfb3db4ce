/**
 * `stbench export --data BUILD --out DATASET --version X.Y.Z [--repo-id OWNER/NAME] [--config FILE] [--force]`:
 * a checked build -> the Hugging Face dataset folder (pipeline/export.ts).
 * `stbench verify DATASET`: every problem of a dataset folder, exit 1 when there is any (pipeline/verify.ts).
 */
import type { Command } from 'commander';
import { CheckFailed } from '../../foundation/index.ts';
import { exportDataset } from '../export.ts';
import { loadReleaseConfig } from '../release/release-config.ts';
import { verifyDataset } from '../verify.ts';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'write the dataset folder of a checked build: card, LICENSE, CREDITS.md, release.json, check report, Parquet questions, scripts/ and private/ (kept families only)',
    )
    .requiredOption('--data <build>', 'the build folder')
    .requiredOption('--out <dataset>', 'the dataset folder to create')
    .requiredOption('--version <x.y.z>', "the release's version")
    .option('--repo-id <owner/name>', 'the Hugging Face dataset id the card names')
    .option('--config <file>', 'release config (YAML or JSON): repo_id, pretty_name, code_url, citation, authors, year')
    .option('--force', 'replace an existing dataset folder')
    .option(
      '--truth-only',
      'export a truth-only build (stbench render --engine raycast) as a truth-only dataset; never a release',
    )
    .action(
      async (opts: {
        data: string;
        out: string;
        version: string;
        repoId?: string;
        config?: string;
        force?: boolean;
        truthOnly?: boolean;
      }) => {
        const config = opts.config ? loadReleaseConfig(opts.config) : undefined;
        const r = await exportDataset({
          data: opts.data,
          out: opts.out,
          version: opts.version,
          repoId: opts.repoId,
          config,
          force: opts.force,
          truthOnly: opts.truthOnly,
          log: (l) => process.stderr.write(`${l}\n`),
        });
        const t = r.release.counts.total;
        process.stdout.write(
          `exported ${r.release.version} to ${r.out}: ${t.scripts} scripts, ${t.cases.short + t.cases.medium + t.cases.long} cases (${t.cases_asking_nothing} asking nothing), ${t.questions} questions, ${t.frames} frames; ${r.release.check.kept.length} families kept, ${r.release.check.dropped.length} dropped\n`,
        );
      },
    );

  program
    .command('verify')
    .description(
      'check a dataset folder against its release.json: files and hashes, nothing private under scripts/, counts, render log hashes',
    )
    .argument('<dataset>', 'the dataset folder')
    .option('--truth-only', 'verify a truth-only dataset (ray-cast frames, not renders) as one')
    .action(async (dir: string, o: { truthOnly?: boolean }) => {
      const problems = await verifyDataset(dir, { truthOnly: o.truthOnly });
      if (problems.length) {
        for (const p of problems) process.stderr.write(`${p}\n`);
        throw new CheckFailed(`${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
      }
      process.stdout.write(`${dir}: verified${o.truthOnly ? ' (truth-only: ray-cast frames, not renders)' : ''}\n`);
    });
}
