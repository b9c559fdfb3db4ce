/**
 * A batch of scripts for one job: sids from the seed, the release mix of tasks, every script planned in memory,
 * then the files written (atomically, the stage manifest last). A build that already holds scripts of the same
 * job made from another job spec, version, seed or settings is refused before anything is written.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { scriptHash, type JobSpec } from '../../jobs/job-schema.ts';
import type { Place } from '../../layouts/place-schema.ts';
import { placeHash } from '../../layouts/load.ts';
import { InputError, manifestPath, newManifest, readManifest, sha256, stream, TOOL_VERSION, writeFileAtomic, writeManifest } from '../core/index.ts';
import { cameraDoc, planDoc, poseText, robotDoc, scriptPaths } from './files.ts';
import { drawTaskCounts } from './mix.ts';
import { planScript, type ScriptPlan } from './shift.ts';
import { scriptSids } from './sid.ts';

export interface BatchOptions {
  job: JobSpec;
  place: Place;
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

/** The stage name of a job's scripts in the build's manifests (one per job name, so jobs coexist). */
export function scriptStage(job: JobSpec): string {
  return `script-${job.name}`;
}

export function batchSettings(o: BatchOptions): Record<string, unknown> {
  return { job: o.job.id, job_hash: scriptHash(o.job), place: o.place.id, place_hash: placeHash(o.place), seed: o.seed, count: o.count, tasks: o.tasks ?? null, max_frames: o.maxFrames ?? null };
}

/** Refuse a build holding this job's scripts made differently; returns quietly when there are none or they match. */
export function checkBuild(out: string, o: BatchOptions): void {
  const stage = scriptStage(o.job);
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
  const sids = scriptSids(o.seed, o.job.id, o.count);
  const counts = drawTaskCounts(o.job.release_mix, o.count, stream(o.seed, 'script/mix', o.job.id), o.tasks);
  const jobHash = scriptHash(o.job);
  return sids.map((sid, index) => {
    const plan = planScript({ job: o.job, place: o.place, seed: o.seed, sid, tasks: counts[index], maxFrames: o.maxFrames });
    const p = scriptPaths(sid);
    const files: Record<string, string> = {
      [p.robot]: JSON.stringify(robotDoc(o.job, sid), null, 2) + '\n',
      [p.camera]: JSON.stringify(cameraDoc(o.job), null, 2) + '\n',
      [p.pose]: poseText(plan),
      [p.timeline]: JSON.stringify(plan.timeline) + '\n',
      [p.plan]: JSON.stringify(planDoc(plan, { job: o.job, jobHash, place: o.place, seed: o.seed, index }), null, 1) + '\n',
    };
    return { sid, index, plan, files };
  });
}

/** Write a planned batch and its manifest. */
export function writeBatch(out: string, o: BatchOptions, scripts: readonly PlannedScript[]): void {
  const m = newManifest(scriptStage(o.job), TOOL_VERSION, batchSettings(o));
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
