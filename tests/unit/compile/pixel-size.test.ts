import { describe, expect, it } from 'vitest';
import { cameraFromBase, intrinsics } from '../../../layouts/camera.ts';
import { horizontalRange, mapPlace, pixelSize } from '../../../compile/pixel-size.ts';
import { ageOf } from '../../../compile/age.ts';

const K = intrinsics(640, 480, 80);

describe('pixel size p', () => {
  it('k18-like helper view: camera 1.30 m, pitch -45°, a wall 0.307 m ahead of a 0.34 m body', () => {
    const cam = cameraFromBase(
      { x: 0, y: 0, z: 0, heading_deg: 0 },
      { height_m: 1.3, forward_m: 0, left_m: 0, pitch_deg: -45 },
    );
    const d = 0.17 + 0.307;
    const p = pixelSize(K, cam, [d, 0, 0], (q) => q[0])!;
    // ground-plane resolution (d² + h²) / (f h) · cos²(a), a the point's angle off the axis
    const a = Math.atan(1.3 / d) - Math.PI / 4;
    expect(p).toBeCloseTo(((d * d + 1.69) / (K.f * 1.3)) * Math.cos(a) ** 2, 4);
    expect(p).toBeGreaterThan(0.003);
    expect(p).toBeLessThan(0.0035); // about 3.2 mm: far finer than the release post's 4.7 cm
  });

  it('grows with range: a level camera 0.08 m up (the vacuum) at 2 m', () => {
    const cam = cameraFromBase(
      { x: 0, y: 0, z: 0, heading_deg: 0 },
      { height_m: 0.08, forward_m: 0, left_m: 0, pitch_deg: 0 },
    );
    const p = pixelSize(K, cam, [2, 0, 0], horizontalRange(cam))!;
    // the derivative (d² + h²) / (f h) · cos²(a) is 0.131 m; the one-pixel shift toward the horizon moves the point
    // farther than that (the range grows faster than linearly there), and p takes the larger shift
    const a = Math.atan(0.08 / 2);
    const slope = ((4 + 0.0064) / (K.f * 0.08)) * Math.cos(a) ** 2;
    expect(p).toBeGreaterThan(slope);
    expect(p).toBeLessThan(slope * 1.1);
  });

  it('takes the larger of the u and v shifts for a place', () => {
    const cam = cameraFromBase(
      { x: 0, y: 0, z: 0, heading_deg: 0 },
      { height_m: 1.3, forward_m: 0, left_m: 0, pitch_deg: -45 },
    );
    const range = pixelSize(K, cam, [1, 0, 0], (q) => q[0])!;
    const place = pixelSize(K, cam, [1, 0, 0], mapPlace)!;
    expect(place).toBeGreaterThanOrEqual(range - 1e-12);
  });

  it('is null for a point behind the camera', () => {
    const cam = cameraFromBase(
      { x: 0, y: 0, z: 0, heading_deg: 0 },
      { height_m: 1.3, forward_m: 0, left_m: 0, pitch_deg: 0 },
    );
    expect(pixelSize(K, cam, [-1, 0, 0], mapPlace)).toBeNull();
  });
});

describe('age and column', () => {
  const ask = { k: 10, t: 100, task: 1 };
  it('now when the ask frame alone holds the evidence', () => {
    expect(ageOf(ask, [ask])).toEqual({ age_s: 0, age_band: 'now', column: 'now', evidence_frames: [10] });
  });
  it('recent within 60 s, task within the task, earlier before it', () => {
    expect(ageOf(ask, [{ k: 8, t: 50, task: 1 }]).age_band).toBe('recent');
    expect(ageOf(ask, [{ k: 8, t: 30, task: 1 }]).age_band).toBe('task');
    expect(ageOf(ask, [{ k: 2, t: 30, task: 0 }, ask])).toMatchObject({
      age_s: 70,
      age_band: 'earlier',
      column: 'memory',
      evidence_frames: [2, 10],
    });
  });
});
