/**
 * Nearest points: exact distances between points, bodies and solids, in 2-D (footprints) and 3-D (solids).
 * Distances are signed: negative means overlap (the depth of the shallowest way out).
 */
import type { Solid } from '../solids.ts';
import { isTilted, ownFrameTwin, solidRotation } from '../solids.ts';
import {
  DEG,
  bodyAt,
  footprints,
  innerRect,
  rectCorners,
  type BodyFootprint,
  type Footprint,
  type PolyFootprint,
  type Pose2,
  type RectFootprint,
  type SolidFilter,
  type Vec2,
} from './footprint.ts';
import { latheDistance, latheGeom } from './lathe.ts';
import { pointToRbox } from './rbox.ts';

export type Vec3 = [number, number, number];

/** Signed distance from a point to a footprint, and the nearest point of the footprint's outline (or the point itself inside a circle's centre). */
export function pointToFootprint(px: number, py: number, fp: Footprint): { distance: number; point: Vec2 } {
  if (fp.kind === 'circle') {
    const dx = px - fp.cx,
      dy = py - fp.cy;
    const d = Math.hypot(dx, dy);
    if (d === 0) return { distance: -fp.r, point: [fp.cx + fp.r, fp.cy] };
    return { distance: d - fp.r, point: [fp.cx + (dx / d) * fp.r, fp.cy + (dy / d) * fp.r] };
  }
  if (fp.kind === 'poly') return pointToPolygon(px, py, fp.points);
  if (fp.r) {
    // a rounded rectangle: the inner rectangle's nearest point, out along the way to it by the corner radius
    const { rect, r } = innerRect(fp);
    const n = pointToFootprint(px, py, rect);
    let ux = px - n.point[0],
      uy = py - n.point[1];
    const l = Math.hypot(ux, uy);
    if (n.distance > 0 && l > 0) {
      ux /= l;
      uy /= l;
    } else {
      // inside the inner rectangle (or on it): out through its nearest side
      const c = Math.cos(fp.yaw),
        s = Math.sin(fp.yaw);
      const fx = n.point[0] - fp.cx,
        fy = n.point[1] - fp.cy;
      const lx = c * fx + s * fy,
        ly = -s * fx + c * fy;
      const side = Math.abs(Math.abs(lx) - rect.hx) <= Math.abs(Math.abs(ly) - rect.hy);
      const nx = side ? Math.sign(lx || 1) : 0,
        ny = side ? 0 : Math.sign(ly || 1);
      ux = c * nx - s * ny;
      uy = s * nx + c * ny;
    }
    return { distance: n.distance - r, point: [n.point[0] + ux * r, n.point[1] + uy * r] };
  }
  const c = Math.cos(fp.yaw),
    s = Math.sin(fp.yaw);
  const rx = px - fp.cx,
    ry = py - fp.cy;
  const lx = c * rx + s * ry,
    ly = -s * rx + c * ry;
  const ex = Math.abs(lx) - fp.hx,
    ey = Math.abs(ly) - fp.hy;
  let qx: number, qy: number, distance: number;
  if (ex > 0 || ey > 0) {
    qx = Math.max(-fp.hx, Math.min(fp.hx, lx));
    qy = Math.max(-fp.hy, Math.min(fp.hy, ly));
    distance = Math.hypot(Math.max(ex, 0), Math.max(ey, 0));
  } else if (ex > ey) {
    qx = Math.sign(lx || 1) * fp.hx;
    qy = ly;
    distance = ex;
  } else {
    qx = lx;
    qy = Math.sign(ly || 1) * fp.hy;
    distance = ey;
  }
  return { distance, point: [fp.cx + c * qx - s * qy, fp.cy + s * qx + c * qy] };
}

/** Signed distance from a point to a footprint (no allocation; for hot loops). */
export function footprintSignedDistance(px: number, py: number, fp: Footprint): number {
  if (fp.kind === 'circle') return Math.hypot(px - fp.cx, py - fp.cy) - fp.r;
  if (fp.kind === 'poly') return polygonSignedDistance(px, py, fp.points);
  const c = Math.cos(fp.yaw),
    s = Math.sin(fp.yaw);
  const rx = px - fp.cx,
    ry = py - fp.cy;
  if (fp.r) {
    // a rounded rectangle: the inner rectangle's distance less the corner radius
    const r = fp.r;
    const ex = Math.abs(c * rx + s * ry) - Math.max(0, fp.hx - r),
      ey = Math.abs(-s * rx + c * ry) - Math.max(0, fp.hy - r);
    if (ex > 0 || ey > 0) return Math.hypot(Math.max(ex, 0), Math.max(ey, 0)) - r;
    return Math.max(ex, ey) - r;
  }
  const ex = Math.abs(c * rx + s * ry) - fp.hx,
    ey = Math.abs(-s * rx + c * ry) - fp.hy;
  if (ex > 0 || ey > 0) return Math.hypot(Math.max(ex, 0), Math.max(ey, 0));
  return Math.max(ex, ey);
}

