/**
 * Interpenetration of two solids (boxes, cylinders, spheres, lathes, rounded boxes; upright or tilted). Touching is
 * not overlapping: two solids overlap only when one reaches more than `tol` metres into the other.
 *
 * Upright pairs are vertical prisms (grown by balls for rboxes; a lathe as the disc of its largest radius in the
 * shared heights) and keep their exact planar-and-height measure. A pair with a tilted solid is measured by
 * separating axes in 3-D: the depth is the least, over directions v, of how far one must move along v to clear the
 * other (exact for convex solids when the direction is found; a lathe counts as its hull). The directions tried:
 * the map axes, both solids' own axes and their cross products (every separating axis of two boxes), the line
 * between the centres and 48 spread over a half sphere, then a local search from the best few; any direction's
 * value is at least the true depth, so the measure never understates an overlap.
 */
import type { Solid } from './solids.ts';
import { extentAlong, isTilted, ownFrameTwin, rboxParts, solidRotation } from './solids.ts';
import { solidAabb } from './geometry/bvh.ts';
import type { Footprint } from './geometry/footprint.ts';
import { latheBandRadius, latheDistance, latheGeom } from './geometry/lathe.ts';
import { footprintDistance, roundedRectDistance } from './geometry/nearest.ts';
import { pointToRbox } from './geometry/rbox.ts';

type P2 = [number, number];

function rad(deg: number): number {
  return (deg * Math.PI) / 180;
}

/** The four corners of a box's footprint, counter-clockwise. */
export function boxCorners(cx: number, cy: number, l: number, w: number, yawDeg: number): P2[] {
  const c = Math.cos(rad(yawDeg));
  const s = Math.sin(rad(yawDeg));
  const hl = l / 2;
  const hw = w / 2;
  return [
    [-hl, -hw],
    [hl, -hw],
    [hl, hw],
    [-hl, hw],
  ].map(([x, y]) => [cx + x * c - y * s, cy + x * s + y * c] as P2);
}

/** Penetration depth of two convex polygons (separating axis); <= 0 when they are apart or touch. */
function polygonPenetration(a: P2[], b: P2[]): number {
  let best = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i];
      const q = poly[(i + 1) % poly.length];
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (len < 1e-12) continue;
      const nx = -(q[1] - p[1]) / len;
      const ny = (q[0] - p[0]) / len;
      let amin = Infinity,
        amax = -Infinity,
        bmin = Infinity,
        bmax = -Infinity;
      for (const v of a) {
        const d = v[0] * nx + v[1] * ny;
        amin = Math.min(amin, d);
        amax = Math.max(amax, d);
      }
      for (const v of b) {
        const d = v[0] * nx + v[1] * ny;
        bmin = Math.min(bmin, d);
        bmax = Math.max(bmax, d);
      }
      best = Math.min(best, Math.min(amax, bmax) - Math.max(amin, bmin));
    }
  }
  return best;
}

