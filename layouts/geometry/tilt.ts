/**
 * Tilted solids (a pitch or a roll: layouts/solids.ts has the rotation order): their footprint in a height band,
 * the horizontal extent of (solid ∩ the band z0 <= z <= z1), as a convex polygon counter-clockwise.
 *
 * - A box's is exact: the box clipped by the band (its corners within the band and its edges' crossings of the two
 *   planes), projected, and its hull.
 * - A cylinder's, a lathe's and an rbox's are circumscribed polygons built from exact support points: for a
 *   horizontal direction u, the point of the solid ∩ band farthest along u (a lathe counts as the union of its outer
 *   profile's truncated cones, hollow or not, so its footprint is the hull of that union's cross-section). The
 *   polygon is the intersection of the half-planes u . x <= h(u) over the directions sampled, and directions are
 *   added (the normal of the chord between two neighbouring support points) until every vertex of the polygon lies
 *   within POLY_TOL of the hull of the support points, which lies inside the exact footprint. So the polygon holds
 *   the exact footprint (its hull, for a lathe) and exceeds it by at most POLY_TOL (1 mm); flat sides come out
 *   exact (a cylinder lying on its side gives a rectangle).
 *
 * Support points: a truncated cone (axis a, radius linear in the axial coordinate t) is cut by the band in a convex
 * set; for a fixed t its points are a disc in the plane across the axis, and the band a strip in that plane, so the
 * farthest point of that slice is the disc's farthest point or, when that leaves the strip, the end of the strip's
 * chord (closed form); the best over t is a concave function of t, maximised by golden-section search (to 1e-13 m,
 * its value about as close). An rbox is its inner box grown by a ball: a point b of the inner box at height zeta
 * contributes the disc of radius sqrt(r^2 - d^2) about it (d: how far zeta lies outside the band), so the farthest
 * point is the best over zeta of the inner box's section at zeta plus that radius, also concave in zeta.
 *
 * Cost (tests/bench/ray-kinds.bench.ts): a box's polygon about 10 us; a cylinder's, a six-point lathe's or an rbox's
 * 0.2 to 0.8 ms (20 to 80 sides); each footprint is kept per solid object and band, so a scene pays it once.
 */
import type { Solid } from '../solids.ts';
import { rboxParts, solidRotation } from '../solids.ts';
import type { Vec2 } from './footprint-types.ts';
import { convexHull } from './hull.ts';

/** How far (metres) a circumscribed footprint polygon may exceed the exact footprint (its hull, for a lathe). */
export const POLY_TOL = 1e-3;
/**
 * Added to every support value (metres): covers the golden-section search's shortfall (never more than about
 * 1e-12) and lets corners closer than this be merged without cutting into the footprint.
 */
const MARGIN = 1e-7;
/** Directions sampled before refining (evenly spaced). */
const START_DIRECTIONS = 12;

/** Scratch of the support searches: the candidate point and the best so far. */
const PT = new Float64Array(2);

/** A band's footprint of a tilted solid: polygon points (map frame, counter-clockwise) and the excess bound. */
export interface TiltedFootprint {
  points: Vec2[];
  /** an upper bound (metres) of how far the polygon reaches beyond the exact footprint: 0 for a box */
  bound: number;
}

const cache = new WeakMap<Solid, Map<string, TiltedFootprint>>();

/**
 * The footprint polygon of a tilted solid (box, cylinder, lathe or rbox) in the map height band [z0, z1]: empty
 * points when the band misses it. Kept per solid object and band.
 */
export function tiltedFootprint(s: Solid, z0: number, z1: number): TiltedFootprint {
  let byBand = cache.get(s);
  if (!byBand) cache.set(s, (byBand = new Map()));
  const key = `${z0}/${z1}`;
  let fp = byBand.get(key);
  if (!fp) byBand.set(key, (fp = buildFootprint(s, z0, z1)));
  return fp;
}

