/**
 * Lathes: solids of revolution about the vertical axis through the solid's centre (layouts/solids.ts has the
 * profile convention). Here: the outline prepared once per solid, the exact ray entry (each profile segment is a
 * truncated cone, a quadratic in the ray parameter; the discs and the rim are planes), the point-inside test, the
 * signed distance from a point, and the largest radius within a height band (the footprint of a lathe in a band is
 * that disc, hollow or not: a body touching it meets its outer wall).
 *
 * Cost of a ray against a lathe: one quadratic for its bounding cylinder (most rays stop there), then one
 * quadratic per outer segment whose z span the ray crosses inside that cylinder (and per inner segment when
 * hollow), plus two or three plane tests: a profile of n points costs at most about n - 1 (2 (n - 1) hollow)
 * cylinder side tests, against a cylinder's one.
 */
import type { Solid } from '../solids.ts';
import { profileMaxRadius } from '../solids.ts';

/** A lathe's outline in its own frame: z from the centre (bottom at -hz), r from the axis. */
export interface LatheGeom {
  /** largest radius and half height (the bounding cylinder) */
  R: number;
  hz: number;
  /** outer profile, bottom to top */
  or: Float64Array;
  oz: Float64Array;
  /** hollow: the inner wall from the inner floor to the top (inner radii), else null */
  ir: Float64Array | null;
  iz: Float64Array | null;
  /** wall thickness (0 when solid) */
  wall: number;
}

const cache = new WeakMap<Solid, LatheGeom>();

/** The prepared outline of a lathe solid (cached per solid object). */
export function latheGeom(s: Solid): LatheGeom {
  let g = cache.get(s);
  if (g) return g;
  const p = s.profile;
  if (s.shape !== 'lathe' || !p || p.length < 2) throw new Error(`solid ${s.name}: not a lathe with a profile`);
  const hz = s.size[2] / 2;
  const n = p.length;
  const or = new Float64Array(n),
    oz = new Float64Array(n);
  let R = 0;
  for (let i = 0; i < n; i++) {
    or[i] = p[i][0];
    oz[i] = p[i][1] - hz;
    R = Math.max(R, p[i][0]);
  }
  let ir: Float64Array | null = null,
    iz: Float64Array | null = null;
  const t = s.wall ?? 0;
  if (t > 0) {
    const floor = t - hz;
    const rs: number[] = [],
      zs: number[] = [];
    for (let i = 0; i < n; i++) {
      if (oz[i] <= floor) continue;
      if (rs.length === 0) {
        // the inner wall starts at the floor, on the segment that crosses it
        const k = (floor - oz[i - 1]) / (oz[i] - oz[i - 1]);
        rs.push(or[i - 1] + k * (or[i] - or[i - 1]) - t);
        zs.push(floor);
      }
      rs.push(or[i] - t);
      zs.push(oz[i]);
    }
    ir = Float64Array.from(rs);
    iz = Float64Array.from(zs);
  }
  g = { R, hz, or, oz, ir, iz, wall: t };
  cache.set(s, g);
  return g;
}

/** Radius of a polyline (r, z arrays, z increasing) at z, clamped to its ends. */
function radiusAt(rs: Float64Array, zs: Float64Array, z: number): number {
  const n = zs.length;
  if (z <= zs[0]) return rs[0];
  for (let i = 1; i < n; i++) {
    if (z <= zs[i]) return rs[i - 1] + ((rs[i] - rs[i - 1]) * (z - zs[i - 1])) / (zs[i] - zs[i - 1]);
  }
  return rs[n - 1];
}

/** True when the local point (distance rho from the axis, height z from the centre) lies strictly inside the material. */
export function latheInside(g: LatheGeom, rho: number, z: number): boolean {
  if (!(z > -g.hz && z < g.hz)) return false;
  if (!(rho < radiusAt(g.or, g.oz, z))) return false;
  if (g.ir && g.iz && z > g.iz[0] && rho < radiusAt(g.ir, g.iz, z)) return false;
  return true;
}

