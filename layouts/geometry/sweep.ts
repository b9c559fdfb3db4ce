/**
 * Footprint sweeps: how far a body (circle or rectangle) can translate from a pose along a map heading before it
 * touches any solid meeting its height band. Exact: the first contact is a ray cast from the base point against the
 * Minkowski sum of each obstacle footprint with the reflected body (a convex polygon, rounded where a circle is
 * involved). Grazing (touching without overlap) is not a contact; a body already overlapping a solid it moves into
 * gets distance 0.
 */
import type { Solid } from '../solids.ts';
import {
  footprints,
  headingVector,
  innerRect,
  rectCorners,
  DEG,
  type BodyFootprint,
  type Footprint,
  type Pose2,
  type RectFootprint,
  type SolidFilter,
  type Vec2,
} from './footprint.ts';
import { convexHull, minkowskiConvex } from './hull.ts';

export { convexHull, minkowskiConvex } from './hull.ts';

const EPS = 1e-12;

/** Entry parameter t >= 0 of the ray o + t*d into a convex polygon (any orientation); null on a miss or a graze. */
export function rayConvexPolygon(o: Vec2, d: Vec2, poly: Vec2[]): number | null {
  let mx = 0,
    my = 0;
  for (const p of poly) {
    mx += p[0];
    my += p[1];
  }
  mx /= poly.length;
  my /= poly.length;
  let tE = -Infinity,
    tL = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i],
      q = poly[(i + 1) % poly.length];
    let nx = q[1] - p[1],
      ny = p[0] - q[0];
    const len = Math.hypot(nx, ny);
    if (len < 1e-15) continue;
    nx /= len;
    ny /= len;
    if (nx * (mx - p[0]) + ny * (my - p[1]) > 0) {
      nx = -nx;
      ny = -ny;
    }
    // inside: n . (o + t d - p) < 0
    const num = nx * (p[0] - o[0]) + ny * (p[1] - o[1]);
    const den = nx * d[0] + ny * d[1];
    if (Math.abs(den) < EPS) {
      if (num <= EPS) return null;
      continue;
    }
    const t = num / den;
    if (den < 0) tE = Math.max(tE, t);
    else tL = Math.min(tL, t);
    if (tE >= tL - EPS) return null;
  }
  if (tL <= EPS) return null;
  return Math.max(0, tE);
}

/** Entry parameter t >= 0 of the ray o + t*d (d unit) into a disc; null on a miss or a graze. */
export function rayCircle(o: Vec2, d: Vec2, c: Vec2, r: number): number | null {
  const fx = o[0] - c[0],
    fy = o[1] - c[1];
  const b = fx * d[0] + fy * d[1];
  const cc = fx * fx + fy * fy - r * r;
  const disc = b * b - cc;
  if (disc <= EPS) return null;
  const sq = Math.sqrt(disc);
  const t1 = -b + sq;
  if (t1 <= EPS) return null;
  return Math.max(0, -b - sq);
}

/** Entry t of a ray (d unit) into a convex polygon dilated by a disc of radius r (a rounded polygon). */
export function rayRoundedPolygon(o: Vec2, d: Vec2, poly: Vec2[], r: number): number | null {
  let best = rayConvexPolygon(o, d, poly);
  if (r <= 0) return best;
  let mx = 0,
    my = 0;
  for (const p of poly) {
    mx += p[0];
    my += p[1];
  }
  mx /= poly.length;
  my /= poly.length;
  const take = (t: number | null) => {
    if (t !== null && (best === null || t < best)) best = t;
  };
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i],
      q = poly[(i + 1) % poly.length];
    let nx = q[1] - p[1],
      ny = p[0] - q[0];
    const len = Math.hypot(nx, ny);
    if (len < 1e-15) continue;
    nx /= len;
    ny /= len;
    if (nx * (mx - p[0]) + ny * (my - p[1]) > 0) {
      nx = -nx;
      ny = -ny;
    }
    take(rayConvexPolygon(o, d, [p, q, [q[0] + nx * r, q[1] + ny * r], [p[0] + nx * r, p[1] + ny * r]]));
    take(rayCircle(o, d, p, r));
  }
  return best;
}

