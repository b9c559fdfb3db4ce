/**
 * Rounded boxes against brute force: ray entries against sphere tracing of the exact signed distance, 3-D signed
 * distance against the rbox's parts (three slabs, twelve edge cylinders, eight corner spheres), and the validation.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { pointToSolid, raycast, raycastAll, rayScene, solidAabb } from '../../../../layouts/geometry/index.ts';
import { rboxIssues, solidIssues, type Solid } from '../../../../layouts/solids.ts';
import { box, rbox, sphere } from '../../../helpers/geometry-solids.ts';
import { parseShotList } from '../../../../render/shot-list.ts';
import { checkSolidsConstant } from '../../../../render/build-shot-list.ts';
import type { InputError } from '../../../../foundation/index.ts';

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
