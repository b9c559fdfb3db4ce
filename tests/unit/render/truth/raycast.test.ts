import { describe, expect, it } from 'vitest';
import { cameraPose } from '../../../../layouts/camera.ts';
import type { Solid } from '../../../../layouts/solids.ts';
import { NO_RETURN } from '../../../../render/truth/frame.ts';
import { compareTruth, raycastFrame, raycastFrameAll, truthScene } from '../../../../render/truth/raycast-renderer.ts';
import { FLOOR, K, box } from '../../../helpers/truth-fixture.ts';

describe('ray-cast truth renderer', () => {
  it('reads a wall 2 m ahead as 2000 mm in every pixel (planar depth)', () => {
    const wall = box('w', 'structure', 'wall', [2.05, 0, 0], [0.1, 40, 40]);
    const r = raycastFrame(K, cameraPose([0, 0, 0], 0, 0), truthScene([wall]));
    expect(r.depth.length).toBe(640 * 480);
    expect(r.depth.every((d) => d === 2000)).toBe(true);
    expect(r.ids.every((i) => i === 0)).toBe(true);
  });

  it('leaves pixels with nothing to hit at 65535 and id 0', () => {
    const r = raycastFrame(K, cameraPose([0, 0, 1.2], 0, 0), truthScene([FLOOR]));
    expect(r.depth[0]).toBe(NO_RETURN); // top-left pixel looks up and out
    expect(r.depth[640 * 480 - 1]).toBeLessThan(NO_RETURN); // bottom-right sees the floor
  });

  it('writes the truth id of the nearest solid: by owner map, by function, or by the truth_id field', () => {
    const a = box('a', 'near', 'thing', [2, 0, 0.5], [0.2, 0.2, 0.2]);
    const b = box('b', 'far', 'thing', [4, 0, 0.5], [1, 1, 2]);
    const cam = cameraPose([0, 0, 0.5], 0, 0);
    const centre = 240 * 640 + 320;
    const byOwner = raycastFrame(
      K,
      cam,
      truthScene(
        [b, a],
        new Map([
          ['near', 5],
          ['far', 9],
        ]),
      ),
    );
    expect(byOwner.ids[centre]).toBe(5);
    expect(byOwner.depth[centre]).toBe(1900);
    const byFn = raycastFrame(
      K,
      cam,
      truthScene([a, b], (s) => (s.owner === 'far' ? 9 : 0)),
    );
    expect(byFn.ids[centre]).toBe(0);
    expect(byFn.ids.includes(9)).toBe(true);
    const byField = raycastFrame(
      K,
      cam,
      truthScene([
        { ...a, truth_id: 3 },
        { ...b, truth_id: 4 },
      ] as (Solid & { truth_id: number })[]),
    );
    expect(byField.ids[centre]).toBe(3);
  });

  it('hits cylinders and spheres where their analytic surfaces are', () => {
    const cyl: Solid = {
      name: 'c',
      owner: 'c',
      role: 'thing',
      shape: 'cylinder',
      center: [3, 0, 0],
      size: [1, 1, 2],
      yaw_deg: 0,
      material: 'm',
    };
    const sph: Solid = {
      name: 's',
      owner: 's',
      role: 'thing',
      shape: 'sphere',
      center: [3, 0, 0],
      size: [0.8, 0.8, 0.8],
      yaw_deg: 0,
      material: 'm',
    };
    const cam = cameraPose([0, 0, 0], 0, 0);
    // the pixel centre (320.5, 240.5) is just off the axis: its planar depth to the front surface is about 2.5 m / 2.6 m
    expect(
      Math.abs(
        raycastFrame(
          K,
          cam,
          truthScene([cyl], () => 1),
        ).depth[240 * 640 + 320] - 2500,
      ),
    ).toBeLessThanOrEqual(1);
    expect(
      Math.abs(
        raycastFrame(
          K,
          cam,
          truthScene([sph], () => 1),
        ).depth[240 * 640 + 320] - 2600,
      ),
    ).toBeLessThanOrEqual(1);
  });

  it('compares two frames: identical frames agree fully, a moved box lowers the agreement', () => {
    const cam = cameraPose([0, 0, 1.2], 0, -30);
    const a = raycastFrame(
      K,
      cam,
      truthScene([FLOOR, box('b', 'x', 'thing', [2.3, 0, 0.2], [0.5, 0.4, 0.4])], new Map([['x', 1]])),
    );
    const b = raycastFrame(
      K,
      cam,
      truthScene([FLOOR, box('b', 'x', 'thing', [2.35, 0, 0.2], [0.5, 0.4, 0.4])], new Map([['x', 1]])),
    );
    expect(compareTruth(a, a)).toEqual({ pixels: 640 * 480, ids: 1, depth: 1, both: 1 });
    const c = compareTruth(a, b);
    expect(c.both).toBeLessThan(1);
    expect(c.both).toBeGreaterThan(0.9);
    expect(c.ids).toBeGreaterThanOrEqual(c.both);
    expect(() => compareTruth(a, { ...b, width: 320 })).toThrow(/640x480 vs 320x480/);
  });

  it('gives the same frame as casting every ray through the hierarchy', () => {
    const solids: Solid[] = [FLOOR, box('wall', 'structure', 'wall', [6, 0, 1.25], [0.1, 10, 2.5])];
    for (let i = 0; i < 12; i++) {
      const c: [number, number, number] = [1.5 + (i % 4) * 1.1, -1.5 + Math.floor(i / 4) * 1.3, 0.3];
      const shape = (['box', 'cylinder', 'sphere'] as const)[i % 3];
      solids.push({
        name: `s${i}`,
        owner: `o${i}`,
        role: 'thing',
        shape,
        center: c,
        size: [0.3 + i * 0.02, 0.3 + i * 0.02, 0.6],
        yaw_deg: i * 23,
        material: 'm',
      });
    }
    const scene = truthScene(solids, (s) => (s.owner.startsWith('o') ? Number(s.owner.slice(1)) + 1 : 0));
    for (const cam of [
      cameraPose([0, 0, 1.2], 0, -30),
      cameraPose([1.0, -2.5, 0.4], 60, 0),
      cameraPose([3, 0.1, 2.0], -170, -60),
    ]) {
      const a = raycastFrame(K, cam, scene);
      const b = raycastFrameAll(K, cam, scene);
      expect(compareTruth(a, b, 0)).toEqual({ pixels: 640 * 480, ids: 1, depth: 1, both: 1 });
      expect(new Set(a.ids).size).toBeGreaterThan(3);
    }
  });

  it('refuses a truth id outside 16 bits', () => {
    expect(() => truthScene([FLOOR], () => 70000)).toThrow(/not in 0..65535/);
  });
});
