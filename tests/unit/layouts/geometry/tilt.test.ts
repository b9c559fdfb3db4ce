/**
 * Tilted solids (pitch and roll) against brute force. The rotation is built here from its three elementary turns;
 * rays against sphere tracing of signed distances written out in the solid's own frame (boxes, cylinders, rboxes)
 * or against the upright lathe's own cast of the turned ray; bounds against sampled surface points; footprints
 * against the exact cut of each solid by the band (the band-clipped generators and cap chords of a cylinder or a
 * lathe's cones; a box's surface; an rbox's support by nested golden sections over its inner box), every sample
 * inside the polygon and the polygon no farther than 1 mm beyond them along any direction; the polygon footprint's
 * readers (nearest points, signed distance, sweeps, occupancy, the compiler's cells) against brute force; overlaps;
 * the validation and the shot list's moves.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import {
  clearanceFromSolids,
  occupancyGrid,
  sweep,
  footprints,
  footprintSignedDistance,
  POLY_TOL,
  pointToFootprint,
  pointToSolid,
  raycast,
  raycastAll,
  rayScene,
  solidAabb,
  solidFootprint,
  tiltedFootprint,
  tiltedOutline,
  type Vec2,
} from '../../../../layouts/geometry/index.ts';
import { isTilted, solidIssues, solidRotation, tiltIssues, zRange, type Solid } from '../../../../layouts/solids.ts';
import { penetration, solidsOverlap } from '../../../../layouts/overlap.ts';
import { box, cylinder, lathe, rbox, sphere } from '../../../helpers/geometry-solids.ts';
import { parseShotList, resolvedMoves } from '../../../../render/shot-list.ts';
import { objectsAt } from '../../../../render/frame-scene.ts';
import type { InputError } from '../../../../foundation/index.ts';
import { cameraPose, intrinsics } from '../../../../layouts/camera.ts';
import { thingState } from '../../../../compile/ask/sightings.ts';
import { airHolesFor } from '../../../../render/truth/seen-space.ts';
import { raycastFrame, raycastFrameAll, truthScene } from '../../../../render/truth/raycast-renderer.ts';

type V3 = [number, number, number];
type M3 = number[][];
const DEG = Math.PI / 180;

const mul = (a: M3, b: M3): M3 => a.map((r) => [0, 1, 2].map((j) => r[0] * b[0][j] + r[1] * b[1][j] + r[2] * b[2][j]));
/** R = Rz(yaw) Ry(pitch) Rx(roll), from the elementary turns. */
function rot(s: { yaw_deg?: number; pitch_deg?: number; roll_deg?: number }): M3 {
  const y = (s.yaw_deg ?? 0) * DEG,
    p = (s.pitch_deg ?? 0) * DEG,
    r = (s.roll_deg ?? 0) * DEG;
  const Rz = [
    [Math.cos(y), -Math.sin(y), 0],
    [Math.sin(y), Math.cos(y), 0],
    [0, 0, 1],
  ];
  const Ry = [
    [Math.cos(p), 0, Math.sin(p)],
    [0, 1, 0],
    [-Math.sin(p), 0, Math.cos(p)],
  ];
  const Rx = [
    [1, 0, 0],
    [0, Math.cos(r), -Math.sin(r)],
    [0, Math.sin(r), Math.cos(r)],
  ];
  return mul(Rz, mul(Ry, Rx));
}
const apply = (R: M3, v: V3): V3 => [0, 1, 2].map((i) => R[i][0] * v[0] + R[i][1] * v[1] + R[i][2] * v[2]) as V3;
const applyT = (R: M3, v: V3): V3 => [0, 1, 2].map((i) => R[0][i] * v[0] + R[1][i] * v[1] + R[2][i] * v[2]) as V3;
const toLocal = (s: Solid, p: V3): V3 => applyT(rot(s), [p[0] - s.center[0], p[1] - s.center[1], p[2] - s.center[2]]);
const toMap = (s: Solid, l: V3): V3 => {
  const w = apply(rot(s), l);
  return [s.center[0] + w[0], s.center[1] + w[1], s.center[2] + w[2]];
};
const unit = (d: V3): V3 => {
  const l = Math.hypot(d[0], d[1], d[2]);
  return [d[0] / l, d[1] / l, d[2] / l];
};

/** Exact signed distance in the solid's own frame, from the definitions (box, cylinder, rbox). */
function sdf(s: Solid, p: V3): number {
  const l = toLocal(s, p);
  if (s.shape === 'cylinder') {
    const er = Math.hypot(l[0], l[1]) - s.size[0] / 2,
      ez = Math.abs(l[2]) - s.size[2] / 2;
    return Math.hypot(Math.max(er, 0), Math.max(ez, 0)) + Math.min(Math.max(er, ez), 0);
  }
  const r = s.shape === 'rbox' ? s.radius! : 0;
  const e = l.map((v, i) => Math.abs(v) - (s.size[i] / 2 - r));
  return Math.hypot(Math.max(e[0], 0), Math.max(e[1], 0), Math.max(e[2], 0)) + Math.min(Math.max(...e), 0) - r;
}

