/**
 * Rounded boxes against brute force: ray entries against sphere tracing of the exact signed distance, footprints,
 * sweeps, occupancy and clearance against the rounded rectangle taken as its parts (two rectangles and four discs,
 * which the plain-rectangle and circle code already handles), 3-D signed distance against the rbox's parts (three
 * slabs, twelve edge cylinders, eight corner spheres), overlaps and the validation.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  clearanceFromSolids,
  contactDistance,
  footprints,
  footprintSignedDistance,
  occupancyGrid,
  pointToFootprint,
  pointToSolid,
  raycast,
  raycastAll,
  rayScene,
  rasterise,
  solidAabb,
  solidFootprint,
  sweep,
  type BodyFootprint,
  type Footprint,
  type Vec2,
  emptyGrid,
} from '../../../../layouts/geometry/index.ts';
import { footprintDistance } from '../../../../layouts/geometry/nearest.ts';
import { rboxIssues, solidIssues, type Solid } from '../../../../layouts/solids.ts';
import { penetration, solidsOverlap, footprintBox } from '../../../../layouts/overlap.ts';
import { box, cylinder, rbox, sphere } from '../../../helpers/geometry-solids.ts';
import { parseShotList } from '../../../../render/shot-list.ts';
import { checkSolidsConstant } from '../../../../render/build-shot-list.ts';
import type { InputError } from '../../../../foundation/index.ts';
import { cellsInFootprint } from '../../../../compile/ask/corridor-seen.ts';
import { SeenSpace } from '../../../../compile/ask/seen.ts';

type V3 = [number, number, number];
const DEG = Math.PI / 180;

/** A point in the solid's own frame (centre origin, before yaw). */
function toLocal(s: Solid, p: V3): V3 {
  const y = (s.yaw_deg ?? 0) * DEG;
  const c = Math.cos(y),
    sn = Math.sin(y);
  const rx = p[0] - s.center[0],
    ry = p[1] - s.center[1];
  return [c * rx + sn * ry, -sn * rx + c * ry, p[2] - s.center[2]];
}

/** The exact signed distance of an rbox, written out from its definition (distance to the inner box less the radius). */
function sdf(s: Solid, p: V3): number {
  const r = s.radius!;
  const l = toLocal(s, p);
  const e = l.map((v, i) => Math.abs(v) - (s.size[i] / 2 - r));
  const out = Math.hypot(Math.max(e[0], 0), Math.max(e[1], 0), Math.max(e[2], 0));
  return out + Math.min(Math.max(e[0], e[1], e[2]), 0) - r;
}

/** The outward normal of an rbox at a surface point, from the signed distance's gradient (central differences). */
function sdfNormal(s: Solid, p: V3): V3 {
  const h = 1e-7;
  const g = [0, 1, 2].map((i) => {
    const a = p.slice() as V3,
      b = p.slice() as V3;
    a[i] += h;
    b[i] -= h;
    return (sdf(s, a) - sdf(s, b)) / (2 * h);
  });
  const l = Math.hypot(g[0], g[1], g[2]);
  return [g[0] / l, g[1] / l, g[2] / l];
}

/**
 * Sphere tracing: steps of the signed distance (never past the surface) until within 1e-12 m of it. Returns the
 * entry t (unit direction), null on a miss, or 'graze' when the ray passes within 1e-7 m of the surface without
 * reaching it (the two methods may then disagree about a hit by rounding alone), or 'inside'.
 */
function march(s: Solid, o: V3, d: V3): number | null | 'graze' | 'inside' {
  if (sdf(s, o) < 0) return 'inside';
  let t = 0,
    low = Infinity;
  for (let k = 0; k < 200000; k++) {
    const v = sdf(s, [o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]]);
    if (v < 1e-12) return t;
    low = Math.min(low, v);
    t += v;
    if (t > 100) return low < 1e-7 ? 'graze' : null;
  }
  return 'graze';
}

const unit = (d: V3): V3 => {
  const l = Math.hypot(d[0], d[1], d[2]);
  return [d[0] / l, d[1] / l, d[2] / l];
};

