/**
 * The render stage: for each script of a build (or a shard's share of them), build and write its shot list,
 * render its frames with the pool (resume: frames already present and verified are kept), compute the truth
 * records and write private/<sid>/render_log.json. Per script, a manifest (BUILD/.stbench/scripts/<sid>/render.json)
 * records the hashes of the timeline, plan, camera and shot list the outputs were made from and the settings;
 * a build whose outputs were made from other inputs or at another sample count is refused (exit 2). The stage
 * manifest (BUILD/.stbench/render.json) is written complete when every script is done: by a run over the whole
 * build, or by `mergeRender` after shards.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import {
  changedInputs,
  checkpoint,
  acquireLock,
  CheckFailed,
  hashFile,
  onInterrupt,
  stageLockPath,
  type Lock,
  InputError,
  newManifest,
  readManifest,
  sha256,
  sweepTemps,
  TOOL_VERSION,
  UsageError,
  writeFileAtomic,
  writeJsonAtomic,
  writeManifest,
  manifestPath,
  type StageManifest,
} from '../foundation/index.ts';
import { runOnWorkers } from '../foundation/worker-pool.ts';
import { RENDER_SCRIPT, type RenderDevice, type BlenderProcessOptions } from './blender-process.ts';
import { buildShotList } from './build-shot-list.ts';
import { findBlender } from './find-blender.ts';
import { FRAME_KINDS, frameDirs, framePaths, shotListPath, verifyFrame, type FrameKind } from './frame-files.ts';
import { appendJournal, readJournal } from './frame-journal.ts';
import { buildFrameTasks, renderFrames, type FrameTask, type RenderProgress } from './pool.ts';
import { presetSettings, resolveSamples, type Quality } from './quality.ts';
import { parseShotList, type ShotList } from './shot-list.ts';
import { ENGINES, RAYCAST, raycastScriptFiles, type Engine, type RaycastScriptResult } from './raycast-engine.ts';
import type { RaycastItem } from './raycast-worker.ts';
import { renderLog, renderLogPath, type RenderLogInput } from './render-log.ts';
import {
  listScripts,
  readScriptInputs,
  scriptInputPaths,
  selectScripts,
  type ScriptInputs,
  type Shard,
} from './script-inputs.ts';
import { truthPaths, writeScriptTruth } from './script-truth.ts';

export const RENDER_STAGE = 'render';
export const DEVICES = ['cpu', 'cuda', 'optix', 'hip'] as const;
export type DeviceName = (typeof DEVICES)[number];

export interface RenderStageOptions {
  /** blender (Cycles renders, the default) or raycast (the truth-only engine: ray-cast depth and ids, flat pictures) */
  engine?: Engine | string;
  workers?: number;
  quality?: Quality | string;
  /** overrides the preset's samples */
  samples?: number;
  blender?: string;
  device?: DeviceName | string;
  shard?: Shard;
  scripts?: string[];
  /** render threads per Blender process (0 = Blender's choice) */
  threads?: number;
  onProgress?: (p: RenderProgress) => void;
  /** a line of news (script done, truth written) */
  onNews?: (line: string) => void;
  /** extra options of the Blender processes (timeouts, recycling; tests) */
  process?: Partial<BlenderProcessOptions>;
}

export interface RenderStageResult {
  scripts: string[];
  frames: number;
  rendered: number;
  kept: number;
  /** true when this run left every script of the build complete and wrote the stage manifest */
  stageComplete: boolean;
}

/** The per-script manifest's stage name (BUILD/.stbench/scripts/<sid>/render.json). */
export function scriptStage(sid: string): string {
  return join('scripts', sid, RENDER_STAGE);
}

function deviceOf(name: string | undefined): RenderDevice {
  const d = (name ?? 'cpu').toLowerCase();
  if (!(DEVICES as readonly string[]).includes(d))
    throw new UsageError(`--device must be one of ${DEVICES.join(', ')}, got ${JSON.stringify(name)}`);
  return d.toUpperCase() as RenderDevice;
}