function buildFootprint(s: Solid, z0: number, z1: number): TiltedFootprint {
  const R = solidRotation(s);
  const [cx, cy, cz] = s.center;
  const lo = z0 - cz,
    hi = z1 - cz;
  let local: { points: Vec2[]; bound: number } | null;
  if (s.shape === 'box') local = { points: boxBand(R, s.size[0] / 2, s.size[1] / 2, s.size[2] / 2, lo, hi), bound: 0 };
  else if (s.shape === 'cylinder') {
    const r = Math.max(s.size[0], s.size[1]) / 2,
      hz = s.size[2] / 2;
    local = supportPolygon((ux, uy, out) => coneSupport(R, -hz, hz, r, r, lo, hi, ux, uy, out));
  } else if (s.shape === 'lathe' && s.profile) {
    const p = s.profile,
      hz = s.size[2] / 2;
    local = supportPolygon((ux, uy, out) => {
      let best = -Infinity,
        bx = 0,
        by = 0;
      for (let i = 0; i + 1 < p.length; i++) {
        const v = coneSupport(R, p[i][1] - hz, p[i + 1][1] - hz, p[i][0], p[i + 1][0], lo, hi, ux, uy, out);
        if (v > best) {
          best = v;
          bx = out[0];
          by = out[1];
        }
      }
      out[0] = bx;
      out[1] = by;
      return best;
    });
  } else if (s.shape === 'rbox') {
    const [ax, ay, az, r] = rboxParts(s);
    const verts = boxVertices(R, ax, ay, az);
    local = supportPolygon((ux, uy, out) => rboxSupport(verts, r, lo, hi, ux, uy, out));
  } else throw new Error(`solid ${s.name}: a ${s.shape} has no tilted footprint`);
  if (!local) return { points: [], bound: 0 };
  return { points: local.points.map(([x, y]) => [cx + x, cy + y] as Vec2), bound: local.bound };
}

/** The eight corners of a box of half extents (hx, hy, hz) turned by R (relative to its centre): xyz packed. */
function boxVertices(R: Float64Array, hx: number, hy: number, hz: number): Float64Array {
  const v = new Float64Array(24);
  for (let i = 0; i < 8; i++) {
    const x = i & 1 ? hx : -hx,
      y = i & 2 ? hy : -hy,
      z = i & 4 ? hz : -hz;
    v[3 * i] = R[0] * x + R[1] * y + R[2] * z;
    v[3 * i + 1] = R[3] * x + R[4] * y + R[5] * z;
    v[3 * i + 2] = R[6] * x + R[7] * y + R[8] * z;
  }
  return v;
}

/** The 12 edges of a box as corner index pairs (corners differing in one bit of their index). */
const EDGES: readonly [number, number][] = [
  [0, 1],
  [2, 3],
  [4, 5],
  [6, 7],
  [0, 2],
  [1, 3],
  [4, 6],
  [5, 7],
  [0, 4],
  [1, 5],
  [2, 6],
  [3, 7],
];

/** A turned box clipped by the band [lo, hi] (heights relative to its centre), projected: its hull (exact). */
function boxBand(R: Float64Array, hx: number, hy: number, hz: number, lo: number, hi: number): Vec2[] {
  const v = boxVertices(R, hx, hy, hz);
  const pts: Vec2[] = [];
  for (let i = 0; i < 8; i++) if (v[3 * i + 2] >= lo && v[3 * i + 2] <= hi) pts.push([v[3 * i], v[3 * i + 1]]);
  for (const [a, b] of EDGES) {
    const za = v[3 * a + 2],
      zb = v[3 * b + 2];
    for (const zp of [lo, hi]) {
      if (!((za - zp) * (zb - zp) < 0)) continue;
      const t = (zp - za) / (zb - za);
      pts.push([v[3 * a] + t * (v[3 * b] - v[3 * a]), v[3 * a + 1] + t * (v[3 * b + 1] - v[3 * a + 1])]);
    }
  }
  return convexHull(pts);
}

const GOLDEN = 0.6180339887498949;

/**
 * Maximise a concave function on [a, b] by golden-section search; `f` writes its point into PT. Returns the best
 * value and leaves its point in `out`.
 */
function goldenMax(f: (t: number) => number, a: number, b: number, out: Float64Array): number {
  let best = -Infinity;
  const take = (t: number) => {
    const v = f(t);
    if (v > best) {
      best = v;
      out[0] = PT[0];
      out[1] = PT[1];
    }
    return v;
  };
  take(a);
  if (!(b > a)) return best;
  take(b);
  let c = b - GOLDEN * (b - a),
    d = a + GOLDEN * (b - a);
  let fc = take(c),
    fd = take(d);
  const stop = 1e-13 * (1 + Math.abs(a) + Math.abs(b));
  for (let i = 0; i < 200 && b - a > stop; i++) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - GOLDEN * (b - a);
      fc = take(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + GOLDEN * (b - a);
      fd = take(d);
    }
  }
  return best;
}