/** The kinds of rounded box the tests use (sizes in metres). */
const KINDS: Solid[] = [
  rbox('cushion', [0.3, -0.2, 0.5], [0.6, 0.5, 0.15], 0.05),
  rbox('mattress', [0, 0, 0.12], [2, 1.4, 0.24], 0.04),
  rbox('cabinet', [1, 1, 0.9], [0.6, 0.45, 1.8], 0.01),
  rbox('yawed', [-0.4, 0.6, 0.3], [0.8, 0.3, 0.4], 0.08, 30),
  rbox('roundish', [0.2, 0.1, -0.3], [0.4, 0.42, 0.38], 0.185, 71),
  rbox('ball', [0, 0, 0], [0.5, 0.5, 0.5], 0.25),
  rbox('stadium', [0.5, 0.5, 0.5], [1.2, 0.3, 0.3], 0.15, -20),
];

/** Random rays about a solid: origins in a cube about it (some inside), aimed near its centre; some axis-parallel. */
function raysAbout(s: Solid, n: number, seed: string): { o: V3; d: V3 }[] {
  const rng = seedrandom(seed);
  const m = Math.max(...s.size);
  const out: { o: V3; d: V3 }[] = [];
  for (let i = 0; i < n; i++) {
    const o: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * 3 * m) as V3;
    const tgt: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * 1.2 * s.size[k]) as V3;
    let d: V3 = [tgt[0] - o[0], tgt[1] - o[1], tgt[2] - o[2]];
    if (i % 10 === 0)
      d = [0, 0, d[2] || 1]; // straight up or down
    else if (i % 10 === 1) d = [d[0], d[1], 0]; // level
    out.push({ o, d: unit(d) });
  }
  return out;
}

