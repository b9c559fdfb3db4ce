import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  bodyToSolid,
  distanceToSolids,
  footprintDistance,
  pointToFootprint,
  pointToSolid,
  type Footprint,
} from '../../../../layouts/geometry/index.ts';
import { box, cylinder, sphere } from '../../../helpers/geometry-solids.ts';

describe('nearest points', () => {
  it('point to a yawed rectangle and a circle, signed', () => {
    const r: Footprint = { kind: 'rect', cx: 5, cy: 0, hx: 0.5, hy: 0.5, yaw: Math.PI / 4 };
    const n = pointToFootprint(0, 0, r);
    expect(n.distance).toBeCloseTo(5 - Math.SQRT1_2, 9);
    expect(n.point[0]).toBeCloseTo(5 - Math.SQRT1_2, 9);
    expect(pointToFootprint(5, 0, r).distance).toBeCloseTo(-0.5, 9);
    expect(pointToFootprint(3, 4, { kind: 'circle', cx: 0, cy: 0, r: 1 })).toEqual({ distance: 4, point: [0.6, 0.8] });
  });

  it('rectangle to rectangle agrees with dense sampling; overlap is negative', () => {
    const rng = seedrandom('nearest');
    for (let k = 0; k < 40; k++) {
      const a: Footprint = { kind: 'rect', cx: 0, cy: 0, hx: 0.3, hy: 0.2, yaw: rng() * 6 };
      const b: Footprint = {
        kind: 'rect',
        cx: 1 + rng(),
        cy: rng() - 0.5,
        hx: 0.1 + rng() * 0.3,
        hy: 0.1 + rng() * 0.3,
        yaw: rng() * 6,
      };
      const res = footprintDistance(a, b);
      let brute = Infinity;
      const ca = Math.cos(a.yaw),
        sa = Math.sin(a.yaw);
      for (let i = 0; i <= 200; i++) {
        for (const [u, v] of [
          [-1, -1 + i / 100],
          [1, -1 + i / 100],
          [-1 + i / 100, -1],
          [-1 + i / 100, 1],
        ]) {
          const x = ca * u * a.hx - sa * v * a.hy,
            y = sa * u * a.hx + ca * v * a.hy;
          brute = Math.min(brute, Math.max(0, pointToFootprint(x, y, b).distance));
        }
      }
      if (brute > 1e-6) {
        expect(res.distance).toBeLessThanOrEqual(brute + 1e-9);
        expect(res.distance).toBeGreaterThan(brute - 0.01);
        expect(Math.hypot(res.a[0] - res.b[0], res.a[1] - res.b[1])).toBeCloseTo(res.distance, 9);
      } else {
        expect(res.distance).toBeLessThanOrEqual(1e-9);
      }
    }
  });

  it('body to solid: circle and rectangle bodies, band-aware', () => {
    const b = box('b', [3.5, 0, 0.5], [1, 2, 1]);
    const c = bodyToSolid({ shape: 'circle', radius: 0.2 }, { x: 0, y: 0, yaw_deg: 0 }, b, [0, 1]);
    expect(c.distance).toBeCloseTo(2.8, 9);
    expect(c.body).toEqual([0.2, 0]);
    expect(c.solid).toEqual([3, 0]);
    const r = bodyToSolid({ shape: 'rect', length: 0.6, width: 0.4 }, { x: 0, y: 0, yaw_deg: 90 }, b, [0, 1]);
    expect(r.distance).toBeCloseTo(2.8, 9);
    const cyl = bodyToSolid(
      { shape: 'rect', length: 0.6, width: 0.4 },
      { x: 0, y: 0, yaw_deg: 0 },
      cylinder('c', [3, 0, 0.5], 1, 1),
      [0, 1],
    );
    expect(cyl.distance).toBeCloseTo(2.2, 9);
    expect(
      bodyToSolid(
        { shape: 'circle', radius: 0.2 },
        { x: 0, y: 0, yaw_deg: 0 },
        box('top', [3, 0, 0.75], [1, 1, 0.04]),
        [0, 0.1],
      ).distance,
    ).toBe(Infinity);
  });

  it('distanceToSolids picks the nearest solid passing the filter', () => {
    const s = [
      box('a', [3.5, 0, 0.5], [1, 2, 1]),
      cylinder('c', [0, 2, 0.5], 1, 1),
      box('top', [0, 0.5, 0.75], [1, 0.2, 0.04]),
    ];
    const n = distanceToSolids([0, 0], s, { zBand: [0, 0.5] })!;
    expect(n.solid.name).toBe('c');
    expect(n.distance).toBeCloseTo(1.5, 9);
    expect(distanceToSolids([0, 0], s, { zBand: [0, 1] })!.solid.name).toBe('top');
    expect(distanceToSolids([0, 0], [], { zBand: [0, 1] })).toBeNull();
  });

  it('3-D point to box, cylinder and sphere', () => {
    expect(pointToSolid([0, 0, 0.5], box('b', [3.5, 0, 0.5], [1, 2, 1])).distance).toBeCloseTo(3, 9);
    expect(pointToSolid([3, 0, 2], box('b', [3, 0, 0.5], [1, 1, 1], 30)).distance).toBeCloseTo(1, 9);
    expect(pointToSolid([3, 0, 0.5], box('b', [3, 0, 0.5], [1, 1, 1], 30)).distance).toBeCloseTo(-0.5, 9);
    const cy = pointToSolid([3, 4, 2], cylinder('c', [0, 0, 0.5], 2, 1));
    expect(cy.distance).toBeCloseTo(Math.hypot(4, 1), 9);
    expect(cy.point[2]).toBeCloseTo(1, 9);
    expect(pointToSolid([0, 0, 3], sphere('s', [0, 0, 0], 2)).distance).toBeCloseTo(2, 9);
  });
});
