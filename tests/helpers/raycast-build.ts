/**
 * A build whose truth comes from the ray-cast truth renderer instead of Blender: scripts planned by the script
 * stage (optionally thinned to a number of frames a task, decision frames kept first), then per frame depth and
 * ids ray-cast from the world model, a flat RGB from each entity's colour word, and the truth records computed
 * from them as the render stage computes them. Each script's render_log.json records `engine: raycast` with the
 * hashes of its inputs and of its visibility.jsonl. No frame image is written: enough for compile, not for a run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getJob } from '../../jobs/load.ts';
import { cameraPose, intrinsics } from '../../layouts/camera.ts';
import { getPlace } from '../../layouts/load.ts';
import { hashJson, sha256, writeJsonAtomic } from '../../pipeline/core/index.ts';
import { planBatch, writeBatch, type BatchOptions, type PlannedScript } from '../../pipeline/script/batch.ts';
import { cameraDoc, planDoc, poseText, robotDoc, scriptPaths } from '../../pipeline/script/files.ts';
import { buildRenderJob, entitiesAt } from '../../render/build-job.ts';
import { resolvedMoves } from '../../render/render-job.ts';
import { readScriptInputs } from '../../render/script-inputs.ts';
import { entityBoxes, floorGrid, frameTruth, paletteFromColourWords, raycastFrame, truthScene, writeVisibility, type EntityInfo, type TruthFrame, type VisibilityRecord } from '../../render/truth/index.ts';

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
    [p.robot]: JSON.stringify(robotDoc(o.job, s.sid), null, 2) + '\n',
    [p.camera]: JSON.stringify(cameraDoc(o.job), null, 2) + '\n',
    [p.pose]: poseText(thinned),
    [p.plan]: JSON.stringify(planDoc(thinned, { job: o.job, jobHash: hashJson(o.job), place: o.place, seed: o.seed, index: s.index }), null, 1) + '\n',
  };
  return { ...s, plan: thinned, files };
}

/** Script a job's batch into the build (thinned when asked). */
export function scriptJob(build: string, seed: string, j: RaycastJob): string[] {
  const job = getJob(j.job);
  const o: BatchOptions = { job, place: getPlace(job.layout), seed, count: j.count, tasks: j.tasks, maxFrames: j.maxFrames };
  let scripts = planBatch(o);
  if (j.framesPerTask) scripts = scripts.map((s) => thinScript(s, o, j.framesPerTask!));
  writeBatch(build, o, scripts);
  return scripts.map((s) => s.sid);
}

const byte = (x: number) => Math.max(0, Math.min(255, Math.round(255 * Math.pow(Math.max(0, x), 1 / 2.2))));

/** Ray-cast one script's frames and write its visibility.jsonl and render_log.json. */
export function raycastTruth(build: string, sid: string): void {
  const inputs = readScriptInputs(build, sid);
  const tl = inputs.timeline;
  const place = tl.place;
  const { job } = buildRenderJob({ sid, place, timeline: tl, frames: inputs.frames, camera: inputs.camera });
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  const grid = floorGrid(place.bounds);
  const words = place.colour_words as Record<string, readonly [number, number, number]>;
  const palette = paletteFromColourWords(words);
  const moves = resolvedMoves(job);
  const shade = (c: string | null | undefined): readonly [number, number, number] => {
    const lin = c && words[c] ? words[c] : [0.4, 0.4, 0.4];
    return [byte(lin[0] * 0.8), byte(lin[1] * 0.8), byte(lin[2] * 0.8)];
  };
  const records: VisibilityRecord[] = [];
  for (let i = 0; i < job.frames.length; i++) {
    const f = job.frames[i];
    const t = f.t ?? 0;
    const pose = new Map(moves[i].map((m) => [m.name, m]));
    const solids = job.objects.flatMap((o) => {
      const m = pose.get(o.name);
      if (!m) return [o];
      return m.hidden ? [] : [{ ...o, center: m.center, yaw_deg: m.yaw_deg }];
    });
    const boxes = entityBoxes(solids);
    const table = new Map<number, EntityInfo>();
    for (const e of entitiesAt(job.entities ?? [], tl, t)) {
      const box = boxes.get(e.truth_id);
      table.set(e.truth_id, { truth_id: e.truth_id, entity: e.entity, role: e.role, kind: e.kind, colour: e.colour, support: e.support, ...(box ? { box } : {}) });
    }
    const cam = cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg);
    const r = raycastFrame(k, cam, truthScene(solids));
    // a flat colour per id, worked out once per id (grey for structure and unknown colours)
    const grey = shade(undefined);
    const lut = new Map<number, readonly [number, number, number]>();
    const rgb = new Uint8Array(r.depth.length * 3);
    for (let p = 0; p < r.ids.length; p++) {
      const id = r.ids[p];
      let c = lut.get(id);
      if (!c) lut.set(id, (c = table.has(id) ? shade(table.get(id)!.colour) : grey));
      rgb[p * 3] = c[0];
      rgb[p * 3 + 1] = c[1];
      rgb[p * 3 + 2] = c[2];
    }
    const frame: TruthFrame = { k: f.index, t, intrinsics: k, camera: cam, depth: r.depth, ids: r.ids, rgb };
    records.push(frameTruth(frame, table, grid, { palette }).visibility);
  }
  const vis = join('private', sid, 'visibility.jsonl');
  writeVisibility(join(build, vis), records);
  writeJsonAtomic(join(build, 'private', sid, 'render_log.json'), {
    format: 'stbench.render_log/1',
    sid,
    engine: 'raycast',
    inputs: inputs.hashes,
    outputs: { [vis]: sha256(readFileSync(join(build, vis))) },
  });
}

/** Script the jobs and ray-cast every script's truth. */
export function makeRaycastBuild(build: string, seed: string, jobs: readonly RaycastJob[]): string[] {
  const sids = jobs.flatMap((j) => scriptJob(build, seed, j));
  for (const sid of sids) raycastTruth(build, sid);
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
    camera: { position: [f.camera.position[0], f.camera.position[1], f.camera.position[2]], yaw_deg: r3(f.camera.yaw_deg), pitch_deg: r3(f.camera.pitch_deg) },
    entities: [],
    seen: { grid, floor: [], obstacle: [] },
  }));
  const vis = join('private', sid, 'visibility.jsonl');
  writeVisibility(join(build, vis), records);
  writeJsonAtomic(join(build, 'private', sid, 'render_log.json'), { format: 'stbench.render_log/1', sid, engine: 'none', inputs: inputs.hashes, outputs: { [vis]: sha256(readFileSync(join(build, vis))) } });
}

/** Script the jobs and write blank truth for every script (seconds; no ray casting). */
export function makeBlankBuild(build: string, seed: string, jobs: readonly RaycastJob[]): string[] {
  const sids = jobs.flatMap((j) => scriptJob(build, seed, j));
  for (const sid of sids) blankTruth(build, sid);
  return sids;
}
