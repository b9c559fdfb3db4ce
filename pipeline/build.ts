/**
 * `stbench build`: every stage in order (script, render, compile, check, export) from a preset. Each stage is
 * resumable on its own, so a rerun after a kill picks up where it stopped: scripts already made with the same settings
 * are kept, rendered frames that verify are kept, the compile seed is fixed by the preset, the check resumes from its
 * saved answers, and the export writes to a temporary folder and renames at the end.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getJob } from '../jobs/load.ts';
import { devPlaces } from '../jobs/places.ts';
import { canHoldOut, heldoutPlaces, heldoutSecret } from './heldout-places.ts';
import { renderStage } from '../render/stage.ts';
import type { RenderProgress } from '../render/pool.ts';
import { resolveSamples } from '../render/quality.ts';
import { renderLogPath } from '../render/render-log.ts';
import { compileBuildParallel, reseededNotice } from '../compile/compile.ts';
import { runCheck } from '../checks/check.ts';
import { exportDataset, releaseIdentity } from './export.ts';
import type { ReleaseConfig } from './release/release-config.ts';
import {
  checkpoint,
  readManifest,
  runSteps,
  runStepsInterruptible,
  UsageError,
  CheckFailed,
  withCleanup,
} from '../foundation/index.ts';
import {
  batchSettings,
  refuseOtherBatch,
  planBatch,
  planBatchSteps,
  runBatchInterruptible,
  scriptStage,
  writeBatch,
  type BatchOptions,
} from '../script/batch.ts';
import { presetJobs, type BuildPreset } from './build-presets.ts';
import { progress } from './progress.ts';

export interface BuildOptions {
  preset: BuildPreset;
  /** the build folder */
  out: string;
  /** the dataset folder (default: OUT-dataset) */
  dataset?: string;
  workers?: number;
  blender?: string;
  /** blender (the default) or raycast: a truth-only build (not a release), exported as a truth-only dataset */
  engine?: string;
  /** the render's compute device (cpu, cuda, optix, hip; default cpu) */
  device?: string;
  /** the release's version X.Y.Z (default: the preset's) */
  version?: string;
  /** the Hugging Face dataset id OWNER/NAME the card and release.json name (overrides the config's) */
  repoId?: string;
  /** the release config (hub id, pretty name, code URL, citation) */
  config?: ReleaseConfig;
  /** the held-out secret (tests and benchmarks; default: drawn at random once per build folder) */
  heldoutSecret?: string;
  /** print what would be built and a time estimate, build nothing */
  dryRun?: boolean;
  log?: (line: string) => void;
}

export interface BuildSummary {
  build: string;
  dataset: string;
  scripts: number;
  frames: number;
  cases: number;
  questions: number;
  keptFamilies: number;
  droppedFamilies: number;
  seconds: Record<string, number>;
}

/**
 * The batches of a preset: per job, its scripts on each dev place (the shipped places of its kind), then, when the
 * preset holds places out, its scripts on each held-out place of its kind (drawn from the build's secret; a kind
 * with no generator yet has none, said in the log). `build` null: plan the dev batches only (a dry run draws no
 * secret).
 */
export function presetBatches(
  preset: BuildPreset,
  build: string | null,
  opts: { heldoutSecret?: string; log?: (l: string) => void } = {},
): BatchOptions[] {
  return runSteps(presetBatchSteps(preset, build, opts));
}

/** presetBatches a job a step (a job's held-out places take seconds to generate). */
function* presetBatchSteps(
  preset: BuildPreset,
  build: string | null,
  opts: { heldoutSecret?: string; log?: (l: string) => void },
): Generator<void, BatchOptions[]> {
  const out: BatchOptions[] = [];
  const common = { seed: preset.seed, tasks: preset.tasks, maxFrames: preset.maxFrames };
  const ho = preset.heldout;
  const secret = ho && build ? heldoutSecret(build, opts.heldoutSecret) : null;
  for (const jobId of presetJobs(preset)) {
    yield;
    const job = getJob(jobId);
    for (const place of devPlaces(job)) out.push({ job, place, split: 'dev', count: preset.scriptsPerJob, ...common });
    if (!ho || secret === null) continue;
    if (!canHoldOut(job.place_kind)) {
      opts.log?.(`script ${jobId}: no held-out split (no held-out ${job.place_kind} places yet)`);
      continue;
    }
    for (const place of heldoutPlaces(build!, job.place_kind, ho.placesPerJob, secret))
      out.push({ job, place, split: 'heldout', count: ho.scriptsPerPlace, ...common });
  }
  return out;
}

