/**
 * Rounded boxes (shape 'rbox'): the points within `radius` of an inner box (size - 2 radius, same centre and yaw),
 * so flat faces, a quarter cylinder along every edge and an eighth of a sphere at every corner. Here, in the rbox's
 * own frame (centre at the origin, before yaw): the exact ray entry with its outward normal, the signed distance
 * and nearest surface point, and the footprint in a height band (a rounded rectangle: the horizontal cross-section
 * nearest the middle within the band, since the cross-sections only shrink away from the middle slab).
 *
 * Ray entry: a slab test against the outer box (size) first; most rays stop there, a miss or an entry through a flat
 * face. An entry elsewhere (beside an edge or a corner) walks the ray through the regions that the inner box's face
 * planes cut it into (at most 7 between entering and leaving the outer box): beside an edge the distance to the
 * inner box is the distance to that edge's line, beside a corner to that corner, so each region costs one
 * quadratic, and the first root in its own region is the entry (the distance to a convex body is convex along a
 * line, so the ray cannot leave and re-enter).
 */
import type { Solid } from '../solids.ts';
import { rboxParts } from '../solids.ts';
import type { Footprint } from './footprint-types.ts';

const DEG = Math.PI / 180;

/** Scratch for a ray that passes beside an edge or a corner (no allocation): origin, direction, inner half extents. */
const P = new Float64Array(3);
const D = new Float64Array(3);
const A = new Float64Array(3);
/** Region signs of the current stretch of the ray (-1, 0, 1 per axis). */
const S = new Int8Array(3);

/** Below this a direction component counts as zero (as the box's slab test has it). */
const TINY = 1e-18;

/**
 * Entry of a ray into an rbox in its own frame (origin relative to the centre, unyawed; any direction length) beyond
 * tMin and before tMax: writes [t, nx, ny, nz] (outward unit normal, own frame) into `out` and returns true, or
 * returns false. A ray starting inside the rbox does not hit it; nor does one whose entry lies before tMin.
 * ax, ay, az: the inner box's half extents (>= 0); r: the radius (> 0).
 */
