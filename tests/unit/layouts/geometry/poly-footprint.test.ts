/**
 * Convex polygon footprints (a tilted solid's, layouts/geometry/tilt.ts) read by the planar queries, against brute
 * force: point distance and nearest point against the outline sampled densely; footprint-to-footprint distances
 * against sampled outlines; circle and rectangle sweeps against stepping the body; occupancy (both rules) and the
 * compiler's cells against the cells tested one by one.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  bodyAt,
  contactDistance,
  convexHull,
  emptyGrid,
  footprintBounds,
  footprintDistance,
  footprintSignedDistance,
  minkowskiConvex,
  pointToFootprint,
  rayDilatedPolygon,
  rayRoundedPolygon,
  rasterise,
  type BodyFootprint,
  type Footprint,
  type Vec2,
} from '../../../../layouts/geometry/index.ts';
import { cellsInFootprint } from '../../../../compile/ask/corridor-seen.ts';
import { SeenSpace } from '../../../../compile/ask/seen.ts';

/** A random convex polygon: the hull of 3 to 40 random points in an ellipse turned at random, counter-clockwise. */
function randomPolygon(rng: () => number): Footprint {
  const cx = rng() * 2 - 1,
    cy = rng() * 2 - 1,
    a = 0.1 + rng() * 0.6,
    b = 0.05 + rng() * 0.5,
    t = rng() * 7;
  const n = 3 + Math.floor(rng() * 38);
  const pts: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const u = 2 * Math.PI * rng(),
      rr = Math.sqrt(0.2 + 0.8 * rng());
    const x = a * rr * Math.cos(u),
      y = b * rr * Math.sin(u);
    pts.push([cx + Math.cos(t) * x - Math.sin(t) * y, cy + Math.sin(t) * x + Math.cos(t) * y]);
  }
  return { kind: 'poly', points: convexHull(pts) };
}

/** Dense points on a footprint's outline. */
function outline(fp: Footprint, n = 400): Vec2[] {
  if (fp.kind === 'circle')
    return Array.from({ length: n }, (_, k) => [
      fp.cx + fp.r * Math.cos((2 * Math.PI * k) / n),
      fp.cy + fp.r * Math.sin((2 * Math.PI * k) / n),
    ]);
  const pts = fp.kind === 'poly' ? fp.points : [];
  const out: Vec2[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i],
      b = pts[(i + 1) % pts.length];
    for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

/** Inside a convex polygon (counter-clockwise), strictly. */
function inPoly(pts: readonly Vec2[], x: number, y: number): boolean {
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i],
      b = pts[(i + 1) % pts.length];
    if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) <= 0) return false;
  }
  return pts.length >= 3;
}

/** Two segments properly crossing. */
function crosses(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o = (p: Vec2, q: Vec2, r: Vec2) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}

/** Two convex polygons overlapping (a corner of one inside the other or their sides crossing). */
function polysOverlap(p: readonly Vec2[], q: readonly Vec2[]): boolean {
  if (p.some((v) => inPoly(q, v[0], v[1])) || q.some((v) => inPoly(p, v[0], v[1]))) return true;
  for (let i = 0; i < p.length; i++)
    for (let j = 0; j < q.length; j++)
      if (crosses(p[i], p[(i + 1) % p.length], q[j], q[(j + 1) % q.length])) return true;
  return false;
}