/** Point in the box's own frame (centre origin, unrotated). */
function toLocal(s: Solid, x: number, y: number): P2 {
  const c = Math.cos(rad(-s.yaw_deg));
  const n = Math.sin(rad(-s.yaw_deg));
  const dx = x - s.center[0];
  const dy = y - s.center[1];
  return [dx * c - dy * n, dx * n + dy * c];
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** Distance from a point to the closest point of a solid (0 inside). */
function distanceToSolid(s: Solid, p: [number, number, number]): number {
  if (isTilted(s) && s.shape !== 'sphere') {
    // in the solid's own frame
    const R = solidRotation(s);
    const rx = p[0] - s.center[0],
      ry = p[1] - s.center[1],
      rz = p[2] - s.center[2];
    return distanceToSolid(ownFrameTwin(s), [
      R[0] * rx + R[3] * ry + R[6] * rz,
      R[1] * rx + R[4] * ry + R[7] * rz,
      R[2] * rx + R[5] * ry + R[8] * rz,
    ]);
  }
  const [z0, z1] = [s.center[2] - s.size[2] / 2, s.center[2] + s.size[2] / 2];
  const dz = p[2] - clamp(p[2], z0, z1);
  if (s.shape === 'box') {
    const [lx, ly] = toLocal(s, p[0], p[1]);
    const dx = lx - clamp(lx, -s.size[0] / 2, s.size[0] / 2);
    const dy = ly - clamp(ly, -s.size[1] / 2, s.size[1] / 2);
    return Math.hypot(dx, dy, dz);
  }
  if (s.shape === 'rbox') return Math.max(0, pointToRbox(p, s).distance);
  if (s.shape === 'lathe') {
    const rho = Math.hypot(p[0] - s.center[0], p[1] - s.center[1]);
    return Math.max(0, latheDistance(latheGeom(s), rho, p[2] - s.center[2]).distance);
  }
  if (s.shape === 'cylinder') {
    const r = Math.hypot(p[0] - s.center[0], p[1] - s.center[1]);
    return Math.hypot(Math.max(0, r - s.size[0] / 2), dz);
  }
  return Math.max(0, Math.hypot(p[0] - s.center[0], p[1] - s.center[1], p[2] - s.center[2]) - s.size[0] / 2);
}

/** How far two solids interpenetrate (metres); <= 0 when apart or touching. Conservative for sphere pairs. */
export function penetration(a: Solid, b: Solid): number {
  if (a.shape === 'sphere' || b.shape === 'sphere') {
    const [s, o] = a.shape === 'sphere' ? [a, b] : [b, a];
    return s.size[0] / 2 - distanceToSolid(o, s.center);
  }
  if (isTilted(a) || isTilted(b)) return axisPenetration(a, b);
  const za = [a.center[2] - a.size[2] / 2, a.center[2] + a.size[2] / 2];
  const zb = [b.center[2] - b.size[2] / 2, b.center[2] + b.size[2] / 2];
  const zOver = Math.min(za[1], zb[1]) - Math.max(za[0], zb[0]);
  if (zOver <= 0) return zOver;
  // a lathe meets the other solid's height span as the disc of its largest radius there
  const band: [number, number] = [Math.max(za[0], zb[0]), Math.min(za[1], zb[1])];
  const radius = (s: Solid) => (s.shape === 'lathe' ? latheBandRadius(s, band[0], band[1]) : s.size[0] / 2);
  if (a.shape === 'rbox' || b.shape === 'rbox') return roundedPenetration(a, b, band);
  let planar: number;
  if (a.shape === 'box' && b.shape === 'box') {
    planar = polygonPenetration(
      boxCorners(a.center[0], a.center[1], a.size[0], a.size[1], a.yaw_deg),
      boxCorners(b.center[0], b.center[1], b.size[0], b.size[1], b.yaw_deg),
    );
  } else if (a.shape !== 'box' && b.shape !== 'box') {
    planar = radius(a) + radius(b) - Math.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]);
  } else {
    const [box, cyl] = a.shape === 'box' ? [a, b] : [b, a];
    const [lx, ly] = toLocal(box, cyl.center[0], cyl.center[1]);
    const hx = box.size[0] / 2;
    const hy = box.size[1] / 2;
    const r = radius(cyl);
    if (Math.abs(lx) <= hx && Math.abs(ly) <= hy) planar = r + Math.min(hx - Math.abs(lx), hy - Math.abs(ly));
    else planar = r - Math.hypot(lx - clamp(lx, -hx, hx), ly - clamp(ly, -hy, hy));
  }
  return Math.min(planar, zOver);
}

/**
 * A solid as a vertical prism grown by a ball: the prism's cross-section (an rbox's inner rectangle, a lathe's disc
 * of its largest radius in the band), its z range and the ball's radius (an rbox's; 0 for the other kinds).
 */
