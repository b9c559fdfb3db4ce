/**
 * A bounding-volume hierarchy over solids' axis-aligned boxes (median split on the widest centroid axis), stored in
 * flat arrays for fast batch ray casts.
 */
import type { Solid } from '../solids.ts';
import { extentAlong, isTilted, rboxParts } from '../solids.ts';
import { DEG } from './footprint.ts';

export interface Bvh {
  nodeCount: number;
  /** per node: minx, miny, minz, maxx, maxy, maxz */
  bounds: Float64Array;
  left: Int32Array;
  right: Int32Array;
  /** split axis of an inner node */
  axis: Uint8Array;
  /** leaves: first item and item count (count 0 marks an inner node) */
  start: Int32Array;
  count: Int32Array;
  /** solid indices in leaf order */
  items: Int32Array;
}

/** Axis-aligned bounds [minx, miny, minz, maxx, maxy, maxz] of a solid. */
export function solidAabb(s: Solid): [number, number, number, number, number, number] {
  const [cx, cy, cz] = s.center;
  const pad = 1e-9;
  if (isTilted(s) && s.shape !== 'sphere') {
    // a tilted solid's exact extent along each map axis (its turned shape's support: a box's turned corners, a
    // cylinder's rims, an rbox's inner box grown by its radius, a lathe's profile points)
    const [x0, x1] = extentAlong(s, 1, 0, 0),
      [y0, y1] = extentAlong(s, 0, 1, 0),
      [z0, z1] = extentAlong(s, 0, 0, 1);
    return [cx + x0 - pad, cy + y0 - pad, cz + z0 - pad, cx + x1 + pad, cy + y1 + pad, cz + z1 + pad];
  }
  const hz = s.size[2] / 2;
  let ex: number, ey: number;
  if (s.shape === 'box') {
    const y = (s.yaw_deg ?? 0) * DEG;
    const c = Math.abs(Math.cos(y)),
      sn = Math.abs(Math.sin(y));
    ex = (c * s.size[0]) / 2 + (sn * s.size[1]) / 2;
    ey = (sn * s.size[0]) / 2 + (c * s.size[1]) / 2;
  } else if (s.shape === 'rbox') {
    // the inner rectangle's bounds grown by the radius (tighter than the box's at a yaw)
    const [ax, ay, , r] = rboxParts(s);
    const y = (s.yaw_deg ?? 0) * DEG;
    const c = Math.abs(Math.cos(y)),
      sn = Math.abs(Math.sin(y));
    ex = c * ax + sn * ay + r;
    ey = sn * ax + c * ay + r;
  } else {
    ex = ey = Math.max(s.size[0], s.size[1]) / 2;
  }
  return [cx - ex - pad, cy - ey - pad, cz - hz - pad, cx + ex + pad, cy + ey + pad, cz + hz + pad];
}

const LEAF = 4;

/** Build the hierarchy (deterministic: ties in the median split broken by solid index). */
export function buildBvh(solids: readonly Solid[]): Bvh {
  const n = solids.length;
  const boxes = solids.map(solidAabb);
  const cent = boxes.map((b) => [(b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2]);
  const maxNodes = Math.max(1, 2 * n);
  const bvh: Bvh = {
    nodeCount: 0,
    bounds: new Float64Array(6 * maxNodes),
    left: new Int32Array(maxNodes),
    right: new Int32Array(maxNodes),
    axis: new Uint8Array(maxNodes),
    start: new Int32Array(maxNodes),
    count: new Int32Array(maxNodes),
    items: new Int32Array(n),
  };
  if (n === 0) return bvh;
  const idx = Array.from({ length: n }, (_, i) => i);
  const build = (lo: number, hi: number): number => {
    const node = bvh.nodeCount++;
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    const cb = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let k = lo; k < hi; k++) {
      const bb = boxes[idx[k]],
        c = cent[idx[k]];
      for (let a = 0; a < 3; a++) {
        b[a] = Math.min(b[a], bb[a]);
        b[a + 3] = Math.max(b[a + 3], bb[a + 3]);
        cb[a] = Math.min(cb[a], c[a]);
        cb[a + 3] = Math.max(cb[a + 3], c[a]);
      }
    }
    bvh.bounds.set(b, node * 6);
    if (hi - lo <= LEAF) {
      bvh.start[node] = lo;
      bvh.count[node] = hi - lo;
      for (let k = lo; k < hi; k++) bvh.items[k] = idx[k];
      return node;
    }
    const ext = [cb[3] - cb[0], cb[4] - cb[1], cb[5] - cb[2]];
    const axis = ext[0] >= ext[1] && ext[0] >= ext[2] ? 0 : ext[1] >= ext[2] ? 1 : 2;
    const part = idx.slice(lo, hi).sort((p, q) => cent[p][axis] - cent[q][axis] || p - q);
    for (let k = lo; k < hi; k++) idx[k] = part[k - lo];
    const mid = (lo + hi) >> 1;
    bvh.axis[node] = axis;
    bvh.count[node] = 0;
    const l = build(lo, mid);
    const r = build(mid, hi);
    bvh.left[node] = l;
    bvh.right[node] = r;
    return node;
  };
  build(0, n);
  return bvh;
}