/**
 * Signed distance from a point to a convex polygon (counter-clockwise; no allocation): inside, less the distance to
 * the nearest side's line; outside, the distance to the nearest side. A polygon of one or two points (a degenerate
 * cut) is a point or a segment, never holding anything; none is Infinity away.
 */
export function polygonSignedDistance(px: number, py: number, pts: readonly Vec2[]): number {
  const n = pts.length;
  if (n === 0) return Infinity;
  if (n === 1) return Math.hypot(px - pts[0][0], py - pts[0][1]);
  let maxE = -Infinity,
    minD2 = Infinity;
  for (let i = 0; i < n; i++) {
    const a = pts[i],
      b = pts[i + 1 < n ? i + 1 : 0];
    const ex = b[0] - a[0],
      ey = b[1] - a[1];
    const l2 = ex * ex + ey * ey;
    const wx = px - a[0],
      wy = py - a[1];
    if (l2 > 0) {
      const e = (ey * wx - ex * wy) / Math.sqrt(l2);
      if (e > maxE) maxE = e;
    }
    let t = l2 > 0 ? (wx * ex + wy * ey) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const dx = wx - t * ex,
      dy = wy - t * ey;
    const d2 = dx * dx + dy * dy;
    if (d2 < minD2) minD2 = d2;
  }
  if (n >= 3 && maxE <= 0) return maxE;
  return Math.sqrt(minD2);
}

/** pointToFootprint for a convex polygon: signed distance and the nearest point of its outline. */
function pointToPolygon(px: number, py: number, pts: readonly Vec2[]): { distance: number; point: Vec2 } {
  const n = pts.length;
  if (n === 0) return { distance: Infinity, point: [px, py] };
  if (n === 1) return { distance: Math.hypot(px - pts[0][0], py - pts[0][1]), point: [pts[0][0], pts[0][1]] };
  let best = { d2: Infinity, q: pts[0] as Vec2 };
  let maxE = -Infinity,
    side: Vec2 = [px, py];
  for (let i = 0; i < n; i++) {
    const a = pts[i],
      b = pts[(i + 1) % n];
    const s = segmentPoint([px, py], a, b);
    if (s.d2 < best.d2) best = s;
    const ex = b[0] - a[0],
      ey = b[1] - a[1];
    const l = Math.hypot(ex, ey);
    if (l > 0) {
      const nx = ey / l,
        ny = -ex / l;
      const e = nx * (px - a[0]) + ny * (py - a[1]);
      if (e > maxE) {
        maxE = e;
        side = [px - e * nx, py - e * ny];
      }
    }
  }
  if (n >= 3 && maxE <= 0) return { distance: maxE, point: side };
  return { distance: Math.sqrt(best.d2), point: best.q };
}

/** Nearest point on segment ab to p, and its squared distance. */
function segmentPoint(p: Vec2, a: Vec2, b: Vec2): { d2: number; q: Vec2 } {
  const abx = b[0] - a[0],
    aby = b[1] - a[1];
  const l2 = abx * abx + aby * aby;
  let t = l2 > 0 ? ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  const q: Vec2 = [a[0] + t * abx, a[1] + t * aby];
  return { d2: (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2, q };
}

/** Smallest overlap of two convex polygons over their edge normals (separating-axis test); <= 0 means apart. */
function satOverlap(a: Vec2[], b: Vec2[]): number {
  let best = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i],
        q = poly[(i + 1) % poly.length];
      const nx = q[1] - p[1],
        ny = p[0] - q[0];
      const l = Math.hypot(nx, ny);
      let amin = Infinity,
        amax = -Infinity,
        bmin = Infinity,
        bmax = -Infinity;
      for (const v of a) {
        const d = (v[0] * nx + v[1] * ny) / l;
        amin = Math.min(amin, d);
        amax = Math.max(amax, d);
      }
      for (const v of b) {
        const d = (v[0] * nx + v[1] * ny) / l;
        bmin = Math.min(bmin, d);
        bmax = Math.max(bmax, d);
      }
      best = Math.min(best, Math.min(amax, bmax) - Math.max(amin, bmin));
    }
  }
  return best;
}