/** Slack (metres) on a cone segment's z span, so a ray through the joint of two segments meets one of them. */
const SEAM = 1e-12;

/**
 * Entry of a ray (origin relative to the lathe's centre, any direction length) into the lathe, beyond tMin and
 * before tMax: [t, nx, ny, nz] (outward unit normal) or null. A ray starting inside the material does not hit it;
 * one starting in the cavity of a hollow lathe hits its inner wall or floor.
 */
export function rayLathe(
  g: LatheGeom,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
): [number, number, number, number] | null {
  const { R, hz } = g;
  // the span of the ray inside the bounding cylinder
  let t0 = tMin,
    t1 = tMax;
  const a = dx * dx + dy * dy;
  const b = px * dx + py * dy;
  const c = px * px + py * py - R * R;
  if (a > 1e-18) {
    const disc = b * b - a * c;
    if (disc < 0) return null;
    const q = Math.sqrt(disc);
    t0 = Math.max(t0, (-b - q) / a);
    t1 = Math.min(t1, (-b + q) / a);
  } else if (c > 0) return null;
  if (Math.abs(dz) > 1e-18) {
    const za = (-hz - pz) / dz,
      zb = (hz - pz) / dz;
    t0 = Math.max(t0, Math.min(za, zb));
    t1 = Math.min(t1, Math.max(za, zb));
  } else if (Math.abs(pz) > hz) return null;
  if (!(t0 <= t1)) return null;
  if (latheInside(g, Math.sqrt(px * px + py * py), pz)) return null;
  // heights the ray spans inside the bounding cylinder: only segments meeting them can be hit
  const zA = pz + t0 * dz,
    zB = pz + t1 * dz;
  const zLo = Math.min(zA, zB) - SEAM,
    zHi = Math.max(zA, zB) + SEAM;
  const h = HIT;
  h[0] = tMax;
  h[4] = 0;
  coneHits(g.or, g.oz, 1, px, py, pz, dx, dy, dz, a, b, zLo, zHi, tMin, h);
  if (g.ir && g.iz) coneHits(g.ir, g.iz, -1, px, py, pz, dx, dy, dz, a, b, zLo, zHi, tMin, h);
  // flat parts: the bottom disc, the top disc (solid) or rim annulus (hollow), the inner floor
  const n = g.oz.length;
  discHit(-hz, 0, g.or[0], -1, px, py, pz, dx, dy, dz, tMin, h);
  if (g.ir && g.iz) {
    discHit(hz, g.ir[g.ir.length - 1], g.or[n - 1], 1, px, py, pz, dx, dy, dz, tMin, h);
    discHit(g.iz[0], 0, g.ir[0], 1, px, py, pz, dx, dy, dz, tMin, h);
  } else discHit(hz, 0, g.or[n - 1], 1, px, py, pz, dx, dy, dz, tMin, h);
  return h[4] ? [h[0], h[1], h[2], h[3]] : null;
}

/** The nearest hit so far of the ray being cast: t, normal xyz, and 1 once something is hit. */
const HIT = new Float64Array(5);

