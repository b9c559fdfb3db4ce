/**
 * Ray casts: a 2-D cast through an occupancy grid (DDA), and exact 3-D casts against solids (oriented box by slab
 * test in its own frame, vertical cylinder by side and caps, sphere, lathe by its cone segments and discs: see
 * lathe.ts; rounded box by the slab test and its edges and corners: see rbox.ts). A tilted solid (a pitch or a
 * roll) is cast in its own frame: the ray turned by R^T (the same per-kind tests as an upright, unturned solid's),
 * the normal back by R. A ray that starts inside a solid does not hit that solid (a camera inside a body sees out).
 * raycastAll casts many rays through a bounding-volume hierarchy.
 */
import type { Solid } from '../solids.ts';
import { isTilted, ownFrameTwin, solidRotation } from '../solids.ts';
import { DEG, headingVector, type Vec2 } from './footprint.ts';
import type { Grid } from './grid.ts';
import { buildBvh, type Bvh } from './bvh.ts';
import { latheGeom, rayLathe } from './lathe.ts';
import { rayRbox } from './rbox.ts';

import type { Vec3 } from './nearest.ts';

/** Result of a grid ray cast: distance to the first occupied cell's boundary, and that cell (null if none). */
export interface GridRayHit {
  distance: number;
  cell: [number, number] | null;
}

/**
 * Cast a 2-D ray from a map point along a heading (degrees) through the grid (Amanatides-Woo DDA). Returns the
 * distance to where the ray enters the first occupied cell (0 if it starts in one), or maxDistance if none is met
 * (leaving the grid ends the ray at maxDistance, cell null).
 */
export function raycastGrid(grid: Grid, origin: Vec2, heading_deg: number, maxDistance: number): GridRayHit {
  const [dx, dy] = headingVector(heading_deg);
  let [ix, iy] = grid.worldToCell(origin[0], origin[1]);
  if (!grid.inside(ix, iy)) return { distance: 0, cell: null };
  if (grid.get(ix, iy)) return { distance: 0, cell: [ix, iy] };
  const c = grid.cell;
  const stepX = dx > 0 ? 1 : -1,
    stepY = dy > 0 ? 1 : -1;
  const nextX = grid.origin[0] + (ix + (dx > 0 ? 1 : 0)) * c;
  const nextY = grid.origin[1] + (iy + (dy > 0 ? 1 : 0)) * c;
  const adx = Math.abs(dx),
    ady = Math.abs(dy);
  let tMaxX = adx < 1e-15 ? Infinity : (nextX - origin[0]) / dx;
  let tMaxY = ady < 1e-15 ? Infinity : (nextY - origin[1]) / dy;
  const tDX = adx < 1e-15 ? Infinity : c / adx;
  const tDY = ady < 1e-15 ? Infinity : c / ady;
  for (;;) {
    let t: number;
    if (tMaxX < tMaxY) {
      t = tMaxX;
      ix += stepX;
      tMaxX += tDX;
    } else {
      t = tMaxY;
      iy += stepY;
      tMaxY += tDY;
    }
    if (t >= maxDistance) return { distance: maxDistance, cell: null };
    if (!grid.inside(ix, iy)) return { distance: maxDistance, cell: null };
    if (grid.get(ix, iy)) return { distance: t, cell: [ix, iy] };
  }
}

/** A 3-D hit: ray parameter (metres along a unit direction), solid, point and outward unit normal. */
export interface RayHit {
  t: number;
  solid: Solid;
  point: Vec3;
  normal: Vec3;
}

/** Entry of a ray into one solid, beyond tMin and before tMax: [t, nx, ny, nz] or null. */
export function raySolid(
  s: Solid,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin = 0,
  tMax = Infinity,
): [number, number, number, number] | null {
  if (isTilted(s) && s.shape !== 'sphere')
    return rayTilted(s.center, ownFrameTwin(s), solidRotation(s), ox, oy, oz, dx, dy, dz, tMin, tMax);
  const yaw = (s.yaw_deg ?? 0) * DEG;
  return rayPrimitive(s, Math.cos(yaw), Math.sin(yaw), ox, oy, oz, dx, dy, dz, tMin, tMax);
}