/** Nearest points between two footprints: signed distance, the point on a and the point on b. */
export function footprintDistance(a: Footprint, b: Footprint): { distance: number; a: Vec2; b: Vec2 } {
  if (a.kind === 'circle') {
    const n = pointToFootprint(a.cx, a.cy, b);
    const dx = n.point[0] - a.cx,
      dy = n.point[1] - a.cy;
    const l = Math.hypot(dx, dy) || 1;
    const sg = n.distance >= 0 ? 1 : -1;
    return { distance: n.distance - a.r, a: [a.cx + ((sg * dx) / l) * a.r, a.cy + ((sg * dy) / l) * a.r], b: n.point };
  }
  if (b.kind === 'circle') {
    const r = footprintDistance(b, a);
    return { distance: r.distance, a: r.b, b: r.a };
  }
  if (a.kind === 'poly' || b.kind === 'poly') return polygonDistance(a, b);
  if (a.r || b.r) return roundedRectDistance(a, b);
  const pa = rectCorners(a),
    pb = rectCorners(b);
  const ov = satOverlap(pa, pb);
  if (ov > 0) {
    const m: Vec2 = [(a.cx + b.cx) / 2, (a.cy + b.cy) / 2];
    return { distance: -ov, a: m, b: m };
  }
  let best = { d2: Infinity, a: pa[0], b: pb[0] };
  for (const [from, to, flip] of [
    [pa, pb, false],
    [pb, pa, true],
  ] as const) {
    for (const v of from) {
      for (let i = 0; i < to.length; i++) {
        const s = segmentPoint(v, to[i], to[(i + 1) % to.length]);
        if (s.d2 < best.d2) best = flip ? { d2: s.d2, a: s.q, b: v } : { d2: s.d2, a: v, b: s.q };
      }
    }
  }
  return { distance: Math.sqrt(best.d2), a: best.a, b: best.b };
}

/**
 * Penetration depth of two rectangles (the shortest push that parts them; <= 0 when apart or touching) over their
 * own axes, taken from the yaws so that a rectangle may be a segment or a point.
 */
function rectPenetration(a: RectFootprint, b: RectFootprint, pa: Vec2[], pb: Vec2[]): number {
  let best = Infinity;
  for (const yaw of [a.yaw, b.yaw]) {
    for (const [nx, ny] of [
      [Math.cos(yaw), Math.sin(yaw)],
      [-Math.sin(yaw), Math.cos(yaw)],
    ]) {
      let amin = Infinity,
        amax = -Infinity,
        bmin = Infinity,
        bmax = -Infinity;
      for (const v of pa) {
        const d = v[0] * nx + v[1] * ny;
        amin = Math.min(amin, d);
        amax = Math.max(amax, d);
      }
      for (const v of pb) {
        const d = v[0] * nx + v[1] * ny;
        bmin = Math.min(bmin, d);
        bmax = Math.max(bmax, d);
      }
      best = Math.min(best, amax - bmin, bmax - amin);
    }
  }
  return best;
}

/**
 * Nearest points between two rectangles either of which may have rounded corners: the inner rectangles' signed
 * distance less both corner radii (exact, overlapping or not: a rounded rectangle is its inner one grown by a disc).
 * A rectangle may have no width or length (a segment or a point).
 */
export function roundedRectDistance(a: RectFootprint, b: RectFootprint): { distance: number; a: Vec2; b: Vec2 } {
  const ia = innerRect(a),
    ib = innerRect(b);
  const pa = rectCorners(ia.rect),
    pb = rectCorners(ib.rect);
  const ov = rectPenetration(ia.rect, ib.rect, pa, pb);
  if (ov > 0) {
    const m: Vec2 = [(a.cx + b.cx) / 2, (a.cy + b.cy) / 2];
    return { distance: -ov - ia.r - ib.r, a: m, b: m };
  }
  let best = { d2: Infinity, a: pa[0], b: pb[0] };
  for (const [from, to, flip] of [
    [pa, pb, false],
    [pb, pa, true],
  ] as const) {
    for (const v of from) {
      for (let i = 0; i < to.length; i++) {
        const s = segmentPoint(v, to[i], to[(i + 1) % to.length]);
        if (s.d2 < best.d2) best = flip ? { d2: s.d2, a: s.q, b: v } : { d2: s.d2, a: v, b: s.q };
      }
    }
  }
  const d = Math.sqrt(best.d2);
  if (!(d > 0)) return { distance: -ia.r - ib.r, a: best.a, b: best.b };
  const ux = (best.b[0] - best.a[0]) / d,
    uy = (best.b[1] - best.a[1]) / d;
  return {
    distance: d - ia.r - ib.r,
    a: [best.a[0] + ux * ia.r, best.a[1] + uy * ia.r],
    b: [best.b[0] - ux * ib.r, best.b[1] - uy * ib.r],
  };
}

