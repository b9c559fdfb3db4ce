/**
 * Interpenetration of two solids (boxes, cylinders, spheres, lathes, rounded boxes; yaw only). Touching is not
 * overlapping: two solids overlap only when one reaches more than `tol` metres into the other.
 */
import type { Solid } from './solids.ts';
import { rboxParts } from './solids.ts';
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

/** True when the two solids interpenetrate by more than tol metres (touching is fine). */
export function solidsOverlap(a: Solid, b: Solid, tol = 0.001): boolean {
  return penetration(a, b) > tol;
}

/** Axis-aligned footprint [xmin, ymin, xmax, ymax] of a solid. */
export function footprintBox(s: Solid): [number, number, number, number] {
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
