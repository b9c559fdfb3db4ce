import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  footprints,
  occupancyGrid,
  pointToSolid,
  raycast,
  raycastAll,
  raySolid,
  rayScene,
  solidFootprint,
  sweep,
  type SweepRequest,
} from '../../../../layouts/geometry/index.ts';
import { latheIssues, type Solid } from '../../../../layouts/solids.ts';
import { penetration } from '../../../../layouts/overlap.ts';
import { box, cylinder, lathe } from '../../../helpers/geometry-solids.ts';

/** A bowl: 12 cm across the rim, 8 cm tall, 1 cm wall, foot 6 cm across... in radii. */
const BOWL_PROFILE: [number, number][] = [
  [0.06, 0],
  [0.1, 0.02],
  [0.12, 0.08],
];
/** A vase: belly, neck and lip. */
const VASE_PROFILE: [number, number][] = [
  [0.05, 0],
  [0.1, 0.1],
  [0.04, 0.25],
  [0.06, 0.3],
];

function randomRays(
  n: number,
  seed: string,
  spread = 3,
): { o: [number, number, number]; d: [number, number, number] }[] {
  const rng = seedrandom(seed);
  const out: { o: [number, number, number]; d: [number, number, number] }[] = [];
  for (let i = 0; i < n; i++) {
    const o: [number, number, number] = [(rng() - 0.5) * spread, (rng() - 0.5) * spread, (rng() - 0.5) * spread];
    // aim near the origin so most rays meet the solid
    const tgt = [(rng() - 0.5) * 0.8, (rng() - 0.5) * 0.8, (rng() - 0.5) * 0.8];
    out.push({ o, d: [tgt[0] - o[0], tgt[1] - o[1], tgt[2] - o[2]] });
  }
  return out;
}