export function rayRbox(
  ax: number,
  ay: number,
  az: number,
  r: number,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
  out: Float64Array,
): boolean {
  const bx = ax + r,
    by = ay + r,
    bz = az + r;
  // slab test against the outer box, axis by axis (unrolled: the hot path allocates and loops over nothing)
  let tE = -Infinity,
    tL = Infinity,
    axis = -1,
    sgn = 0;
  if (Math.abs(dx) < TINY) {
    if (Math.abs(px) >= bx) return false;
  } else {
    const t1 = (-bx - px) / dx,
      t2 = (bx - px) / dx;
    const lo = dx > 0 ? t1 : t2;
    tE = lo;
    axis = 0;
    sgn = dx > 0 ? -1 : 1;
    tL = dx > 0 ? t2 : t1;
  }
  if (Math.abs(dy) < TINY) {
    if (Math.abs(py) >= by) return false;
  } else {
    const t1 = (-by - py) / dy,
      t2 = (by - py) / dy;
    const lo = dy > 0 ? t1 : t2,
      hi = dy > 0 ? t2 : t1;
    if (lo > tE) {
      tE = lo;
      axis = 1;
      sgn = dy > 0 ? -1 : 1;
    }
    if (hi < tL) tL = hi;
  }
  if (Math.abs(dz) < TINY) {
    if (Math.abs(pz) >= bz) return false;
  } else {
    const t1 = (-bz - pz) / dz,
      t2 = (bz - pz) / dz;
    const lo = dz > 0 ? t1 : t2,
      hi = dz > 0 ? t2 : t1;
    if (lo > tE) {
      tE = lo;
      axis = 2;
      sgn = dz > 0 ? -1 : 1;
    }
    if (hi < tL) tL = hi;
  }
  if (tE > tL) return false;
  const tEnd = Math.min(tL, tMax);
  let t = tE;
  if (tE >= tMin) {
    if (!(tE < tMax)) return false;
    // through a flat face: the entry point lies within the inner box's extent on the other two axes
    if (
      (axis === 0 || Math.abs(px + tE * dx) <= ax) &&
      (axis === 1 || Math.abs(py + tE * dy) <= ay) &&
      (axis === 2 || Math.abs(pz + tE * dz) <= az)
    ) {
      out[0] = tE;
      out[1] = axis === 0 ? sgn : 0;
      out[2] = axis === 1 ? sgn : 0;
      out[3] = axis === 2 ? sgn : 0;
      return true;
    }
  } else {
    // the ray starts (at tMin) within the outer box: no hit if that point is inside the rbox
    t = tMin;
    if (!(t < tEnd)) return false;
    const ex = Math.max(0, Math.abs(px + t * dx) - ax),
      ey = Math.max(0, Math.abs(py + t * dy) - ay),
      ez = Math.max(0, Math.abs(pz + t * dz) - az);
    if (ex * ex + ey * ey + ez * ez < r * r) return false;
  }
  P[0] = px;
  P[1] = py;
  P[2] = pz;
  D[0] = dx;
  D[1] = dy;
  D[2] = dz;
  A[0] = ax;
  A[1] = ay;
  A[2] = az;
  // walk the stretches between the inner box's face planes
  for (let iter = 0; iter < 8 && t < tEnd; iter++) {
    let tn = tEnd;
    for (let i = 0; i < 3; i++) {
      const d = D[i];
      if (Math.abs(d) < TINY) continue;
      const c1 = (-A[i] - P[i]) / d,
        c2 = (A[i] - P[i]) / d;
      if (c1 > t && c1 < tn) tn = c1;
      if (c2 > t && c2 < tn) tn = c2;
    }
    const tm = 0.5 * (t + tn);
    let n = 0;
    for (let i = 0; i < 3; i++) {
      const q = P[i] + tm * D[i];
      S[i] = q > A[i] ? 1 : q < -A[i] ? -1 : 0;
      if (S[i] !== 0) n++;
    }
    if (n <= 1) {
      // within a flat face's slab, inside the outer box: inside the rbox since the stretch began (rounding only)
      if (t >= tMin && t < tMax) return nearestNormal(t, out);
      return false;
    }
    // the feature's squared distance along the ray: |o + s d|^2 over the region's axes, o relative to the feature
    let qa = 0,
      qb = 0,
      qc = -r * r;
    for (let i = 0; i < 3; i++) {
      if (S[i] === 0) continue;
      const o = P[i] - S[i] * A[i],
        d = D[i];
      qa += d * d;
      qb += o * d;
      qc += o * o;
    }
    if (qa > TINY) {
      const disc = qb * qb - qa * qc;
      if (disc >= 0) {
        const t0 = (-qb - Math.sqrt(disc)) / qa;
        // a root a rounding step outside the stretch still belongs to it
        const slack = 1e-12 * (1 + Math.abs(t0));
        if (t0 >= t - slack && t0 <= tn + slack) {
          if (!(t0 >= tMin && t0 < tMax)) return false;
          let lx = 0,
            ly = 0,
            lz = 0;
          if (S[0] !== 0) lx = P[0] + t0 * D[0] - S[0] * A[0];
          if (S[1] !== 0) ly = P[1] + t0 * D[1] - S[1] * A[1];
          if (S[2] !== 0) lz = P[2] + t0 * D[2] - S[2] * A[2];
          const l = Math.sqrt(lx * lx + ly * ly + lz * lz) || 1;
          out[0] = t0;
          out[1] = lx / l;
          out[2] = ly / l;
          out[3] = lz / l;
          return true;
        }
      }
    }
    t = tn;
  }
  return false;
}

/** Hit at t with the normal from the nearest point of the inner box (the scratch ray's point at t). */
function nearestNormal(t: number, out: Float64Array): boolean {
  let best = -Infinity,
    k = 0;
  let lx = 0,
    ly = 0,
    lz = 0;
  for (let i = 0; i < 3; i++) {
    const q = P[i] + t * D[i];
    const e = Math.abs(q) - A[i];
    const v = e > 0 ? Math.sign(q) * e : 0;
    if (i === 0) lx = v;
    else if (i === 1) ly = v;
    else lz = v;
    if (e > best) {
      best = e;
      k = i;
    }
  }
  let l = Math.sqrt(lx * lx + ly * ly + lz * lz);
  if (!(l > 0)) {
    // inside the inner box: the face nearest
    lx = ly = lz = 0;
    const s = Math.sign(P[k] + t * D[k]) || 1;
    if (k === 0) lx = s;
    else if (k === 1) ly = s;
    else lz = s;
    l = 1;
  }
  out[0] = t;
  out[1] = lx / l;
  out[2] = ly / l;
  out[3] = lz / l;
  return true;
}