const batchName = (o: BatchOptions) => `${o.job.id} on ${o.place.id}${o.split === 'heldout' ? ' (held out)' : ''}`;

/**
 * Script every batch of the preset; a batch whose scripts exist with the same settings is kept as it is. A signal is
 * let in between scripts (foundation/interrupt.ts), so Ctrl-C stops the stage within one script's planning.
 */
async function scriptStageRun(
  build: string,
  preset: BuildPreset,
  log: (l: string) => void,
  heldoutSecret?: string,
): Promise<number> {
  let frames = 0;
  const batches = await runStepsInterruptible(presetBatchSteps(preset, build, { heldoutSecret, log }));
  for (const o of batches) refuseOtherBatch(build, o);
  for (const o of batches) {
    await checkpoint();
    const m = readManifest(build, scriptStage(o));
    if (m?.complete && JSON.stringify(m.settings) === JSON.stringify(batchSettings(o))) {
      log(`script ${batchName(o)}: kept (${o.count} scripts made earlier with the same settings)`);
      continue;
    }
    const scripts = await runBatchInterruptible(build, o);
    const n = scripts.reduce((a, s) => a + s.frames, 0);
    frames += n;
    log(`script ${batchName(o)}: ${scripts.length} scripts, ${n} frames`);
  }
  return frames;
}

/** Plan (in memory) what a preset would build on its dev places: scripts and frames per job. */
export function planPreset(preset: BuildPreset): { job: string; scripts: number; tasks: number; frames: number }[] {
  return runSteps(planPresetSteps(preset));
}

/** planPreset a script a step (a release's plan is a minute of planning: a signal is let in between scripts). */
function* planPresetSteps(
  preset: BuildPreset,
): Generator<void, { job: string; scripts: number; tasks: number; frames: number }[]> {
  const rows = new Map<string, { job: string; scripts: number; tasks: number; frames: number }>();
  for (const o of yield* presetBatchSteps(preset, null, {})) {
    yield;
    const scripts = yield* planBatchSteps(o);
    const r = rows.get(o.job.id) ?? { job: o.job.id, scripts: 0, tasks: 0, frames: 0 };
    r.scripts += scripts.length;
    r.tasks += scripts.reduce((a, s) => a + s.plan.tasks.length, 0);
    r.frames += scripts.reduce((a, s) => a + s.plan.keyframes.length, 0);
    rows.set(o.job.id, r);
  }
  return [...rows.values()];
}

/** Seconds per frame at a preset's quality on this machine: render two frames of a small helper script and time them. */
export async function measureFrameSeconds(preset: BuildPreset, blender?: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'stbench-calibrate-'));
  // removed when the measure ends, however it ends, Ctrl-C included
  return withCleanup(
    () => rmSync(dir, { recursive: true, force: true }),
    async () => {
      const o = { ...presetBatches({ ...preset, jobs: ['helper/1'] }, null)[0], count: 1, tasks: 1, maxFrames: 2 };
      writeBatch(dir, o, planBatch(o));
      const r = await renderStage(dir, { quality: preset.quality, blender });
      const sid = r.scripts[0];
      const logFile = renderLogPath(dir, sid);
      const log = JSON.parse(readFileSync(logFile, 'utf8')) as { frames: { wall_s: number | null }[] };
      const walls = log.frames.map((f) => f.wall_s ?? 0);
      return walls.reduce((a, b) => a + b, 0) / Math.max(1, walls.length);
    },
  );
}