function engineOf(name: string | undefined): Engine {
  const e = (name ?? 'blender').toLowerCase();
  if (!(ENGINES as readonly string[]).includes(e))
    throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}, got ${JSON.stringify(name)}`);
  return e as Engine;
}

/** The engine a script's manifest records (manifests from before engines were named are Blender's). */
function recordedEngine(m: StageManifest): string {
  return typeof m.settings.engine === 'string' ? m.settings.engine : 'blender';
}

/** The shot list's file text (what Blender reads and what is hashed). */
function jobText(build: string, job: ShotList): string {
  return JSON.stringify(parseShotList(job, shotListPath(build, job.sid)), null, 2) + '\n';
}

interface Prepared {
  inputs: ScriptInputs;
  job: ShotList;
  text: string;
  jobSha: string;
  /** the renderer's own code that shapes the frames beyond the shot list, by hash (RENDERER_INPUT) */
  renderer: Record<string, string>;
  manifest: StageManifest | undefined;
}

/**
 * The key under which a script's render inputs record the Blender side's scene builder (render/blender/render_job.py):
 * frames it made under another version are not resumed beside new ones (a build renders with one version).
 */
export const RENDERER_INPUT = '<stbench>/render/blender/render_job.py';

/** Does any frame file of a script exist? */
function hasFrameFiles(build: string, sid: string): boolean {
  return frameDirs(build, sid).some((d) => existsSync(d) && readdirSync(d).length > 0);
}

/** Build a script's job and check it against what its outputs were made from; throws when they differ. */
function prepare(build: string, sid: string, samples: number, quality: Quality, engine: Engine = 'blender'): Prepared {
  const inputs = readScriptInputs(build, sid);
  // the ray-cast engine reads no render settings: its job carries none
  const settings = engine === 'blender' ? presetSettings(quality) : {};
  const { job } = buildShotList({
    sid,
    place: inputs.timeline.place,
    timeline: inputs.timeline,
    frames: inputs.frames,
    camera: inputs.camera,
    ...(Object.keys(settings).length ? { settings } : {}),
  });
  const text = jobText(build, job);
  const jobSha = sha256(text);
  const renderer: Record<string, string> = engine === 'blender' ? { [RENDERER_INPUT]: hashFile(RENDER_SCRIPT) } : {};
  const m = readManifest(build, scriptStage(sid));
  const mp = manifestPath(build, scriptStage(sid));
  if (m) {
    const recorded = { ...m.inputs };
    const jobRel = join('.stbench', 'scripts', sid, 'render_job.json');
    // a build made before the renderer was recorded holds no such key: only what was recorded is compared
    const current = { ...inputs.hashes, [jobRel]: jobSha, ...renderer };
    const changed = changedInputs(recorded, current);
    if (changed.length)
      throw new InputError(
        changed.map((c) => ({
          file: mp,
          path: 'inputs',
          message: `the render outputs of script ${sid} were made from other inputs: ${c}; render into a fresh build (or remove this script's render outputs)`,
        })),
      );
    if (recordedEngine(m) !== engine)
      throw new UsageError(
        `script ${sid} was rendered with the ${recordedEngine(m)} engine, not ${engine}: one build holds one engine's frames; ` +
          `rerun with --engine ${recordedEngine(m)}, or render into a fresh build (see ${mp})`,
      );
    if (engine === 'blender' && m.settings.samples !== samples)
      throw new UsageError(
        `script ${sid} was rendered at ${String(m.settings.samples)} samples (quality ${String(m.settings.quality)}), not ${samples}: ` +
          `rerun with the same --quality/--samples, or render into a fresh build (see ${mp})`,
      );
  } else if (hasFrameFiles(build, sid)) {
    throw new InputError({
      file: mp,
      path: '',
      message: `script ${sid} has frame files but no render manifest: they were not made by this stage; remove them or use a fresh build`,
    });
  }
  return { inputs, job: parseShotList(JSON.parse(text)), text, jobSha, renderer, manifest: m };
}

function startManifest(build: string, p: Prepared, settings: Record<string, unknown>): StageManifest {
  const m = p.manifest ?? newManifest(scriptStage(p.inputs.sid), TOOL_VERSION, settings);
  m.settings = { ...settings };
  m.inputs = {
    ...p.inputs.hashes,
    [join('.stbench', 'scripts', p.inputs.sid, 'render_job.json')]: p.jobSha,
    ...p.renderer,
  };
  m.complete = false;
  m.updated = new Date().toISOString();
  return m;
}