function sdfNormal(s: Solid, p: V3): V3 {
  const h = 1e-7;
  const g = [0, 1, 2].map((i) => {
    const a = p.slice() as V3,
      b = p.slice() as V3;
    a[i] += h;
    b[i] -= h;
    return (sdf(s, a) - sdf(s, b)) / (2 * h);
  });
  return unit(g as V3);
}

/** Sphere tracing (as rbox.test.ts): entry t, null on a miss, 'graze' within 1e-7 m without reaching, or 'inside'. */
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

const VASE: [number, number][] = [
  [0.05, 0],
  [0.09, 0.08],
  [0.1, 0.14],
  [0.04, 0.26],
  [0.035, 0.3],
  [0.05, 0.33],
];
const MUG: [number, number][] = [
  [0.04, 0],
  [0.045, 0.1],
];

const tilt = (s: Solid, pitch_deg: number, roll_deg: number, yaw_deg = s.yaw_deg): Solid => ({
  ...s,
  yaw_deg,
  pitch_deg,
  roll_deg,
});

/** Tilted solids of every kind that tilts: fallen (90), leaning, upside down, nearly upright. */
const KINDS: Solid[] = [
  tilt(box('plank', [0.2, -0.1, 0.5], [1.2, 0.2, 0.03]), 25, 0, 10),
  tilt(box('fallen', [0, 0, 0.3], [0.6, 0.5, 0.9]), 90, 0, 30),
  tilt(box('lean', [1, 1, 0.4], [0.5, 0.3, 0.8]), 30, -20, -50),
  tilt(cylinder('wheel', [0, 0, 0.33], 0.66, 0.22), 0, 90, 15),
  tilt(cylinder('can', [0.3, 0.2, 0.5], 0.3, 0.5), 35, 20, 70),
  tilt(cylinder('flip', [0, 0, 0.1], 0.4, 0.1), 180, 0),
  tilt(cylinder('nearly', [0, 0, 0.2], 0.5, 0.4), 0.5, 0.3),
  tilt(rbox('cushion', [0.3, -0.2, 0.5], [0.6, 0.5, 0.15], 0.05), 40, 15, 20),
  tilt(rbox('fallen_pouf', [0, 0, 0.25], [0.5, 0.5, 0.46], 0.2), 90, 0),
  tilt(rbox('capsule', [0.5, 0.5, 0.5], [1.2, 0.3, 0.3], 0.15), 60, 30, -20),
  tilt(lathe('vase', [0, 0, 0], VASE), 70, 10, 40),
  tilt(lathe('mug', [0.2, 0.1, 0.05], MUG, 0.006), 0, 90, -30),
  tilt(
    lathe(
      'bowl',
      [0, 0, 0.4],
      [
        [0.05, 0],
        [0.12, 0.07],
      ],
      0.008,
    ),
    150,
    30,
  ),
];

/** Random rays about a solid (origins in a cube about it, some inside, aimed near its centre; some level or vertical). */
function raysAbout(s: Solid, n: number, seed: string): { o: V3; d: V3 }[] {
  const rng = seedrandom(seed);
  const m = Math.max(...s.size);
  const out: { o: V3; d: V3 }[] = [];
  for (let i = 0; i < n; i++) {
    const o: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * 3 * m) as V3;
    const tgt: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * 1.2 * m) as V3;
    let d: V3 = [tgt[0] - o[0], tgt[1] - o[1], tgt[2] - o[2]];
    if (i % 10 === 0) d = [0, 0, d[2] || 1];
    else if (i % 10 === 1) d = [d[0], d[1], 0];
    out.push({ o, d: unit(d) });
  }
  return out;
}

describe('the rotation', () => {
  it('is Rz(yaw) Ry(pitch) Rx(roll), turning +x down for a positive pitch and +y up for a positive roll', () => {
    const rng = seedrandom('rot');
    for (let i = 0; i < 200; i++) {
      const a = { yaw_deg: 720 * rng() - 360, pitch_deg: 720 * rng() - 360, roll_deg: 720 * rng() - 360 };
      const s = { ...box('b', [0, 0, 0], [1, 1, 1]), ...a };
      const got = solidRotation(s),
        want = rot(a);
      for (let k = 0; k < 9; k++) expect(got[k]).toBeCloseTo(want[Math.floor(k / 3)][k % 3], 14);
    }
    const p = solidRotation({ ...box('b', [0, 0, 0], [1, 1, 1]), pitch_deg: 90 });
    expect([p[0], p[3], p[6]].map((v) => Math.round(v * 1e12) / 1e12)).toEqual([0, 0, -1]);
    const r = solidRotation({ ...box('b', [0, 0, 0], [1, 1, 1]), roll_deg: 90 });
    expect([r[1], r[4], r[7]].map((v) => Math.round(v * 1e12) / 1e12)).toEqual([0, 0, 1]);
  });

  it('leaves upright solids as they were: no pitch or roll (or 0) is not tilted', () => {
    expect(isTilted(box('b', [0, 0, 0], [1, 1, 1], 30))).toBe(false);
    expect(isTilted({ ...box('b', [0, 0, 0], [1, 1, 1]), pitch_deg: 0, roll_deg: 0 })).toBe(false);
    expect(isTilted({ ...box('b', [0, 0, 0], [1, 1, 1]), roll_deg: 1e-9 })).toBe(true);
  });
});

