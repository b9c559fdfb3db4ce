import { describe, expect, it } from 'vitest';
import { InputError } from '../../../foundation/index.ts';
import { effectiveSettings, frameStem, parseShotList, resolvedMoves } from '../../../render/shot-list.ts';
import {
  cameraEulerXYZ,
  cameraForward,
  cameraRight,
  cameraUp,
  focalPx,
  projectPoint,
} from '../../../render/camera-rotation.ts';

const base = () => ({
  version: 1,
  sid: 'abc',
  camera: { width: 640, height: 480, hfov_deg: 80 },
  world: { background_rgb: [0.1, 0.1, 0.1], strength: 1 },
  materials: { grey: { base_rgb: [0.5, 0.5, 0.5], roughness: 0.5, metallic: 0, pattern: 'tiles' } },
  lights: [{ name: 'l', type: 'point', position: [0, 0, 2], power_w: 100, rgb: [1, 1, 1], size_m: 0.1 }],
  objects: [
    {
      name: 'floor',
      owner: 'structure',
      role: 'floor',
      shape: 'box',
      center: [0, 0, -0.01],
      size: [4, 4, 0.02],
      material: 'grey',
      truth_id: 0,
    },
    {
      name: 'cup',
      owner: 'thing:cup',
      role: 'thing',
      shape: 'cylinder',
      center: [1, 0, 0.05],
      size: [0.08, 0.08, 0.1],
      yaw_deg: 10,
      material: 'grey',
      truth_id: 7,
    },
    {
      name: 'box',
      owner: 'thing:box',
      role: 'thing',
      shape: 'box',
      center: [0, 1, 0.1],
      size: [0.2, 0.2, 0.2],
      material: 'grey',
      truth_id: 8,
    },
  ],
  frames: [
    { index: 0, camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: -10 } },
    {
      index: 1,
      camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: -10 },
      moves: [{ name: 'cup', center: [1, 1, 0.05], yaw_deg: 0 }],
    },
    {
      index: 2,
      camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: -10 },
      moves: [{ name: 'box', center: [0, 1, 0.1], hidden: true }],
    },
    { index: 5, camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: -10 } },
  ],
});

const issuesOf = (v: unknown) => {
  try {
    parseShotList(v, 'job.json');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).issues.map((i) => `${i.file}: ${i.path}: ${i.message}`);
  }
  throw new Error('expected an InputError');
};

const close = (a: number[], b: number[]) => a.forEach((x, i) => expect(x).toBeCloseTo(b[i], 12));

describe('shot list format', () => {
  it('parses a valid job and fills defaults', () => {
    const job = parseShotList(base());
    expect(job.objects[0].yaw_deg).toBe(0);
    expect(job.frames[0].moves).toEqual([]);
    expect(effectiveSettings(job)).toMatchObject({
      jpeg_quality: 92,
      denoise: 'off',
      pixel_filter: { type: 'blackman_harris', width_px: 1.5 },
    });
    expect(frameStem(42)).toBe('000042');
  });

  it('names the file and field of every problem', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test writes fields the schema refuses
    const j = base() as any;
    j.objects[1].material = 'nope';
    j.objects[2].truth_id = 40000;
    j.objects[2].name = 'cup';
    j.lights.push({ name: 'sun', type: 'sun', position: [0, 0, 9], rgb: [1, 1, 1], size_m: 0 });
    j.frames[1].moves[0].name = 'ghost';
    j.frames[3].index = 0;
    j.materials.grey.pattern = 'marble';
    const issues = issuesOf(j);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^job\.json: objects\[2\]\.truth_id: /),
        expect.stringMatching(/^job\.json: materials\.grey\.pattern: /),
        expect.stringMatching(/^job\.json: lights\[1\]\.strength: a sun light needs strength/),
      ]),
    );
  });

  it('cross-checks names, materials and frame indices', () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test writes fields the schema refuses
    const j = base() as any;
    j.objects[1].material = 'nope';
    j.objects[2].name = 'cup';
    j.frames[1].moves[0].name = 'ghost';
    j.frames[3].index = 0;
    expect(issuesOf(j)).toEqual([
      'job.json: objects[1].material: unknown material "nope"',
      'job.json: objects[2].name: duplicate object name "cup"',
      'job.json: frames[1].moves[0].name: unknown object "ghost"',
      'job.json: frames[2].moves[0].name: unknown object "box"', // renamed away above
      'job.json: frames[3].index: duplicate frame index 0',
    ]);
  });

  it('resolves moves into full absolute poses per frame', () => {
    const m = resolvedMoves(parseShotList(base()));
    expect(m[0]).toEqual([
      { name: 'cup', center: [1, 0, 0.05], yaw_deg: 10, hidden: false },
      { name: 'box', center: [0, 1, 0.1], yaw_deg: 0, hidden: false },
    ]);
    expect(m[1][0]).toEqual({ name: 'cup', center: [1, 1, 0.05], yaw_deg: 0, hidden: false });
    expect(m[2]).toEqual([
      { name: 'cup', center: [1, 1, 0.05], yaw_deg: 0, hidden: false },
      { name: 'box', center: [0, 1, 0.1], yaw_deg: 0, hidden: true },
    ]);
    expect(m[3]).toEqual(m[2]); // objects not listed keep their last pose
  });
});

describe('camera rotation', () => {
  it('yaw 0 pitch 0 looks along +x with +z up and -y to the right', () => {
    close(cameraForward(0, 0), [1, 0, 0]);
    close(cameraUp(0, 0), [0, 0, 1]);
    close(cameraRight(0, 0), [0, -1, 0]);
  });
  it('yaw 90 looks along +y, yaw 180 along -x, yaw -90 along -y', () => {
    close(cameraForward(90, 0), [0, 1, 0]);
    close(cameraForward(180, 0), [-1, 0, 0]);
    close(cameraForward(-90, 0), [0, -1, 0]);
  });
  it('pitch -90 looks straight down, image up along the heading', () => {
    close(cameraForward(0, -90), [0, 0, -1]);
    close(cameraUp(0, -90), [1, 0, 0]);
    close(cameraForward(30, -90), [0, 0, -1]);
  });
  it('pitch -45 at yaw 90 looks down along +y', () => {
    const s = Math.SQRT1_2;
    close(cameraForward(90, -45), [0, s, -s]);
  });
  it('gives Blender Euler XYZ angles (90 + pitch, 0, yaw - 90)', () => {
    close(cameraEulerXYZ(0, 0), [Math.PI / 2, 0, -Math.PI / 2]);
    close(cameraEulerXYZ(90, -90), [0, 0, 0]);
  });
  it('projects with the pinhole model f = (w/2)/tan(hfov/2)', () => {
    expect(focalPx(640, 80)).toBeCloseTo(381.36, 2);
    const cam = { position: [0, 0, 1] as [number, number, number], yaw_deg: 0, pitch_deg: 0 };
    const intr = { width: 640, height: 480, hfov_deg: 80 };
    const c = projectPoint([2, 0, 1], cam, intr)!;
    close([c.u, c.v, c.depth], [320, 240, 2]);
    const right = projectPoint([2, -2 * Math.tan((40 * Math.PI) / 180), 1], cam, intr)!;
    expect(right.u).toBeCloseTo(640, 9);
    expect(projectPoint([2, 0, 1.5], cam, intr)!.v).toBeLessThan(240);
    expect(projectPoint([-1, 0, 1], cam, intr)).toBeNull();
  });
});
