/**
 * The truth records of a rendered script, from its frames' depth, ids and RGB and its shot list (entities, object
 * poses per frame) plus the timeline (a thing's support at each frame): private/<sid>/visibility.jsonl,
 * private/<sid>/perception_ids.jsonl and scripts/<sid>/perception/oracle.jsonl.
 */
import { join } from 'node:path';
import { cameraPose, intrinsics } from '../layouts/camera.ts';
import type { Timeline } from '../layouts/timeline.ts';
import { framePaths } from './frame-files.ts';
import { entityTableAt, objectsAt, seenOptionsAt } from './frame-scene.ts';
import { resolvedMoves, type ShotList } from './shot-list.ts';
import {
  floorGrid,
  frameTruth,
  loadTruthFrame,
  paletteFromColourWords,
  writeOracle,
  writePerceptionIds,
  writeVisibility,
  type OracleRecord,
  type PerceptionIdsRecord,
  type VisibilityRecord,
} from './truth/index.ts';

/** Where a script's truth records go, relative to the build. */
export function truthPaths(sid: string): { visibility: string; perceptionIds: string; oracle: string } {
  return {
    visibility: join('private', sid, 'visibility.jsonl'),
    perceptionIds: join('private', sid, 'perception_ids.jsonl'),
    oracle: join('scripts', sid, 'perception', 'oracle.jsonl'),
  };
}

/** Compute the truth records of every frame of a rendered job and write them (atomically). */
export async function writeScriptTruth(build: string, job: ShotList, timeline: Timeline): Promise<void> {
  const place = timeline.place;
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  const grid = floorGrid(place.bounds);
  const palette = paletteFromColourWords(place.colour_words);
  const moves = resolvedMoves(job);
  const visibility: VisibilityRecord[] = [];
  const perceptionIds: PerceptionIdsRecord[] = [];
  const oracle: OracleRecord[] = [];
  for (let i = 0; i < job.frames.length; i++) {
    const f = job.frames[i];
    const t = f.t ?? 0;
    const objects = objectsAt(job, moves, i);
    const table = entityTableAt(job, timeline, t, objects);
    const files = framePaths(build, job.sid, f.index);
    const cam = cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg);
    const frame = await loadTruthFrame(
      { depth: files.depth, ids: files.ids, rgb: files.rgb, albedo: files.albedo },
      f.index,
      t,
      k,
      cam,
    );
    const r = frameTruth(frame, table, grid, { palette, ...seenOptionsAt(job, objects) });
    visibility.push(r.visibility);
    perceptionIds.push(r.perceptionIds);
    oracle.push(r.oracle);
  }
  const p = truthPaths(job.sid);
  writeVisibility(join(build, p.visibility), visibility);
  writePerceptionIds(join(build, p.perceptionIds), perceptionIds);
  writeOracle(join(build, p.oracle), oracle);
}