/**
 * The farthest point along the horizontal (ux, uy) of a truncated cone cut by the band [lo, hi] (relative to the
 * solid's centre): the cone's axis is the solid's own z turned by R, from t0 to t1 (own z), radii r0 to r1. Writes
 * the point's xy (relative to the centre) into out; returns u . point, or -Infinity when the band misses the cone.
 */
function coneSupport(
  R: Float64Array,
  t0: number,
  t1: number,
  r0: number,
  r1: number,
  lo: number,
  hi: number,
  ux: number,
  uy: number,
  out: Float64Array,
): number {
  const k = (r1 - r0) / (t1 - t0);
  // u along the axis and across it (in the own x, y directions); the map's up across the axis (Z) and along it
  const ua = ux * R[2] + uy * R[5];
  const U1 = ux * R[0] + uy * R[3],
    U2 = ux * R[1] + uy * R[4];
  const Z1 = R[6],
    Z2 = R[7],
    az = R[8];
  const zl = Math.sqrt(Z1 * Z1 + Z2 * Z2);
  let ta = t0,
    tb = t1;
  if (zl < 1e-12) {
    // the axis upright (or upside down): a slice lies wholly in the band or wholly outside
    if (Math.abs(az) < 1e-12) return -Infinity;
    const a = lo / az,
      b = hi / az;
    ta = Math.max(ta, Math.min(a, b));
    tb = Math.min(tb, Math.max(a, b));
    if (ta > tb) return -Infinity;
    const un = Math.sqrt(U1 * U1 + U2 * U2);
    return goldenMax(
      (t) => {
        const rho = Math.max(0, r0 + k * (t - t0));
        const q1 = un > 0 ? (rho * U1) / un : 0,
          q2 = un > 0 ? (rho * U2) / un : 0;
        PT[0] = t * R[2] + q1 * R[0] + q2 * R[1];
        PT[1] = t * R[5] + q1 * R[3] + q2 * R[4];
        return t * ua + rho * un;
      },
      ta,
      tb,
      out,
    );
  }
  // the slice at t: q = alpha ez + beta ee, |q| <= rho(t), lo <= t az + zl alpha <= hi
  const ez1 = Z1 / zl,
    ez2 = Z2 / zl;
  const ee1 = -ez2,
    ee2 = ez1;
  const Ua = U1 * ez1 + U2 * ez2,
    Ub = U1 * ee1 + U2 * ee2;
  const un = Math.sqrt(Ua * Ua + Ub * Ub);
  // the t where the strip meets the disc: (lo - t az) / zl <= rho(t) and (hi - t az) / zl >= -rho(t), both linear
  const A1 = az + zl * k,
    B1 = lo - zl * r0 + zl * k * t0;
  if (Math.abs(A1) < 1e-15) {
    if (B1 > 0) return -Infinity;
  } else if (A1 > 0) ta = Math.max(ta, B1 / A1);
  else tb = Math.min(tb, B1 / A1);
  const A2 = az - zl * k,
    B2 = hi + zl * r0 - zl * k * t0;
  if (Math.abs(A2) < 1e-15) {
    if (B2 < 0) return -Infinity;
  } else if (A2 > 0) tb = Math.min(tb, B2 / A2);
  else ta = Math.max(ta, B2 / A2);
  if (ta > tb) {
    if (ta - tb > 1e-12) return -Infinity;
    tb = ta;
  }
  return goldenMax(
    (t) => {
      const rho = Math.max(0, r0 + k * (t - t0));
      let amin = Math.max((lo - t * az) / zl, -rho),
        amax = Math.min((hi - t * az) / zl, rho);
      if (amin > amax) {
        // at the ends of the feasible range, a rounding step apart
        if (amin - amax > 1e-12) return -Infinity;
        amin = amax = Math.max(-rho, Math.min(rho, 0.5 * (amin + amax)));
      }
      let alpha = un > 0 ? (rho * Ua) / un : 0;
      alpha = Math.max(amin, Math.min(amax, alpha));
      const beta = (Ub >= 0 ? 1 : -1) * Math.sqrt(Math.max(0, rho * rho - alpha * alpha));
      const q1 = alpha * ez1 + beta * ee1,
        q2 = alpha * ez2 + beta * ee2;
      PT[0] = t * R[2] + q1 * R[0] + q2 * R[1];
      PT[1] = t * R[5] + q1 * R[3] + q2 * R[4];
      return t * ua + alpha * Ua + beta * Ub;
    },
    ta,
    tb,
    out,
  );
}

