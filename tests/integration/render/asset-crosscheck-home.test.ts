/**
 * The kitchen and bathroom assets in Blender agree with the ray-cast truth: their showroom
 * (tests/inputs/places/asset-showroom-home.yaml: a counter with a sink and a hob, a fridge, a shoe rack, a dock, a
 * bathroom sink, a bathtub, a toilet, things on the surfaces) as the render stage hands it to Blender (buildShotList),
 * three frames at 640x480 and one sample, Blender's depth and id passes
 * against `raycastFrame` of the same objects. At least 99% of pixels must carry the same id and a depth within 10 mm,
 * as the other kinds' cross-checks ask; every item must show in some frame. The control, the truth given each item's
 * plain bounding box (what the item was before its asset), must fall below that, so the test can fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { loadPlaceFile } from '../../../layouts/load.ts';
import { emptyTimeline } from '../../../layouts/timeline.ts';
import { fixedSolids } from '../../../layouts/world.ts';
import { buildShotList } from '../../../render/build-shot-list.ts';
import { readDepthMm, readIds } from '../../../render/decode.ts';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../../render/pool.ts';
import { type ShotList, writeShotList } from '../../../render/shot-list.ts';
import {
  compareTruth,
  type DepthIds,
  raycastFrame,
  type TruthAgreement,
  truthScene,
} from '../../../render/truth/raycast-renderer.ts';

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };
const { place } = loadPlaceFile(join(REPO_ROOT, 'tests', 'inputs', 'places', 'asset-showroom-home.yaml'));

const FRAMES = [
  // from the south, high: the counter's sink and hob, the fridge, the shoe rack, the sink; the bathtub and toilet behind
  { position: [4.6, -2.0, 3.0], yaw_deg: 90, pitch_deg: -40 },
  // the helper's height south-east of the bathroom pair: the bathtub's inside and tap, the toilet's bowl and cistern
  { position: [4.6, 2.6, 1.3], yaw_deg: 150, pitch_deg: -32 },
  // close to the counter's front, low: the fronts, handles, the toe kick under them
  { position: [2.2, -0.6, 0.9], yaw_deg: 80, pitch_deg: -20 },
] as const;

const { job, entities } = buildShotList({
  sid: 'assets-home',
  place,
  timeline: emptyTimeline(place, 1),
  frames: FRAMES.map((c, index) => ({
    index,
    t: 0,
    camera: { position: [...c.position], yaw_deg: c.yaw_deg, pitch_deg: c.pitch_deg },
  })),
  camera: CAM,
  settings: { pixel_filter: { type: 'box', width_px: 1 } },
});
const JOB: ShotList = job;

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-assets-home-'));
const BUILD = join(ROOT, 'build');

beforeAll(async () => {
  writeShotList(shotListPath(BUILD, JOB.sid), JOB);
  await renderFrames(buildFrameTasks(BUILD, [{ job: JOB }]), {
    samples: 1,
    workers: 1,
    workDir: join(BUILD, '.stbench', 'tmp'),
  });
}, 600_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

function blenderFrame(index: number): DepthIds {
  const p = framePaths(BUILD, JOB.sid, index);
  const depth = readDepthMm(p.depth);
  const ids = readIds(p.ids);
  return { width: depth.width, height: depth.height, depth: depth.data, ids: ids.data };
}

/** Each frame's agreement of the ray-cast truth of these objects with Blender's frame, and per id [truth px, same id]. */
function agreement(objects: ShotList['objects']) {
  const k = intrinsics(W, H, CAM.hfov_deg);
  const scene = truthScene(objects);
  return JOB.frames.map((f) => {
    const c = f.camera;
    const ours = raycastFrame(k, cameraPose(c.position, c.yaw_deg, c.pitch_deg), scene);
    const theirs = blenderFrame(f.index);
    const counts = new Map<number, [number, number]>();
    for (let p = 0; p < ours.ids.length; p++) {
      const e = counts.get(ours.ids[p]) ?? [0, 0];
      e[0]++;
      if (theirs.ids[p] === ours.ids[p]) e[1]++;
      counts.set(ours.ids[p], e);
    }
    return { index: f.index, a: compareTruth(ours, theirs, 10) as TruthAgreement, counts };
  });
}

const nameOf = new Map(entities.map((e) => [e.truth_id, e.entity]));
function table(rows: ReturnType<typeof agreement>): string {
  return rows
    .map(
      (r) =>
        `k${r.index}: ids ${r.a.ids.toFixed(4)} depth ${r.a.depth.toFixed(4)} both ${r.a.both.toFixed(4)} (${Math.round((1 - r.a.both) * r.a.pixels)} of ${r.a.pixels} px off); per id [truth px, same id]: ${[
          ...r.counts,
        ]
          .sort((a, b) => a[0] - b[0])
          .map(([id, [n, same]]) => `${nameOf.get(id) ?? id}: ${n}/${same}`)
          .join(', ')}`,
    )
    .join('\n');
}

describe('kitchen and bathroom assets: Blender against the ray-cast truth', () => {
  it('agree on ids and depth (10 mm) on at least 99% of pixels, every item in view', () => {
    const rows = agreement(JOB.objects);
    const t = table(rows);
    console.log(`assets:\n${t}`);
    for (const r of rows) expect(r.a.both, t).toBeGreaterThanOrEqual(0.99);
    for (const f of place.fixed) {
      const id = entities.find((e) => e.entity === f.id)!.truth_id;
      expect(Math.max(...rows.map((r) => r.counts.get(id)?.[0] ?? 0)), `${f.id}\n${t}`).toBeGreaterThan(1000);
    }
  });

  it("would catch assets built otherwise: the truth given each item's plain bounding box disagrees", () => {
    const ids = new Map(entities.map((e) => [e.entity, e.truth_id]));
    const boxes = place.fixed.flatMap((f) => {
      const { asset: _a, ...plain } = f;
      return fixedSolids(plain).map((s) => ({ ...s, yaw_deg: s.yaw_deg ?? 0, truth_id: ids.get(f.id)! }));
    });
    const owners = new Set(place.fixed.map((f) => f.id));
    const objects = [...JOB.objects.filter((o) => !(o.role === 'fixed' && owners.has(o.owner))), ...boxes];
    const rows = agreement(objects);
    const t = table(rows);
    console.log(`plain bounding boxes (control):\n${t}`);
    for (const r of rows) expect(r.a.both, t).toBeLessThan(0.99);
  });
});