function core(s: Solid, band: [number, number]): { fp: Footprint; z: [number, number]; r: number } {
  const [cx, cy, cz] = s.center;
  if (s.shape === 'rbox') {
    const [ax, ay, az, r] = rboxParts(s);
    return { fp: { kind: 'rect', cx, cy, hx: ax, hy: ay, yaw: rad(s.yaw_deg) }, z: [cz - az, cz + az], r };
  }
  const z: [number, number] = [cz - s.size[2] / 2, cz + s.size[2] / 2];
  if (s.shape === 'box')
    return { fp: { kind: 'rect', cx, cy, hx: s.size[0] / 2, hy: s.size[1] / 2, yaw: rad(s.yaw_deg) }, z, r: 0 };
  const r = s.shape === 'lathe' ? latheBandRadius(s, band[0], band[1]) : s.size[0] / 2;
  return { fp: { kind: 'circle', cx, cy, r }, z, r: 0 };
}

/**
 * Penetration with an rbox (neither a sphere): exact for prisms grown by balls, the sum of the radii less the
 * prisms' signed distance (their cross-sections' signed distance combined with their z ranges' gap).
 */
function roundedPenetration(a: Solid, b: Solid, band: [number, number]): number {
  const ca = core(a, band),
    cb = core(b, band);
  const sp =
    ca.fp.kind === 'rect' && cb.fp.kind === 'rect'
      ? roundedRectDistance(ca.fp, cb.fp).distance
      : footprintDistance(ca.fp, cb.fp).distance;
  const sz = Math.max(ca.z[0], cb.z[0]) - Math.min(ca.z[1], cb.z[1]);
  const d = sp < 0 && sz < 0 ? Math.max(sp, sz) : Math.hypot(Math.max(sp, 0), Math.max(sz, 0));
  return ca.r + cb.r - d;
}

/** How far a must move along the unit v, or against it, to clear b (negative: their gap along v). */
function pushAlong(a: Solid, b: Solid, vx: number, vy: number, vz: number): number {
  const [a0, a1] = extentAlong(a, vx, vy, vz),
    [b0, b1] = extentAlong(b, vx, vy, vz);
  const c = (b.center[0] - a.center[0]) * vx + (b.center[1] - a.center[1]) * vy + (b.center[2] - a.center[2]) * vz;
  // a spans [a0, a1] along v, b [c + b0, c + b1]
  return Math.min(a1 - (c + b0), c + b1 - a0);
}

/** Directions spread over the upper half sphere (a Fibonacci lattice), unit xyz. */
const SPREAD: readonly [number, number, number][] = Array.from({ length: 48 }, (_, i) => {
  const z = (i + 0.5) / 48,
    r = Math.sqrt(1 - z * z),
    a = i * Math.PI * (3 - Math.sqrt(5));
  return [r * Math.cos(a), r * Math.sin(a), z] as [number, number, number];
});

/**
 * Penetration of two solids of which one at least is tilted (neither a sphere): the least push over separating
 * axes (see the module's note), searched from candidate directions.
 */