/**
 * raySolid for a tilted solid (centre c, own-frame twin `own`, rotation R row-major): the ray in the solid's own
 * frame (R^T (o - c), R^T d; the same length, so the same t), the upright unturned twin's test there, the normal
 * turned back by R. (The twin, not the tilted solid, goes to the per-kind code: it has an upright solid's fields, so
 * the per-kind code keeps seeing the object shapes it sees without tilts.)
 */
function rayTilted(
  c: readonly number[],
  own: Solid,
  R: Float64Array,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
): [number, number, number, number] | null {
  const px = ox - c[0],
    py = oy - c[1],
    pz = oz - c[2];
  const h = rayRelative(
    own,
    1,
    0,
    R[0] * px + R[3] * py + R[6] * pz,
    R[1] * px + R[4] * py + R[7] * pz,
    R[2] * px + R[5] * py + R[8] * pz,
    R[0] * dx + R[3] * dy + R[6] * dz,
    R[1] * dx + R[4] * dy + R[7] * dz,
    R[2] * dx + R[5] * dy + R[8] * dz,
    tMin,
    tMax,
  );
  if (!h) return null;
  const nx = h[1],
    ny = h[2],
    nz = h[3];
  h[1] = R[0] * nx + R[1] * ny + R[2] * nz;
  h[2] = R[3] * nx + R[4] * ny + R[5] * nz;
  h[3] = R[6] * nx + R[7] * ny + R[8] * nz;
  return h;
}

/** The hit of the last rbox ray (t, normal in the rbox's frame), reused. */
const RBOX_HIT = new Float64Array(4);

/** raySolid with the box's yaw cosine and sine given (precomputed per scene). */
function rayPrimitive(
  s: Solid,
  co: number,
  si: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
): [number, number, number, number] | null {
  return rayRelative(s, co, si, ox - s.center[0], oy - s.center[1], oz - s.center[2], dx, dy, dz, tMin, tMax);
}

/** rayPrimitive with the ray's origin relative to the solid's centre (px, py, pz). */
function rayRelative(
  s: Solid,
  co: number,
  si: number,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin: number,
  tMax: number,
): [number, number, number, number] | null {
  if (s.shape === 'lathe') return rayLathe(latheGeom(s), px, py, pz, dx, dy, dz, tMin, tMax);
  if (s.shape === 'rbox') {
    // in the rbox's own frame, as the box's slab test
    const hx = s.size[0] / 2,
      hy = s.size[1] / 2,
      hz = s.size[2] / 2;
    const r = Math.min(s.radius ?? 0, hx, hy, hz);
    const h = RBOX_HIT;
    const lx = co * px + si * py,
      ly = -si * px + co * py,
      ldx = co * dx + si * dy,
      ldy = -si * dx + co * dy;
    if (!rayRbox(hx - r, hy - r, hz - r, r, lx, ly, pz, ldx, ldy, dz, tMin, tMax, h)) return null;
    return [h[0], co * h[1] - si * h[2], si * h[1] + co * h[2], h[3]];
  }
  if (s.shape === 'sphere') {
    const R = s.size[0] / 2;
    const b = px * dx + py * dy + pz * dz;
    const a = dx * dx + dy * dy + dz * dz;
    const c = px * px + py * py + pz * pz - R * R;
    if (c <= 0) return null;
    const disc = b * b - a * c;
    if (disc <= 0) return null;
    const t = (-b - Math.sqrt(disc)) / a;
    if (t < tMin || t >= tMax) return null;
    return [t, (px + t * dx) / R, (py + t * dy) / R, (pz + t * dz) / R];
  }
  const hz = s.size[2] / 2;
  if (s.shape === 'cylinder') {
    const R = Math.max(s.size[0], s.size[1]) / 2;
    const inside = px * px + py * py < R * R && Math.abs(pz) < hz;
    if (inside) return null;
    let best = Infinity,
      nx = 0,
      ny = 0,
      nz = 0;
    // side
    const a = dx * dx + dy * dy;
    if (a > 1e-18) {
      const b = px * dx + py * dy;
      const c = px * px + py * py - R * R;
      const disc = b * b - a * c;
      if (disc > 0) {
        const t = (-b - Math.sqrt(disc)) / a;
        const z = pz + t * dz;
        if (t >= tMin && t < tMax && Math.abs(z) <= hz && c > 0) {
          best = t;
          nx = (px + t * dx) / R;
          ny = (py + t * dy) / R;
          nz = 0;
        }
      }
    }
    // caps
    if (Math.abs(dz) > 1e-18) {
      for (const sg of [1, -1]) {
        if (sg * pz <= hz) continue; // origin not on the outer side of this cap
        const t = (sg * hz - pz) / dz;
        if (t < tMin || t >= tMax || t >= best) continue;
        const x = px + t * dx,
          y = py + t * dy;
        if (x * x + y * y <= R * R) {
          best = t;
          nx = 0;
          ny = 0;
          nz = sg;
        }
      }
    }
    return best < Infinity ? [best, nx, ny, nz] : null;
  }
  // box: slab test in the box frame
  const lo = [co * px + si * py, -si * px + co * py, pz];
  const ld = [co * dx + si * dy, -si * dx + co * dy, dz];
  const h = [s.size[0] / 2, s.size[1] / 2, hz];
  let tE = -Infinity,
    tL = Infinity,
    axis = -1,
    sgn = 0;
  for (let i = 0; i < 3; i++) {
    if (Math.abs(ld[i]) < 1e-18) {
      if (Math.abs(lo[i]) >= h[i]) return null;
      continue;
    }
    let t1 = (-h[i] - lo[i]) / ld[i],
      t2 = (h[i] - lo[i]) / ld[i];
    let s1 = -1;
    if (t1 > t2) {
      const tmp = t1;
      t1 = t2;
      t2 = tmp;
      s1 = 1;
    }
    if (t1 > tE) {
      tE = t1;
      axis = i;
      sgn = s1;
    }
    if (t2 < tL) tL = t2;
    if (tE > tL) return null;
  }
  if (axis < 0 || tE < 0 || tE < tMin || tE >= tMax) return null;
  const ln = [0, 0, 0];
  ln[axis] = sgn;
  return [tE, co * ln[0] - si * ln[1], si * ln[0] + co * ln[1], ln[2]];
}