export async function dryRun(opts: BuildOptions): Promise<string> {
  const { preset } = opts;
  const rows = await runStepsInterruptible(planPresetSteps(preset));
  // the held-out split's scripts, at the dev scripts' frames per script (its places are drawn only by the build)
  const ho = preset.heldout;
  const held = ho ? rows.filter((r) => canHoldOut(getJob(r.job).place_kind)) : [];
  const heldScripts = ho ? held.length * ho.placesPerJob * ho.scriptsPerPlace : 0;
  const heldFrames = ho
    ? held.reduce((a, r) => a + (r.frames / r.scripts) * ho.placesPerJob * ho.scriptsPerPlace, 0)
    : 0;
  const frames = rows.reduce((a, r) => a + r.frames, 0) + Math.round(heldFrames);
  const { samples } = resolveSamples(preset.quality);
  const perFrame = await measureFrameSeconds(preset, opts.blender);
  const lines = [
    `preset ${preset.name}: ${preset.description}`,
    ...rows.map((r) => `  ${r.job.padEnd(9)} ${r.scripts} scripts, ${r.tasks} tasks, ${r.frames} frames`),
    ...(heldScripts
      ? [
          `  held out  ${heldScripts} scripts on generated places (${held.map((r) => r.job).join(', ')}), about ${Math.round(heldFrames)} frames`,
        ]
      : []),
    `  total ${rows.reduce((a, r) => a + r.scripts, 0) + heldScripts} scripts, ${frames} frames at ${preset.quality} quality (${samples} samples)`,
    `  measured here: ${perFrame.toFixed(1)} s a frame -> about ${formatDuration(frames * perFrame)} of rendering` +
      ` (Cycles already uses every core of one machine; shard with \`stbench render --shard i/n\` to use more machines)`,
  ];
  return lines.join('\n');
}

export function formatDuration(s: number): string {
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

export async function runBuild(opts: BuildOptions): Promise<BuildSummary> {
  const log = opts.log ?? (() => {});
  const { preset } = opts;
  const build = resolve(opts.out);
  const dataset = resolve(opts.dataset ?? `${build}-dataset`);
  if (dataset === build || dataset.startsWith(build + '/'))
    throw new UsageError('the dataset folder must lie outside the build folder');
  const version = opts.version ?? preset.version;
  releaseIdentity({ version, repoId: opts.repoId, config: opts.config });
  const seconds: Record<string, number> = {};
  const timed = async <T>(stage: string, f: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    log(`== ${stage}`);
    const r = await f();
    seconds[stage] = (performance.now() - t0) / 1000;
    return r;
  };

  await timed('script', () => scriptStageRun(build, preset, log, opts.heldoutSecret));

  const render = await timed('render', async () => {
    const bar = progress('render', 'frames');
    try {
      return await renderStage(build, {
        engine: opts.engine,
        quality: preset.quality,
        workers: opts.workers,
        blender: opts.blender,
        device: opts.device,
        onProgress: (p: RenderProgress) =>
          bar.update(
            p.done,
            p.total,
            `| ${p.fps.toFixed(2)} fps | ETA ${p.eta_s === null ? '?' : formatDuration(p.eta_s)}`,
          ),
      });
    } finally {
      bar.stop();
    }
  });

  const compiled = await timed('compile', async () => {
    const bar = progress('compile', 'scripts');
    try {
      return await compileBuildParallel(build, {
        seed: preset.compileSeed,
        onProgress: (d, t, sid) => bar.update(d, t, `| ${sid}`),
      });
    } finally {
      bar.stop();
    }
  });
  if (compiled.reseeded) log(reseededNotice(build, compiled.reseeded));

  const check = await timed('check', async () => {
    // a release-shaped build is read beside the 0.11 card's figures
    const reference = preset.name === 'release' ? 'spatiotemporalbench-0.11' : undefined;
    let bar: ReturnType<typeof progress> | null = null;
    let current = '';
    try {
      return await runCheck({
        data: build,
        workers: opts.workers,
        reference,
        onProgress: (system, p) => {
          if (system !== current) {
            bar?.stop();
            bar = progress(`check ${system}`, 'cases');
            current = system;
          }
          bar!.update(p.done, p.total);
        },
      });
    } finally {
      (bar as ReturnType<typeof progress> | null)?.stop();
    }
  });
  if (check.exitCode !== 0)
    throw new CheckFailed(`the check failed (see ${check.mdPath ?? 'check.md'}); nothing exported`);

  const truthOnly = opts.engine === 'raycast';
  await timed('export', () =>
    exportDataset({
      data: build,
      out: dataset,
      version,
      repoId: opts.repoId,
      config: opts.config,
      force: existsSync(dataset),
      truthOnly,
      workers: opts.workers,
      log,
    }),
  );

  const kept = check.report.families.filter((f) => f.status === 'kept').length;
  return {
    build,
    dataset,
    scripts: render.scripts.length,
    frames: render.frames,
    cases: compiled.cases,
    questions: compiled.questions,
    keptFamilies: kept,
    droppedFamilies: check.report.families.length - kept,
    seconds,
  };
}
