/**
 * A batch of scripts for one job: sids from the seed, the release mix of tasks, each script planned and its files
 * written (atomically) before the next is planned, so memory holds one plan at a time and a kill loses at most the
 * script at hand. The stage manifest records the files as they are written (after each script, every few seconds
 * past the first hundred, and last, complete);
 * a rerun with the same settings skips the scripts whose files are there with the recorded hashes. A build that
 * already holds scripts of the same job made from another job spec, version, seed or settings is refused before
 * anything is written, and so is a job that cannot work on the place (script/job-on-place.ts, the check `validate`
 * runs: exit 2 at the job's field). A batch holds at most MAX_SCRIPT_COUNT scripts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptHash, type JobSpec } from '../jobs/job-schema.ts';
import type { Place } from '../layouts/place-schema.ts';
import type { Split } from '../formats/split.ts';
import { shippedPlaceIds } from '../jobs/places.ts';
import { placeHash } from '../layouts/load.ts';
import {
  hashFile,
  InputError,
  manifestPath,
  newManifest,
  readManifest,
  runSteps,
  runStepsInterruptible,
  sha256,
  stageLockPath,
  stream,
  sweepTemps,
  TOOL_VERSION,
  withLock,
  withLockSync,
  writeFileAtomic,
  writeManifest,
} from '../foundation/index.ts';
import { dirname } from 'node:path';
import { cameraDoc, planDoc, poseText, robotDoc, scriptPaths } from './files.ts';
import { drawTaskCounts } from './mix.ts';
import { refuseJobOnPlace } from './job-on-place.ts';
import { planScript, type ScriptPlan } from './plan-script.ts';
import { scriptSids } from './sid.ts';

/**
 * The most scripts one `stbench script` makes: 10,000. A release holds 16 a job; 10,000 scripts are weeks of
 * rendering, so a larger count is a typo, not a plan.
 */
export const MAX_SCRIPT_COUNT = 10_000;
/** The most frames a script may be cut to with --max-frames (a script of the release mix has a few hundred). */
export const MAX_FRAMES_CAP = 100_000;

export interface BatchOptions {
  job: JobSpec;
  /** a place of the job's kind: a shipped one (split dev) or a generated one (split heldout) */
  place: Place;
  /** dev (the default): the shipped places; heldout: a generated place the build drew from its secret */
  split?: Split;
  seed: string;
  count: number;
  tasks?: number;
  maxFrames?: number;
}

export interface PlannedScript {
  sid: string;
  index: number;
  plan: ScriptPlan;
  /** relative path -> file content */
  files: Record<string, string>;
}

/**
 * A batch's name: the job id on the job's first dev place (the first shipped place of its kind), the job id and the
 * place on any other place, dev or held-out. Its sids and task counts are drawn from it, so scripts on another place
 * are new draws, never the same sids again.
 */
function batchKey(o: Pick<BatchOptions, 'job' | 'place' | 'split'>): string {
  const first = (o.split ?? 'dev') === 'dev' && o.place.id === shippedPlaceIds(o.job.place_kind)[0];
  return first ? o.job.id : `${o.job.id}@${o.place.id}`;
}

/** The stage name of a batch in the build's manifests (one per job name and place, so batches coexist). */
export function scriptStage(o: Pick<BatchOptions, 'job' | 'place' | 'split'>): string {
  return `script-${batchKey(o).replace(/\/\d+/, '')}`;
}

export function batchSettings(o: BatchOptions): Record<string, unknown> {
  return {
    job: o.job.id,
    job_hash: scriptHash(o.job),
    place: o.place.id,
    place_hash: placeHash(o.place),
    ...(o.split === 'heldout' ? { split: 'heldout' } : {}),
    seed: o.seed,
    count: o.count,
    tasks: o.tasks ?? null,
    max_frames: o.maxFrames ?? null,
  };
}