/**
 * Signed distance from a point in the rbox's own frame to its surface (negative inside) and the nearest surface
 * point (own frame): the inner box's distance less the radius.
 */
export function rboxDistance(
  ax: number,
  ay: number,
  az: number,
  r: number,
  lx: number,
  ly: number,
  lz: number,
): { distance: number; point: [number, number, number] } {
  const l = [lx, ly, lz],
    a = [ax, ay, az];
  const e = [Math.abs(lx) - ax, Math.abs(ly) - ay, Math.abs(lz) - az];
  if (e[0] > 0 || e[1] > 0 || e[2] > 0) {
    // outside the inner box: along the line from its nearest point
    const q = l.map((v, i) => Math.max(-a[i], Math.min(a[i], v)));
    const w = l.map((v, i) => v - q[i]);
    const d = Math.hypot(w[0], w[1], w[2]);
    return { distance: d - r, point: [q[0] + (w[0] / d) * r, q[1] + (w[1] / d) * r, q[2] + (w[2] / d) * r] };
  }
  // inside the inner box: out through the nearest face
  const i = e[0] >= e[1] && e[0] >= e[2] ? 0 : e[1] >= e[2] ? 1 : 2;
  const p: [number, number, number] = [lx, ly, lz];
  p[i] = Math.sign(l[i] || 1) * (a[i] + r);
  return { distance: e[i] - r, point: p };
}

/** Signed 3-D distance from a map point to an rbox solid, and its nearest surface point (map frame). */
export function pointToRbox(
  p: [number, number, number],
  s: Solid,
): { distance: number; point: [number, number, number] } {
  const [ax, ay, az, r] = rboxParts(s);
  const yaw = (s.yaw_deg ?? 0) * DEG;
  const c = Math.cos(yaw),
    sn = Math.sin(yaw);
  const rx = p[0] - s.center[0],
    ry = p[1] - s.center[1];
  const n = rboxDistance(ax, ay, az, r, c * rx + sn * ry, -sn * rx + c * ry, p[2] - s.center[2]);
  const [qx, qy, qz] = n.point;
  return {
    distance: n.distance,
    point: [s.center[0] + c * qx - sn * qy, s.center[1] + sn * qx + c * qy, s.center[2] + qz],
  };
}

/** Below this (metres) an inner half extent counts as zero in a footprint (a rounding error, not a shape). */
const POINT = 1e-9;

/**
 * The footprint of an rbox in the map height band [z0, z1] (the band meets it): a rectangle with corners rounded
 * by the radius of the cross-section nearest the rbox's middle within the band (the full radius where the band
 * reaches the middle slab, less in the top or bottom rounding), or a disc when the inner box is a vertical segment.
 */
export function rboxFootprint(s: Solid, z0: number, z1: number): Footprint {
  const [ax, ay, az, r] = rboxParts(s);
  const [cx, cy, cz] = s.center;
  // how far the band lies above or below the middle slab, then the cross-section's radius there
  const e = Math.max(0, Math.max(0, z0 - cz, cz - z1) - az);
  const rho = Math.sqrt(Math.max(0, r * r - e * e));
  // an inner extent of (nearly) nothing is nothing: the inner rectangle a segment, or a point and the footprint a disc
  const ix = ax < POINT ? 0 : ax,
    iy = ay < POINT ? 0 : ay;
  if (ix === 0 && iy === 0) return { kind: 'circle', cx, cy, r: rho };
  return { kind: 'rect', cx, cy, hx: ix + rho, hy: iy + rho, yaw: (s.yaw_deg ?? 0) * DEG, r: rho };
}