/**
 * rayRoundedPolygon for a counter-clockwise convex polygon, without allocation: the least entry into the polygon,
 * into each side's rectangle r deep outwards and into each corner's disc (the same parts, the same grazing rule).
 */
export function rayDilatedPolygon(o: Vec2, d: Vec2, pts: readonly Vec2[], r: number): number | null {
  const n = pts.length;
  let best = n >= 3 ? rayConvexPolygon(o, d, pts as Vec2[]) : null;
  if (r <= 0) return best;
  for (let i = 0; i < n; i++) {
    const p = pts[i],
      q = pts[i + 1 < n ? i + 1 : 0];
    // the corner's disc
    const fx = o[0] - p[0],
      fy = o[1] - p[1];
    const b = fx * d[0] + fy * d[1];
    const disc = b * b - (fx * fx + fy * fy - r * r);
    if (disc > EPS) {
      const sq = Math.sqrt(disc);
      if (-b + sq > EPS) {
        const t = Math.max(0, -b - sq);
        if (best === null || t < best) best = t;
      }
    }
    // the side's rectangle: along the side 0..L, outwards 0..r (slabs in the side's frame)
    const ex = q[0] - p[0],
      ey = q[1] - p[1];
    const L = Math.hypot(ex, ey);
    if (L < 1e-15) continue;
    const ux = ex / L,
      uy = ey / L;
    const a0 = fx * ux + fy * uy,
      b0 = fx * uy - fy * ux,
      da = d[0] * ux + d[1] * uy,
      db = d[0] * uy - d[1] * ux;
    let tE = -Infinity,
      tL = Infinity;
    // parallel to a slab: inside it strictly, or never in the rectangle
    if (Math.abs(da) < EPS) {
      if (!(a0 > EPS && a0 < L - EPS)) continue;
    } else {
      const t1 = -a0 / da,
        t2 = (L - a0) / da;
      tE = Math.min(t1, t2);
      tL = Math.max(t1, t2);
    }
    if (Math.abs(db) < EPS) {
      if (!(b0 > EPS && b0 < r - EPS)) continue;
    } else {
      const t1 = -b0 / db,
        t2 = (r - b0) / db;
      tE = Math.max(tE, Math.min(t1, t2));
      tL = Math.min(tL, Math.max(t1, t2));
    }
    if (tE >= tL - EPS || tL <= EPS) continue;
    const t = Math.max(0, tE);
    if (best === null || t < best) best = t;
  }
  return best;
}

/** Distance the body's base point can travel along d (unit) before the body touches the footprint; null if never. */
export function contactDistance(body: BodyFootprint, pose: Pose2, d: Vec2, fp: Footprint): number | null {
  const o: Vec2 = [pose.x, pose.y];
  if (fp.kind === 'poly') {
    // a tilted solid's polygon: dilated by a circle body, or its Minkowski sum with the reflected rectangle body
    if (fp.points.length === 0) return null;
    if (body.shape === 'circle') return rayDilatedPolygon(o, d, fp.points, body.radius);
    const neg = reflectedBody(body, pose).map(([x, y]) => [-x, -y] as Vec2);
    return rayConvexPolygon(o, d, minkowskiConvex(fp.points, neg));
  }
  if (fp.kind === 'rect' && fp.r) return roundedContact(body, pose, o, d, fp);
  if (body.shape === 'circle') {
    if (fp.kind === 'circle') return rayCircle(o, d, [fp.cx, fp.cy], fp.r + body.radius);
    return rayRoundedPolygon(o, d, rectCorners(fp), body.radius);
  }
  // the body reflected through its base point: -(corner - base)
  const rel = reflectedBody(body, pose);
  if (fp.kind === 'circle') {
    return rayRoundedPolygon(
      o,
      d,
      rel.map(([x, y]) => [fp.cx - x, fp.cy - y] as Vec2),
      fp.r,
    );
  }
  const sums: Vec2[] = [];
  for (const b of rectCorners(fp)) for (const a of rel) sums.push([b[0] - a[0], b[1] - a[1]]);
  return rayConvexPolygon(o, d, convexHull(sums));
}

