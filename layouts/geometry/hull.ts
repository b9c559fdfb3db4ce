/** Planar convex hulls (kept apart so that footprints and sweeps can both use them without an import cycle). */
import type { Vec2 } from './footprint-types.ts';

/** Convex hull (counter-clockwise, monotone chain). */
export function convexHull(points: Vec2[]): Vec2[] {
  const pts = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const cross = (o: Vec2, a: Vec2, b: Vec2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Vec2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 1e-15) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 1e-15) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * The Minkowski sum of two convex polygons, both counter-clockwise, as a counter-clockwise polygon (its corners may
 * include points on a side): their sides merged in order of direction from each one's lowest corner, O(n + m). Either
 * with fewer than three corners: the hull of every pairwise sum.
 */
export function minkowskiConvex(P: readonly Vec2[], Q: readonly Vec2[]): Vec2[] {
  const n = P.length,
    m = Q.length;
  if (n < 3 || m < 3) {
    const sums: Vec2[] = [];
    for (const p of P) for (const q of Q) sums.push([p[0] + q[0], p[1] + q[1]]);
    return convexHull(sums);
  }
  const lowest = (A: readonly Vec2[]) => {
    let k = 0;
    for (let i = 1; i < A.length; i++) if (A[i][1] < A[k][1] || (A[i][1] === A[k][1] && A[i][0] < A[k][0])) k = i;
    return k;
  };
  let i = lowest(P),
    j = lowest(Q);
  const out: Vec2[] = [];
  for (let ci = 0, cj = 0; ci < n || cj < m; ) {
    out.push([P[i][0] + Q[j][0], P[i][1] + Q[j][1]]);
    const pi = P[(i + 1) % n],
      qj = Q[(j + 1) % m];
    const ex = pi[0] - P[i][0],
      ey = pi[1] - P[i][1],
      fx = qj[0] - Q[j][0],
      fy = qj[1] - Q[j][1];
    const cross = ex * fy - ey * fx;
    if (cj >= m || (ci < n && cross > 0)) {
      i = (i + 1) % n;
      ci++;
    } else if (ci >= n || cross < 0) {
      j = (j + 1) % m;
      cj++;
    } else {
      i = (i + 1) % n;
      j = (j + 1) % m;
      ci++;
      cj++;
    }
  }
  return out;
}