function normalise(d: Vec3): Vec3 {
  const l = Math.hypot(d[0], d[1], d[2]);
  if (!(l > 0)) throw new Error('ray direction must be non-zero');
  return [d[0] / l, d[1] / l, d[2] / l];
}

/** The nearest hit of one ray (direction normalised here) among the solids; null if none before tMax. */
export function raycast(solids: readonly Solid[], origin: Vec3, dir: Vec3, tMax = Infinity): RayHit | null {
  const d = normalise(dir);
  let best: RayHit | null = null;
  let lim = tMax;
  for (const s of solids) {
    const h = raySolid(s, origin[0], origin[1], origin[2], d[0], d[1], d[2], 0, lim);
    if (h && h[0] < lim) {
      lim = h[0];
      best = {
        t: h[0],
        solid: s,
        point: [origin[0] + d[0] * h[0], origin[1] + d[1] * h[0], origin[2] + d[2] * h[0]],
        normal: [h[1], h[2], h[3]],
      };
    }
  }
  return best;
}

/** Many rays at once: t (Infinity where nothing is hit), the hit solid's index (-1 for none) and the unit normal. */
export interface RayBatchResult {
  t: Float64Array;
  index: Int32Array;
  normal: Float32Array;
}

/** A scene prepared for batch ray casts. */
export interface RayScene {
  solids: readonly Solid[];
  bvh: Bvh;
  /** cosine and sine of each solid's yaw */
  cos: Float64Array;
  sin: Float64Array;
  /** each solid's rotation when it is tilted (it is cast in its own frame), else null */
  rot: (Float64Array | null)[];
  /** each tilted solid's own-frame twin (ownFrameTwin), else null */
  own: (Solid | null)[];
}

/** Prepare solids for raycastAll (builds the hierarchy once). */
export function rayScene(solids: readonly Solid[]): RayScene {
  const cos = new Float64Array(solids.length),
    sin = new Float64Array(solids.length);
  solids.forEach((s, i) => {
    const y = (s.yaw_deg ?? 0) * DEG;
    cos[i] = Math.cos(y);
    sin[i] = Math.sin(y);
  });
  const rot = solids.map((s) => (isTilted(s) && s.shape !== 'sphere' ? solidRotation(s) : null));
  const own = rot.map((r, i) => (r ? ownFrameTwin(solids[i]) : null));
  return { solids, bvh: buildBvh(solids), cos, sin, rot, own };
}

