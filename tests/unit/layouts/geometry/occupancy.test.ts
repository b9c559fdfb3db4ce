import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  distanceTransform,
  emptyGrid,
  inflate,
  occupancyGrid,
  PUBLIC_MAP_ROLES,
} from '../../../../layouts/geometry/index.ts';
import { box, cylinder } from '../../../helpers/geometry-solids.ts';

const bounds = { min: [0, 0] as [number, number], max: [6, 4] as [number, number] };

describe('occupancy grid', () => {
  it('geometry: cells, centres, outside counts as occupied', () => {
    const g = emptyGrid(bounds, 0.05);
    expect([g.cols, g.rows]).toEqual([120, 80]);
    expect(g.worldToCell(1.01, 0.049)).toEqual([20, 0]);
    const [cx, cy] = g.cellToWorld(20, 0);
    expect(cx).toBeCloseTo(1.025, 12);
    expect(cy).toBeCloseTo(0.025, 12);
    expect(g.get(-1, 0)).toBe(1);
    expect(g.get(0, 0)).toBe(0);
  });

  it('a yawed box covers about area / cell^2 cells (centre rule); the overlap rule covers every point of it', () => {
    const s = [box('b', [3, 2, 0.5], [2, 1, 1], 30)];
    const centre = occupancyGrid(s, { bounds, zBand: [0, 1], mode: 'center' });
    expect(Math.abs(centre.count() - 800) / 800).toBeLessThan(0.02);
    const over = occupancyGrid(s, { bounds, zBand: [0, 1] });
    expect(over.count()).toBeGreaterThan(centre.count());
    expect(over.count()).toBeLessThan(800 + 4 * (6 / 0.05)); // at most a ring of perimeter cells more
    const rng = seedrandom('occ');
    const c = Math.cos(Math.PI / 6),
      sn = Math.sin(Math.PI / 6);
    for (let k = 0; k < 2000; k++) {
      const u = (rng() - 0.5) * 2,
        v = (rng() - 0.5) * 1;
      const [ix, iy] = over.worldToCell(3 + c * u - sn * v, 2 + sn * u + c * v);
      expect(over.get(ix, iy)).toBe(1);
    }
  });

  it('a cylinder covers about pi r^2 / cell^2 cells; a thin wall is never lost by the overlap rule', () => {
    const g = occupancyGrid([cylinder('c', [2, 2, 0.5], 1, 1)], { bounds, zBand: [0, 1], mode: 'center' });
    expect(Math.abs(g.count() - (Math.PI * 0.25) / 0.0025) / (Math.PI * 100)).toBeLessThan(0.02);
    const thin = occupancyGrid([box('w', [3.0, 2, 1], [0.01, 3, 2], 0, 'wall')], { bounds, zBand: [0, 1] });
    for (let iy = 12; iy < 68; iy++) expect(thin.get(59, iy) + thin.get(60, iy)).toBeGreaterThan(0);
  });

  it('height band and roles select solids (a tabletop above a low body, movable things off the public map)', () => {
    const s = [
      box('top', [3, 2, 0.75], [1, 1, 0.04]),
      box('thing', [1, 1, 0.1], [0.4, 0.4, 0.2], 0, 'thing'),
      box('floor', [3, 2, -0.005], [6, 4, 0.01], 0, 'floor'),
    ];
    expect(occupancyGrid(s, { bounds, zBand: [0, 0.1] }).count()).toBe(64);
    const pub = occupancyGrid(s, { bounds, zBand: [0, 2], roles: PUBLIC_MAP_ROLES });
    expect(pub.count()).toBe(400);
  });

  it('inflate dilates by a disc, exact on cell centres', () => {
    const g = emptyGrid(bounds, 0.05);
    g.data[40 * g.cols + 60] = 1;
    expect(inflate(g, 0.1).count()).toBe(13); // i^2 + j^2 <= 4
    expect(inflate(g, 0.1 * Math.SQRT2).count()).toBe(25 - 4 + 4); // i^2 + j^2 <= 8: 21 + (2,2)x4 = 25
  });
});

describe('distance transform', () => {
  it('matches brute force on a random grid', () => {
    const rng = seedrandom('edt');
    const g = emptyGrid({ min: [0, 0], max: [1.7, 1.1] }, 0.05);
    for (let i = 0; i < g.data.length; i++) g.data[i] = rng() < 0.06 ? 1 : 0;
    const d = distanceTransform(g);
    const occ: [number, number][] = [];
    for (let iy = 0; iy < g.rows; iy++) for (let ix = 0; ix < g.cols; ix++) if (g.get(ix, iy)) occ.push([ix, iy]);
    expect(occ.length).toBeGreaterThan(5);
    for (let iy = 0; iy < g.rows; iy++) {
      for (let ix = 0; ix < g.cols; ix++) {
        let b = Infinity;
        for (const [ox, oy] of occ) b = Math.min(b, Math.hypot(ox - ix, oy - iy));
        expect(d[iy * g.cols + ix]).toBeCloseTo(b * 0.05, 9);
      }
    }
  });

  it('is Infinity on an empty grid', () => {
    const d = distanceTransform(emptyGrid({ min: [0, 0], max: [1, 1] }, 0.1));
    expect(d.every((v) => v === Infinity)).toBe(true);
  });
});