/** A rectangle or a polygon footprint as a convex polygon grown by a disc, and the axes its sides are normal to. */
function grownPolygon(fp: RectFootprint | PolyFootprint): { pts: Vec2[]; r: number; axes: Vec2[] } {
  if (fp.kind === 'poly') {
    const axes: Vec2[] = [];
    const n = fp.points.length;
    for (let i = 0; i < n; i++) {
      const a = fp.points[i],
        b = fp.points[(i + 1) % n];
      const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (l > 0) axes.push([(b[1] - a[1]) / l, (a[0] - b[0]) / l]);
    }
    return { pts: fp.points, r: 0, axes };
  }
  const { rect, r } = innerRect(fp);
  return {
    pts: rectCorners(rect),
    r,
    axes: [
      [Math.cos(fp.yaw), Math.sin(fp.yaw)],
      [-Math.sin(fp.yaw), Math.cos(fp.yaw)],
    ],
  };
}

/**
 * Nearest points between two footprints, one at least a polygon, the other a polygon or a rectangle (rounded or
 * not): the polygons' signed distance less the corner radius (exact; a polygon is never rounded). Overlapping, the
 * depth over the sides' normals, the points the middle between their first points.
 */
function polygonDistance(a: RectFootprint | PolyFootprint, b: RectFootprint | PolyFootprint) {
  const ga = grownPolygon(a),
    gb = grownPolygon(b);
  if (ga.pts.length === 0 || gb.pts.length === 0) {
    const pa: Vec2 = ga.pts[0] ?? [0, 0],
      pb: Vec2 = gb.pts[0] ?? [0, 0];
    return { distance: Infinity, a: pa, b: pb };
  }
  let ov = Infinity;
  for (const [nx, ny] of [...ga.axes, ...gb.axes]) {
    let amin = Infinity,
      amax = -Infinity,
      bmin = Infinity,
      bmax = -Infinity;
    for (const v of ga.pts) {
      const d = v[0] * nx + v[1] * ny;
      amin = Math.min(amin, d);
      amax = Math.max(amax, d);
    }
    for (const v of gb.pts) {
      const d = v[0] * nx + v[1] * ny;
      bmin = Math.min(bmin, d);
      bmax = Math.max(bmax, d);
    }
    ov = Math.min(ov, amax - bmin, bmax - amin);
  }
  if (ov > 0 && ov < Infinity) {
    const m: Vec2 = [(ga.pts[0][0] + gb.pts[0][0]) / 2, (ga.pts[0][1] + gb.pts[0][1]) / 2];
    return { distance: -ov - ga.r - gb.r, a: m, b: m };
  }
  let best = { d2: Infinity, a: ga.pts[0], b: gb.pts[0] };
  for (const [from, to, flip] of [
    [ga.pts, gb.pts, false],
    [gb.pts, ga.pts, true],
  ] as const) {
    for (const v of from) {
      for (let i = 0; i < to.length; i++) {
        const s = segmentPoint(v, to[i], to[(i + 1) % to.length]);
        if (s.d2 < best.d2) best = flip ? { d2: s.d2, a: s.q, b: v } : { d2: s.d2, a: v, b: s.q };
      }
    }
  }
  const d = Math.sqrt(best.d2);
  if (!(d > 0)) return { distance: -ga.r - gb.r, a: best.a, b: best.b };
  const ux = (best.b[0] - best.a[0]) / d,
    uy = (best.b[1] - best.a[1]) / d;
  return {
    distance: d - ga.r - gb.r,
    a: [best.a[0] + ux * ga.r, best.a[1] + uy * ga.r] as Vec2,
    b: [best.b[0] - ux * gb.r, best.b[1] - uy * gb.r] as Vec2,
  };
}

/** Nearest points between a body at a pose and a solid's footprint within the body's height band. */
export function bodyToSolid(
  body: BodyFootprint,
  pose: Pose2,
  solid: Solid,
  zBand: [number, number],
): { distance: number; body: Vec2; solid: Vec2 } {
  const fp = footprints([solid], { zBand, roles: [solid.role] })[0]?.fp;
  if (!fp) return { distance: Infinity, body: [pose.x, pose.y], solid: [solid.center[0], solid.center[1]] };
  const r = footprintDistance(bodyAt(body, pose), fp);
  return { distance: r.distance, body: r.a, solid: r.b };
}

