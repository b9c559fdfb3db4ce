/**
 * Rounded boxes in Blender agree with the ray-cast truth: a small scene of its own (a cushion and a second one of
 * the same size and radius, so sharing its mesh, turned; a mattress; a tall cabinet with a 12 mm radius; an ottoman
 * yawed 30 degrees; a pouf that is nearly a sphere; on a floor), two frames at 640x480 and one sample, Blender's depth
 * and id passes against `raycastFrame` of the same objects. At least 99% of pixels must carry the same id and a
 * depth within 10 mm, as the fixture's cross-check asks of the other kinds; the frames must show each rbox. The
 * control, the truth with plain boxes of the same sizes, must fall below that, so the test can fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { readDepthMm, readIds } from '../../../render/decode.ts';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../../render/pool.ts';
import { parseShotList, writeShotList, type ShotList } from '../../../render/shot-list.ts';
import {
  compareTruth,
  raycastFrame,
  truthScene,
  type DepthIds,
  type TruthAgreement,
} from '../../../render/truth/raycast-renderer.ts';

const rbox = (
  name: string,
  truth_id: number,
  at: [number, number],
  size: [number, number, number],
  radius: number,
  yaw_deg = 0,
  material = 'fabric',
) => ({
  name,
  owner: name,
  role: 'thing',
  shape: 'rbox',
  center: [at[0], at[1], size[2] / 2],
  size,
  yaw_deg,
  material,
  radius,
  truth_id,
});

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };
const FRAMES = [
  // from a standing height, looking down over the scene: tops, rounded edges and corners
  { index: 0, camera: { position: [0, 0, 1.6], yaw_deg: 0, pitch_deg: -30 } },
  // low, from the side: the rounded sides against the floor and the far ones
  { index: 1, camera: { position: [0.3, -2.2, 0.5], yaw_deg: 50, pitch_deg: -8 } },
];

const IDS = [1, 2, 3, 4, 5, 6];
const JOB: ShotList = parseShotList({
  version: 1,
  sid: 'rboxes',
  camera: CAM,
  settings: { pixel_filter: { type: 'box', width_px: 1 } },
  world: { background_rgb: [0.2, 0.3, 0.5], strength: 1 },
  materials: {
    grey: { base_rgb: [0.6, 0.6, 0.6], roughness: 0.6, metallic: 0, pattern: 'concrete' },
    fabric: { base_rgb: [0.3, 0.4, 0.6], roughness: 0.8, metallic: 0, pattern: 'fabric' },
    white: { base_rgb: [0.85, 0.85, 0.8], roughness: 0.3, metallic: 0 },
  },
  lights: [
    {
      name: 'sun',
      type: 'sun',
      position: [0, 0, 10],
      direction: [0.3, 0.2, -1],
      strength: 3,
      rgb: [1, 1, 1],
      size_m: 0,
    },
  ],
  objects: [
    {
      name: 'floor',
      owner: 'structure',
      role: 'floor',
      shape: 'box',
      center: [2, 0, -0.05],
      size: [8, 8, 0.1],
      yaw_deg: 0,
      material: 'grey',
      truth_id: 0,
    },
    rbox('cushion', 1, [1.4, -0.45], [0.6, 0.55, 0.16], 0.06),
    rbox('cushion_2', 2, [1.05, -1.25], [0.6, 0.55, 0.16], 0.06, 65),
    rbox('mattress', 3, [3.2, 1.1], [2, 1.4, 0.24], 0.05, 0, 'white'),
    rbox('cabinet', 4, [3.4, -1.0], [0.6, 0.45, 1.8], 0.012, 0, 'white'),
    rbox('ottoman', 5, [2.2, -0.1], [0.8, 0.5, 0.45], 0.08, 30),
    rbox('pouf', 6, [1.3, 0.55], [0.5, 0.5, 0.46], 0.22),
  ],
  frames: FRAMES.map((f) => ({ ...f, moves: [] })),
});

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-rbox-'));
const BUILD = join(ROOT, 'build');

beforeAll(async () => {
  writeShotList(shotListPath(BUILD, JOB.sid), JOB);
  await renderFrames(buildFrameTasks(BUILD, [{ job: JOB }]), {
    samples: 1,
    workers: 1,
    workDir: join(BUILD, '.stbench', 'tmp'),
  });
}, 300_000);

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

function table(rows: ReturnType<typeof agreement>): string {
  return rows
    .map(
      (r) =>
        `k${r.index}: ids ${r.a.ids.toFixed(4)} depth ${r.a.depth.toFixed(4)} both ${r.a.both.toFixed(4)} (${Math.round((1 - r.a.both) * r.a.pixels)} of ${r.a.pixels} px off); per id [truth px, same id]: ${[
          ...r.counts,
        ]
          .sort((a, b) => a[0] - b[0])
          .map(([id, [n, same]]) => `${id}: ${n}/${same}`)
          .join(', ')}`,
    )
    .join('\n');
}

describe('rounded boxes: Blender against the ray-cast truth', () => {
  it('agree on ids and depth (10 mm) on at least 99% of pixels, each rbox in view', () => {
    const rows = agreement(JOB.objects);
    const t = table(rows);
    console.log(`rboxes:\n${t}`);
    for (const r of rows) expect(r.a.both, t).toBeGreaterThanOrEqual(0.99);
    for (const id of IDS)
      expect(Math.max(...rows.map((r) => r.counts.get(id)?.[0] ?? 0)), `${id}\n${t}`).toBeGreaterThan(2000);
  });

  it('would catch an rbox shaped differently: the truth with plain boxes of the same sizes disagrees', () => {
    const boxes = JOB.objects.map(({ radius: _, ...o }) => ({ ...o, shape: 'box' as const }));
    const rows = agreement(boxes);
    const t = table(rows);
    console.log(`plain boxes (control):\n${t}`);
    for (const r of rows) expect(r.a.both, t).toBeLessThan(0.99);
  });
});
