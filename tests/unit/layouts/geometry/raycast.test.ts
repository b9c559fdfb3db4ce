import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  occupancyGrid,
  raycast,
  raycastAll,
  raycastGrid,
  rayScene,
  emptyGrid,
} from '../../../../layouts/geometry/index.ts';
import type { Solid } from '../../../../layouts/solids.ts';
import { box, cylinder, sphere } from '../../../helpers/geometry-solids.ts';

const S2 = Math.SQRT2;

describe('3-D ray casts', () => {
  it('box face, yawed box vertex and face, with normals', () => {
    const h = raycast([box('b', [3.5, 0, 0.5], [1, 2, 1])], [0, 0, 0.5], [1, 0, 0])!;
    expect(h.t).toBeCloseTo(3, 9);
    expect(h.solid.name).toBe('b');
    expect(h.normal[0]).toBeCloseTo(-1, 9);
    const d = [box('d', [5, 0, 0.5], [1, 1, 1], 45)];
    expect(raycast(d, [0, 0, 0.5], [1, 0, 0])!.t).toBeCloseTo(5 - S2 / 2, 9);
    const f = raycast(d, [0, 0.3, 0.5], [2, 0, 0])!; // direction is normalised
    expect(f.t).toBeCloseTo(5 - S2 / 2 + 0.3, 9);
    expect(f.normal[0]).toBeCloseTo(-Math.SQRT1_2, 9);
    expect(f.normal[1]).toBeCloseTo(Math.SQRT1_2, 9);
    expect(f.point[0]).toBeCloseTo(5 - S2 / 2 + 0.3, 9);
  });

  it('cylinder side and cap, sphere, misses and rays from inside', () => {
    const c = [cylinder('c', [4, 0, 0.5], 1, 1)];
    const side = raycast(c, [0, 0, 0.5], [1, 0, 0])!;
    expect(side.t).toBeCloseTo(3.5, 9);
    expect(side.normal).toEqual([-1, 0, 0]);
    const cap = raycast(c, [4.2, 0.1, 3], [0, 0, -1])!;
    expect(cap.t).toBeCloseTo(2, 9);
    expect(cap.normal).toEqual([0, 0, 1]);
    expect(raycast(c, [0, 0, 1.2], [1, 0, 0])).toBeNull(); // passes over the top
    const sl = raycast(c, [3, 0, 2], [1, 0, -1])!; // slanted: passes over the rim, enters through the top cap
    expect(sl.t).toBeCloseTo(S2, 9);
    expect(sl.normal).toEqual([0, 0, 1]);
    expect(raycast(c, [0, 0, 2], [4, 0, -1.5])!.normal[0]).toBeCloseTo(-1, 9); // enters through the side
    expect(raycast([sphere('s', [0, 0, 5], 2)], [0, 0, 0], [0, 0, 1])!.t).toBeCloseTo(4, 9);
    expect(raycast([sphere('s', [0, 1.01, 5], 2)], [0, 0, 0], [0, 0, 1])).toBeNull();
    expect(raycast([box('b', [0, 0, 0], [1, 1, 1])], [0, 0, 0], [1, 0, 0])).toBeNull();
  });

  it('nearest of several; tMax cuts', () => {
    const s = [box('far', [8, 0, 0.5], [1, 1, 1]), cylinder('near', [4, 0, 0.5], 1, 1)];
    expect(raycast(s, [0, 0, 0.5], [1, 0, 0])!.solid.name).toBe('near');
    expect(raycast(s, [0, 0, 0.5], [1, 0, 0], 3)).toBeNull();
  });

  it('raycastAll agrees with one-by-one casts over a random 300-solid scene', () => {
    const rng = seedrandom('geometry-raycast');
    const solids: Solid[] = [];
    for (let i = 0; i < 300; i++) {
      const c: [number, number, number] = [rng() * 20, rng() * 15, rng() * 2];
      const k = i % 3;
      if (k === 0) solids.push(box(`b${i}`, c, [0.1 + rng(), 0.1 + rng(), 0.1 + rng()], rng() * 360));
      else if (k === 1) solids.push(cylinder(`c${i}`, c, 0.1 + rng() * 0.5, 0.1 + rng() * 2));
      else solids.push(sphere(`s${i}`, c, 0.1 + rng() * 0.5));
    }
    const n = 3000;
    const o = new Float64Array(3 * n),
      d = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      o.set([rng() * 20, rng() * 15, rng() * 2], 3 * i);
      const a = rng() * 2 * Math.PI,
        e = (rng() - 0.5) * 1.2;
      d.set([Math.cos(a) * Math.cos(e), Math.sin(a) * Math.cos(e), Math.sin(e)], 3 * i);
    }
    const all = raycastAll(rayScene(solids), o, d);
    let hits = 0;
    for (let i = 0; i < n; i++) {
      const h = raycast(solids, [o[3 * i], o[3 * i + 1], o[3 * i + 2]], [d[3 * i], d[3 * i + 1], d[3 * i + 2]]);
      if (!h) {
        expect(all.index[i]).toBe(-1);
        continue;
      }
      hits++;
      expect(all.t[i]).toBeCloseTo(h.t, 9);
      expect(solids[all.index[i]].name).toBe(h.solid.name);
    }
    expect(hits).toBeGreaterThan(n / 4);
  });
});

describe('2-D grid ray casts', () => {
  it('stops at the first occupied cell boundary', () => {
    const g = occupancyGrid([box('w', [3.5, 1, 1], [1, 2, 2], 0, 'wall')], {
      bounds: { min: [0, 0], max: [5, 2] },
      zBand: [0, 1],
      mode: 'center',
    });
    expect(raycastGrid(g, [0.52, 1.02], 0, 10).distance).toBeCloseTo(2.48, 9);
    const diag = raycastGrid(g, [1.5, 0.26], 45, 10);
    expect(diag.distance).toBeCloseTo(1.5 * S2, 9); // enters x >= 3 at (3, 1.76)
    expect(diag.cell).toEqual([60, 35]);
    expect(raycastGrid(g, [0.52, 1.02], 180, 10)).toEqual({ distance: 10, cell: null });
    expect(raycastGrid(g, [0.52, 1.02], 0, 1)).toEqual({ distance: 1, cell: null });
    expect(raycastGrid(g, [3.2, 1.0], 90, 10).distance).toBe(0);
    expect(raycastGrid(emptyGrid({ min: [0, 0], max: [1, 1] }), [0.5, 0.5], 30, 5).cell).toBeNull();
  });
});
