/**
 * `stbench render BUILD [--engine blender|raycast] [--workers N] [--quality test|preview|final] [--samples N]
 * [--blender PATH] [--device cpu|cuda|optix|hip] [--shard i/n] [--scripts SID...]`: render every script's frames with
 * Blender Cycles (resuming: frames already present and verified are kept), then its truth records and render log.
 * `--engine raycast` makes a truth-only build instead (render/raycast-engine.ts): no Blender, flat pictures.
 * `--status` prints frames done and missing per script; `--merge` checks every shard's frames and completes the
 * stage. Refuses (exit 2) a build whose render outputs were made from other timelines, plans or settings.
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { progress } from '../progress.ts';
import { checkOutputFolder, MAX_WORKERS, shardFlag, UsageError, wholeFlag } from '../../foundation/index.ts';
import { buildExposure, EXPOSURE_BRIGHT, EXPOSURE_DARK, EXPOSURE_MAX_SHARE } from '../../render/exposure.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { DEVICES, mergeRender, renderStage, renderStatus } from '../../render/stage.ts';
import type { RenderProgress } from '../../render/pool.ts';

interface RenderOpts {
  engine: string;
  workers: string;
  quality: string;
  samples?: string;
  blender?: string;
  device: string;
  cyclesDevice?: string;
  shard?: string;
  scripts?: string[];
  status?: boolean;
  merge?: boolean;
  threads?: string;
}

const LIMITS: Record<string, [number, string]> = {
  workers: [MAX_WORKERS, 'more Blender processes than the cores of any one machine'],
  samples: [65_536, 'the final preset uses 48; 65536 samples a frame is days a script'],
  threads: [1024, 'more threads than any machine has'],
};

function wholeNumber(name: string, v: string | undefined, min: number): number | undefined {
  return wholeFlag(name, v, min, LIMITS[name][0], LIMITS[name][1]);
}

/** The render stage's progress: frames, frames per second, ETA, frames kept from an earlier run. */
function progressReporter(): { update: (p: RenderProgress) => void; stop: () => void } {
  const bar = progress('render', 'frames');
  return {
    update: (p) =>
      bar.update(
        p.done,
        p.total,
        `| ${p.fps.toFixed(2)} fps | ETA ${p.eta_s === null ? '?' : `${Math.round(p.eta_s)} s`} | kept ${p.kept}`,
      ),
    stop: () => bar.stop(),
  };
}

export function registerRender(program: Command): void {
  program
    .command('render')
    .description(
      'render the scripts of a build with Blender Cycles (or ray-cast them, --engine raycast): RGB, depth, ids, truth records, render logs',
    )
    .argument('<build>', 'build directory (after `stbench script`)')
    .option(
      '--engine <e>',
      `blender (Cycles renders) or raycast (truth only: ray-cast depth and ids, flat pictures, no Blender; not a release)`,
      'blender',
    )
    .option('--workers <n>', 'Blender processes (or ray-cast worker threads) in parallel', '1')
    .option('--quality <q>', `quality preset: ${Object.keys(QUALITY_PRESETS).join(', ')}`, 'preview')
    .option('--samples <n>', 'Cycles samples, overriding the preset')
    .option('--blender <path>', 'Blender executable (default: $BLENDER, then PATH)')
    .option('--device <d>', `compute device: ${DEVICES.join(', ')}`, 'cpu')
    .option('--cycles-device <d>', "the same as --device, under Blender's own name for it")
    .option('--threads <n>', 'render threads per Blender process (0: Blender decides)')
    .option('--shard <i/n>', 'render only shard i of n (scripts by sorted index modulo n)')
    .option('--scripts <sid...>', 'render only these scripts')
    .option('--status', 'print frames done and missing per script, render nothing')
    .option('--merge', 'after shards: check every frame, write the render logs, mark the stage complete')
    .action(async (buildArg: string, o: RenderOpts) => {
      const build = resolve(buildArg);
      if (o.status && o.merge) throw new UsageError('--status and --merge exclude each other');
      if (o.status) {
        const rows = renderStatus(build);
        let done = 0;
        let total = 0;
        for (const r of rows) {
          done += r.present;
          total += r.frames;
          const miss = r.missing.length
            ? `  missing ${r.missing.slice(0, 12).join(', ')}${r.missing.length > 12 ? ', ...' : ''}`
            : '';
          process.stdout.write(
            `${r.sid}  ${r.present}/${r.frames} frames  ${r.complete ? 'complete' : 'incomplete'}${r.samples !== null ? `  ${r.samples} samples` : ''}${miss}\n`,
          );
        }
        process.stdout.write(
          `total ${done}/${total} frames, ${rows.filter((r) => r.complete).length}/${rows.length} scripts complete\n`,
        );
        return;
      }
      if (o.merge) {
        checkOutputFolder(buildArg, { flag: 'BUILD', owns: { dir: build }, linkOk: true });
        const r = await mergeRender(build, { blender: o.blender });
        process.stdout.write(`render complete: ${r.scripts} scripts, ${r.frames} frames verified -> ${build}\n`);
        return;
      }
      // the render writes only into its own build, never one inside another build or a dataset
      checkOutputFolder(buildArg, { flag: 'BUILD', owns: { dir: build }, linkOk: true });
      const bar = progressReporter();
      try {
        const r = await renderStage(build, {
          engine: o.engine,
          workers: wholeNumber('workers', o.workers, 1),
          quality: o.quality,
          samples: wholeNumber('samples', o.samples, 1),
          blender: o.blender,
          device: o.cyclesDevice ?? o.device,
          threads: wholeNumber('threads', o.threads, 0),
          shard: o.shard !== undefined ? shardFlag(o.shard) : undefined,
          scripts: o.scripts,
          onProgress: (p) => bar.update(p),
        });
        bar.stop();
        process.stdout.write(
          `rendered ${r.rendered} frames, kept ${r.kept}, over ${r.scripts.length} scripts` +
            (r.stageComplete
              ? '; render stage complete\n'
              : '; run `stbench render BUILD --merge` once every shard is done\n'),
        );
        if (o.engine === 'blender' && r.stageComplete) {
          // the exposure of the pictures per place (render/exposure.ts), as `stbench check` reports it
          for (const e of (await buildExposure(build)).places)
            process.stdout.write(
              `exposure ${e.place}: ${e.dark + e.bright} of ${e.frames} frames outside ${100 * EXPOSURE_DARK}-${100 * EXPOSURE_BRIGHT}% mean luma (${(100 * e.outside_share).toFixed(1)}%, at most ${100 * EXPOSURE_MAX_SHARE}%: ${e.ok ? 'holds' : 'does not hold'})\n`,
            );
        }
      } finally {
        bar.stop();
      }
    });
}
