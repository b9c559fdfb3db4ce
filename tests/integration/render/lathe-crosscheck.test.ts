/**
 * Lathes in Blender agree with the ray-cast truth: a small scene of its own (a hollow bowl, a hollow vase turned
 * about z, a solid cone and a plate with a rim, on a floor), two frames at 640x480 and one sample, Blender's depth
 * and id passes against `raycastFrame` of the same objects. At least 99% of pixels must carry the same id and a
 * depth within 10 mm, as the fixture's cross-check asks of the other kinds; the frames must show each lathe.
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

type P = [number, number][];
const BOWL: P = [
  [0.05, 0],
  [0.09, 0.02],
  [0.12, 0.07],
  [0.125, 0.08],
];
const VASE: P = [
  [0.05, 0],
  [0.09, 0.08],
  [0.1, 0.14],
  [0.04, 0.26],
  [0.035, 0.3],
  [0.05, 0.33],
];
const CONE: P = [
  [0.08, 0],
  [0, 0.2],
];
const PLATE: P = [
  [0.07, 0],
  [0.08, 0.008],
  [0.11, 0.012],
  [0.13, 0.025],
];

const lathe = (name: string, truth_id: number, at: [number, number], profile: P, wall?: number, yaw_deg = 0) => {
  const R = Math.max(...profile.map((p) => p[0]));
  const H = profile[profile.length - 1][1];
  return {
    name,
    owner: name,
    role: 'thing',
    shape: 'lathe',
    center: [at[0], at[1], H / 2],
    size: [2 * R, 2 * R, H],
    yaw_deg,
    material: 'clay',
    profile,
    ...(wall !== undefined ? { wall } : {}),
    truth_id,
  };
};

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };
const FRAMES = [
  // from above and in front: the bowl's and plate's insides, the vase's mouth
  { index: 0, camera: { position: [0.05, 0, 0.6], yaw_deg: 0, pitch_deg: -45 } },
  // low, from the side: the walls' outsides, the cone's slant
  { index: 1, camera: { position: [0.45, -0.7, 0.12], yaw_deg: 80, pitch_deg: -4 } },
];

const JOB: ShotList = parseShotList({
  version: 1,
  sid: 'lathes',
  camera: CAM,
  settings: { pixel_filter: { type: 'box', width_px: 1 } },
  world: { background_rgb: [0.2, 0.3, 0.5], strength: 1 },
  materials: {
    grey: { base_rgb: [0.6, 0.6, 0.6], roughness: 0.6, metallic: 0, pattern: 'concrete' },
    clay: { base_rgb: [0.7, 0.4, 0.3], roughness: 0.5, metallic: 0 },
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
      center: [0, 0, -0.05],
      size: [6, 6, 0.1],
      yaw_deg: 0,
      material: 'grey',
      truth_id: 0,
    },
    lathe('bowl', 1, [0.55, -0.12], BOWL, 0.008),
    lathe('vase', 2, [0.6, 0.18], VASE, 0.006, 17),
    lathe('cone', 3, [0.85, 0.02], CONE),
    lathe('plate', 4, [0.38, 0.12], PLATE, 0.005),
  ],
  frames: FRAMES.map((f) => ({ ...f, moves: [] })),
});

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-lathe-'));
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

describe('lathes: Blender against the ray-cast truth', () => {
  it('agree on ids and depth (10 mm) on at least 99% of pixels, each lathe in view', () => {
    const k = intrinsics(W, H, CAM.hfov_deg);
    const scene = truthScene(JOB.objects);
    const rows: { index: number; a: TruthAgreement; counts: Map<number, [number, number]> }[] = [];
    for (const f of JOB.frames) {
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
      rows.push({ index: f.index, a: compareTruth(ours, theirs, 10), counts });
    }
    const table = rows
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
    console.log(table);
    for (const r of rows) expect(r.a.both, table).toBeGreaterThanOrEqual(0.99);
    // every lathe is seen in some frame, large enough to matter
    for (const id of [1, 2, 3, 4])
      expect(Math.max(...rows.map((r) => r.counts.get(id)?.[0] ?? 0)), `${id}\n${table}`).toBeGreaterThan(2000);
  });

  it('would catch a lathe shaped differently: the truth with solid (not hollow) lathes disagrees', () => {
    const k = intrinsics(W, H, CAM.hfov_deg);
    const solid = truthScene(JOB.objects.map(({ wall: _, ...o }) => o));
    const c = JOB.frames[0].camera;
    const a = compareTruth(raycastFrame(k, cameraPose(c.position, c.yaw_deg, c.pitch_deg), solid), blenderFrame(0));
    expect(a.depth).toBeLessThan(0.99);
  });

  it("the bowl's inner floor is what the truth sees straight down into it", () => {
    const k = intrinsics(W, H, CAM.hfov_deg);
    const scene = truthScene(JOB.objects);
    // a camera over the bowl looking down: the centre pixel sees the inner floor, a wall (8 mm) above the bottom
    const cam = cameraPose([0.55, -0.12, 0.5], 0, -90);
    const f = raycastFrame(k, cam, scene);
    const centre = (H / 2) * W + W / 2;
    expect(f.ids[centre]).toBe(1);
    expect(Math.abs(f.depth[centre] - (500 - 8))).toBeLessThanOrEqual(1);
  });
});
