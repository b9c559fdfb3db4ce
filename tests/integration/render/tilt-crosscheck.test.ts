/**
 * Tilted solids in Blender agree with the ray-cast truth: a small scene of its own (a car-like rbox on four wheels,
 * cylinders rolled 90 degrees so their axes lie across it; a cabinet fallen on its back at 90 degrees; a crate
 * pitched 30 degrees, resting on an edge, moved and tilted otherwise for the second frame; a pail, a hollow lathe,
 * lying on its side with its mouth towards the first camera; a plank leaning at 25 degrees with a 5 degree roll; on
 * a floor), two frames at 640x480 and one sample, Blender's depth and id passes against `raycastFrame` of the same objects. At least 99% of pixels must carry
 * the same id and a depth within 10 mm, as the other kinds' cross-checks ask; the frames must show each thing. The
 * control, the same truth with every tilt dropped, must fall below that, so the test can fail (Blender's rotation
 * order, or the truth's, being wrong would fail it too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { zRange, type Solid } from '../../../layouts/solids.ts';
import { readDepthMm, readIds } from '../../../render/decode.ts';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../../render/pool.ts';
import { parseShotList, resolvedMoves, writeShotList, type ShotList } from '../../../render/shot-list.ts';
import { objectsAt } from '../../../render/frame-scene.ts';
import {
  compareTruth,
  raycastFrame,
  truthScene,
  type DepthIds,
  type TruthAgreement,
} from '../../../render/truth/raycast-renderer.ts';

type O = Solid & { truth_id: number };
const thing = { role: 'thing', material: 'paint', yaw_deg: 0 } as const;

/** The solid moved up or down so that its lowest point lies 1 mm above the floor. */
const resting = (s: O): O => ({ ...s, center: [s.center[0], s.center[1], s.center[2] - zRange(s)[0] + 0.001] });

/** A car: an rbox body yawed 15 degrees on four wheels (cylinders 0.36 across, 0.12 wide, rolled 90 degrees). */
function car(): O[] {
  const yaw = (15 * Math.PI) / 180;
  const at = (u: number, v: number): [number, number] => [
    2.7 + Math.cos(yaw) * u - Math.sin(yaw) * v,
    0.8 + Math.sin(yaw) * u + Math.cos(yaw) * v,
  ];
  const body: O = {
    ...thing,
    name: 'car',
    owner: 'car',
    shape: 'rbox',
    center: [2.7, 0.8, 0.47],
    size: [1.6, 0.7, 0.38],
    radius: 0.09,
    yaw_deg: 15,
    truth_id: 1,
  };
  const wheels = [
    [0.55, 0.42],
    [0.55, -0.42],
    [-0.55, 0.42],
    [-0.55, -0.42],
  ].map(
    ([u, v], i): O => ({
      ...thing,
      name: `wheel_${i}`,
      owner: 'car',
      material: 'rubber',
      shape: 'cylinder',
      center: [...at(u, v), 0.18],
      size: [0.36, 0.36, 0.12],
      yaw_deg: 15,
      roll_deg: 90,
      truth_id: 1,
    }),
  );
  return [body, ...wheels];
}

/** The crate's pose in the second frame: elsewhere, turned and tilted otherwise, resting on the floor. */
const CRATE_2 = resting({
  ...thing,
  name: 'crate',
  owner: 'crate',
  shape: 'box',
  center: [1.1, -1.5, 0],
  size: [0.4, 0.3, 0.5],
  yaw_deg: 10,
  pitch_deg: -15,
  roll_deg: 40,
  truth_id: 3,
});
const pose = (s: O) => ({ center: s.center, yaw_deg: s.yaw_deg, pitch_deg: s.pitch_deg, roll_deg: s.roll_deg });

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };
const FRAMES = [
  // from a standing height, looking down over the scene
  { index: 0, camera: { position: [0, 0, 1.6], yaw_deg: 0, pitch_deg: -30 } },
  // low, from the side; the crate moved (a frame's move carries its tilt: Blender's move path)
  {
    index: 1,
    camera: { position: [0.3, -2.4, 0.5], yaw_deg: 50, pitch_deg: -8 },
    moves: [{ name: 'crate', ...pose(CRATE_2) }],
  },
];