describe('bounds of a tilted solid', () => {
  it('zRange and solidAabb hold every surface point sampled and are reached by one (to 2 mm)', () => {
    const rng = seedrandom('bounds');
    for (const s of KINDS) {
      const b = solidAabb(s);
      const [z0, z1] = zRange(s);
      expect(z0).toBeCloseTo(b[2] + 1e-9, 9);
      expect(z1).toBeCloseTo(b[5] - 1e-9, 9);
      const lo = [Infinity, Infinity, Infinity],
        hi = [-Infinity, -Infinity, -Infinity];
      // points on the surface: rays from outside towards the centre, their hits
      for (let i = 0; i < 6000; i++) {
        const d = unit([rng() - 0.5, rng() - 0.5, rng() - 0.5]);
        const o: V3 = [0, 1, 2].map((k) => s.center[k] - 5 * d[k] + (rng() - 0.5) * Math.max(...s.size)) as V3;
        const h = raycast([s], o, d);
        if (!h) continue;
        for (let k = 0; k < 3; k++) {
          expect(h.point[k], s.name).toBeGreaterThanOrEqual(b[k] - 1e-9);
          expect(h.point[k], s.name).toBeLessThanOrEqual(b[k + 3] + 1e-9);
          lo[k] = Math.min(lo[k], h.point[k]);
          hi[k] = Math.max(hi[k], h.point[k]);
        }
      }
      for (let k = 0; k < 3; k++) {
        expect(lo[k] - b[k], `${s.name} low ${k}`).toBeLessThan(0.02);
        expect(b[k + 3] - hi[k], `${s.name} high ${k}`).toBeLessThan(0.02);
      }
    }
  });
});

describe('rays against tilted solids', () => {
  it('boxes, cylinders and rboxes agree with sphere tracing of the exact signed distance (t and normals)', () => {
    for (const s of KINDS.filter((k) => k.shape !== 'lathe')) {
      let hits = 0;
      for (const { o, d } of raysAbout(s, 2500, s.name)) {
        const ref = march(s, o, d);
        const got = raycast([s], o, d);
        if (ref === 'graze') continue;
        if (ref === 'inside') {
          expect(got, `${s.name} from inside`).toBeNull();
          continue;
        }
        expect(got === null, `${s.name} ${o} ${d}: ${ref}`).toBe(ref === null);
        if (!got || ref === null) continue;
        hits++;
        expect(Math.abs(got.t - ref), `${s.name} ${o} ${d}`).toBeLessThan(1e-9);
        const n = sdfNormal(s, got.point);
        // on an edge or a corner of a box or a cylinder the normal is one of the faces'
        if (s.shape === 'rbox' || Math.abs(Math.hypot(...n) - 1) < 1e-6) {
          const dot = n[0] * got.normal[0] + n[1] * got.normal[1] + n[2] * got.normal[2];
          if (s.shape === 'rbox') expect(dot, `${s.name} normal`).toBeGreaterThan(1 - 1e-8);
          else expect(dot, `${s.name} normal`).toBeGreaterThan(0.5);
        }
        expect(Math.hypot(...got.normal)).toBeCloseTo(1, 12);
      }
      expect(hits, s.name).toBeGreaterThan(150);
    }
  });

  it('a lathe: the upright lathe at the origin cast with the ray turned into its frame, hits and normals', () => {
    for (const s of KINDS.filter((k) => k.shape === 'lathe')) {
      const { pitch_deg: _p, roll_deg: _r, ...rest } = s;
      const own: Solid = { ...rest, center: [0, 0, 0], yaw_deg: 0 };
      const R = rot(s);
      let hits = 0;
      for (const { o, d } of raysAbout(s, 3000, s.name)) {
        const got = raycast([s], o, d);
        const ref = raycast([own], toLocal(s, o), applyT(R, d));
        expect(got === null, s.name).toBe(ref === null);
        if (!got || !ref) continue;
        hits++;
        expect(got.t).toBeCloseTo(ref.t, 10);
        const n = apply(R, ref.normal);
        for (let k = 0; k < 3; k++) expect(got.normal[k]).toBeCloseTo(n[k], 10);
      }
      expect(hits, s.name).toBeGreaterThan(300);
    }
  });

  it('raycastAll over a scene of tilted solids equals the nearest of every solid cast alone (the hierarchy bounds them)', () => {
    const rng = seedrandom('scene');
    const scene = KINDS.map((s, i) => ({ ...s, center: [(i % 5) * 0.9, Math.floor(i / 5) * 0.9, s.center[2]] as V3 }));
    const n = 4000;
    const o = new Float64Array(3 * n),
      d = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      const p: V3 = [4 * rng() - 0.5, 3 * rng() - 0.5, 2.5 * rng() - 0.5];
      const q: V3 = [4 * rng() - 0.5, 3 * rng() - 0.5, rng() * 0.8];
      const u = unit([q[0] - p[0], q[1] - p[1], q[2] - p[2]]);
      o.set(p, 3 * i);
      d.set(u, 3 * i);
    }
    const res = raycastAll(rayScene(scene), o, d);
    let hits = 0;
    for (let i = 0; i < n; i++) {
      const ref = raycast(scene, [o[3 * i], o[3 * i + 1], o[3 * i + 2]], [d[3 * i], d[3 * i + 1], d[3 * i + 2]]);
      expect(res.index[i] >= 0).toBe(ref !== null);
      if (!ref) continue;
      hits++;
      expect(res.t[i]).toBeCloseTo(ref.t, 12);
      expect(scene[res.index[i]].name).toBe(ref.solid.name);
    }
    expect(hits).toBeGreaterThan(1000);
  });
});