/** Within this (metres) a box corner counts as lying on a horizontal plane. */
const ON_PLANE = 1e-12;

/**
 * The farthest point along (ux, uy) of an rbox cut by the band [lo, hi] (relative to its centre): its inner box's
 * turned corners `verts` (xyz packed) and radius r. Writes the point's xy into out; returns u . point or -Infinity.
 */
function rboxSupport(
  verts: Float64Array,
  r: number,
  lo: number,
  hi: number,
  ux: number,
  uy: number,
  out: Float64Array,
): number {
  let zmin = Infinity,
    zmax = -Infinity;
  for (let i = 0; i < 8; i++) {
    zmin = Math.min(zmin, verts[3 * i + 2]);
    zmax = Math.max(zmax, verts[3 * i + 2]);
  }
  const za = Math.max(zmin, lo - r),
    zb = Math.min(zmax, hi + r);
  if (za > zb) return -Infinity;
  return goldenMax(
    (zeta) => {
      // the inner box's section at zeta: its farthest point along u (a corner on the plane or an edge's crossing)
      let best = -Infinity,
        bx = 0,
        by = 0;
      for (let i = 0; i < 8; i++) {
        if (Math.abs(verts[3 * i + 2] - zeta) > ON_PLANE) continue;
        const v = ux * verts[3 * i] + uy * verts[3 * i + 1];
        if (v > best) {
          best = v;
          bx = verts[3 * i];
          by = verts[3 * i + 1];
        }
      }
      for (const [a, b] of EDGES) {
        const pa = verts[3 * a + 2],
          pb = verts[3 * b + 2];
        if (!((pa - zeta) * (pb - zeta) < 0)) continue;
        const t = (zeta - pa) / (pb - pa);
        const x = verts[3 * a] + t * (verts[3 * b] - verts[3 * a]),
          y = verts[3 * a + 1] + t * (verts[3 * b + 1] - verts[3 * a + 1]);
        const v = ux * x + uy * y;
        if (v > best) {
          best = v;
          bx = x;
          by = y;
        }
      }
      if (best === -Infinity) return best;
      const d = Math.max(0, lo - zeta, zeta - hi);
      const rho = Math.sqrt(Math.max(0, r * r - d * d));
      PT[0] = bx + rho * ux;
      PT[1] = by + rho * uy;
      return best + rho;
    },
    za,
    zb,
    out,
  );
}

/** One sampled direction: its angle, support point and support value (u . p). */
interface Sample {
  a: number;
  x: number;
  y: number;
  h: number;
}

/**
 * A circumscribed polygon of the convex set whose support points `support` gives (writes the point farthest along
 * the unit (ux, uy) into out, returns its value or -Infinity when the set is empty): the half-planes of the
 * directions sampled, refined until each vertex lies within POLY_TOL of the hull of the support points. Null when
 * the set is empty; bound: the largest distance of a polygon vertex from that hull.
 */