describe('readers of a polygon footprint', () => {
  it('point distance and nearest point: against the outline sampled densely, signed by the inside test', () => {
    const rng = seedrandom('pt');
    for (let i = 0; i < 60; i++) {
      const fp = randomPolygon(rng);
      if (fp.kind !== 'poly') throw new Error('not a polygon');
      const line = outline(fp, 300);
      for (let k = 0; k < 40; k++) {
        const x = rng() * 4 - 2,
          y = rng() * 4 - 2;
        let ref = Infinity;
        for (const p of line) ref = Math.min(ref, Math.hypot(p[0] - x, p[1] - y));
        const sign = inPoly(fp.points, x, y) ? -1 : 1;
        const got = pointToFootprint(x, y, fp);
        expect(got.distance).toBeCloseTo(sign * ref, 2);
        expect(Math.abs(got.distance - sign * ref)).toBeLessThan(0.003);
        expect(footprintSignedDistance(x, y, fp)).toBeCloseTo(got.distance, 12);
        expect(Math.hypot(got.point[0] - x, got.point[1] - y)).toBeCloseTo(Math.abs(got.distance), 12);
        expect(Math.abs(footprintSignedDistance(got.point[0], got.point[1], fp))).toBeLessThan(1e-12);
      }
    }
  });

  it('distance between footprints (polygon against polygon, rectangle, rounded rectangle, circle): against the outlines', () => {
    const rng = seedrandom('fpd');
    let apart = 0,
      over = 0;
    for (let i = 0; i < 300; i++) {
      const a = randomPolygon(rng);
      const k = i % 4;
      const c: Vec2 = [rng() * 3 - 1.5, rng() * 3 - 1.5];
      const b: Footprint =
        k === 0
          ? randomPolygon(rng)
          : k === 1
            ? { kind: 'rect', cx: c[0], cy: c[1], hx: 0.1 + rng() * 0.4, hy: 0.1 + rng() * 0.4, yaw: rng() * 7 }
            : k === 2
              ? { kind: 'rect', cx: c[0], cy: c[1], hx: 0.3, hy: 0.2, yaw: rng() * 7, r: 0.1 }
              : { kind: 'circle', cx: c[0], cy: c[1], r: 0.05 + rng() * 0.3 };
      // the rectangles as polygons, to sample their outlines
      const asPoly = (f: Footprint): Footprint =>
        f.kind === 'rect' && !f.r
          ? {
              kind: 'poly',
              points: [
                [1, 1],
                [-1, 1],
                [-1, -1],
                [1, -1],
              ].map(
                ([u, v]) =>
                  [
                    f.cx + Math.cos(f.yaw) * u * f.hx - Math.sin(f.yaw) * v * f.hy,
                    f.cy + Math.sin(f.yaw) * u * f.hx + Math.cos(f.yaw) * v * f.hy,
                  ] as Vec2,
              ),
            }
          : f;
      const got = footprintDistance(a, b);
      const back = footprintDistance(b, a);
      expect(back.distance).toBeCloseTo(got.distance, 12);
      // apart: the least distance between the outlines (a rounded rectangle's by its signed distance)
      const la = outline(a, 150);
      let ref = Infinity;
      if (k === 2) for (const p of la) ref = Math.min(ref, footprintSignedDistance(p[0], p[1], b));
      else {
        const lb = outline(asPoly(b), 150);
        for (const p of la) for (const q of lb) ref = Math.min(ref, Math.hypot(p[0] - q[0], p[1] - q[1]));
      }
      const overlapping =
        k === 2
          ? la.some((p) => footprintSignedDistance(p[0], p[1], b) < 0) ||
            inPoly((a as { points: Vec2[] }).points, c[0], c[1])
          : k === 3
            ? footprintSignedDistance(c[0], c[1], a) < (b as { r: number }).r
            : polysOverlap((a as { points: Vec2[] }).points, (asPoly(b) as { points: Vec2[] }).points);
      if (overlapping) {
        over++;
        expect(got.distance).toBeLessThan(1e-12);
      } else {
        apart++;
        expect(Math.abs(got.distance - ref), JSON.stringify([a, b])).toBeLessThan(0.004);
        expect(Math.hypot(got.a[0] - got.b[0], got.a[1] - got.b[1])).toBeCloseTo(got.distance, 9);
        expect(Math.abs(footprintSignedDistance(got.a[0], got.a[1], a))).toBeLessThan(1e-9);
        expect(Math.abs(footprintSignedDistance(got.b[0], got.b[1], b))).toBeLessThan(1e-9);
      }
    }
    expect(apart).toBeGreaterThan(60);
    expect(over).toBeGreaterThan(30);
  });

  it('sweeps of a circle and a rectangle body: against stepping the body 0.5 mm at a time', () => {
    const rng = seedrandom('sweep');
    const bodies: BodyFootprint[] = [
      { shape: 'circle', radius: 0.2 },
      { shape: 'rect', length: 0.6, width: 0.4 },
    ];
    let contacts = 0;
    for (let i = 0; i < 160; i++) {
      const fp = randomPolygon(rng);
      if (fp.kind !== 'poly') throw new Error('not a polygon');
      const body = bodies[i % 2];
      const a = 2 * Math.PI * rng();
      const pose = { x: 2.2 * Math.cos(a), y: 2.2 * Math.sin(a), yaw_deg: 360 * rng() };
      const h = a + Math.PI + (rng() - 0.5) * 1.2;
      const d: Vec2 = [Math.cos(h), Math.sin(h)];
      const got = contactDistance(body, pose, d, fp);
      const touches = (t: number) => {
        const at = bodyAt(body, { ...pose, x: pose.x + t * d[0], y: pose.y + t * d[1] });
        if (at.kind === 'circle') return footprintSignedDistance(at.cx, at.cy, fp) < at.r;
        const c = Math.cos(at.kind === 'rect' ? at.yaw : 0),
          s = Math.sin(at.kind === 'rect' ? at.yaw : 0);
        if (at.kind !== 'rect') return false;
        const corners: Vec2[] = [
          [1, 1],
          [-1, 1],
          [-1, -1],
          [1, -1],
        ].map(([u, v]) => [at.cx + c * u * at.hx - s * v * at.hy, at.cy + s * u * at.hx + c * v * at.hy]);
        return polysOverlap(corners, fp.points);
      };
      let ref: number | null = null;
      for (let t = 0; t < 5; t += 0.0005)
        if (touches(t)) {
          ref = t;
          break;
        }
      if (ref === null) {
        expect(got === null || got > 4.999, `${i}`).toBe(true);
        continue;
      }
      contacts++;
      expect(got, `${i}`).not.toBeNull();
      expect(got!).toBeLessThanOrEqual(ref + 1e-9);
      expect(got!).toBeGreaterThan(ref - 0.0005 - 1e-9);
    }
    expect(contacts).toBeGreaterThan(60);
    // a polygon lying across the way: a circle body stops where its rim meets the nearest side
    const wall: Footprint = {
      kind: 'poly',
      points: [
        [1, -1],
        [1.2, -1],
        [1.2, 1],
        [1, 1],
      ],
    };
    expect(contactDistance({ shape: 'circle', radius: 0.25 }, { x: 0, y: 0, yaw_deg: 0 }, [1, 0], wall)).toBeCloseTo(
      0.75,
      12,
    );
    expect(footprintBounds(wall)).toEqual([1, -1, 1.2, 1]);
    expect(
      contactDistance({ shape: 'circle', radius: 0.25 }, { x: 0, y: 0, yaw_deg: 0 }, [1, 0], {
        kind: 'poly',
        points: [],
      }),
    ).toBeNull();
  });

  it('a ray into a polygon dilated by a disc, allocation-free, is rayRoundedPolygon', () => {
    const rng = seedrandom('dilated');
    let hits = 0;
    for (let i = 0; i < 3000; i++) {
      const fp = randomPolygon(rng);
      if (fp.kind !== 'poly') throw new Error('not a polygon');
      const o: Vec2 = [rng() * 6 - 3, rng() * 6 - 3];
      // half the rays aimed near a corner
      const v = fp.points[0];
      const a = i % 2 ? rng() * 7 : Math.atan2(v[1] - o[1], v[0] - o[0]) + (rng() - 0.5) * 0.3;
      const d: Vec2 = [Math.cos(a), Math.sin(a)];
      const r = i % 7 === 0 ? 0 : rng() * 0.4;
      const got = rayDilatedPolygon(o, d, fp.points, r),
        ref = rayRoundedPolygon(o, d, fp.points, r);
      expect(got === null).toBe(ref === null);
      if (got !== null && ref !== null) {
        hits++;
        expect(got).toBeCloseTo(ref, 12);
      }
    }
    expect(hits).toBeGreaterThan(500);
  });

  it('the Minkowski sum of two convex polygons by merging their sides is the hull of the pairwise sums', () => {
    const rng = seedrandom('minkowski');
    for (let i = 0; i < 200; i++) {
      const a = randomPolygon(rng),
        b = randomPolygon(rng);
      if (a.kind !== 'poly' || b.kind !== 'poly') throw new Error('not a polygon');
      const got = minkowskiConvex(a.points, b.points);
      const sums: Vec2[] = [];
      for (const p of a.points) for (const q of b.points) sums.push([p[0] + q[0], p[1] + q[1]]);
      const ref = convexHull(sums);
      for (let k = 0; k < 360; k++) {
        const ux = Math.cos((k * Math.PI) / 180),
          uy = Math.sin((k * Math.PI) / 180);
        const h = (pts: Vec2[]) => Math.max(...pts.map((p) => ux * p[0] + uy * p[1]));
        expect(h(got)).toBeCloseTo(h(ref), 12);
      }
      // counter-clockwise and convex (corners on a side allowed)
      for (let k = 0; k < got.length; k++) {
        const [p, q, r] = [0, 1, 2].map((j) => got[(k + j) % got.length]);
        expect((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])).toBeGreaterThanOrEqual(-1e-12);
      }
    }
  });

  it('occupancy (both rules) and the compiler cells: against the cells tested one by one', () => {
    const rng = seedrandom('occ');
    const bounds = { min: [-2, -2] as Vec2, max: [2, 2] as Vec2 };
    for (let i = 0; i < 12; i++) {
      const fp = randomPolygon(rng);
      if (fp.kind !== 'poly') throw new Error('not a polygon');
      for (const mode of ['center', 'overlap'] as const) {
        const g = emptyGrid(bounds, 0.037);
        rasterise(g, fp, mode);
        let set = 0;
        for (let j = 0; j < g.rows; j++)
          for (let k = 0; k < g.cols; k++) {
            const [px, py] = g.cellToWorld(k, j);
            const h = g.cell / 2;
            let want: boolean;
            if (mode === 'center') want = inPoly(fp.points, px, py);
            else {
              const sq: Vec2[] = [
                [px - h, py - h],
                [px + h, py - h],
                [px + h, py + h],
                [px - h, py + h],
              ];
              want = polysOverlap(sq, fp.points);
            }
            // a cell the outline only grazes may go either way
            const sd = footprintSignedDistance(px, py, fp);
            if (mode === 'center' && Math.abs(sd) < 1e-9) continue;
            if (mode === 'overlap' && Math.abs(Math.abs(sd) - h) < 1e-9) continue;
            expect(g.data[j * g.cols + k] === 1, `${mode} ${px} ${py}`).toBe(want);
            if (want) set++;
          }
        expect(set).toBeGreaterThan(0);
      }
      // the compiler's cells: the centres strictly inside
      const space = new SeenSpace({ x0: -2, y0: -2, cell: 0.05, nx: 80, ny: 80 }, []);
      const cells = cellsInFootprint(space, fp);
      for (let c = 0; c < 6400; c++) {
        const x = -2 + ((c % 80) + 0.5) * 0.05,
          y = -2 + (Math.floor(c / 80) + 0.5) * 0.05;
        expect(cells.has(c)).toBe(footprintSignedDistance(x, y, fp) < 0);
      }
    }
  });
});