describe('the ray-cast truth renderer with tilted solids', () => {
  it('draws each solid through the pixels of its bounds as casting every ray through the hierarchy does', () => {
    const scene = KINDS.map((s, i) => ({
      ...s,
      center: [1.5 + (i % 5) * 0.7, -1.4 + Math.floor(i / 5) * 1.1, s.center[2]] as V3,
      truth_id: i + 1,
    }));
    const k = intrinsics(160, 120, 80);
    for (const cam of [cameraPose([0, 0, 1.2], 0, -20), cameraPose([5, 2, 0.4], -150, -5)]) {
      const t = truthScene(scene);
      const a = raycastFrame(k, cam, t),
        b = raycastFrameAll(k, cam, t);
      expect([...a.ids]).toEqual([...b.ids]);
      expect([...a.depth]).toEqual([...b.depth]);
      expect(new Set(a.ids).size).toBeGreaterThan(8);
    }
  });
});

describe('3-D signed distance of a tilted solid', () => {
  it('equals the definition in its own frame (boxes, cylinders, rboxes); the nearest point lies on the surface', () => {
    const rng = seedrandom('sd');
    for (const s of KINDS.filter((k) => k.shape !== 'lathe')) {
      for (let i = 0; i < 400; i++) {
        const p: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * 2 * Math.max(...s.size)) as V3;
        const got = pointToSolid(p, s);
        expect(got.distance, s.name).toBeCloseTo(sdf(s, p), 9);
        expect(Math.abs(sdf(s, got.point)), s.name).toBeLessThan(1e-9);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// footprints

/** Support value of a point set along (ux, uy). */
const supportOf = (pts: readonly Vec2[], ux: number, uy: number) => {
  let h = -Infinity;
  for (const p of pts) h = Math.max(h, ux * p[0] + uy * p[1]);
  return h;
};

/**
 * Points of the exact cut of a cylinder or lathe (solid, as its outer profile's cones) by the band, projected: each
 * cone's generators at n angles clipped to the band (exact ends), and the cap discs' chords' ends on the band's
 * planes (exact angles).
 */
function coneCutPoints(s: Solid, z0: number, z1: number, n: number): Vec2[] {
  const hz = s.size[2] / 2;
  const prof: [number, number][] =
    s.shape === 'cylinder'
      ? [
          [s.size[0] / 2, 0],
          [s.size[0] / 2, s.size[2]],
        ]
      : (s.profile as [number, number][]);
  const R = rot(s);
  const out: Vec2[] = [];
  const at = (t: number, r: number, a: number): V3 => toMap(s, [r * Math.cos(a), r * Math.sin(a), t]);
  for (let i = 0; i + 1 < prof.length; i++) {
    const [r0, t0] = [prof[i][0], prof[i][1] - hz],
      [r1, t1] = [prof[i + 1][0], prof[i + 1][1] - hz];
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      const A = at(t0, r0, a),
        B = at(t1, r1, a);
      // the generator A-B clipped to z0 <= z <= z1
      let ua = 0,
        ub = 1;
      const dz = B[2] - A[2];
      if (Math.abs(dz) < 1e-15) {
        if (A[2] < z0 || A[2] > z1) continue;
      } else {
        const u0 = (z0 - A[2]) / dz,
          u1 = (z1 - A[2]) / dz;
        ua = Math.max(ua, Math.min(u0, u1));
        ub = Math.min(ub, Math.max(u0, u1));
        if (ua > ub) continue;
      }
      for (const u of [ua, ub]) out.push([A[0] + u * (B[0] - A[0]), A[1] + u * (B[1] - A[1])]);
    }
  }
  // the caps (bottom and top discs): their rims' points at the planes' heights
  for (const [t, r] of [
    [-hz, prof[0][0]],
    [hz, prof[prof.length - 1][0]],
  ]) {
    // z(a) = c_z + R[2][2] t + r (R[2][0] cos a + R[2][1] sin a)
    const zc = s.center[2] + R[2][2] * t,
      amp = r * Math.hypot(R[2][0], R[2][1]),
      ph = Math.atan2(R[2][1], R[2][0]);
    for (const zp of [z0, z1]) {
      if (!(amp > 0) || Math.abs(zp - zc) > amp) continue;
      const w = Math.acos((zp - zc) / amp);
      for (const a of [ph + w, ph - w]) {
        const p = at(t, r, a);
        out.push([p[0], p[1]]);
      }
    }
  }
  return out;
}

/** The corners of a box's cut by the band: its corners within the band and its edges' crossings of the planes. */
function boxCutPoints(s: Solid, z0: number, z1: number): Vec2[] {
  const h = s.size.map((v) => v / 2);
  const out: Vec2[] = [];
  const corner = (i: number): V3 => toMap(s, [i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]]);
  for (let i = 0; i < 8; i++) {
    const p = corner(i);
    if (p[2] >= z0 && p[2] <= z1) out.push([p[0], p[1]]);
    for (const bit of [1, 2, 4]) {
      if (i & bit) continue;
      const q = corner(i | bit);
      for (const zp of [z0, z1]) {
        const u = (zp - p[2]) / (q[2] - p[2]);
        if (u > 0 && u < 1) out.push([p[0] + u * (q[0] - p[0]), p[1] + u * (q[1] - p[1])]);
      }
    }
  }
  return out;
}

/**
 * The support value of an rbox's cut by the band along the horizontal (ux, uy): the best over its inner box's
 * points b of u . b + sqrt(r^2 - d(b)^2) (d: how far b lies outside the band), concave, by nested golden sections
 * over the inner box's own coordinates.
 */
function rboxCutSupport(s: Solid, z0: number, z1: number, ux: number, uy: number): number {
  const r = s.radius!;
  const a = s.size.map((v) => v / 2 - r);
  const R = rot(s);
  const [cx, cy, cz] = s.center;
  const f = (x: number, y: number, z: number) => {
    const px = cx + R[0][0] * x + R[0][1] * y + R[0][2] * z,
      py = cy + R[1][0] * x + R[1][1] * y + R[1][2] * z,
      pz = cz + R[2][0] * x + R[2][1] * y + R[2][2] * z;
    const d = Math.max(0, z0 - pz, pz - z1);
    if (d > r) return -1e9 - d; // the band is out of the ball's reach: worse the farther
    return ux * px + uy * py + Math.sqrt(r * r - d * d);
  };
  const golden = (g: (t: number) => number, lo: number, hi: number, it: number) => {
    const G = 0.6180339887498949;
    let c = hi - G * (hi - lo),
      d = lo + G * (hi - lo);
    let fc = g(c),
      fd = g(d);
    for (let i = 0; i < it; i++) {
      if (fc >= fd) {
        hi = d;
        d = c;
        fd = fc;
        c = hi - G * (hi - lo);
        fc = g(c);
      } else {
        lo = c;
        c = d;
        fc = fd;
        d = lo + G * (hi - lo);
        fd = g(d);
      }
    }
    return Math.max(fc, fd, g(lo), g(hi));
  };
  const it = 40;
  return golden((x) => golden((y) => golden((z) => f(x, y, z), -a[2], a[2], it), -a[1], a[1], it), -a[0], a[0], it);
}

/** Bands about a solid: through its middle, near its bottom and top, thin ones, one holding it all. */
function bandsAbout(s: Solid, rng: () => number): [number, number][] {
  const [lo, hi] = zRange(s);
  const H = hi - lo;
  const out: [number, number][] = [
    [lo - 1, hi + 1],
    [lo + 0.4 * H, lo + 0.6 * H],
    [lo - 0.1, lo + 0.03 * H],
    [hi - 0.02 * H, hi + 0.5],
  ];
  for (let i = 0; i < 3; i++) {
    const a = lo - 0.2 * H + 1.4 * H * rng();
    const b = a + 0.3 * H * rng() + 1e-3;
    if (a < hi && b > lo) out.push([a, b]);
  }
  return out;
}

const DIRS = Array.from({ length: 720 }, (_, k) => [Math.cos((k * Math.PI) / 360), Math.sin((k * Math.PI) / 360)]);

describe('footprint of a tilted solid in a height band', () => {
  it('holds the exact cut of the solid by the band and reaches at most 1 mm beyond it (cylinders, lathes, boxes)', () => {
    const rng = seedrandom('cuts');
    let n = 0;
    for (const s of KINDS.filter((k) => k.shape !== 'rbox')) {
      for (const [z0, z1] of bandsAbout(s, rng)) {
        const fp = solidFootprint(s, [z0, z1]);
        expect(fp.kind).toBe('poly');
        if (fp.kind !== 'poly') continue;
        const cut = s.shape === 'box' ? boxCutPoints(s, z0, z1) : coneCutPoints(s, z0, z1, 5000);
        expect(cut.length, `${s.name} ${z0} ${z1}`).toBeGreaterThanOrEqual(3);
        // counter-clockwise, convex
        for (let i = 0; i < fp.points.length; i++) {
          const [a, b, c] = [0, 1, 2].map((k) => fp.points[(i + k) % fp.points.length]);
          expect((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).toBeGreaterThan(0);
        }
        for (const p of cut) expect(footprintSignedDistance(p[0], p[1], fp), s.name).toBeLessThanOrEqual(2e-7);
        let excess = 0;
        for (const [ux, uy] of DIRS) excess = Math.max(excess, supportOf(fp.points, ux, uy) - supportOf(cut, ux, uy));
        const tol = s.shape === 'box' ? 1e-9 : POLY_TOL + 1e-6;
        expect(excess, `${s.name} [${z0}, ${z1}]`).toBeLessThanOrEqual(tol);
        if (s.shape === 'box') expect(tiltedFootprint(s, z0, z1).bound).toBe(0);
        else expect(tiltedFootprint(s, z0, z1).bound).toBeLessThanOrEqual(POLY_TOL + 2e-7);
        n++;
      }
    }
    expect(n).toBeGreaterThan(50);
  });

  it('an rbox: its support along every direction at or beyond the exact one, at most 1 mm beyond', () => {
    const rng = seedrandom('rbox cuts');
    for (const s of KINDS.filter((k) => k.shape === 'rbox')) {
      for (const [z0, z1] of bandsAbout(s, rng).slice(0, 5)) {
        const fp = solidFootprint(s, [z0, z1]);
        if (fp.kind !== 'poly') throw new Error('not a polygon');
        for (let k = 0; k < 720; k += 8) {
          const [ux, uy] = DIRS[k];
          const exact = rboxCutSupport(s, z0, z1, ux, uy);
          const got = supportOf(fp.points, ux, uy);
          expect(got - exact, `${s.name} [${z0}, ${z1}] ${k}`).toBeGreaterThanOrEqual(-1e-9);
          expect(got - exact, `${s.name} [${z0}, ${z1}] ${k}`).toBeLessThanOrEqual(POLY_TOL + 1e-6);
        }
      }
    }
  }, 300_000);

  it('holds random points of the solid within the band', () => {
    const rng = seedrandom('inside');
    for (const s of KINDS.filter((k) => k.shape !== 'lathe')) {
      for (const band of bandsAbout(s, rng)) {
        const fp = solidFootprint(s, band);
        const m = Math.max(...s.size);
        for (let i = 0; i < 4000; i++) {
          const p: V3 = [0, 1, 2].map((k) => s.center[k] + (rng() - 0.5) * m) as V3;
          if (p[2] < band[0] || p[2] > band[1] || sdf(s, p) > 0) continue;
          expect(footprintSignedDistance(p[0], p[1], fp), s.name).toBeLessThanOrEqual(1e-9);
        }
      }
    }
  });

  it('a cylinder lying on its side gives a rectangle; a band that misses a tilted solid gives none', () => {
    const w = tilt(cylinder('w', [0, 0, 0.3], 0.6, 0.2), 0, 90);
    const fp = solidFootprint(w, [0, 0.1]);
    if (fp.kind !== 'poly') throw new Error('not a polygon');
    expect(fp.points.length).toBe(4);
    // at height 0.1 the wheel (bottom at 0) is 2 sqrt(0.3^2 - 0.2^2) wide, along y its thickness 0.2
    const b = [Math.min(...fp.points.map((p) => p[0])), Math.max(...fp.points.map((p) => p[0]))];
    expect(b[1] - b[0]).toBeCloseTo(2 * Math.sqrt(0.09 - 0.04), 6);
    expect(Math.max(...fp.points.map((p) => p[1])) - Math.min(...fp.points.map((p) => p[1]))).toBeCloseTo(0.2, 6);
    expect(zRange(w)).toEqual([expect.closeTo(0, 12), expect.closeTo(0.6, 12)]);
    expect(footprints([w], { zBand: [0.61, 2] })).toEqual([]);
    expect(footprints([w], { zBand: [0.59, 2] }).length).toBe(1);
  });

  it('reaches the planar queries: a sweep, occupancy and the exact clearance see a lying wheel as its rectangle', () => {
    // a wheel of radius 0.3 and width 0.2 lying across x at x = 2: in the band [0, 0.1] it is 0.2 along x
    const w = tilt(cylinder('w', [2, 0, 0.3], 0.6, 0.2), 0, 90, 90);
    const band: [number, number] = [0, 0.1];
    const r = sweep([w], {
      zBand: band,
      roles: ['fixed'],
      pose: { x: 0, y: 0, yaw_deg: 0 },
      body: { shape: 'circle', radius: 0.25 },
      heading_deg: 0,
      maxDistance: 5,
    });
    expect(r.hit).toBe('w');
    expect(r.distance).toBeCloseTo(2 - 0.1 - 0.25, 6);
    const bounds = { min: [0, -1] as Vec2, max: [4, 1] as Vec2 };
    const g = occupancyGrid([w], { zBand: band, roles: ['fixed'], bounds, cell: 0.02, mode: 'center' });
    // 0.2 by 2 sqrt(0.3^2 - 0.2^2) = 0.447: 10 columns of 22 cells
    expect(g.data.reduce((n, v) => n + v, 0)).toBe(10 * 22);
    const map = clearanceFromSolids([w], { zBand: band, roles: ['fixed'], bounds, cell: 0.05, cap: 1 });
    const fp = solidFootprint(w, band);
    const rng = seedrandom('clear');
    for (let i = 0; i < 100; i++) {
      const x = 4 * rng(),
        y = 2 * rng() - 1;
      expect(map.at(x, y)).toBeCloseTo(Math.min(1, pointToFootprint(x, y, fp).distance), 12);
    }
  });
});

describe("readers of a tilted solid's outline and height", () => {
  it('a thing lying down: its outline from above, its length, middle, bottom and top; the air carve sees its height', () => {
    // a bottle 0.3 long, 0.08 across, lying along y (pitch 90 turns its axis to x, the yaw 90 to y)
    const bottle: Solid = {
      ...tilt(cylinder('b', [1, 2, 0.04], 0.08, 0.3), 90, 0, 90),
      role: 'thing',
      owner: 'bottle',
    };
    const o = tiltedOutline(bottle)!;
    const xs = o.map((p) => p[0]),
      ys = o.map((p) => p[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(0.08, 6);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(0.3, 6);
    expect(tiltedOutline(cylinder('u', [0, 0, 0], 0.1, 0.1))).toBeNull();
    const world = {
      solidsAt: () => [bottle],
      personAt: () => undefined,
      thing: () => undefined,
      person: () => undefined,
    };
    const st = thingState(world, 'bottle', 0)!;
    expect(st.length_m).toBeCloseTo(0.3, 6);
    expect(st.middle[0]).toBeCloseTo(1, 9);
    expect(st.middle[1]).toBeCloseTo(2, 9);
    expect(st.bottom_z).toBeCloseTo(0, 12);
    expect(st.top_z).toBeCloseTo(0.08, 12);
    // a plank 4 m long hanging at 4 m: upright it stays below a camera at 5.5 m, pitched 60 degrees it reaches it
    const plank = box('p', [0, 0, 4], [4, 0.2, 0.2]);
    expect(airHolesFor(5.5, [plank])).toEqual([]);
    expect(airHolesFor(5.5, [tilt(plank, 60, 0)])).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// overlaps, validation, the shot list

/**
 * A solid as a convex polytope inside it: a box's corners, a cylinder's inscribed 64-sided prism (within 0.12% of
 * its radius); its corners (map frame), its sides' normals and its edges' directions.
 */
function polytope(s: Solid): { v: V3[]; normals: V3[]; edges: V3[] } {
  const R = rot(s);
  const h = s.size.map((x) => x / 2);
  if (s.shape === 'box') {
    const v: V3[] = [];
    for (let i = 0; i < 8; i++) v.push(toMap(s, [i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]]));
    const ax: V3[] = [apply(R, [1, 0, 0]), apply(R, [0, 1, 0]), apply(R, [0, 0, 1])];
    return { v, normals: ax, edges: ax };
  }
  const n = 64,
    r = h[0];
  const v: V3[] = [],
    normals: V3[] = [apply(R, [0, 0, 1])],
    edges: V3[] = [apply(R, [0, 0, 1])];
  for (let k = 0; k < n; k++) {
    const a = (2 * Math.PI * k) / n,
      b = (2 * Math.PI * (k + 1)) / n;
    for (const z of [-h[2], h[2]]) v.push(toMap(s, [r * Math.cos(a), r * Math.sin(a), z]));
    normals.push(apply(R, [Math.cos((a + b) / 2), Math.sin((a + b) / 2), 0]));
    edges.push(apply(R, [Math.cos(b) - Math.cos(a), Math.sin(b) - Math.sin(a), 0]));
  }
  return { v, normals, edges };
}

/** The exact penetration of two convex polytopes: the least push over their separating axes. */
function polytopeDepth(a: ReturnType<typeof polytope>, b: ReturnType<typeof polytope>): number {
  const axes: V3[] = [...a.normals, ...b.normals];
  for (const p of a.edges)
    for (const q of b.edges)
      axes.push([p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]);
  let best = Infinity;
  for (const ax of axes) {
    const l = Math.hypot(...ax);
    if (!(l > 1e-12)) continue;
    const u: V3 = [ax[0] / l, ax[1] / l, ax[2] / l];
    const ext = (vs: V3[]) => {
      let lo = Infinity,
        hi = -Infinity;
      for (const p of vs) {
        const d = p[0] * u[0] + p[1] * u[1] + p[2] * u[2];
        lo = Math.min(lo, d);
        hi = Math.max(hi, d);
      }
      return [lo, hi];
    };
    const [a0, a1] = ext(a.v),
      [b0, b1] = ext(b.v);
    best = Math.min(best, a1 - b0, b1 - a0);
  }
  return best;
}

describe('overlaps with tilted solids', () => {
  it('a wheel resting on the floor touches it; sunk 1 cm into it, overlaps by 1 cm; a leaning box by its corner', () => {
    const floor = box('floor', [0, 0, -0.05], [4, 4, 0.1]);
    const wheel = tilt(cylinder('w', [0, 0, 0.3], 0.6, 0.2), 0, 90, 20);
    expect(penetration(wheel, floor)).toBeCloseTo(0, 9);
    expect(solidsOverlap(wheel, floor)).toBe(false);
    const sunk = { ...wheel, center: [0, 0, 0.29] as V3 };
    expect(penetration(sunk, floor)).toBeCloseTo(0.01, 6);
    // a unit cube turned 45 degrees about x and y stands on a corner... here about y only: on an edge
    const lean = tilt(box('l', [0, 0, Math.SQRT1_2 - 0.02], [1, 1, 1]), 45, 0);
    expect(penetration(lean, floor)).toBeCloseTo(0.02, 6);
    // a sphere: by its centre's distance, the tilted box in its own frame
    const ball = sphere('s', [0, 0, 0.5 + Math.SQRT1_2 + 0.1 - 0.03], 0.2);
    const lean0 = tilt(box('l0', [0, 0, 0.5], [1, 1, 1]), 45, 0);
    expect(penetration(ball, lean0)).toBeCloseTo(0.03, 9);
  });

  it('pairs of tilted boxes and cylinders: never below the depth of polytopes inside them, at most 1.5 mm above (boxes: equal)', () => {
    const rng = seedrandom('pairs');
    let over = 0;
    for (let i = 0; i < 40; i++) {
      const mk = (name: string): Solid => {
        const c: V3 = [rng() * 0.6, rng() * 0.6, rng() * 0.6];
        const s =
          rng() < 0.5
            ? box(name, c, [0.2 + rng() * 0.6, 0.2 + rng() * 0.6, 0.2 + rng() * 0.6])
            : cylinder(name, c, 0.2 + rng() * 0.5, 0.2 + rng() * 0.5);
        return tilt(s, 180 * rng() - 90, 180 * rng() - 90, 360 * rng());
      };
      const a = mk('a'),
        b = mk('b');
      const got = penetration(a, b);
      // the solids hold the polytopes, so their depth is at least the polytopes' (equal for two boxes)
      const inner = polytopeDepth(polytope(a), polytope(b));
      expect(got, `${i}`).toBeGreaterThanOrEqual(inner - 1e-9);
      expect(got - inner, `${i} ${a.shape} ${b.shape}`).toBeLessThan(
        a.shape === 'box' && b.shape === 'box' ? 1e-9 : 0.0015,
      );
      if (got > 0) over++;
    }
    expect(over).toBeGreaterThan(10);
  });
});

describe('tilt validation and the shot list', () => {
  it('refuses a tilt on a sphere and one beyond a turn; upright and tilted boxes pass', () => {
    expect(tiltIssues({ ...box('b', [0, 0, 0], [1, 1, 1]), pitch_deg: 30, roll_deg: -400 }).map((e) => e.path)).toEqual(
      [['roll_deg']],
    );
    expect(solidIssues({ ...sphere('s', [0, 0, 0], 1), pitch_deg: 10 }).map((e) => e.message)).toEqual([
      'a sphere does not tilt (it is the same at any tilt)',
    ]);
    expect(solidIssues({ ...sphere('s', [0, 0, 0], 1), pitch_deg: 0 })).toEqual([]);
    for (const s of KINDS) expect(solidIssues(s), s.name).toEqual([]);
  });

  const job = (objects: unknown[], moves: unknown[] = []) => ({
    version: 1,
    sid: 's',
    camera: { width: 64, height: 48, hfov_deg: 80 },
    world: { background_rgb: [0, 0, 0], strength: 1 },
    materials: { grey: { base_rgb: [0.5, 0.5, 0.5], roughness: 0.5, metallic: 0 } },
    lights: [],
    objects,
    frames: [{ index: 0, camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 }, moves }],
  });

  it('the shot list checks tilts on objects and moves; a move sets the tilt, absent means upright', () => {
    const b = { ...box('b', [1, 0, 0.5], [1, 1, 1]), pitch_deg: 90, truth_id: 1 };
    const ball = { ...sphere('s', [0, 0, 0], 1), truth_id: 2 };
    try {
      parseShotList(job([b, { ...ball, roll_deg: 5 }], [{ name: 's', center: [0, 0, 0], roll_deg: 3 }]));
      expect.unreachable();
    } catch (e) {
      expect((e as InputError).issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
        'objects[1].roll_deg: a sphere does not tilt (it is the same at any tilt)',
        'frames[0].moves[0].roll_deg: a sphere does not tilt (it is the same at any tilt)',
      ]);
    }
    const ok = parseShotList(job([b, ball], [{ name: 'b', center: [1, 0, 0.5], yaw_deg: 10, roll_deg: 30 }]));
    const moves = resolvedMoves(ok);
    const posed = objectsAt(ok, moves, 0);
    expect(posed[0]).toMatchObject({ yaw_deg: 10, roll_deg: 30 });
    expect(posed[0].pitch_deg).toBeUndefined();
    const upright = parseShotList(job([{ ...box('u', [0, 0, 0], [1, 1, 1]), truth_id: 0 }]));
    expect(JSON.stringify(upright.objects)).not.toMatch(/pitch|roll/);
  });
});