describe('ray against a lathe', () => {
  it('a constant-radius profile (several segments) gives the cylinder hits and normals exactly', () => {
    const cyl = cylinder('c', [0, 0, 0], 0.6, 0.5);
    const lat = lathe(
      'l',
      [0, 0, -0.25],
      [
        [0.3, 0],
        [0.3, 0.1],
        [0.3, 0.35],
        [0.3, 0.5],
      ],
    );
    expect(latheIssues(lat)).toEqual([]);
    let hits = 0;
    for (const { o, d } of randomRays(4000, 'cyl')) {
      const a = raycast([cyl], o, d);
      const b = raycast([lat], o, d);
      expect(b === null, `${o} ${d}`).toBe(a === null);
      if (!a || !b) continue;
      hits++;
      expect(b.t).toBeCloseTo(a.t, 9);
      for (let k = 0; k < 3; k++) expect(b.normal[k]).toBeCloseTo(a.normal[k], 9);
    }
    expect(hits).toBeGreaterThan(1000);
    // from inside: no hit, as for the cylinder
    expect(raycast([lat], [0.1, 0, 0], [1, 0, 0])).toBeNull();
  });

  it('a cone: side hits on the slant with its normal, tip and base', () => {
    const cone = lathe(
      'k',
      [0, 0, 0],
      [
        [0.5, 0],
        [0, 1],
      ],
    );
    const side = raycast([cone], [3, 0, 0.4], [-1, 0, 0])!;
    expect(side.t).toBeCloseTo(3 - 0.3, 12);
    const l = Math.sqrt(1.25);
    expect(side.normal[0]).toBeCloseTo(1 / l, 12);
    expect(side.normal[2]).toBeCloseTo(0.5 / l, 12);
    // straight down at rho = 0.2 meets the slant at z = 1 - 2 rho
    expect(raycast([cone], [0.2, 0, 3], [0, 0, -1])!.t).toBeCloseTo(3 - 0.6, 12);
    // up from below: the base disc
    const base = raycast([cone], [0.1, 0.1, -1], [0, 0, 1])!;
    expect(base.t).toBeCloseTo(1, 12);
    expect(base.normal).toEqual([0, 0, -1]);
    // over the tip: a miss; just under it: a hit
    expect(raycast([cone], [-2, 0, 1.001], [1, 0, 0])).toBeNull();
    expect(raycast([cone], [-2, 0, 0.99], [1, 0, 0])!.t).toBeCloseTo(2 - 0.005, 12);
  });

  it('a hollow bowl: the inner floor from above, the rim, the outer wall from the side, the inner wall from within', () => {
    const bowl = lathe('bowl', [1, 2, 0], BOWL_PROFILE, 0.01);
    expect(latheIssues(bowl)).toEqual([]);
    const down = raycast([bowl], [1, 2, 1], [0, 0, -1])!;
    expect(down.t).toBeCloseTo(0.99, 12); // the inner floor, a wall above the bottom
    expect(down.normal).toEqual([0, 0, 1]);
    const rim = raycast([bowl], [1.115, 2, 1], [0, 0, -1])!;
    expect(rim.t).toBeCloseTo(1 - 0.08, 12);
    expect(rim.normal).toEqual([0, 0, 1]);
    // from the side at z = 0.05 the outer wall is at r = 0.1 + 0.03 / 3 = 0.11
    const side = raycast([bowl], [3, 2, 0.05], [-1, 0, 0])!;
    expect(side.t).toBeCloseTo(2 - 0.11, 12);
    expect(side.normal[0]).toBeGreaterThan(0.9);
    expect(side.normal[2]).toBeLessThan(0); // the wall flares outward: its normal points a little down
    // from the cavity: the inner wall, its normal towards the axis
    const inner = raycast([bowl], [1, 2, 0.05], [1, 0, 0])!;
    expect(inner.t).toBeCloseTo(0.1, 12);
    const l = Math.sqrt(1 + 1 / 9);
    expect(inner.normal[0]).toBeCloseTo(-1 / l, 12);
    expect(inner.normal[2]).toBeCloseTo(1 / 3 / l, 12);
    // slanting in over the near rim onto the far inner wall
    const slant = raycast([bowl], [0.5, 2, 0.5], [0.6, 0, -0.45])!;
    expect(slant.t).toBeCloseTo(0.75, 12);
    expect(slant.solid.name).toBe('bowl');
    // from below: the foot
    expect(raycast([bowl], [1.05, 2, -1], [0, 0, 1])!.t).toBeCloseTo(1, 12);
    // from inside the wall: nothing; through the floor from above into the base: the floor, never the base
    expect(raycast([bowl], [1.115, 2, 0.07], [1, 0, 0])).toBeNull();
  });

  it('raycastAll over lathes equals the one-ray casts', () => {
    const solids: Solid[] = [
      lathe('bowl', [0, 0, -0.4], BOWL_PROFILE, 0.01),
      lathe('vase', [0.3, 0.1, -0.4], VASE_PROFILE, 0.008, 'thing', 30),
      lathe(
        'cone',
        [-0.3, -0.2, -0.4],
        [
          [0.2, 0],
          [0.05, 0.5],
        ],
      ),
      box('table', [0, 0, -0.45], [1.2, 0.8, 0.1]),
    ];
    for (const s of solids) expect(latheIssues(s), s.name).toEqual([]);
    const rays = randomRays(3000, 'all');
    const o = new Float64Array(rays.flatMap((r) => r.o));
    const d = new Float64Array(rays.flatMap((r) => r.d));
    const all = raycastAll(rayScene(solids), o, d);
    let hits = 0;
    rays.forEach((r, i) => {
      const l = Math.hypot(...r.d);
      const one = raycast(solids, r.o, r.d);
      if (!one) {
        expect(all.index[i]).toBe(-1);
        return;
      }
      hits++;
      expect(solids[all.index[i]].name).toBe(one.solid.name);
      expect(all.t[i] * l).toBeCloseTo(one.t, 9);
    });
    expect(hits).toBeGreaterThan(500);
    expect(raySolid(solids[0], 0, 0, 1, 0, 0, -1)![0]).toBeCloseTo(1 - (-0.4 + 0.01), 12);
  });
});