export function supportPolygon(
  support: (ux: number, uy: number, out: Float64Array) => number,
): { points: Vec2[]; bound: number } | null {
  const o = new Float64Array(2);
  const sample = (a: number): Sample | null => {
    const ux = Math.cos(a),
      uy = Math.sin(a);
    const h = support(ux, uy, o);
    if (!(h > -Infinity)) return null;
    return { a, x: o[0], y: o[1], h: ux * o[0] + uy * o[1] };
  };
  const first: Sample[] = [];
  for (let i = 0; i < START_DIRECTIONS; i++) {
    const s = sample((2 * Math.PI * i) / START_DIRECTIONS);
    if (!s) return null;
    first.push(s);
  }
  const all: Sample[] = [];
  const refine = (A: Sample, B: Sample, depth: number) => {
    all.push(A);
    const gap = B.a - A.a;
    if (depth > 30 || gap < 1e-7) return;
    const dx = B.x - A.x,
      dy = B.y - A.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-13) return;
    // where the two support lines meet, and how far that lies from the chord between the support points
    const det = Math.sin(gap);
    const cA = Math.cos(A.a),
      sA = Math.sin(A.a),
      cB = Math.cos(B.a),
      sB = Math.sin(B.a);
    const qx = (A.h * sB - B.h * sA) / det,
      qy = (cA * B.h - cB * A.h) / det;
    if (segmentDistance(qx, qy, A.x, A.y, B.x, B.y) <= POLY_TOL) return;
    // the chord's outward normal, when strictly between the two directions; else the middle direction
    let an = Math.atan2(-dx, dy);
    while (an < A.a) an += 2 * Math.PI;
    while (an > A.a + 2 * Math.PI) an -= 2 * Math.PI;
    if (!(an > A.a + 1e-9 && an < B.a - 1e-9)) an = 0.5 * (A.a + B.a);
    const M = sample(an);
    if (!M) return;
    refine(A, M, depth + 1);
    refine(M, B, depth + 1);
  };
  for (let i = 0; i < first.length; i++) {
    const B = i + 1 < first.length ? first[i + 1] : { ...first[0], a: first[0].a + 2 * Math.PI };
    refine(first[i], B, 0);
  }
  // the polygon: a square well around the points, clipped by every half-plane u . x <= h + MARGIN
  let minx = Infinity,
    miny = Infinity,
    maxx = -Infinity,
    maxy = -Infinity;
  for (const s of all) {
    minx = Math.min(minx, s.x);
    maxx = Math.max(maxx, s.x);
    miny = Math.min(miny, s.y);
    maxy = Math.max(maxy, s.y);
  }
  const pad = 1 + (maxx - minx) + (maxy - miny);
  let poly: Vec2[] = [
    [minx - pad, miny - pad],
    [maxx + pad, miny - pad],
    [maxx + pad, maxy + pad],
    [minx - pad, maxy + pad],
  ];
  for (const s of all) poly = clipHalfPlane(poly, Math.cos(s.a), Math.sin(s.a), s.h + MARGIN);
  poly = tidy(poly);
  // how far the polygon reaches beyond the hull of the support points (a convex function: its largest at a vertex)
  const inner = convexHull(all.map((s) => [s.x, s.y] as Vec2));
  let bound = 0;
  for (const v of poly) bound = Math.max(bound, distanceToConvex(v[0], v[1], inner));
  return { points: poly, bound };
}

/** Distance from (px, py) to the segment a-b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax,
    ey = by - ay;
  const l2 = ex * ex + ey * ey;
  let t = l2 > 0 ? ((px - ax) * ex + (py - ay) * ey) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - ax - t * ex, py - ay - t * ey);
}

/** Distance from a point to a convex polygon (counter-clockwise; 0 inside; a segment or a point also works). */
export function distanceToConvex(px: number, py: number, poly: readonly Vec2[]): number {
  const n = poly.length;
  if (n === 0) return Infinity;
  if (n === 1) return Math.hypot(px - poly[0][0], py - poly[0][1]);
  let inside = n >= 3;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const a = poly[i],
      b = poly[(i + 1) % n];
    if ((b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]) < 0) inside = false;
    best = Math.min(best, segmentDistance(px, py, a[0], a[1], b[0], b[1]));
  }
  return inside ? 0 : best;
}

/** A convex polygon clipped by the half-plane ux x + uy y <= h (Sutherland-Hodgman). */
function clipHalfPlane(poly: Vec2[], ux: number, uy: number, h: number): Vec2[] {
  const out: Vec2[] = [];
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i],
      b = poly[(i + 1) % n];
    const da = ux * a[0] + uy * a[1] - h,
      db = ux * b[0] + uy * b[1] - h;
    if (da <= 0) out.push(a);
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
      const t = da / (da - db);
      out.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  }
  return out;
}

/**
 * A convex polygon without corners closer than MARGIN to the next one or on a line with their neighbours (to 1e-12
 * m). Dropping a corner b within MARGIN of its neighbour c cuts off a sliver within MARGIN of the side through b and
 * c, which the footprint keeps clear of: every side lies at least MARGIN outside it.
 */
function tidy(poly: Vec2[]): Vec2[] {
  let pts = poly;
  for (let changed = true; changed && pts.length > 3; ) {
    changed = false;
    for (let i = 0; i < pts.length && pts.length > 3; i++) {
      const a = pts[(i + pts.length - 1) % pts.length],
        b = pts[i],
        c = pts[(i + 1) % pts.length];
      const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      if (
        Math.hypot(c[0] - b[0], c[1] - b[1]) < MARGIN ||
        Math.abs(cross) <= 1e-12 * Math.hypot(c[0] - a[0], c[1] - a[1])
      ) {
        pts = pts.filter((_, j) => j !== i);
        changed = true;
        break;
      }
    }
  }
  return pts;
}