/** Blender's version string, asked of the executable (only when no frame reported one). */
async function blenderVersion(blender?: string): Promise<string | null> {
  try {
    const exe = findBlender(blender);
    const r = await execa(exe, ['--version'], { reject: false, timeout: 60_000 });
    return /Blender\s+(\d+\.\d+(?:\.\d+)?)/.exec(r.stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Verify every frame of a job, compute the truth records and write the render log; marks the script complete.
 * Throws CheckFailed naming the frames that are missing or do not verify.
 */
async function finishScript(build: string, p: Prepared, m: StageManifest, opts: { blender?: string }): Promise<void> {
  const { job } = p;
  const sid = job.sid;
  const hashes = new Map<number, Record<FrameKind, string>>();
  const problems: string[] = [];
  for (const f of job.frames) {
    const v = await verifyFrame(framePaths(build, sid, f.index), job.camera.width, job.camera.height);
    if (v.ok) hashes.set(f.index, v.sha256);
    else problems.push(`frame ${f.index}: ${v.problems.join('; ')}`);
  }
  if (problems.length)
    throw new CheckFailed(
      `script ${sid}: ${problems.length} of ${job.frames.length} frames missing or broken:\n  ${problems.slice(0, 20).join('\n  ')}`,
    );
  await writeScriptTruth(build, job, p.inputs.timeline);
  const journal = readJournal(build, sid);
  const t = truthPaths(sid);
  const needFallback = ![...journal.values()].some((e) => e.job_sha256 === p.jobSha && e.blender);
  const log = renderLog({
    build,
    job,
    jobPath: shotListPath(build, sid),
    jobSha256: p.jobSha,
    inputs: p.inputs.hashes,
    engine: 'blender',
    quality: String(m.settings.quality),
    samples: Number(m.settings.samples),
    device: String(m.settings.device),
    hashes,
    journal,
    paths: (i) => framePaths(build, sid, i),
    extraOutputs: [join(build, t.visibility), join(build, t.perceptionIds), join(build, t.oracle)],
    blenderFallback: needFallback ? await blenderVersion(opts.blender) : null,
  });
  completeScript(build, m, log);
}

/** Write a script's render log and mark its manifest complete. */
function completeScript(build: string, m: StageManifest, log: ReturnType<typeof renderLog>): void {
  const logPath = renderLogPath(build, log.sid);
  writeJsonAtomic(logPath, log);
  m.outputs = { ...log.outputs, [join('private', log.sid, 'render_log.json')]: hashFile(logPath) };
  m.versions = log.engine === RAYCAST ? { engine: RAYCAST } : { blender: log.blender ?? 'unknown' };
  m.complete = true;
  m.updated = new Date().toISOString();
  writeManifest(build, m);
}

/** The render log of a ray-cast script: its frames' hashes and truth records, no Blender, no samples. */
function raycastLog(build: string, p: Prepared, hashes: RaycastScriptResult['hashes']): ReturnType<typeof renderLog> {
  const sid = p.job.sid;
  const t = truthPaths(sid);
  const input: RenderLogInput = {
    build,
    job: p.job,
    jobPath: shotListPath(build, sid),
    jobSha256: p.jobSha,
    inputs: p.inputs.hashes,
    engine: RAYCAST,
    quality: 'truth-only',
    samples: 0,
    device: RAYCAST,
    hashes,
    journal: new Map(),
    paths: (i) => framePaths(build, sid, i),
    extraOutputs: [join(build, t.visibility), join(build, t.perceptionIds), join(build, t.oracle)],
  };
  return renderLog(input);
}

/** Write the stage manifest when every script of the build is complete; returns whether it did. */
function completeStage(build: string, all: string[], settings: Record<string, unknown>): boolean {
  const stage = newManifest(RENDER_STAGE, TOOL_VERSION, settings);
  for (const sid of all) {
    const m = readManifest(build, scriptStage(sid));
    if (!m?.complete) return false;
    const ip = scriptInputPaths(sid);
    for (const k of [ip.timeline, ip.plan, ip.camera]) if (m.inputs[k]) stage.inputs[k] = m.inputs[k];
    const rel = join('private', sid, 'render_log.json');
    stage.outputs[rel] = m.outputs[rel];
    if (m.versions.blender) stage.versions[`blender:${sid}`] = m.versions.blender;
    if (m.versions.engine) stage.versions[`engine:${sid}`] = m.versions.engine;
  }
  stage.complete = true;
  stage.updated = new Date().toISOString();
  writeManifest(build, stage);
  return true;
}

/** Run the render stage over a build's scripts (a shard's share, or those named). */
export async function renderStage(build: string, opts: RenderStageOptions = {}): Promise<RenderStageResult> {
  if (engineOf(opts.engine) === RAYCAST) return raycastStage(build, opts);
  const { quality, samples } = resolveSamples(opts.quality ?? 'preview', opts.samples);
  const device = deviceOf(opts.device);
  const workers = opts.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1)
    throw new UsageError(`--workers must be a whole number of at least 1, got ${workers}`);
  const all = listScripts(build);
  if (all.length === 0) throw new UsageError(`no scripts in ${build}: run \`stbench script\` first`);
  const sids = selectScripts(all, opts.scripts, opts.shard);

  // one render of a script at a time (shards own different scripts, so they run side by side)
  const locks = lockScripts(build, sids);
  try {
    return await renderLocked(build, opts, all, sids, { quality, samples, device, workers });
  } finally {
    for (const l of locks) l.release();
  }
}

/** Take the render lock of each script (all or none). */
function lockScripts(build: string, sids: readonly string[]): Lock[] {
  const locks: Lock[] = [];
  try {
    for (const sid of sids) locks.push(acquireLock(stageLockPath(build, `render-${sid}`), 'stbench render'));
  } catch (e) {
    for (const l of locks) l.release();
    throw e;
  }
  return locks;
}

async function renderLocked(
  build: string,
  opts: RenderStageOptions,
  all: string[],
  sids: string[],
  { quality, samples, device, workers }: { quality: Quality; samples: number; device: RenderDevice; workers: number },
): Promise<RenderStageResult> {
  const settings = { engine: 'blender', quality, samples, device };
  // check every script before anything is written (a signal is let in between scripts: foundation/interrupt.ts)
  const prepared: Prepared[] = [];
  for (const sid of sids) {
    prepared.push(prepare(build, sid, samples, quality));
    await checkpoint();
  }
  findBlender(opts.blender);

  const tasks: FrameTask[] = [];
  const manifests = new Map<string, StageManifest>();
  for (const p of prepared) {
    const sid = p.inputs.sid;
    const m = startManifest(build, p, settings);
    writeManifest(build, m);
    manifests.set(sid, m);
    const jp = shotListPath(build, sid);
    if (!existsSync(jp) || hashFile(jp) !== p.jobSha) writeFileAtomic(jp, p.text);
    for (const d of frameDirs(build, sid)) sweepTemps(d);
    tasks.push(...buildFrameTasks(build, [{ job: p.job, jobPath: jp }]));
  }
  const shaOf = new Map(prepared.map((p) => [p.inputs.sid, p.jobSha]));
  const workDir = join(
    build,
    '.stbench',
    'tmp',
    opts.shard ? `render-${opts.shard.index}of${opts.shard.count}` : 'render',
  );
  rmSync(workDir, { recursive: true, force: true });
  // Ctrl-C: Blender's scratch goes (the Blender processes die with us); committed frames stay for the rerun
  const offInterrupt = onInterrupt(() => rmSync(workDir, { recursive: true, force: true }));

  let rendered = 0;
  let kept = 0;
  if (tasks.length) {
    const log = await renderFrames(tasks, {
      ...(opts.process ?? {}),
      samples,
      device,
      blender: opts.blender,
      threads: opts.threads,
      workers,
      workDir,
      resume: true,
      onProgress: opts.onProgress,
      onFrame: (e) => {
        if (e.status === 'rendered') appendJournal(build, e, shaOf.get(e.sid)!);
      },
    });
    rendered = log.filter((e) => e.status === 'rendered').length;
    kept = log.length - rendered;
  }
  rmSync(workDir, { recursive: true, force: true });
  offInterrupt();

  for (const p of prepared) {
    await finishScript(build, p, manifests.get(p.inputs.sid)!, opts);
    opts.onNews?.(`${p.inputs.sid}: ${p.job.frames.length} frames, truth records and render log written`);
  }
  const stageComplete = completeStage(build, all, settings);
  return { scripts: sids, frames: tasks.length, rendered, kept, stageComplete };
}

/**
 * The render stage on the truth-only engine: each script not yet complete is ray-cast whole (its frames, truth
 * records, then its render log and manifest); a complete one is kept. Scripts run on `workers` worker threads, the
 * longest first; with one worker, on this thread.
 */
async function raycastStage(build: string, opts: RenderStageOptions): Promise<RenderStageResult> {
  const workers = opts.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1)
    throw new UsageError(`--workers must be a whole number of at least 1, got ${workers}`);
  const all = listScripts(build);
  if (all.length === 0) throw new UsageError(`no scripts in ${build}: run \`stbench script\` first`);
  const sids = selectScripts(all, opts.scripts, opts.shard);
  const locks = lockScripts(build, sids);
  try {
    return await raycastLocked(build, opts, all, sids, workers);
  } finally {
    for (const l of locks) l.release();
  }
}

async function raycastLocked(
  build: string,
  opts: RenderStageOptions,
  all: string[],
  sids: string[],
  workers: number,
): Promise<RenderStageResult> {
  const settings = { engine: RAYCAST };
  // check every script before anything is written (a signal is let in between scripts: foundation/interrupt.ts)
  const prepared: Prepared[] = [];
  for (const sid of sids) {
    prepared.push(prepare(build, sid, 0, 'preview', RAYCAST));
    await checkpoint();
  }
  const todo = prepared.filter((p) => !(p.manifest?.complete && existsSync(renderLogPath(build, p.inputs.sid))));
  const manifests = new Map<string, StageManifest>();
  for (const p of todo) {
    const sid = p.inputs.sid;
    const m = startManifest(build, p, settings);
    writeManifest(build, m);
    manifests.set(sid, m);
    const jp = shotListPath(build, sid);
    if (!existsSync(jp) || hashFile(jp) !== p.jobSha) writeFileAtomic(jp, p.text);
    for (const d of frameDirs(build, sid)) sweepTemps(d);
  }
  const total = prepared.reduce((a, p) => a + p.job.frames.length, 0);
  const kept = total - todo.reduce((a, p) => a + p.job.frames.length, 0);
  const t0 = performance.now();
  let rendered = 0;
  const tick = () => {
    rendered++;
    const elapsed = (performance.now() - t0) / 1000;
    const fps = elapsed > 0 ? rendered / elapsed : 0;
    opts.onProgress?.({
      total,
      done: kept + rendered,
      rendered,
      kept,
      elapsed_s: elapsed,
      fps,
      eta_s: fps > 0 ? (total - kept - rendered) / fps : null,
    });
  };
  const finish = (p: Prepared, r: RaycastScriptResult) => {
    completeScript(build, manifests.get(p.inputs.sid)!, raycastLog(build, p, r.hashes));
    opts.onNews?.(`${p.inputs.sid}: ${p.job.frames.length} frames ray-cast, truth records and render log written`);
  };
  if (workers === 1 || todo.length <= 1) {
    for (const p of todo) finish(p, await raycastScriptFiles(build, p.job, p.inputs.timeline, tick));
  } else {
    const items: RaycastItem[] = todo.map((p) => ({ sid: p.inputs.sid, jobPath: shotListPath(build, p.inputs.sid) }));
    await runOnWorkers<RaycastItem, RaycastScriptResult>({
      module: new URL('./raycast-worker.ts', import.meta.url),
      setup: { build },
      items,
      workers,
      // the longest scripts first, so the workers finish together
      order: todo.map((_, i) => i).sort((a, b) => todo[b].job.frames.length - todo[a].job.frames.length || a - b),
      what: 'a ray-cast worker',
      doing: (it) => `ray-casting script ${it.sid}`,
      onNews: () => tick(),
      onResult: (i, r) => finish(todo[i], r),
    });
  }
  const stageComplete = completeStage(build, all, settings);
  return { scripts: sids, frames: todo.reduce((a, p) => a + p.job.frames.length, 0), rendered, kept, stageComplete };
}

export interface ScriptStatus {
  sid: string;
  frames: number;
  /** frames whose four files exist (not decoded: `--merge` verifies) */
  present: number;
  missing: number[];
  complete: boolean;
  samples: number | null;
}

/** Frames done and missing per script (files present; cheap: nothing is decoded). */
export function renderStatus(build: string): ScriptStatus[] {
  return listScripts(build).map((sid) => {
    const frames = readPlanFrameIndices(build, sid);
    const missing = frames.filter((i) => {
      const p = framePaths(build, sid, i);
      return !FRAME_KINDS.every((kind) => existsSync(p[kind]));
    });
    const m = readManifest(build, scriptStage(sid));
    return {
      sid,
      frames: frames.length,
      present: frames.length - missing.length,
      missing,
      complete: !!m?.complete && missing.length === 0,
      samples: m ? Number(m.settings.samples) : null,
    };
  });
}

function readPlanFrameIndices(build: string, sid: string): number[] {
  const file = join(build, scriptInputPaths(sid).plan);
  try {
    const plan = JSON.parse(readFileSync(file, 'utf8')) as { keyframes?: { k: number }[] };
    return (plan.keyframes ?? []).map((k) => k.k);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not readable: ${(e as Error).message}` });
  }
}

/**
 * After shards: check that every script's frames exist and verify and that its outputs were made from the build's
 * current inputs, (re)write every render log and the truth records, and mark the stage complete. Throws CheckFailed
 * listing every script that is not done.
 */
export async function mergeRender(
  build: string,
  opts: { blender?: string } = {},
): Promise<{ scripts: number; frames: number }> {
  const all = listScripts(build);
  if (all.length === 0) throw new UsageError(`no scripts in ${build}: run \`stbench script\` first`);
  const locks = lockScripts(build, all);
  try {
    return await mergeLocked(build, all, opts);
  } finally {
    for (const l of locks) l.release();
  }
}

async function mergeLocked(
  build: string,
  all: string[],
  opts: { blender?: string },
): Promise<{ scripts: number; frames: number }> {
  const notDone: string[] = [];
  const ready: { p: Prepared; m: StageManifest }[] = [];
  const rayCast: string[] = [];
  for (const sid of all) {
    const m = readManifest(build, scriptStage(sid));
    if (!m) {
      notDone.push(`${sid}: never rendered`);
      continue;
    }
    if (recordedEngine(m) === RAYCAST) {
      // the ray-cast engine completes a script whole: nothing is left to merge but its manifest's word
      prepare(build, sid, 0, 'preview', RAYCAST);
      if (!m.complete || !existsSync(renderLogPath(build, sid))) notDone.push(`${sid}: ray-cast incomplete`);
      else rayCast.push(sid);
      continue;
    }
    const p = prepare(
      build,
      sid,
      Number(m.settings.samples),
      resolveSamples(String(m.settings.quality ?? 'preview')).quality,
    );
    const frames = p.job.frames;
    const bad: number[] = [];
    for (const f of frames) {
      const v = await verifyFrame(framePaths(build, sid, f.index), p.job.camera.width, p.job.camera.height);
      if (!v.ok) bad.push(f.index);
    }
    if (bad.length)
      notDone.push(
        `${sid}: ${bad.length} of ${frames.length} frames missing or broken (${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ', ...' : ''})`,
      );
    else ready.push({ p, m });
  }
  if (notDone.length)
    throw new CheckFailed(
      `render is not complete; rerun the shards that own these scripts:\n  ${notDone.join('\n  ')}`,
    );
  let frames = 0;
  for (const { p, m } of ready) {
    await finishScript(build, p, m, opts);
    frames += p.job.frames.length;
  }
  if (ready.length && rayCast.length)
    throw new UsageError(`${build} holds scripts of two engines (blender and raycast): render each build with one`);
  if (ready.length) {
    const m0 = ready[0].m;
    completeStage(build, all, {
      engine: 'blender',
      quality: m0.settings.quality,
      samples: m0.settings.samples,
      device: m0.settings.device,
    });
  } else {
    for (const sid of rayCast) frames += readPlanFrameIndices(build, sid).length;
    completeStage(build, all, { engine: RAYCAST });
  }
  return { scripts: all.length, frames };
}