/** Refuse a build holding this job's scripts made differently; returns quietly when there are none or they match. */
export function refuseOtherBatch(out: string, o: BatchOptions): void {
  const stage = scriptStage(o);
  const m = readManifest(out, stage);
  if (!m) return;
  const want = batchSettings(o);
  const diffs = Object.keys(want).filter((k) => JSON.stringify(m.settings[k] ?? null) !== JSON.stringify(want[k]));
  if (diffs.length) {
    throw new InputError({
      file: manifestPath(out, stage),
      path: `settings.${diffs[0]}`,
      message: `this build already holds ${o.job.name} scripts made with other ${diffs.join(', ')} (${diffs.map((k) => `${JSON.stringify(m.settings[k])} there, ${JSON.stringify(want[k])} now`).join('; ')}); use a fresh --out`,
    });
  }
}

/** Plan every script of the batch in memory. */
export function planBatch(o: BatchOptions): PlannedScript[] {
  return runSteps(planBatchSteps(o));
}

/** planBatch a script a step (foundation/interrupt.ts runStepsInterruptible lets a signal in between). */
export function* planBatchSteps(o: BatchOptions): Generator<void, PlannedScript[]> {
  refuseJobOnPlace(o.job, o.place);
  const sids = scriptSids(o.seed, batchKey(o), o.count);
  const counts = drawTaskCounts(o.job.release_mix, o.count, stream(o.seed, 'script/mix', batchKey(o)), o.tasks);
  const jobHash = scriptHash(o.job);
  const out: PlannedScript[] = [];
  for (let index = 0; index < sids.length; index++) {
    if (index > 0) yield;
    out.push(planOne(o, sids[index], index, counts[index], jobHash));
  }
  return out;
}

/** One planned and written script, as a batch run reports it (the plan itself is not kept). */
export interface ScriptSummary {
  sid: string;
  index: number;
  tasks: number;
  frames: number;
  changes: number;
  /** true when its files were there already (a rerun) */
  kept: boolean;
}

/** Plan one script of a batch (index `index` of `sids`, `counts` tasks). */
function planOne(o: BatchOptions, sid: string, index: number, tasks: number, jobHash: string): PlannedScript {
  const plan = planScript({ job: o.job, place: o.place, seed: o.seed, sid, tasks, maxFrames: o.maxFrames });
  const p = scriptPaths(sid);
  const files: Record<string, string> = {
    [p.robot]: JSON.stringify(robotDoc(o.job, sid, o.place.id, o.split ?? 'dev'), null, 2) + '\n',
    [p.camera]: JSON.stringify(cameraDoc(o.job), null, 2) + '\n',
    [p.pose]: poseText(plan),
    [p.timeline]: JSON.stringify(plan.timeline) + '\n',
    [p.plan]:
      JSON.stringify(
        planDoc(plan, { job: o.job, jobHash, place: o.place, split: o.split, seed: o.seed, index }),
        null,
        1,
      ) + '\n',
  };
  return { sid, index, plan, files };
}

/** The files of a script already written with the hashes the manifest records (null when any is not). */
function keptScript(out: string, sid: string, recorded: Record<string, string>): ScriptSummary | null {
  const p = scriptPaths(sid);
  for (const rel of Object.values(p)) {
    const sha = recorded[rel];
    if (!sha || !existsSync(join(out, rel)) || hashFile(join(out, rel)) !== sha) return null;
  }
  try {
    const plan = JSON.parse(readFileSync(join(out, p.plan), 'utf8')) as {
      index: number;
      tasks: unknown[];
      keyframes: unknown[];
      changes_summary?: { total?: number };
    };
    return {
      sid,
      index: plan.index,
      tasks: plan.tasks.length,
      frames: plan.keyframes.length,
      changes: plan.changes_summary?.total ?? 0,
      kept: true,
    };
  } catch {
    return null;
  }
}

/**
 * Plan and write a batch script by script (see the module comment), under the build's script lock. `onScript` is
 * called after each script with how many are done. `out` is the build as the caller checked it (the output-path
 * rule, foundation/output-path.ts: `script` and `build` refuse a build inside a dataset or another build). Synchronous: for tests and benchmarks; the CLI runs
 * runBatchInterruptible, which lets a signal in between scripts.
 */