describe('ray against an rbox', () => {
  it('agrees with sphere tracing of the exact signed distance: hits, misses, t and normals', () => {
    for (const s of KINDS) {
      expect(rboxIssues(s), s.name).toEqual([]);
      let hits = 0,
        curved = 0;
      for (const { o, d } of raysAbout(s, 3000, s.name)) {
        const ref = march(s, o, d);
        const got = raycast([s], o, d);
        if (ref === 'graze') continue;
        if (ref === 'inside') {
          expect(got, `${s.name} from inside ${o}`).toBeNull();
          continue;
        }
        expect(got === null, `${s.name} ${o} ${d}: ${ref}`).toBe(ref === null);
        if (!got || ref === null) continue;
        hits++;
        expect(Math.abs(got.t - ref), `${s.name} ${o} ${d}`).toBeLessThan(1e-9);
        const n = sdfNormal(s, got.point);
        for (let k = 0; k < 3; k++) expect(Math.abs(got.normal[k] - n[k]), `${s.name} normal`).toBeLessThan(1e-5);
        expect(Math.abs(sdf(s, got.point))).toBeLessThan(1e-9);
        if (Math.abs(Math.abs(got.normal[0]) + Math.abs(got.normal[1]) + Math.abs(got.normal[2]) - 1) > 1e-9) curved++;
      }
      expect(hits, s.name).toBeGreaterThan(800);
      expect(curved, s.name).toBeGreaterThan(s.radius! / Math.min(...s.size) > 0.1 ? 100 : 10);
    }
  });

  it('rays from a rounded-away corner of its box meet the curved surface; a ray from inside meets nothing', () => {
    const s = rbox('c', [0, 0, 0], [1, 1, 1], 0.2);
    // (0.48, 0.48, 0.48) lies in the box but outside the rbox (0.18 sqrt(3) - 0.2 from the corner sphere)
    const h = raycast([s], [0.48, 0.48, 0.48], [-1, -1, -1])!;
    expect(h.t).toBeCloseTo(Math.sqrt(3) * 0.18 - 0.2, 12);
    for (const v of h.normal) expect(v).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(raycast([s], [0.48, 0.48, 0.48], [1, 0, 0])).toBeNull(); // out of the box, missing the rbox
    expect(raycast([s], [0.1, 0.2, 0.3], [1, 0, 0])).toBeNull();
    // the flat top from above: as the box
    const top = raycast([s], [0.1, -0.2, 3], [0, 0, -1])!;
    expect(top.t).toBeCloseTo(2.5, 12);
    expect(top.normal).toEqual([0, 0, 1]);
    // just inside the top's edge the rounding drops: at 0.35 from the middle, 0.2 - sqrt(0.2^2 - 0.05^2) lower
    expect(raycast([s], [0.35, 0, 3], [0, 0, -1])!.t).toBeCloseTo(2.5 + 0.2 - Math.sqrt(0.04 - 0.0025), 12);
  });

  it('a radius of half every extent is the sphere; a yawed rbox turns its hits', () => {
    const ball = rbox('b', [1, 2, 3], [0.6, 0.6, 0.6], 0.3);
    const sph = sphere('s', [1, 2, 3], 0.6);
    for (const { o, d } of raysAbout(sph, 2000, 'ball')) {
      const a = raycast([sph], o, d),
        b = raycast([ball], o, d);
      if (!a || !b) {
        // the two differ only on rays that graze the sphere
        if (a || b) expect(Math.abs(sdf(ball, (a ?? b)!.point))).toBeLessThan(1e-12);
        continue;
      }
      expect(b.t).toBeCloseTo(a.t, 9);
      for (let k = 0; k < 3; k++) expect(b.normal[k]).toBeCloseTo(a.normal[k], 9);
    }
    const y = rbox('y', [0, 0, 0], [2, 1, 1], 0.1, 90);
    const h = raycast([y], [3, 0, 0], [-1, 0, 0])!;
    expect(h.t).toBeCloseTo(2.5, 12); // the short side faces +x after a quarter turn
    expect(h.normal[0]).toBeCloseTo(1, 12);
  });

  it('tMin and tMax: no entry before tMin or at tMax, as the box', () => {
    const s = rbox('c', [0, 0, 0], [1, 1, 1], 0.2);
    const o: V3 = [-3, 0.45, 0];
    // the ray meets the rounded edge along z (centre (-0.3, 0.3)) at x = -0.3 - sqrt(0.04 - 0.0225)
    const x = -0.3 - Math.sqrt(0.04 - 0.0225);
    expect(raycast([s], o, [1, 0, 0])!.t).toBeCloseTo(3 + x, 12);
    expect(raycast([s], o, [1, 0, 0], 3 + x)).toBeNull();
    expect(raycast([s], o, [1, 0, 0], 3 + x + 1e-9)).not.toBeNull();
  });

  it('raycastAll over rboxes (its hierarchy bounds them at their yaw) equals the one-ray casts', () => {
    const solids: Solid[] = [...KINDS, box('floor', [0, 0, -1], [6, 6, 0.1])];
    const rng = seedrandom('all');
    const o: number[] = [],
      d: number[] = [];
    for (let i = 0; i < 4000; i++) {
      o.push((rng() - 0.5) * 6, (rng() - 0.5) * 6, rng() * 3);
      d.push((rng() - 0.5) * 2 - o[3 * i] * 0.3, (rng() - 0.5) * 2 - o[3 * i + 1] * 0.3, -rng());
    }
    const all = raycastAll(rayScene(solids), o, d);
    let hits = 0;
    for (let i = 0; i < 4000; i++) {
      const dir: V3 = [d[3 * i], d[3 * i + 1], d[3 * i + 2]];
      const one = raycast(solids, [o[3 * i], o[3 * i + 1], o[3 * i + 2]], dir);
      if (!one) {
        expect(all.index[i]).toBe(-1);
        continue;
      }
      if (one.solid.shape === 'rbox') hits++;
      expect(solids[all.index[i]].name).toBe(one.solid.name);
      expect(all.t[i] * Math.hypot(...dir)).toBeCloseTo(one.t, 9);
    }
    expect(hits).toBeGreaterThan(300);
    // the bounds: the inner rectangle's at the yaw, grown by the radius
    const yb = solidAabb(KINDS[3]);
    const ex = Math.cos(30 * DEG) * 0.32 + Math.sin(30 * DEG) * 0.07 + 0.08;
    expect(yb[3] - yb[0]).toBeCloseTo(2 * ex + 2e-9, 12);
  });
});

