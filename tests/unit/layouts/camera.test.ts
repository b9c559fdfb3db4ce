import { describe, expect, it } from 'vitest';
import {
  cameraFromBase,
  cameraPose,
  intrinsics,
  pixelRay,
  project,
  unproject,
  vfovDeg,
} from '../../../layouts/camera.ts';

describe('camera model', () => {
  const k = intrinsics(640, 480, 80);

  it('has the focal length and vertical field of view of a 640x480, 80 degree camera', () => {
    expect(k.f).toBeCloseTo(381.36, 2);
    expect(vfovDeg(k)).toBeCloseTo(64.4, 1);
  });

  it('looks along +x at yaw 0, +y at yaw 90, straight down at pitch -90', () => {
    expect(cameraPose([0, 0, 0], 0, 0).forward.map((x) => Math.round(x * 1e9) / 1e9)).toEqual([1, 0, 0]);
    const c90 = cameraPose([0, 0, 0], 90, 0).forward;
    expect(c90[0]).toBeCloseTo(0, 12);
    expect(c90[1]).toBeCloseTo(1, 12);
    const down = cameraPose([0, 0, 0], 30, -90).forward;
    expect(down[2]).toBeCloseTo(-1, 12);
  });

  it('projects a point on the axis to the image centre and left points to the left half', () => {
    const cam = cameraPose([0, 0, 1], 0, 0);
    const c = project(k, cam, [3, 0, 1])!;
    expect(c.u).toBeCloseTo(320, 9);
    expect(c.v).toBeCloseTo(240, 9);
    expect(c.depth).toBeCloseTo(3, 12);
    expect(project(k, cam, [3, 1, 1])!.u).toBeLessThan(320);
    expect(project(k, cam, [3, 0, 2])!.v).toBeLessThan(240);
    expect(project(k, cam, [-1, 0, 1])).toBeNull();
  });

  it('puts the edge of the field of view at the image edge', () => {
    const cam = cameraPose([0, 0, 0], 0, 0);
    const t = Math.tan((40 * Math.PI) / 180);
    expect(project(k, cam, [1, -t, 0])!.u).toBeCloseTo(640, 9);
  });

  it('unprojects what it projects, for a pitched camera on a robot base', () => {
    const cam = cameraFromBase(
      { x: 0.94, y: 3.91, z: 0, heading_deg: -180 },
      { height_m: 1.3, forward_m: 0.1, left_m: 0, pitch_deg: -45 },
    );
    expect(cam.position[0]).toBeCloseTo(0.84, 12);
    const p: [number, number, number] = [-0.5, 3.5, 0];
    const px = project(k, cam, p)!;
    const back = unproject(k, cam, px.u, px.v, px.depth);
    back.forEach((x, i) => expect(x).toBeCloseTo(p[i], 9));
    const ray = pixelRay(k, cam, px.u, px.v);
    const d = Math.hypot(p[0] - cam.position[0], p[1] - cam.position[1], p[2] - cam.position[2]);
    ray.forEach((x, i) => expect(cam.position[i] + d * x).toBeCloseTo(p[i], 9));
  });
});