export function runBatch(
  out: string,
  o: BatchOptions,
  onScript?: (done: number, total: number, s: ScriptSummary) => void,
): ScriptSummary[] {
  refuseJobOnPlace(o.job, o.place);
  return withLockSync(stageLockPath(out, 'script'), 'stbench script', () => runSteps(batchSteps(out, o, onScript)));
}

/**
 * runBatch for a command: the same scripts and bytes, with the event loop turned between scripts
 * (foundation/interrupt.ts checkpoint), so Ctrl-C or SIGTERM stops it within a script's planning; a rerun keeps the
 * scripts written.
 */
export async function runBatchInterruptible(
  out: string,
  o: BatchOptions,
  onScript?: (done: number, total: number, s: ScriptSummary) => void,
): Promise<ScriptSummary[]> {
  refuseJobOnPlace(o.job, o.place);
  return withLock(stageLockPath(out, 'script'), 'stbench script', () =>
    runStepsInterruptible(batchSteps(out, o, onScript)),
  );
}

/** The batch run, a script a step (the caller holds the lock). */
function* batchSteps(
  out: string,
  o: BatchOptions,
  onScript?: (done: number, total: number, s: ScriptSummary) => void,
): Generator<void, ScriptSummary[]> {
  refuseOtherBatch(out, o);
  const stage = scriptStage(o);
  const prev = readManifest(out, stage);
  const m = newManifest(stage, TOOL_VERSION, batchSettings(o));
  m.versions = { job: o.job.id, place: o.place.id };
  const recorded = prev?.outputs ?? {};
  const sids = scriptSids(o.seed, batchKey(o), o.count);
  const counts = drawTaskCounts(o.job.release_mix, o.count, stream(o.seed, 'script/mix', batchKey(o)), o.tasks);
  const jobHash = scriptHash(o.job);
  const out_: ScriptSummary[] = [];
  let lastSave = Date.now();
  for (let index = 0; index < sids.length; index++) {
    if (index > 0) yield;
    const sid = sids[index];
    const p = scriptPaths(sid);
    let summary = keptScript(out, sid, recorded);
    if (summary) {
      for (const rel of Object.values(p)) m.outputs[rel] = recorded[rel];
    } else {
      const s = planOne(o, sid, index, counts[index], jobHash);
      for (const [rel, text] of Object.entries(s.files)) {
        sweepTemps(dirname(join(out, rel)), { deadOnly: true });
        writeFileAtomic(join(out, rel), text);
        m.outputs[rel] = sha256(text);
      }
      summary = {
        sid,
        index,
        tasks: s.plan.tasks.length,
        frames: s.plan.keyframes.length,
        changes: s.plan.gaps.reduce((a, g) => a + g.changes.length, 0),
        kept: false,
      };
    }
    out_.push(summary);
    // the manifest records what is written now and then, so a killed run's rerun skips it
    const last = index === sids.length - 1;
    // after each script, and past the first hundred every few seconds (a manifest write costs the batch's size)
    if (last || index < 100 || Date.now() - lastSave > 5000) {
      // mid-run, the scripts not reached yet keep what the earlier run recorded of them
      const outputs = last
        ? m.outputs
        : { ...m.outputs, ...Object.fromEntries(Object.entries(recorded).filter(([k]) => !(k in m.outputs))) };
      writeManifest(out, { ...m, outputs, complete: last, updated: new Date(0).toISOString() });
      lastSave = Date.now();
    }
    onScript?.(index + 1, sids.length, summary);
  }
  return out_;
}

/** Write a planned batch and its manifest. */
export function writeBatch(out: string, o: BatchOptions, scripts: readonly PlannedScript[]): void {
  const m = newManifest(scriptStage(o), TOOL_VERSION, batchSettings(o));
  m.versions = { job: o.job.id, place: o.place.id };
  for (const s of scripts)
    for (const [rel, text] of Object.entries(s.files)) {
      writeFileAtomic(join(out, rel), text);
      m.outputs[rel] = sha256(text);
    }
  m.complete = true;
  m.updated = new Date(0).toISOString();
  writeManifest(out, m);
}

export { existsSync };