/** Nearest solid to a 2-D point among those the filter lets through: signed distance, the solid and its nearest point; null when none. */
export function distanceToSolids(
  p: Vec2,
  solids: readonly Solid[],
  filter: SolidFilter,
): { distance: number; solid: Solid; point: Vec2 } | null {
  let best: { distance: number; solid: Solid; point: Vec2 } | null = null;
  for (const { solid, fp } of footprints(solids, filter)) {
    const n = pointToFootprint(p[0], p[1], fp);
    if (!best || n.distance < best.distance) best = { distance: n.distance, solid, point: n.point };
  }
  return best;
}

/** Signed 3-D distance from a point to a solid, and the nearest point on its surface. */
export function pointToSolid(p: Vec3, s: Solid): { distance: number; point: Vec3 } {
  const [cx, cy, cz] = s.center;
  if (isTilted(s) && s.shape !== 'sphere') {
    // in the solid's own frame: the point by R^T, the nearest point back by R
    const R = solidRotation(s);
    const rx = p[0] - cx,
      ry = p[1] - cy,
      rz = p[2] - cz;
    const n = pointToSolid(
      [R[0] * rx + R[3] * ry + R[6] * rz, R[1] * rx + R[4] * ry + R[7] * rz, R[2] * rx + R[5] * ry + R[8] * rz],
      ownFrameTwin(s),
    );
    const [qx, qy, qz] = n.point;
    return {
      distance: n.distance,
      point: [
        cx + R[0] * qx + R[1] * qy + R[2] * qz,
        cy + R[3] * qx + R[4] * qy + R[5] * qz,
        cz + R[6] * qx + R[7] * qy + R[8] * qz,
      ],
    };
  }
  if (s.shape === 'lathe') {
    const dx = p[0] - cx,
      dy = p[1] - cy;
    const rho = Math.hypot(dx, dy);
    const ux = rho > 0 ? dx / rho : 1,
      uy = rho > 0 ? dy / rho : 0;
    const n = latheDistance(latheGeom(s), rho, p[2] - cz);
    return { distance: n.distance, point: [cx + ux * n.rz[0], cy + uy * n.rz[0], cz + n.rz[1]] };
  }
  if (s.shape === 'rbox') return pointToRbox(p, s);
  if (s.shape === 'sphere') {
    const R = s.size[0] / 2;
    const d = Math.hypot(p[0] - cx, p[1] - cy, p[2] - cz);
    if (d === 0) return { distance: -R, point: [cx, cy, cz + R] };
    const k = R / d;
    return { distance: d - R, point: [cx + (p[0] - cx) * k, cy + (p[1] - cy) * k, cz + (p[2] - cz) * k] };
  }
  const hz = s.size[2] / 2;
  const lz = p[2] - cz;
  const ez = Math.abs(lz) - hz;
  if (s.shape === 'cylinder') {
    const R = Math.max(s.size[0], s.size[1]) / 2;
    const dx = p[0] - cx,
      dy = p[1] - cy;
    const rho = Math.hypot(dx, dy);
    const ux = rho > 0 ? dx / rho : 1,
      uy = rho > 0 ? dy / rho : 0;
    const er = rho - R;
    if (er > 0 || ez > 0) {
      const rr = Math.min(rho, R),
        zz = Math.max(-hz, Math.min(hz, lz));
      return { distance: Math.hypot(Math.max(er, 0), Math.max(ez, 0)), point: [cx + ux * rr, cy + uy * rr, cz + zz] };
    }
    if (er > ez) return { distance: er, point: [cx + ux * R, cy + uy * R, p[2]] };
    return { distance: ez, point: [p[0], p[1], cz + Math.sign(lz || 1) * hz] };
  }
  const yaw = (s.yaw_deg ?? 0) * DEG;
  const c = Math.cos(yaw),
    sn = Math.sin(yaw);
  const rx = p[0] - cx,
    ry = p[1] - cy;
  const l = [c * rx + sn * ry, -sn * rx + c * ry, lz];
  const h = [s.size[0] / 2, s.size[1] / 2, hz];
  const e = l.map((v, i) => Math.abs(v) - h[i]);
  const q = l.slice();
  let distance: number;
  if (e.some((v) => v > 0)) {
    for (let i = 0; i < 3; i++) q[i] = Math.max(-h[i], Math.min(h[i], l[i]));
    distance = Math.hypot(Math.max(e[0], 0), Math.max(e[1], 0), Math.max(e[2], 0));
  } else {
    const i = e[0] >= e[1] && e[0] >= e[2] ? 0 : e[1] >= e[2] ? 1 : 2;
    q[i] = Math.sign(l[i] || 1) * h[i];
    distance = e[i];
  }
  return { distance, point: [cx + c * q[0] - sn * q[1], cy + sn * q[0] + c * q[1], cz + q[2]] };
}