/** A rectangle body's corners relative to its base point, reflected through it. */
function reflectedBody(body: BodyFootprint & { shape: 'rect' }, pose: Pose2): Vec2[] {
  return rectCorners({ cx: 0, cy: 0, hx: body.length / 2, hy: body.width / 2, yaw: pose.yaw_deg * DEG });
}

/**
 * contactDistance against a rectangle with rounded corners (its inner rectangle grown by a disc): the Minkowski sum
 * with the reflected body is the inner rectangle's sum grown by that disc (a circle body adds its radius to it).
 */
function roundedContact(body: BodyFootprint, pose: Pose2, o: Vec2, d: Vec2, fp: RectFootprint): number | null {
  const { rect, r } = innerRect(fp);
  const point = rect.hx <= 0 && rect.hy <= 0;
  if (body.shape === 'circle') {
    const R = r + body.radius;
    if (point) return rayCircle(o, d, [fp.cx, fp.cy], R);
    if (rect.hx > 0 && rect.hy > 0) return rayRoundedPolygon(o, d, rectCorners(rect), R);
    // the inner rectangle is a segment (no polygon to dilate): a rectangle R thick along it and a disc at each end
    const alongX = rect.hx > 0;
    const h = alongX ? rect.hx : rect.hy;
    const ux = alongX ? Math.cos(fp.yaw) : -Math.sin(fp.yaw),
      uy = alongX ? Math.sin(fp.yaw) : Math.cos(fp.yaw);
    let best = rayConvexPolygon(o, d, rectCorners(alongX ? { ...rect, hy: R } : { ...rect, hx: R }));
    for (const k of [1, -1]) {
      const t = rayCircle(o, d, [fp.cx + k * h * ux, fp.cy + k * h * uy], R);
      if (t !== null && (best === null || t < best)) best = t;
    }
    return best;
  }
  const rel = reflectedBody(body, pose);
  if (point)
    return rayRoundedPolygon(
      o,
      d,
      rel.map(([x, y]) => [fp.cx - x, fp.cy - y] as Vec2),
      r,
    );
  const sums: Vec2[] = [];
  for (const b of rectCorners(rect)) for (const a of rel) sums.push([b[0] - a[0], b[1] - a[1]]);
  return rayRoundedPolygon(o, d, convexHull(sums), r);
}

export interface SweepRequest extends SolidFilter {
  pose: Pose2;
  body: BodyFootprint;
  /** direction of travel, map frame, degrees (the body keeps its own yaw) */
  heading_deg: number;
  /** cap on the distance (m) */
  maxDistance: number;
}

export interface SweepResult {
  /** how far the base can travel before the first contact (maxDistance when nothing is met) */
  distance: number;
  /** name of the first solid touched, null when none within maxDistance */
  hit: string | null;
}

/** Sweep over precomputed footprints (for many headings from one scene). Ties go to the earlier solid. */
export function sweepFootprints(
  items: readonly { solid: Solid; fp: Footprint }[],
  req: Pick<SweepRequest, 'pose' | 'body' | 'heading_deg' | 'maxDistance'>,
): SweepResult {
  const d = headingVector(req.heading_deg);
  let best = req.maxDistance;
  let hit: string | null = null;
  for (const { solid, fp } of items) {
    const t = contactDistance(req.body, req.pose, d, fp);
    if (t !== null && t < best) {
      best = t;
      hit = solid.name;
    }
  }
  return { distance: best, hit };
}

/** How far a body can translate from its pose along a heading before touching a solid that meets its height band. */
export function sweep(solids: readonly Solid[], req: SweepRequest): SweepResult {
  return sweepFootprints(footprints(solids, req), req);
}
