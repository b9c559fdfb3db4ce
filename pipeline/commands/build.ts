/**
 * `stbench build --preset demo|release --out BUILD [--dataset DIR] [--workers N] [--engine blender|raycast]
 * [--device D] [--version X.Y.Z] [--repo-id OWNER/NAME] [--config FILE] [--dry-run]`: every stage in order (script,
 * render, compile, check, export), resumable, with a progress bar per stage and a summary at the end; the render
 * takes the device, the export the version, hub id and release config (as `stbench render` and `stbench export`).
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { checkOutputFolder, UsageError, workersFlag } from '../../foundation/index.ts';
import { dryRun, formatDuration, runBuild } from '../build.ts';
import { PRESETS } from '../build-presets.ts';
import { loadReleaseConfig } from '../release/release-config.ts';

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('run every stage (script, render, compile, check, export) from a preset; resumable')
    .requiredOption('--preset <name>', `what to build: ${Object.keys(PRESETS).join(' | ')}`)
    .requiredOption('--out <dir>', 'the build folder')
    .option('--dataset <dir>', 'the dataset folder to export to (default: OUT-dataset)')
    .option('--workers <n>', 'Blender processes and check workers in parallel', '1')
    .option('--blender <path>', 'Blender executable (default: $BLENDER, then PATH)')
    .option(
      '--engine <e>',
      'blender (Cycles renders) or raycast (a truth-only build: ray-cast frames, exported as a truth-only dataset, never a release)',
      'blender',
    )
    .option('--device <d>', "the render's compute device: cpu, cuda, optix, hip", 'cpu')
    .option('--version <x.y.z>', "the release's version (default: the preset's)")
    .option('--repo-id <owner/name>', 'the Hugging Face dataset id the card and release.json name')
    .option('--config <file>', 'release config (YAML or JSON): repo_id, pretty_name, code_url, citation, authors, year')
    .option('--dry-run', 'print the counts and a time estimate measured on this machine; build nothing')
    .action(
      async (o: {
        preset: string;
        out: string;
        dataset?: string;
        workers: string;
        blender?: string;
        engine: string;
        device: string;
        version?: string;
        repoId?: string;
        config?: string;
        dryRun?: boolean;
      }) => {
        const preset = PRESETS[o.preset];
        if (!preset)
          throw new UsageError(
            `--preset must be one of ${Object.keys(PRESETS).join(', ')}, got ${JSON.stringify(o.preset)}`,
          );
        const workers = workersFlag(o.workers);
        // the build and its dataset are this command's own; neither lies in another build or dataset, nor holds an input
        const inputs = o.config ? [o.config] : [];
        checkOutputFolder(o.out, { flag: '--out', inputs, owns: { dir: o.out }, linkOk: true });
        checkOutputFolder(o.dataset ?? `${resolve(o.out)}-dataset`, {
          flag: '--dataset',
          inputs: [...inputs, o.out],
          datasetOk: true,
        });
        const opts = {
          preset,
          out: o.out,
          dataset: o.dataset,
          workers,
          blender: o.blender,
          engine: o.engine,
          device: o.device,
          version: o.version,
          repoId: o.repoId,
          config: o.config ? loadReleaseConfig(o.config) : undefined,
          log: (l: string) => process.stderr.write(`${l}\n`),
        };
        if (o.dryRun) {
          process.stdout.write(`${await dryRun(opts)}\n`);
          return;
        }
        const s = await runBuild(opts);
        const times = Object.entries(s.seconds)
          .map(([k, v]) => `${k} ${formatDuration(v)}`)
          .join(', ');
        process.stdout.write(
          `built ${preset.name}: ${s.scripts} scripts, ${s.frames} frames, ${s.cases} cases, ${s.questions} questions; ` +
            `check kept ${s.keptFamilies} families, dropped ${s.droppedFamilies}\n` +
            `  build:   ${s.build}\n  dataset: ${s.dataset} (verified${o.engine === 'raycast' ? '; truth-only: ray-cast frames, not a release' : ''})\n  time:    ${times}\n`,
        );
      },
    );
}