/** raySolid for the solid at index si of a prepared scene (its yaw's cosine and sine, its tilt, taken once). */
export function raySceneSolid(
  sc: RayScene,
  si: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  tMin = 0,
  tMax = Infinity,
): [number, number, number, number] | null {
  const R = sc.rot[si];
  if (R) return rayTilted(sc.solids[si].center, sc.own[si]!, R, ox, oy, oz, dx, dy, dz, tMin, tMax);
  return rayPrimitive(sc.solids[si], sc.cos[si], sc.sin[si], ox, oy, oz, dx, dy, dz, tMin, tMax);
}

/**
 * Cast n rays: origins and dirs are packed xyz (length 3n; directions need not be unit, t is in units of |dir|
 * unless they are). Nearest hit per ray (deterministic traversal).
 */
export function raycastAll(
  scene: RayScene | readonly Solid[],
  origins: Float64Array | number[],
  dirs: Float64Array | number[],
  tMax = Infinity,
): RayBatchResult {
  const sc: RayScene = Array.isArray(scene) ? rayScene(scene as readonly Solid[]) : (scene as RayScene);
  const n = Math.floor(dirs.length / 3);
  if (origins.length !== dirs.length) throw new Error('origins and dirs must have the same length');
  const out: RayBatchResult = {
    t: new Float64Array(n).fill(Infinity),
    index: new Int32Array(n).fill(-1),
    normal: new Float32Array(3 * n),
  };
  const { bvh, solids } = sc;
  const stack = new Int32Array(128);
  for (let r = 0; r < n; r++) {
    const ox = origins[3 * r],
      oy = origins[3 * r + 1],
      oz = origins[3 * r + 2];
    const dx = dirs[3 * r],
      dy = dirs[3 * r + 1],
      dz = dirs[3 * r + 2];
    const ix = 1 / dx,
      iy = 1 / dy,
      iz = 1 / dz;
    let best = tMax,
      bi = -1,
      nx = 0,
      ny = 0,
      nz = 0;
    let sp = 0;
    if (bvh.nodeCount > 0) stack[sp++] = 0;
    while (sp > 0) {
      const node = stack[--sp];
      const b = node * 6;
      const bx = bvh.bounds;
      // slab test against the node box
      let t0 = 0,
        t1 = best;
      let a = (bx[b] - ox) * ix,
        c = (bx[b + 3] - ox) * ix;
      if (a > c) {
        const k = a;
        a = c;
        c = k;
      }
      if (a > t0) t0 = a;
      if (c < t1) t1 = c;
      if (!(t0 <= t1)) continue;
      a = (bx[b + 1] - oy) * iy;
      c = (bx[b + 4] - oy) * iy;
      if (a > c) {
        const k = a;
        a = c;
        c = k;
      }
      if (a > t0) t0 = a;
      if (c < t1) t1 = c;
      if (!(t0 <= t1)) continue;
      a = (bx[b + 2] - oz) * iz;
      c = (bx[b + 5] - oz) * iz;
      if (a > c) {
        const k = a;
        a = c;
        c = k;
      }
      if (a > t0) t0 = a;
      if (c < t1) t1 = c;
      if (!(t0 <= t1)) continue;
      const count = bvh.count[node];
      if (count > 0) {
        const start = bvh.start[node];
        for (let k = start; k < start + count; k++) {
          const si = bvh.items[k];
          const R = sc.rot[si];
          const h = R
            ? rayTilted(solids[si].center, sc.own[si]!, R, ox, oy, oz, dx, dy, dz, 0, best)
            : rayPrimitive(solids[si], sc.cos[si], sc.sin[si], ox, oy, oz, dx, dy, dz, 0, best);
          if (h) {
            best = h[0];
            bi = si;
            nx = h[1];
            ny = h[2];
            nz = h[3];
          }
        }
      } else {
        const l = bvh.left[node],
          rr = bvh.right[node];
        // visit the nearer child first: push the farther one first
        const axis = bvh.axis[node];
        const dcomp = axis === 0 ? dx : axis === 1 ? dy : dz;
        if (sp + 2 > stack.length) throw new Error('ray hierarchy too deep');
        if (dcomp > 0) {
          stack[sp++] = rr;
          stack[sp++] = l;
        } else {
          stack[sp++] = l;
          stack[sp++] = rr;
        }
      }
    }
    if (bi >= 0) {
      out.t[r] = best;
      out.index[r] = bi;
      out.normal[3 * r] = nx;
      out.normal[3 * r + 1] = ny;
      out.normal[3 * r + 2] = nz;
    }
  }
  return out;
}