/** Hits of the ray on the cone segments of one wall (sign 1 outer, -1 inner: the normal points to the axis). */
function coneHits(
  rs: Float64Array,
  zs: Float64Array,
  sign: number,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  a: number,
  b: number,
  zLo: number,
  zHi: number,
  tMin: number,
  h: Float64Array,
): void {
  for (let i = 0; i + 1 < zs.length; i++) {
    const z0 = zs[i],
      z1 = zs[i + 1];
    if (z1 < zLo || z0 > zHi) continue;
    const k = (rs[i + 1] - rs[i]) / (z1 - z0);
    const w = rs[i] + k * (pz - z0);
    const wd = k * dz;
    // |xy(t)|^2 = (w + wd t)^2
    const A = a - wd * wd;
    const B = b - w * wd;
    const C = px * px + py * py - w * w;
    let r0: number, r1: number;
    if (Math.abs(A) < 1e-15) {
      if (Math.abs(B) < 1e-18) continue;
      r0 = r1 = -C / (2 * B);
    } else {
      const disc = B * B - A * C;
      if (disc < 0) continue;
      const q = Math.sqrt(disc);
      r0 = (-B - q) / A;
      r1 = (-B + q) / A;
      if (r0 > r1) {
        const tmp = r0;
        r0 = r1;
        r1 = tmp;
      }
    }
    for (let j = 0; j < 2; j++) {
      const t = j === 0 ? r0 : r1;
      if (!(t >= tMin && t < h[0])) continue;
      const z = pz + t * dz;
      if (z < z0 - SEAM || z > z1 + SEAM || w + wd * t < 0) continue;
      const x = px + t * dx,
        y = py + t * dy;
      const rho = Math.sqrt(x * x + y * y);
      const l = Math.sqrt(1 + k * k);
      h[0] = t;
      h[4] = 1;
      if (rho > 0) {
        h[1] = (sign * x) / rho / l;
        h[2] = (sign * y) / rho / l;
        h[3] = (-sign * k) / l;
      } else {
        // a cone's tip
        h[1] = h[2] = 0;
        h[3] = -sign * k >= 0 ? 1 : -1;
      }
      break;
    }
  }
}

/** A hit of the ray on the horizontal ring rIn <= r <= rOut at height z, its normal up (1) or down (-1). */
function discHit(
  z: number,
  rIn: number,
  rOut: number,
  up: number,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  h: Float64Array,
): void {
  if (Math.abs(dz) < 1e-18) return;
  const t = (z - pz) / dz;
  if (!(t >= tMin && t < h[0])) return;
  const x = px + t * dx,
    y = py + t * dy;
  const r2 = x * x + y * y;
  if (r2 > rOut * rOut || r2 < rIn * rIn) return;
  h[0] = t;
  h[1] = 0;
  h[2] = 0;
  h[3] = up;
  h[4] = 1;
}

/** Nearest point of segment (ax, az)-(bx, bz) to (x, z): squared distance and the point. */
function segNearest(x: number, z: number, ax: number, az: number, bx: number, bz: number): [number, number, number] {
  const ex = bx - ax,
    ez = bz - az;
  const l2 = ex * ex + ez * ez;
  let u = l2 > 0 ? ((x - ax) * ex + (z - az) * ez) / l2 : 0;
  u = Math.max(0, Math.min(1, u));
  const qx = ax + u * ex,
    qz = az + u * ez;
  return [(x - qx) ** 2 + (z - qz) ** 2, qx, qz];
}

/**
 * Signed distance from a local point (rho from the axis, z from the centre) to the lathe's surface (negative
 * inside the material), and the nearest surface point as [rho, z].
 */
export function latheDistance(g: LatheGeom, rho: number, z: number): { distance: number; rz: [number, number] } {
  // the outline in the (r, z) half-plane, without its edges on the axis (they are inside the solid, not surface)
  const pts: [number, number][] = [[0, -g.hz]];
  for (let i = 0; i < g.oz.length; i++) pts.push([g.or[i], g.oz[i]]);
  if (g.ir && g.iz) {
    for (let i = g.iz.length - 1; i >= 0; i--) pts.push([g.ir[i], g.iz[i]]);
    pts.push([0, g.iz[0]]);
  } else pts.push([0, g.hz]);
  let best: [number, number, number] = [Infinity, 0, 0];
  for (let i = 0; i + 1 < pts.length; i++) {
    const q = segNearest(rho, z, pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1]);
    if (q[0] < best[0]) best = q;
  }
  const d = Math.sqrt(best[0]);
  return { distance: latheInside(g, rho, z) ? -d : d, rz: [best[1], best[2]] };
}

/** The largest radius of a lathe within the map height band [z0, z1] (0 when the band misses it). */
export function latheBandRadius(s: Solid, z0: number, z1: number): number {
  const bottom = s.center[2] - s.size[2] / 2;
  return profileMaxRadius(s.profile!, z0 - bottom, z1 - bottom);
}