function axisPenetration(a: Solid, b: Solid): number {
  const axes = (s: Solid): [number, number, number][] => {
    const R = solidRotation(s);
    return [
      [R[0], R[3], R[6]],
      [R[1], R[4], R[7]],
      [R[2], R[5], R[8]],
    ];
  };
  const cands: [number, number, number][] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], ...axes(a), ...axes(b), ...SPREAD];
  for (const p of axes(a))
    for (const q of axes(b))
      cands.push([p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]);
  cands.push([b.center[0] - a.center[0], b.center[1] - a.center[1], b.center[2] - a.center[2]]);
  const f = (v: [number, number, number]) => pushAlong(a, b, v[0], v[1], v[2]);
  const scored: { v: [number, number, number]; f: number }[] = [];
  for (const c of cands) {
    const l = Math.hypot(c[0], c[1], c[2]);
    if (!(l > 1e-9)) continue;
    const v: [number, number, number] = [c[0] / l, c[1] / l, c[2] / l];
    scored.push({ v, f: f(v) });
  }
  scored.sort((p, q) => p.f - q.f);
  let best = scored[0].f;
  // a pattern search on the sphere from the best three: eight steps about the direction, halved when none helps
  for (const start of scored.slice(0, 3)) {
    let v = start.v,
      fv = start.f;
    for (let step = 0.05, k = 0; step > 1e-9 && k < 2000; k++) {
      // two directions across v
      const t1: [number, number, number] = Math.abs(v[2]) < 0.9 ? [-v[1], v[0], 0] : [0, -v[2], v[1]];
      const l1 = Math.hypot(t1[0], t1[1], t1[2]);
      t1[0] /= l1;
      t1[1] /= l1;
      t1[2] /= l1;
      const t2: [number, number, number] = [
        v[1] * t1[2] - v[2] * t1[1],
        v[2] * t1[0] - v[0] * t1[2],
        v[0] * t1[1] - v[1] * t1[0],
      ];
      let moved = false;
      for (let j = 0; j < 8; j++) {
        const c = Math.cos((j * Math.PI) / 4) * step,
          sn = Math.sin((j * Math.PI) / 4) * step;
        const w: [number, number, number] = [
          v[0] + c * t1[0] + sn * t2[0],
          v[1] + c * t1[1] + sn * t2[1],
          v[2] + c * t1[2] + sn * t2[2],
        ];
        const l = Math.hypot(w[0], w[1], w[2]);
        w[0] /= l;
        w[1] /= l;
        w[2] /= l;
        const fw = f(w);
        if (fw < fv) {
          v = w;
          fv = fw;
          moved = true;
        }
      }
      if (!moved) step /= 2;
    }
    best = Math.min(best, fv);
  }
  return best;
}

/** True when the two solids interpenetrate by more than tol metres (touching is fine). */
export function solidsOverlap(a: Solid, b: Solid, tol = 0.001): boolean {
  return penetration(a, b) > tol;
}

/** Axis-aligned footprint [xmin, ymin, xmax, ymax] of a solid. */
export function footprintBox(s: Solid): [number, number, number, number] {
  if (isTilted(s) && s.shape !== 'sphere') {
    const b = solidAabb(s);
    return [b[0], b[1], b[3], b[4]];
  }
  if (s.shape !== 'box' && s.shape !== 'rbox') {
    const r = s.size[0] / 2;
    return [s.center[0] - r, s.center[1] - r, s.center[0] + r, s.center[1] + r];
  }
  const cs = boxCorners(s.center[0], s.center[1], s.size[0], s.size[1], s.yaw_deg);
  return [
    Math.min(...cs.map((c) => c[0])),
    Math.min(...cs.map((c) => c[1])),
    Math.max(...cs.map((c) => c[0])),
    Math.max(...cs.map((c) => c[1])),
  ];
}

/** Every pair of overlapping solids, found with a coarse bounding-box pass first. */
export function overlappingPairs(
  solids: readonly Solid[],
  tol = 0.001,
  skip?: (a: Solid, b: Solid) => boolean,
): [Solid, Solid][] {
  const boxes = solids.map(footprintBox);
  const order = solids.map((_, i) => i).sort((i, j) => boxes[i][0] - boxes[j][0]);
  const out: [Solid, Solid][] = [];
  for (let oi = 0; oi < order.length; oi++) {
    const i = order[oi];
    for (let oj = oi + 1; oj < order.length; oj++) {
      const j = order[oj];
      if (boxes[j][0] >= boxes[i][2] - tol) break;
      if (boxes[j][1] >= boxes[i][3] - tol || boxes[i][1] >= boxes[j][3] - tol) continue;
      const a = solids[i];
      const b = solids[j];
      if (skip?.(a, b)) continue;
      if (solidsOverlap(a, b, tol)) out.push(i < j ? [a, b] : [b, a]);
    }
  }
  return out;
}