describe('lathe footprints, sweeps, occupancy, nearest points, overlap', () => {
  const bowl = lathe('bowl', [2, 0, 0], BOWL_PROFILE, 0.01, 'thing');
  const vase = lathe('vase', [0, 2, 0], VASE_PROFILE, undefined, 'thing');

  it('the footprint in a band is the disc of the largest radius there', () => {
    const r = (s: Solid, band: [number, number]) => {
      const fp = solidFootprint(s, band);
      return fp.kind === 'circle' ? fp.r : NaN;
    };
    expect(r(bowl, [0, 0.01])).toBeCloseTo(0.08, 12);
    expect(r(bowl, [-1, 0.01])).toBeCloseTo(0.08, 12);
    expect(r(bowl, [0.05, 0.3])).toBeCloseTo(0.12, 12);
    expect(r(bowl, [0.01, 0.03])).toBeCloseTo(0.1 + 0.01 / 3, 12);
    expect(r(vase, [0.15, 0.2])).toBeCloseTo(0.08, 12); // the neck narrows upward: its lower end
    expect(r(vase, [0.05, 0.2])).toBeCloseTo(0.1, 12); // the belly's widest point lies within
    expect(r(vase, [0.26, 2])).toBeCloseTo(0.06, 12);
    expect(footprints([bowl], { zBand: [0.2, 0.5] })).toEqual([]); // above the bowl
  });

  it('a bowl on the floor blocks a low body only where its foot is, a tall body at its rim', () => {
    const req = (zBand: [number, number]): SweepRequest => ({
      pose: { x: 0, y: 0, yaw_deg: 0 },
      body: { shape: 'circle', radius: 0.2 },
      heading_deg: 0,
      zBand,
      maxDistance: 10,
    });
    expect(sweep([bowl], req([0, 0.01])).distance).toBeCloseTo(2 - 0.2 - 0.08, 9);
    expect(sweep([bowl], req([0, 0.3])).distance).toBeCloseTo(2 - 0.2 - 0.12, 9);
    const grid = (zBand: [number, number]) =>
      occupancyGrid([bowl], { zBand, bounds: { min: [1.5, -0.5], max: [2.5, 0.5] }, cell: 0.01, mode: 'center' });
    const count = (g: ReturnType<typeof grid>) => g.data.reduce((a, v) => a + v, 0);
    // pi r^2 in 1 cm cells
    expect(count(grid([0, 0.005]))).toBeGreaterThan(Math.PI * 0.07 ** 2 * 1e4);
    expect(count(grid([0, 0.005]))).toBeLessThan(Math.PI * 0.08 ** 2 * 1e4);
    expect(Math.abs(count(grid([0.07, 0.1])) - Math.PI * 0.12 ** 2 * 1e4)).toBeLessThan(10);
  });

  it('signed distance from a point: in the cavity, in the wall, above, beside', () => {
    const d = (p: [number, number, number]) => pointToSolid(p, bowl);
    const cav = d([2, 0, 0.03]);
    expect(cav.distance).toBeCloseTo(0.02, 12); // the inner floor below
    expect(cav.point).toEqual([2, 0, expect.closeTo(0.01, 12)]);
    expect(d([2.115, 0, 0.079]).distance).toBeCloseTo(-0.001, 12); // in the wall, under the rim
    expect(d([2, 0, 0.005]).distance).toBeCloseTo(-0.005, 12); // in the base
    const above = d([2, 0, 0.5]);
    expect(above.distance).toBeCloseTo(Math.hypot(0.11, 0.42), 12); // the rim's inner edge
    expect(d([2.5, 0, 0.08]).distance).toBeCloseTo(0.38, 12);
    // beside the vase's neck, the nearest point is on the neck, not the belly's bounds
    // (the neck's slant from [0.1, 0.1] to [0.04, 0.25] is nearer than its top radius)
    expect(pointToSolid([0.1, 2, 0.25], vase).distance).toBeCloseTo(0.009 / Math.hypot(0.06, 0.15), 12);
  });

  it('overlap: a lathe meets another solid with its radius in their shared heights', () => {
    // a box shelf reaching to 0.09 m from the bowl's axis above the bowl's foot: apart at the foot, into the rim
    const low = box('low', [2 + 0.09 + 0.5, 0, 0.005], [1, 1, 0.01]);
    expect(penetration(bowl, low)).toBeLessThan(0);
    const high = box('high', [2 + 0.09 + 0.5, 0, 0.115], [1, 1, 0.17]);
    expect(penetration(bowl, high)).toBeCloseTo(0.12 - 0.09, 9);
    const cyl = cylinder('cyl', [2.2, 0, 0.04], 0.2, 0.08);
    expect(penetration(bowl, cyl)).toBeCloseTo(0.02, 9);
  });

  it('checks a lathe against its size, and profiles on lathes only', () => {
    expect(latheIssues(bowl)).toEqual([]);
    expect(latheIssues({ ...bowl, size: [0.2, 0.2, 0.08] }).map((e) => e.path)).toEqual([['size']]);
    expect(latheIssues({ ...bowl, size: [0.24, 0.24, 0.1] }).map((e) => e.path)).toEqual([['profile', 2, 1]]);
    expect(
      latheIssues({
        ...bowl,
        profile: [
          [0.06, 0],
          [0.12, 0.08],
          [0.1, 0.08],
        ],
      }).map((e) => e.path),
    ).toEqual([['profile', 2, 1]]);
    expect(latheIssues({ ...bowl, wall: 0.08 }).map((e) => e.path)).toEqual([['wall']]);
    expect(latheIssues({ ...vase, wall: 0.045 }).map((e) => e.path)).toEqual([['wall']]); // wider than the neck
    expect(latheIssues({ ...vase, wall: 0.035 })).toEqual([]);
    expect(latheIssues({ ...bowl, profile: undefined }).map((e) => e.path)).toEqual([['profile']]);
    expect(latheIssues({ ...box('b', [0, 0, 0], [1, 1, 1]), wall: 0.1 }).map((e) => e.path)).toEqual([['wall']]);
  });
});
