/**
 * Builds for tests whose truth comes from the truth-only engine (render/raycast-engine.ts) instead of Blender:
 * scripts planned by the script stage (optionally thinned to a number of frames a task, decision frames kept first),
 * then `stbench render --engine raycast` over them. Also blank builds (nothing seen) for tests that only need a
 * compilable build fast.
 */
import { devPlace } from '../../jobs/places.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getJob } from '../../jobs/load.ts';
import { scriptHash } from '../../jobs/job-schema.ts';
import { sha256, writeJsonAtomic } from '../../foundation/index.ts';
import { planBatch, writeBatch, type BatchOptions, type PlannedScript } from '../../script/batch.ts';
import { cameraDoc, planDoc, poseText, robotDoc, scriptPaths } from '../../script/files.ts';
import { readScriptInputs } from '../../render/script-inputs.ts';
import { renderStage } from '../../render/stage.ts';
import { floorGrid, writeVisibility, type VisibilityRecord } from '../../render/truth/index.ts';

export interface RaycastJob {
  job: string;
  count: number;
  tasks?: number;
  maxFrames?: number;
  /** thin each task to this many frames (decision frames first, then evenly spaced) */
  framesPerTask?: number;
}

/** Keep at most n frames of each task of a planned script (decision frames first), renumbering k; files rewritten. */
export function thinScript(s: PlannedScript, o: BatchOptions, n: number): PlannedScript {
  const plan = s.plan;
  const keep: number[] = [];
  for (const t of plan.tasks) {
    const ks = plan.keyframes.filter((k) => k.task === t.index).map((k) => k.k);
    if (ks.length <= n) {
      keep.push(...ks);
      continue;
    }
    const chosen = new Set(ks.filter((k) => plan.keyframes[k].decision).slice(0, n));
    for (let i = 0; chosen.size < n && i < n; i++) chosen.add(ks[Math.floor((i * ks.length) / n)]);
    for (let i = 0; chosen.size < n && i < ks.length; i++) chosen.add(ks[i]);
    keep.push(...[...chosen].sort((a, b) => a - b));
  }
  const thinned = {
    ...plan,
    keyframes: keep.map((k, i) => ({ ...plan.keyframes[k], k: i })),
    steps: keep.map((k, i) => ({ ...plan.steps[k], k: i })),
  };
  const p = scriptPaths(s.sid);
  const files = {
    ...s.files,
    [p.robot]: JSON.stringify(robotDoc(o.job, s.sid, o.place.id, o.split ?? 'dev'), null, 2) + '\n',
    [p.camera]: JSON.stringify(cameraDoc(o.job), null, 2) + '\n',
    [p.pose]: poseText(thinned),
    [p.plan]:
      JSON.stringify(
        planDoc(thinned, { job: o.job, jobHash: scriptHash(o.job), place: o.place, seed: o.seed, index: s.index }),
        null,
        1,
      ) + '\n',
  };
  return { ...s, plan: thinned, files };
}

/** Script a job's batch into the build (thinned when asked). */
export function scriptJob(build: string, seed: string, j: RaycastJob): string[] {
  const job = getJob(j.job);
  const o: BatchOptions = {
    job,
    place: devPlace(job),
    seed,
    count: j.count,
    tasks: j.tasks,
    maxFrames: j.maxFrames,
  };
  let scripts = planBatch(o);
  if (j.framesPerTask) scripts = scripts.map((s) => thinScript(s, o, j.framesPerTask!));
  writeBatch(build, o, scripts);
  return scripts.map((s) => s.sid);
}

/** Ray-cast the scripts' frames and truth with the truth-only engine (`stbench render --engine raycast`). */
export async function raycastTruth(build: string, sids: readonly string[], workers = 1): Promise<void> {
  await renderStage(build, { engine: 'raycast', scripts: [...sids], workers });
}

/** Script the jobs and ray-cast every script's frames and truth records with the truth-only engine. */
export async function makeRaycastBuild(
  build: string,
  seed: string,
  jobs: readonly RaycastJob[],
  workers = 1,
): Promise<string[]> {
  const sids = jobs.flatMap((j) => scriptJob(build, seed, j));
  await raycastTruth(build, sids, workers);
  return sids;
}

/**
 * Truth records with nothing seen (no entity, no seen cell), for tests that need a compilable build fast: each
 * frame's camera from the plan, and a render log (`engine: none`) vouching for them.
 */
export function blankTruth(build: string, sid: string): void {
  const inputs = readScriptInputs(build, sid);
  const g = floorGrid(inputs.timeline.place.bounds);
  const grid = { x0: g.x0, y0: g.y0, cell: g.cell, nx: g.nx, ny: g.ny };
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const records: VisibilityRecord[] = inputs.frames.map((f) => ({
    k: f.index,
    t: r3(f.t ?? 0),
    camera: {
      position: [f.camera.position[0], f.camera.position[1], f.camera.position[2]],
      yaw_deg: r3(f.camera.yaw_deg),
      pitch_deg: r3(f.camera.pitch_deg),
    },
    entities: [],
    seen: { grid, floor: [], obstacle: [] },
  }));
  const vis = join('private', sid, 'visibility.jsonl');
  writeVisibility(join(build, vis), records);
  writeJsonAtomic(join(build, 'private', sid, 'render_log.json'), {
    format: 'stbench.render_log/1',
    sid,
    engine: 'none',
    inputs: inputs.hashes,
    outputs: { [vis]: sha256(readFileSync(join(build, vis))) },
  });
}

/** Script the jobs and write blank truth for every script (seconds; no ray casting). */
export function makeBlankBuild(build: string, seed: string, jobs: readonly RaycastJob[]): string[] {
  const sids = jobs.flatMap((j) => scriptJob(build, seed, j));
  for (const sid of sids) blankTruth(build, sid);
  return sids;
}