describe('rbox signed distance and checks', () => {
  const cushion = rbox('cushion', [2, 0.5, 0.3], [0.6, 0.5, 0.2], 0.06, 25, 'thing');

  it('3-D signed distance: the nearest of its parts outside; inside, the depth to the nearest surface point', () => {
    const rng = seedrandom('3d');
    for (const s of KINDS) {
      const r = s.radius!;
      const a = s.size.map((v) => v / 2 - r);
      // the parts in the own frame: three slabs, twelve edge segments and eight corners grown by r
      const partDist = (l: V3): number => {
        let best = Infinity;
        for (let i = 0; i < 3; i++) {
          const h = a.map((v, j) => (j === i ? v + r : v));
          const e = l.map((v, j) => Math.abs(v) - h[j]);
          best = Math.min(best, Math.hypot(Math.max(e[0], 0), Math.max(e[1], 0), Math.max(e[2], 0)));
        }
        for (const sx of [-1, 1])
          for (const sy of [-1, 1])
            for (const sz of [-1, 1]) {
              const c = [sx * a[0], sy * a[1], sz * a[2]];
              best = Math.min(best, Math.hypot(l[0] - c[0], l[1] - c[1], l[2] - c[2]) - r);
              for (let i = 0; i < 3; i++) {
                // the edge along axis i through this corner
                const q = c.slice();
                q[i] = Math.max(-a[i], Math.min(a[i], l[i]));
                best = Math.min(best, Math.hypot(l[0] - q[0], l[1] - q[1], l[2] - q[2]) - r);
              }
            }
        return best;
      };
      // surface points for the inside check: hits of rays from outside
      const surface: V3[] = [];
      for (const { o, d } of raysAbout(s, 3000, `${s.name}-surface`)) {
        const h = raycast([s], o, d);
        if (h) surface.push(h.point);
      }
      for (let j = 0; j < 400; j++) {
        const p: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * 1.6 * s.size[k]) as V3;
        const n = pointToSolid(p, s);
        expect(n.distance).toBeCloseTo(sdf(s, p), 12);
        expect(Math.abs(sdf(s, n.point)), s.name).toBeLessThan(1e-12);
        expect(Math.hypot(n.point[0] - p[0], n.point[1] - p[1], n.point[2] - p[2])).toBeCloseTo(
          Math.abs(n.distance),
          12,
        );
        if (n.distance > 0) expect(n.distance).toBeCloseTo(partDist(toLocal(s, p)), 12);
        else {
          let near = Infinity;
          for (const q of surface) near = Math.min(near, Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]));
          expect(near).toBeGreaterThanOrEqual(-n.distance - 1e-12);
        }
      }
    }
  });

  it('checks a radius on rboxes only, and that it fits the size; the shot list reports it and its builder a change', () => {
    expect(rboxIssues(cushion)).toEqual([]);
    expect(rboxIssues({ ...cushion, radius: 0.1 })).toEqual([]); // half the height exactly
    expect(rboxIssues({ ...cushion, radius: 0.11 }).map((e) => e.path)).toEqual([['radius']]);
    expect(rboxIssues({ ...cushion, radius: undefined }).map((e) => e.message)).toEqual(['an rbox needs a radius']);
    expect(rboxIssues({ ...box('b', [0, 0, 0], [1, 1, 1]), radius: 0.1 }).map((e) => e.message)).toEqual([
      'only an rbox has a radius',
    ]);
    expect(solidIssues({ ...cushion, wall: 0.01 }).map((e) => e.path)).toEqual([['wall']]);
    expect(rboxIssues(box('b', [0, 0, 0], [1, 1, 1]))).toEqual([]);
    // the shot list refuses them with the object's path
    const job = (objects: Solid[]) => ({
      version: 1,
      sid: 'r',
      camera: { width: 64, height: 48, hfov_deg: 80 },
      world: { background_rgb: [0.1, 0.1, 0.1], strength: 1 },
      materials: { grey: { base_rgb: [0.5, 0.5, 0.5], roughness: 0.5, metallic: 0 } },
      lights: [],
      objects: objects.map((o, i) => ({ ...o, truth_id: i })),
      frames: [{ index: 0, camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 } }],
    });
    expect(parseShotList(job([cushion])).objects[0].radius).toBe(0.06);
    const issues = (objects: Solid[]) => {
      try {
        parseShotList(job(objects), 'job.json');
      } catch (e) {
        return (e as InputError).issues.map((i) => `${i.path}: ${i.message}`);
      }
      return [];
    };
    expect(issues([box('b', [0, 0, 0], [1, 1, 1]), { ...cushion, radius: 0.2 }])).toEqual([
      'objects[1].radius: radius 0.2 must be > 0 and at most half the smallest extent (0.1)',
    ]);
    expect(issues([{ ...box('b', [0, 0, 0], [1, 1, 1]), radius: 0.1 }])).toEqual([
      'objects[0].radius: only an rbox has a radius',
    ]);
    // and the shot-list builder a radius that changes over the shift
    expect(() => checkSolidsConstant([[cushion], [{ ...cushion, radius: 0.05 }]], [0, 5], 'timeline.json')).toThrow(
      /cushion.*radius 0.06 -> 0.05 at t = 5/,
    );
  });
});

