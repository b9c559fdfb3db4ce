/**
 * A cord as a cable (layouts/assets/cord.ts): the path bent round arcs at its corners (tangent to both pieces, never
 * turning more than 15 degrees a part, its ends kept), and the chain of rounded boxes along it: lying on the floor,
 * every part within half the width of the bent path (and 0.5 mm), and the cable's whole width covered from end to end with no
 * gap at any joint, checked by brute force on sampled points. apartment_a's cords are built so.
 */
import { describe, expect, it } from 'vitest';
import { bentPath, CORD_BEND_RADIUS, cordSolids } from '../../../../layouts/assets/cord.ts';
import { getPlace } from '../../../../layouts/load.ts';
import { placeSolids } from '../../../../layouts/world.ts';
import { solidIssues, type Solid } from '../../../../layouts/solids.ts';

type V2 = [number, number];

const W = 0.012,
  H = 0.01;

/** Whether a map point lies in an upright rbox's outline seen from above. */
function inRbox(s: Solid, p: V2, eps = 1e-9): boolean {
  const a = ((s.yaw_deg ?? 0) * Math.PI) / 180;
  const dx = p[0] - s.center[0],
    dy = p[1] - s.center[1];
  const lx = Math.abs(Math.cos(a) * dx + Math.sin(a) * dy),
    ly = Math.abs(-Math.sin(a) * dx + Math.cos(a) * dy);
  const r = s.radius ?? 0;
  const ox = Math.max(0, lx - (s.size[0] / 2 - r)),
    oy = Math.max(0, ly - (s.size[1] / 2 - r));
  return Math.hypot(ox, oy) <= r + eps;
}

/** Points on an upright rbox's outline seen from above. */
function outline(s: Solid): V2[] {
  const a = ((s.yaw_deg ?? 0) * Math.PI) / 180;
  const r = s.radius ?? 0;
  const hx = s.size[0] / 2 - r,
    hy = s.size[1] / 2 - r;
  const pts: V2[] = [];
  for (const [sx, sy] of [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ])
    for (let k = 0; k <= 90; k += 5) {
      const ang = Math.atan2(sy, sx) - Math.PI / 4 + (k * Math.PI) / 180;
      const x = sx * hx + r * Math.cos(ang),
        y = sy * hy + r * Math.sin(ang);
      pts.push([s.center[0] + Math.cos(a) * x - Math.sin(a) * y, s.center[1] + Math.sin(a) * x + Math.cos(a) * y]);
    }
  return pts;
}

function distToPolyline(p: V2, q: readonly V2[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < q.length; i++) {
    const [a, b] = [q[i], q[i + 1]];
    const dx = b[0] - a[0],
      dy = b[1] - a[1];
    const L2 = dx * dx + dy * dy;
    const t = L2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2)) : 0;
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return best;
}

const PATHS: V2[][] = [
  [
    [0, 0],
    [0.7, 0],
    [0.7, 0.5],
  ],
  [
    [1, 2],
    [1.4, 2.3],
  ],
  [
    [0, 0],
    [1.0, 0],
    [1.0, 0.3],
    [0.4, 0.6],
  ],
  [
    [0, 0],
    [0.1, 0],
    [0.1, -0.1],
  ],
  [
    [5, 5],
    [5, 4.1],
    [5.6, 3.7],
  ],
];

