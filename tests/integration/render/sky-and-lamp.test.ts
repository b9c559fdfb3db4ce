/**
 * The sky and the robot's lamp in Blender (render/blender/render_job.py, setup_world and setup_camera). A clear sky
 * about the place's sun is brightest towards the sun's azimuth and the same all round without it (the flat sky):
 * this checks the turn between the place's azimuth (counter-clockwise from +x) and Blender's sun rotation (clockwise
 * from +y) at two azimuths. A camera's lamp lights what the camera faces and moves with it: in a closed dark room
 * the wall it faces is lit, and dark without the lamp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../../render/pool.ts';
import { frameLuma } from '../../../render/exposure.ts';
import { parseShotList, type ShotList, writeShotList } from '../../../render/shot-list.ts';

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-sky-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** Four frames at the origin looking 25 degrees up, towards +x, +y, -x and -y. */
function job(sid: string, sky?: { sun_elevation_deg: number; sun_azimuth_deg: number }): ShotList {
  return parseShotList({
    version: 1,
    sid,
    camera: { width: 96, height: 72, hfov_deg: 80 },
    world: { background_rgb: [0.5, 0.6, 0.8], strength: sky ? 0.08 : 1, ...(sky ? { sky } : {}) },
    materials: { grey: { base_rgb: [0.5, 0.5, 0.5], roughness: 0.8, metallic: 0 } },
    lights: [
      { name: 'sun', type: 'sun', position: [0, 0, 10], direction: [0, 0, -1], strength: 1, rgb: [1, 1, 1], size_m: 0 },
    ],
    objects: [
      {
        name: 'post',
        owner: 'post',
        role: 'fixed',
        shape: 'box',
        center: [0, 0, -5],
        size: [0.1, 0.1, 0.1],
        yaw_deg: 0,
        material: 'grey',
        truth_id: 0,
      },
    ],
    frames: [0, 90, 180, -90].map((yaw, index) => ({
      index,
      camera: { position: [0, 0, 1], yaw_deg: yaw, pitch_deg: 25 },
    })),
  });
}

/** A closed 4 m room (a box around the camera, lit by a dim sun outside it), two views, with or without a lamp. */
function room(sid: string, lamp?: { power_w: number; spot_angle_deg: number }): ShotList {
  const wall = (name: string, center: [number, number, number], size: [number, number, number]) => ({
    name,
    owner: name,
    role: 'wall',
    shape: 'box',
    center,
    size,
    yaw_deg: 0,
    material: 'grey',
    truth_id: 0,
  });
  return parseShotList({
    version: 1,
    sid,
    camera: { width: 96, height: 72, hfov_deg: 80, ...(lamp ? { lamp } : {}) },
    world: { background_rgb: [0.5, 0.6, 0.8], strength: 0.2 },
    materials: { grey: { base_rgb: [0.6, 0.6, 0.6], roughness: 0.8, metallic: 0 } },
    lights: [
      { name: 'sun', type: 'sun', position: [0, 0, 10], direction: [0, 0, -1], strength: 1, rgb: [1, 1, 1], size_m: 0 },
    ],
    objects: [
      wall('floor', [0, 0, -0.05], [4.2, 4.2, 0.1]),
      wall('roof', [0, 0, 2.55], [4.2, 4.2, 0.1]),
      wall('east', [2.05, 0, 1.25], [0.1, 4, 2.5]),
      wall('west', [-2.05, 0, 1.25], [0.1, 4, 2.5]),
      wall('north', [0, 2.05, 1.25], [4, 0.1, 2.5]),
      wall('south', [0, -2.05, 1.25], [4, 0.1, 2.5]),
    ],
    frames: [0, 180].map((yaw, index) => ({ index, camera: { position: [0, 0, 0.5], yaw_deg: yaw, pitch_deg: 0 } })),
  });
}

const JOBS = [
  job('sky-east', { sun_elevation_deg: 25, sun_azimuth_deg: 0 }),
  job('sky-north', { sun_elevation_deg: 25, sun_azimuth_deg: 90 }),
  job('sky-flat'),
  room('room-dark'),
  room('room-lamp', { power_w: 2, spot_angle_deg: 100 }),
];

const luma = new Map<string, number[]>();
beforeAll(async () => {
  for (const j of JOBS) writeShotList(shotListPath(ROOT, j.sid), j);
  await renderFrames(
    buildFrameTasks(
      ROOT,
      JOBS.map((job) => ({ job })),
    ),
    { samples: 4, workers: 1, workDir: join(ROOT, 'tmp') },
  );
  for (const j of JOBS)
    luma.set(j.sid, await Promise.all(j.frames.map((f) => frameLuma(framePaths(ROOT, j.sid, f.index).rgb))));
}, 600_000);

describe('the physical sky', () => {
  it("is brightest looking towards the sun's azimuth", () => {
    const [e, n, w, s] = luma.get('sky-east')!;
    expect(e, `east ${e}, north ${n}, west ${w}, south ${s}`).toBeGreaterThan(1.3 * Math.max(n, w, s));
    const [e2, n2, w2, s2] = luma.get('sky-north')!;
    expect(n2, `east ${e2}, north ${n2}, west ${w2}, south ${s2}`).toBeGreaterThan(1.3 * Math.max(e2, w2, s2));
    // north and south of a sun in the east see the same sky
    expect(Math.abs(n - s)).toBeLessThan(0.02);
  });

  it('a flat sky is the same all round', () => {
    const xs = luma.get('sky-flat')!;
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(0.01);
  });
});

describe("the robot's lamp", () => {
  it('lights the wall the camera faces, whichever way it turns', () => {
    const dark = luma.get('room-dark')!;
    const lit = luma.get('room-lamp')!;
    for (const k of [0, 1]) {
      expect(dark[k], `dark ${dark}`).toBeLessThan(0.02);
      expect(lit[k], `lit ${lit}, dark ${dark}`).toBeGreaterThan(0.04);
    }
  });
});