const IDS = [1, 2, 3, 4, 5];
const JOB: ShotList = parseShotList({
  version: 1,
  sid: 'tilts',
  camera: CAM,
  settings: { pixel_filter: { type: 'box', width_px: 1 } },
  world: { background_rgb: [0.2, 0.3, 0.5], strength: 1 },
  materials: {
    grey: { base_rgb: [0.6, 0.6, 0.6], roughness: 0.6, metallic: 0, pattern: 'concrete' },
    paint: { base_rgb: [0.7, 0.25, 0.2], roughness: 0.4, metallic: 0 },
    rubber: { base_rgb: [0.08, 0.08, 0.08], roughness: 0.9, metallic: 0 },
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
    ...car(),
    resting({
      ...thing,
      name: 'cabinet',
      owner: 'cabinet',
      shape: 'box',
      center: [1.7, -0.75, 0],
      size: [0.5, 0.35, 0.8],
      yaw_deg: 20,
      pitch_deg: 90,
      truth_id: 2,
    }),
    resting({
      ...thing,
      name: 'crate',
      owner: 'crate',
      shape: 'box',
      center: [1.3, 0.45, 0],
      size: [0.4, 0.3, 0.5],
      yaw_deg: -25,
      pitch_deg: 30,
      truth_id: 3,
    }),
    resting({
      ...thing,
      name: 'pail',
      owner: 'pail',
      shape: 'lathe',
      center: [1, -0.1, 0],
      size: [0.2, 0.2, 0.24],
      profile: [
        [0.09, 0],
        [0.1, 0.24],
      ],
      wall: 0.01,
      yaw_deg: -60,
      roll_deg: 90,
      truth_id: 4,
    }),
    resting({
      ...thing,
      name: 'plank',
      owner: 'plank',
      shape: 'box',
      center: [2.4, -1.3, 0],
      size: [1.2, 0.25, 0.03],
      yaw_deg: 70,
      pitch_deg: 25,
      roll_deg: 5,
      truth_id: 5,
    }),
  ],
  frames: FRAMES.map((f) => ({ moves: [], ...f })),
});

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-tilt-'));
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

/**
 * Each frame's agreement of the ray-cast truth of its objects (posed by the frame's moves, then passed through
 * `alter`) with Blender's frame, and per id [truth px, same id].
 */
function agreement(alter: (o: ShotList['objects'][number]) => ShotList['objects'][number] = (o) => o) {
  const k = intrinsics(W, H, CAM.hfov_deg);
  const moves = resolvedMoves(JOB);
  return JOB.frames.map((f, i) => {
    const scene = truthScene(objectsAt(JOB, moves, i).map(alter));
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

describe('tilted solids: Blender against the ray-cast truth', () => {
  it('agree on ids and depth (10 mm) on at least 99% of pixels, each thing in view', () => {
    const rows = agreement();
    const t = table(rows);
    console.log(`tilts:\n${t}`);
    for (const r of rows) expect(r.a.both, t).toBeGreaterThanOrEqual(0.99);
    for (const id of IDS)
      expect(Math.max(...rows.map((r) => r.counts.get(id)?.[0] ?? 0)), `${id}\n${t}`).toBeGreaterThan(2000);
  });

  it('would catch a tilt lost or turned the wrong way: the truth with every tilt dropped disagrees', () => {
    const rows = agreement(({ pitch_deg: _p, roll_deg: _r, ...o }) => o);
    const t = table(rows);
    console.log(`tilts dropped (control):\n${t}`);
    for (const r of rows) expect(r.a.both, t).toBeLessThan(0.99);
  });
});