describe('a cord bent as a cable', () => {
  it('bends each corner round an arc tangent to both pieces, its ends kept', () => {
    for (const p of PATHS) {
      const q = bentPath(p);
      expect(q[0]).toEqual(p[0]);
      expect(q[q.length - 1]).toEqual(p[p.length - 1]);
      // never turns more than 15 degrees from one part to the next
      for (let i = 1; i + 1 < q.length; i++) {
        const h1 = Math.atan2(q[i][1] - q[i - 1][1], q[i][0] - q[i - 1][0]);
        const h2 = Math.atan2(q[i + 1][1] - q[i][1], q[i + 1][0] - q[i][0]);
        const d = Math.abs(Math.atan2(Math.sin(h2 - h1), Math.cos(h2 - h1)));
        expect(d).toBeLessThanOrEqual((15 * Math.PI) / 180 + 1e-9);
      }
      // a bend never strays from the path by more than the arc's sagitta at the corner
      for (const x of q) expect(distToPolyline(x, p)).toBeLessThanOrEqual(CORD_BEND_RADIUS * (Math.SQRT2 - 1) + 1e-9);
    }
    // a straight cord stays straight
    expect(bentPath(PATHS[1])).toEqual(PATHS[1]);
  });

  it('builds rounded boxes lying on the floor, within half its width of the bent path, covering it with no gap', () => {
    for (const p of PATHS) {
      const parts = cordSolids('c', p, { x: 0, y: 0, z: 0, yaw: 0 }, W, H, 'cable@black');
      const q = bentPath(p);
      for (const s of parts) {
        expect(solidIssues(s)).toEqual([]);
        expect(s.shape).toBe('rbox');
        expect(s.center[2] - s.size[2] / 2).toBeCloseTo(0, 12);
        expect(s.center[2] + s.size[2] / 2).toBeCloseTo(H, 12);
        // a part's end past a joint reaches outside the cable's width by less than half a millimetre
        for (const x of outline(s)) expect(distToPolyline(x, q)).toBeLessThanOrEqual(W / 2 + 0.0005);
      }
      // every point of the cable's width, 1 mm in from its sides, is inside a part, all along the bent path
      for (let i = 0; i + 1 < q.length; i++) {
        const [a, b] = [q[i], q[i + 1]];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const n: V2 = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
        for (let k = 0; k <= 20; k++)
          for (const off of [-(W / 2 - 0.001), 0, W / 2 - 0.001]) {
            const x: V2 = [a[0] + ((b[0] - a[0]) * k) / 20 + n[0] * off, a[1] + ((b[1] - a[1]) * k) / 20 + n[1] * off];
            const atEnd = (i === 0 && k === 0) || (i + 2 === q.length && k === 20);
            if (atEnd) continue; // the cable's own ends are rounded
            expect(parts.some((s) => inRbox(s, x))).toBe(true);
          }
      }
    }
  });

  it('keeps every part its size wherever the cord is moved or turned (solids may only move and turn)', () => {
    for (const p of PATHS) {
      const at0 = cordSolids('c', p, { x: 0, y: 0, z: 0, yaw: 0 }, W, H, 'cable@black');
      for (const pose of [
        { x: 1.0000000001, y: 4.4, z: 0, yaw: 90 },
        { x: 6.0, y: 4.4, z: 0.02, yaw: -137.3 },
        { x: 0.3, y: 0.1, z: 0, yaw: 179.99 },
      ]) {
        const moved = cordSolids('c', p, pose, W, H, 'cable@black');
        expect(moved.map((s) => s.size)).toEqual(at0.map((s) => s.size));
        // and stands where its parts at the origin stand, turned and moved
        const r = (pose.yaw * Math.PI) / 180;
        moved.forEach((s, k) => {
          const [x, y] = at0[k].center;
          expect(s.center[0]).toBeCloseTo(pose.x + Math.cos(r) * x - Math.sin(r) * y, 9);
          expect(s.center[1]).toBeCloseTo(pose.y + Math.sin(r) * x + Math.cos(r) * y, 9);
          expect(s.center[2]).toBeCloseTo(pose.z + H / 2, 12);
        });
      }
    }
  });

  it("builds apartment_a's cords so", () => {
    const place = getPlace('apartment_a');
    const cords = place.things.filter((t) => t.shape === 'cord');
    expect(cords.length).toBeGreaterThan(0);
    const solids = placeSolids(place);
    for (const t of cords) {
      const own = solids.filter((s) => s.owner === t.id);
      expect(own.length).toBeGreaterThanOrEqual(t.path!.length - 1);
      expect(own.every((s) => s.shape === 'rbox' && s.size[1] === t.size[1] && s.size[2] === t.size[2])).toBe(true);
    }
  });
});