/** A rounded rectangle footprint as its parts: a cross of two rectangles and four discs at the inner corners. */
function parts(fp: Footprint): Footprint[] {
  if (fp.kind !== 'rect' || !fp.r) return [fp];
  const r = fp.r,
    ax = fp.hx - r,
    ay = fp.hy - r;
  const c = Math.cos(fp.yaw),
    s = Math.sin(fp.yaw);
  const out: Footprint[] = [
    { kind: 'rect', cx: fp.cx, cy: fp.cy, hx: fp.hx, hy: ay, yaw: fp.yaw },
    { kind: 'rect', cx: fp.cx, cy: fp.cy, hx: ax, hy: fp.hy, yaw: fp.yaw },
  ];
  for (const [u, v] of [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ])
    out.push({ kind: 'circle', cx: fp.cx + c * u * ax - s * v * ay, cy: fp.cy + s * u * ax + c * v * ay, r });
  return out;
}

describe('rbox footprints, sweeps, occupancy, clearance, nearest points, overlap', () => {
  const cushion = rbox('cushion', [2, 0.5, 0.3], [0.6, 0.5, 0.2], 0.06, 25, 'thing');

  it('the footprint in a band: the full rounded rectangle through the middle slab, smaller in the caps', () => {
    const fp = (band: [number, number]) => solidFootprint(cushion, band) as Footprint & { kind: 'rect' };
    const mid = fp([0, 0.27]);
    expect([mid.hx, mid.hy, mid.r]).toEqual([0.3, 0.25, 0.06]);
    expect(mid.yaw).toBeCloseTo(25 * DEG, 15);
    // the band reaches the middle slab's top (0.34) exactly: still the full rounding
    expect(fp([0.34, 0.5]).r).toBeCloseTo(0.06, 15);
    // above it by 0.03: the cap's cross-section, radius sqrt(0.06^2 - 0.03^2)
    const cap = fp([0.37, 0.5]);
    const rho = Math.sqrt(0.0036 - 0.0009);
    expect(cap.r).toBeCloseTo(rho, 12);
    expect(cap.hx).toBeCloseTo(0.24 + rho, 12);
    expect(cap.hy).toBeCloseTo(0.19 + rho, 12);
    expect(fp([-1, 0.22]).r).toBeCloseTo(Math.sqrt(0.0036 - 0.0016), 12); // below: in the bottom cap
    expect(fp([-1, 0.25]).r).toBeCloseTo(Math.sqrt(0.0036 - 0.0001), 12);
    expect(footprints([cushion], { zBand: [0.4, 0.5] })).toEqual([]);
    // an rbox round in plan (inner box a vertical segment) has a disc for its footprint
    const post = rbox('post', [0, 0, 1], [0.2, 0.2, 2], 0.1);
    expect(solidFootprint(post, [0, 0.5])).toEqual({ kind: 'circle', cx: 0, cy: 0, r: 0.1 });
  });

  it('the footprint is the union of the cross-sections over the band (brute force over heights)', () => {
    const rng = seedrandom('union');
    for (const s of KINDS) {
      for (let k = 0; k < 20; k++) {
        const z0 = s.center[2] + (rng() - 0.5) * 1.2 * s.size[2];
        const band: [number, number] = [z0, z0 + rng() * 0.3 * s.size[2]];
        const fps = footprints([s], { zBand: band, roles: [s.role] });
        if (fps.length === 0) continue;
        const fp = fps[0].fp;
        for (let j = 0; j < 100; j++) {
          const x = s.center[0] + (rng() - 0.5) * 1.2 * Math.max(s.size[0], s.size[1]);
          const y = s.center[1] + (rng() - 0.5) * 1.2 * Math.max(s.size[0], s.size[1]);
          let low = Infinity;
          for (let q = 0; q <= 400; q++) {
            const z = band[0] + ((band[1] - band[0]) * q) / 400;
            low = Math.min(low, sdf(s, [x, y, Math.max(zRangeOf(s)[0], Math.min(zRangeOf(s)[1], z))]));
          }
          const d = footprintSignedDistance(x, y, fp);
          if (Math.abs(d) < 2e-3) continue; // the sampled heights resolve the cap's radius to about that
          expect(d < 0, `${s.name} ${band} ${x} ${y}: ${d} ${low}`).toBe(low < 0);
        }
      }
    }
  });

  it('signed distance and nearest point in 2-D equal those of its parts (outside), and are consistent inside', () => {
    const rng = seedrandom('2d');
    for (const s of KINDS) {
      const fp = solidFootprint(s, [s.center[2] - 0.01, s.center[2] + 0.01]);
      const ps = parts(fp);
      for (let j = 0; j < 500; j++) {
        const x = s.center[0] + (rng() - 0.5) * 2 * Math.max(s.size[0], s.size[1]);
        const y = s.center[1] + (rng() - 0.5) * 2 * Math.max(s.size[0], s.size[1]);
        const n = pointToFootprint(x, y, fp);
        expect(footprintSignedDistance(x, y, fp)).toBeCloseTo(n.distance, 12);
        const ref = Math.min(...ps.map((p) => pointToFootprint(x, y, p).distance));
        if (ref > 0) expect(n.distance).toBeCloseTo(ref, 12);
        else expect(n.distance).toBeLessThanOrEqual(1e-12);
        // the nearest point lies on the outline, |distance| away
        expect(Math.min(...ps.map((p) => Math.abs(pointToFootprint(n.point[0], n.point[1], p).distance)))).toBeLessThan(
          1e-9,
        );
        expect(Math.hypot(n.point[0] - x, n.point[1] - y)).toBeCloseTo(Math.abs(n.distance), 12);
      }
    }
  });

  it('footprint to footprint (rectangles, rounded or not, and circles) equals the nearest of the parts', () => {
    const rng = seedrandom('fp2');
    const some = (): Footprint => {
      const k = rng();
      const cx = (rng() - 0.5) * 2,
        cy = (rng() - 0.5) * 2;
      if (k < 0.2) return { kind: 'circle', cx, cy, r: 0.05 + rng() * 0.3 };
      const hx = 0.05 + rng() * 0.5,
        hy = 0.05 + rng() * 0.5;
      const fp: Footprint = { kind: 'rect', cx, cy, hx, hy, yaw: rng() * 7 };
      if (k < 0.4) return fp;
      // rounded, sometimes to a segment (r = the smaller half extent)
      return { ...fp, r: k < 0.5 ? Math.min(hx, hy) : rng() * Math.min(hx, hy) };
    };
    let apart = 0;
    for (let j = 0; j < 400; j++) {
      const a = some(),
        b = some();
      if (a.kind === 'circle' && b.kind === 'circle') continue;
      const got = footprintDistance(a, b);
      let ref = Infinity;
      for (const p of parts(a)) for (const q of parts(b)) ref = Math.min(ref, footprintDistance(p, q).distance);
      if (ref > 0) {
        apart++;
        expect(got.distance, JSON.stringify([a, b])).toBeCloseTo(ref, 9);
        expect(Math.hypot(got.a[0] - got.b[0], got.a[1] - got.b[1])).toBeCloseTo(ref, 9);
        expect(Math.abs(footprintSignedDistance(got.a[0], got.a[1], a))).toBeLessThan(1e-9);
        expect(Math.abs(footprintSignedDistance(got.b[0], got.b[1], b))).toBeLessThan(1e-9);
      } else expect(got.distance, JSON.stringify([a, b])).toBeLessThanOrEqual(1e-12);
      // overlapping too: a rectangle rounded to a disc is that disc (whose distance comes from the point's)
      if (b.kind === 'rect' && a.kind !== 'poly') {
        const r = 0.05 + rng() * 0.3;
        const disc: Footprint = { kind: 'circle', cx: a.cx, cy: a.cy, r };
        const round: Footprint = { kind: 'rect', cx: a.cx, cy: a.cy, hx: r, hy: r, yaw: rng() * 7, r };
        expect(footprintDistance(round, b).distance).toBeCloseTo(footprintDistance(disc, b).distance, 12);
      }
    }
    expect(apart).toBeGreaterThan(100);
  });

  it('sweeps of circle and rectangle bodies equal the sweeps against its parts', () => {
    const rng = seedrandom('sweep');
    const bodies: BodyFootprint[] = [
      { shape: 'circle', radius: 0.2 },
      { shape: 'rect', length: 0.6, width: 0.4 },
    ];
    let hits = 0;
    for (const s of KINDS) {
      const fp = solidFootprint(s, [s.center[2] - 0.02, s.center[2] + 0.02]);
      const ps = parts(fp);
      for (let j = 0; j < 300; j++) {
        const pose = {
          x: s.center[0] + (rng() - 0.5) * 4,
          y: s.center[1] + (rng() - 0.5) * 4,
          yaw_deg: rng() * 360,
        };
        const a = rng() * 2 * Math.PI;
        const d: Vec2 = [Math.cos(a), Math.sin(a)];
        for (const body of bodies) {
          const got = contactDistance(body, pose, d, fp);
          let ref: number | null = null;
          for (const p of ps) {
            const t = contactDistance(body, pose, d, p);
            if (t !== null && (ref === null || t < ref)) ref = t;
          }
          expect(got === null, `${s.name} ${JSON.stringify(pose)} ${d}`).toBe(ref === null);
          if (got !== null && ref !== null) {
            hits++;
            expect(got).toBeCloseTo(ref, 9);
          }
        }
      }
    }
    expect(hits).toBeGreaterThan(800);
    // and through sweep(): a circle body driving at the cushion's rounded corner
    const c = rbox('c', [3, 0.5, 0.3], [1, 1, 0.6], 0.2);
    const r = sweep([c], {
      pose: { x: 0, y: 0.9, yaw_deg: 0 },
      body: { shape: 'circle', radius: 0.2 },
      heading_deg: 0,
      zBand: [0, 1],
      maxDistance: 10,
    });
    // the rounded corner (centre (2.7, 0.8)) meets the body when their centres lie 0.4 apart
    expect(r.distance).toBeCloseTo(2.7 - Math.sqrt(0.15), 12);
    expect(r.hit).toBe('c');
  });

  it('occupancy (centre and overlap rules) and exact clearance equal those of its parts', () => {
    for (const s of KINDS) {
      const band: [number, number] = [s.center[2] - 0.01, s.center[2] + 0.01];
      const fp = solidFootprint(s, band);
      const bounds = {
        min: [s.center[0] - 1.5, s.center[1] - 1.5] as Vec2,
        max: [s.center[0] + 1.5, s.center[1] + 1.5] as Vec2,
      };
      for (const mode of ['center', 'overlap'] as const) {
        const got = occupancyGrid([s], { zBand: band, bounds, cell: 0.013, mode, roles: [s.role] });
        const ref = emptyGrid(bounds, 0.013);
        for (const p of parts(fp)) rasterise(ref, p, mode);
        let set = 0,
          off = 0;
        for (let i = 0; i < ref.data.length; i++) {
          if (got.data[i] !== ref.data[i]) off++;
          set += ref.data[i];
        }
        expect(off, `${s.name} ${mode}`).toBe(0);
        expect(set).toBeGreaterThan(100);
      }
      const map = clearanceFromSolids([s], { zBand: band, bounds, cell: 0.05, cap: 1, roles: [s.role] });
      const rng = seedrandom(s.name);
      for (let j = 0; j < 200; j++) {
        const x = bounds.min[0] + rng() * 3,
          y = bounds.min[1] + rng() * 3;
        const ref = Math.min(...parts(fp).map((p) => pointToFootprint(x, y, p).distance));
        if (ref > 0) expect(map.at(x, y)).toBeCloseTo(Math.min(1, ref), 12);
        else expect(map.at(x, y)).toBeLessThanOrEqual(1e-12);
      }
    }
  });

  it("the compiler's cells in a footprint (written out) are those whose centre has a negative signed distance", () => {
    for (const s of KINDS) {
      const fp = solidFootprint(s, [s.center[2] - 0.01, s.center[2] + 0.01]);
      const grid = { x0: s.center[0] - 1.03, y0: s.center[1] - 0.97, cell: 0.011, nx: 190, ny: 180 };
      const got = cellsInFootprint(new SeenSpace(grid, []), fp);
      const ref = new Set<number>();
      for (let j = 0; j < grid.ny; j++)
        for (let i = 0; i < grid.nx; i++)
          if (footprintSignedDistance(grid.x0 + (i + 0.5) * grid.cell, grid.y0 + (j + 0.5) * grid.cell, fp) < 0)
            ref.add(j * grid.nx + i);
      expect(
        [...got].sort((a, b) => a - b),
        s.name,
      ).toEqual([...ref].sort((a, b) => a - b));
      expect(ref.size).toBeGreaterThan(100);
    }
  });

  it('overlap: exact for a prism grown by a ball, the box and sphere cases its limits', () => {
    const c = rbox('c', [0, 0, 0.5], [1, 1, 1], 0.2);
    // a box face-on: as for a box
    expect(penetration(c, box('b', [0.7, 0, 0.5], [0.6, 0.6, 0.6]))).toBeCloseTo(0.1, 12);
    // a box's edge at the rounded edge: the box (x >= 0.45, y >= 0.45) and the edge's circle about (0.3, 0.3)
    expect(penetration(c, box('e', [0.75, 0.75, 0.5], [0.6, 0.6, 0.4]))).toBeCloseTo(0.2 - Math.hypot(0.15, 0.15), 12);
    expect(penetration(c, box('f', [0.8, 0.8, 0.5], [0.6, 0.6, 0.4]))).toBeLessThan(0); // in the rounded-away corner
    // its corner: a box above and beside, (x, y, z) >= (0.42, 0.42, 0.92): sqrt(3) 0.12 from the corner's centre
    const g = box('g', [0.92, 0.92, 1.42], [1, 1, 1]);
    expect(penetration(c, g)).toBeCloseTo(0.2 - Math.sqrt(3) * 0.12, 12);
    // two rboxes side by side: the gap between their faces
    expect(penetration(c, rbox('d', [1.05, 0, 0.5], [1, 1, 1], 0.3))).toBeCloseTo(-0.05, 12);
    expect(penetration(c, rbox('d', [0.95, 0, 0.5], [1, 1, 1], 0.3))).toBeCloseTo(0.05, 12);
    // a cylinder at the rounded edge along z
    expect(penetration(c, cylinder('k', [0.5, 0.5, 0.5], 0.2, 0.4))).toBeCloseTo(0.3 - Math.hypot(0.2, 0.2), 12);
    // an rbox whose radius is half its extents is its sphere
    const b2 = box('b2', [0, 0, 0.5], [1, 1, 1]);
    for (const at of [
      [0.5, 0.6, 0.9],
      [0.6, 0.6, 1.05],
      [0.1, -0.3, 1.1],
    ] as V3[]) {
      const ball = rbox('ball', at, [0.4, 0.4, 0.4], 0.2);
      expect(penetration(ball, b2)).toBeCloseTo(penetration(sphere('s', at, 0.4), b2), 12);
      expect(penetration(ball, b2)).toBeGreaterThan(0);
    }
    // an rbox with a tiny radius is its box
    const sharp = rbox('sharp', [0, 0, 0.5], [1, 1, 1], 1e-9);
    for (const o of [box('o', [0.6, 0.3, 0.9], [0.4, 0.6, 0.5], 20), cylinder('k2', [0.55, -0.45, 0.2], 0.3, 0.5)])
      expect(penetration(sharp, o)).toBeCloseTo(penetration(b2, o), 8);
    expect(solidsOverlap(c, box('t', [0.7, 0.7, 0.5], [0.4, 0.4, 0.4]), 0.001)).toBe(false);
    // the coarse pass sees its box at its yaw
    const y = rbox('y', [0, 0, 0], [2, 0.2, 0.2], 0.05, 90);
    expect(footprintBox(y).map((v) => Number(v.toFixed(12)))).toEqual([-0.1, -1, 0.1, 1]);
  });
});

function zRangeOf(s: Solid): [number, number] {
  return [s.center[2] - s.size[2] / 2, s.center[2] + s.size[2] / 2];
}
