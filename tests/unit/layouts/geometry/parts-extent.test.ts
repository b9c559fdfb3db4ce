/**
 * A thing's extent over its parts (partsExtent, read by the compiler's thingState and the perfect reader) against
 * brute force: points sampled on each part's surface, taken along the axes of the first part's yaw. The parts are
 * round, off the thing's axis and turned, the case that a four-point outline of a round part got wrong.
 */
import { describe, expect, it } from 'vitest';
import { partsExtent } from '../../../../layouts/geometry/index.ts';
import type { Solid } from '../../../../layouts/solids.ts';
import { box, cylinder, lathe, rbox, sphere } from '../../../helpers/geometry-solids.ts';

type V3 = [number, number, number];

/** Points on an upright part's horizontal outline (every part here is upright: only its yaw turns it). */
function outline(s: Solid): V3[] {
  const pts: V3[] = [];
  const [cx, cy, cz] = s.center;
  const yaw = ((s.yaw_deg ?? 0) * Math.PI) / 180;
  if (s.shape === 'box' || s.shape === 'rbox') {
    const hx = s.size[0] / 2,
      hy = s.size[1] / 2;
    const r = s.shape === 'rbox' ? (s.radius ?? 0) : 0;
    // the rounded rectangle: its corners' arcs (a box's arcs have radius 0)
    for (const [sx, sy] of [
      [1, 1],
      [-1, 1],
      [-1, -1],
      [1, -1],
    ])
      for (let k = 0; k <= 90; k++) {
        const a = Math.atan2(sy, sx) - Math.PI / 4 + (k * Math.PI) / 180;
        const lx = sx * (hx - r) + r * Math.cos(a),
          ly = sy * (hy - r) + r * Math.sin(a);
        pts.push([cx + Math.cos(yaw) * lx - Math.sin(yaw) * ly, cy + Math.sin(yaw) * lx + Math.cos(yaw) * ly, cz]);
      }
    return pts;
  }
  const R = s.size[0] / 2;
  for (let k = 0; k < 3600; k++) {
    const a = (k * Math.PI) / 1800;
    pts.push([cx + R * Math.cos(a), cy + R * Math.sin(a), cz]);
  }
  return pts;
}

function bruteExtent(parts: Solid[]) {
  const yaw = ((parts[0].yaw_deg ?? 0) * Math.PI) / 180;
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  let a0 = Infinity,
    a1 = -Infinity,
    b0 = Infinity,
    b1 = -Infinity;
  for (const p of parts)
    for (const [x, y] of outline(p)) {
      const a = c * x + s * y,
        b = -s * x + c * y;
      a0 = Math.min(a0, a);
      a1 = Math.max(a1, a);
      b0 = Math.min(b0, b);
      b1 = Math.max(b1, b);
    }
  const am = (a0 + a1) / 2,
    bm = (b0 + b1) / 2;
  return { middle: [c * am - s * bm, s * am + c * bm], length: Math.max(a1 - a0, b1 - b0) };
}

describe('partsExtent', () => {
  it('takes round parts off the axis of a turned thing at their full reach', () => {
    for (const yaw of [0, 17, 45, 90, 133, -60]) {
      const t = (yaw * Math.PI) / 180;
      // a toy's body along its own x, a wheel (a cylinder) at one end off its axis, a knob (a sphere) at the other
      const at = (u: number, v: number): [number, number] => [
        2 + Math.cos(t) * u - Math.sin(t) * v,
        3 + Math.sin(t) * u + Math.cos(t) * v,
      ];
      const parts: Solid[] = [
        box('body', [...at(0, 0), 0.1] as V3, [0.3, 0.12, 0.1], yaw, 'thing'),
        cylinder('wheel', [...at(0.16, 0.07), 0.015] as V3, 0.1, 0.03, 'thing'),
        sphere('knob', [...at(-0.17, -0.02), 0.18] as V3, 0.06),
        rbox('cap', [...at(0.05, -0.04), 0.17] as V3, [0.08, 0.06, 0.04], 0.015, yaw + 30, 'thing'),
        lathe('cup', [...at(-0.1, 0.05), 0.15] as V3, [
          [0.02, 0],
          [0.035, 0.05],
        ]),
      ];
      const got = partsExtent(parts);
      const want = bruteExtent(parts);
      expect(Math.hypot(got.middle[0] - want.middle[0], got.middle[1] - want.middle[1])).toBeLessThan(1e-4);
      expect(got.length).toBeCloseTo(want.length, 4);
      expect(got.bottom).toBeCloseTo(0, 9);
      expect(got.top).toBeCloseTo(0.21, 9);
    }
  });

  it('reads a single part as itself', () => {
    const e = partsExtent([cylinder('drum', [4, -1, 0.45], 0.6, 0.9, 'thing')]);
    expect(e.middle[0]).toBeCloseTo(4, 12);
    expect(e.middle[1]).toBeCloseTo(-1, 12);
    expect(e.length).toBeCloseTo(0.6, 12);
    expect([e.bottom, e.top]).toEqual([0, 0.9]);
  });
});
