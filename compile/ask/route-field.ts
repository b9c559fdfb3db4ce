/**
 * The seen-floor route field of way_to: over the seen grid's cells (0.1 m), the floor the camera observed during
 * the window up to the ask, with gaps narrower than the closing width (0.5 m) closed (a morphological closing by a
 * disc of half that width), less every cell observed as an obstacle; the body inflated (a cell is roomy when its
 * centre is at least half the body's width from every cell that is not seen floor); and D, the shortest 8-connected
 * route length over roomy cells to the thing: from every roomy cell within R of the thing's middle, seeded with its
 * straight distance to the middle.
 */
import { distanceTransform, Grid } from '../../layouts/geometry/index.ts';
import type { FloorGridView } from './inputs.ts';

/** Gaps in the seen floor narrower than this are closed (m). */
export const CLOSE_GAP_M = 0.5;

export interface RouteField {
  grid: FloorGridView;
  /** closed seen floor */
  seen: Uint8Array;
  /** roomy for the body */
  roomy: Uint8Array;
  /** route length to the thing (m), Infinity where unreachable */
  D: Float64Array;
}

function gridOf(g: FloorGridView, data: Uint8Array): Grid {
  return new Grid(g.cell, [g.x0, g.y0], g.nx, g.ny, data);
}

/** Closing of a mask by a disc of radius r (dilate, then erode). */
export function closeMask(g: FloorGridView, mask: Uint8Array, r: number): Uint8Array {
  const dist = distanceTransform(gridOf(g, mask));
  const dil = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) dil[i] = dist[i] <= r + 1e-9 ? 1 : 0;
  const inv = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inv[i] = dil[i] ? 0 : 1;
  const d2 = distanceTransform(gridOf(g, inv));
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = dil[i] && d2[i] > r + 1e-9 ? 1 : 0;
  return out;
}

/** Binary min-heap over (key, cell). */
class Heap {
  k: number[] = [];
  v: number[] = [];
  push(key: number, val: number) {
    this.k.push(key);
    this.v.push(val);
    let i = this.k.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.k[p] < this.k[i] || (this.k[p] === this.k[i] && this.v[p] <= this.v[i])) break;
      [this.k[p], this.k[i]] = [this.k[i], this.k[p]];
      [this.v[p], this.v[i]] = [this.v[i], this.v[p]];
      i = p;
    }
  }
  pop(): [number, number] {
    const top: [number, number] = [this.k[0], this.v[0]];
    const lk = this.k.pop()!,
      lv = this.v.pop()!;
    if (this.k.length) {
      this.k[0] = lk;
      this.v[0] = lv;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1,
          r = l + 1;
        let m = i;
        if (l < this.k.length && this.less(l, m)) m = l;
        if (r < this.k.length && this.less(r, m)) m = r;
        if (m === i) break;
        [this.k[m], this.k[i]] = [this.k[i], this.k[m]];
        [this.v[m], this.v[i]] = [this.v[i], this.v[m]];
        i = m;
      }
    }
    return top;
  }
  private less(a: number, b: number): boolean {
    return this.k[a] < this.k[b] || (this.k[a] === this.k[b] && this.v[a] < this.v[b]);
  }
  get size() {
    return this.k.length;
  }
}

/** The closed seen floor and the cells roomy for a body of half-width `halfWidth` (the field's goal-free part). */
export interface RouteFloor {
  seen: Uint8Array;
  roomy: Uint8Array;
}

/** The closed seen floor and its roomy cells, from the seen floor and obstacle masks. */
export function routeFloor(
  g: FloorGridView,
  seenFloor: Uint8Array,
  obstacle: Uint8Array,
  halfWidth: number,
): RouteFloor {
  const n = g.nx * g.ny;
  const closed = closeMask(g, seenFloor, CLOSE_GAP_M / 2);
  const free = new Uint8Array(n);
  for (let i = 0; i < n; i++) free[i] = closed[i] && !obstacle[i] ? 1 : 0;
  const notFree = new Uint8Array(n);
  for (let i = 0; i < n; i++) notFree[i] = free[i] ? 0 : 1;
  const clear = distanceTransform(gridOf(g, notFree));
  const roomy = new Uint8Array(n);
  for (let i = 0; i < n; i++) roomy[i] = free[i] && clear[i] >= halfWidth - 1e-9 ? 1 : 0;
  return { seen: closed, roomy };
}

/** The route field over a route floor to a goal point within `reach`. */
export function routeFieldOn(g: FloorGridView, floor: RouteFloor, goal: [number, number], reach: number): RouteField {
  const n = g.nx * g.ny;
  const roomy = floor.roomy;
  const D = new Float64Array(n).fill(Infinity);
  const heap = new Heap();
  const centre = (c: number): [number, number] => [
    g.x0 + ((c % g.nx) + 0.5) * g.cell,
    g.y0 + (Math.floor(c / g.nx) + 0.5) * g.cell,
  ];
  for (let c = 0; c < n; c++) {
    if (!roomy[c]) continue;
    const [x, y] = centre(c);
    const d = Math.hypot(x - goal[0], y - goal[1]);
    if (d <= reach) {
      D[c] = d;
      heap.push(d, c);
    }
  }
  const moves: [number, number, number][] = [
    [1, 0, 1],
    [-1, 0, 1],
    [0, 1, 1],
    [0, -1, 1],
    [1, 1, Math.SQRT2],
    [1, -1, Math.SQRT2],
    [-1, 1, Math.SQRT2],
    [-1, -1, Math.SQRT2],
  ];
  while (heap.size) {
    const [d, c] = heap.pop();
    if (d > D[c]) continue;
    const cx = c % g.nx,
      cy = Math.floor(c / g.nx);
    for (const [dx, dy, w] of moves) {
      const x = cx + dx,
        y = cy + dy;
      if (x < 0 || y < 0 || x >= g.nx || y >= g.ny) continue;
      const k = y * g.nx + x;
      if (!roomy[k]) continue;
      if (dx && dy && (!roomy[cy * g.nx + x] || !roomy[y * g.nx + cx])) continue;
      const nd = d + w * g.cell;
      if (nd < D[k] - 1e-12) {
        D[k] = nd;
        heap.push(nd, k);
      }
    }
  }
  return { grid: g, seen: floor.seen, roomy, D };
}

/** The route field for a body of half-width `halfWidth` to a goal point within `reach`. */
export function routeField(
  g: FloorGridView,
  seenFloor: Uint8Array,
  obstacle: Uint8Array,
  halfWidth: number,
  goal: [number, number],
  reach: number,
): RouteField {
  return routeFieldOn(g, routeFloor(g, seenFloor, obstacle, halfWidth), goal, reach);
}

/** D at a map point: the least D + straight distance over roomy cells within a cell's diagonal; Infinity if none. */
export function fieldAt(rf: RouteField, x: number, y: number, reach = rf.grid.cell * Math.SQRT2): number {
  const g = rf.grid;
  const i0 = Math.floor((x - reach - g.x0) / g.cell),
    i1 = Math.floor((x + reach - g.x0) / g.cell);
  const j0 = Math.floor((y - reach - g.y0) / g.cell),
    j1 = Math.floor((y + reach - g.y0) / g.cell);
  let best = Infinity;
  for (let j = Math.max(0, j0); j <= Math.min(g.ny - 1, j1); j++) {
    for (let i = Math.max(0, i0); i <= Math.min(g.nx - 1, i1); i++) {
      const c = j * g.nx + i;
      if (!rf.roomy[c] || !Number.isFinite(rf.D[c])) continue;
      const cx = g.x0 + (i + 0.5) * g.cell,
        cy = g.y0 + (j + 0.5) * g.cell;
      const dd = Math.hypot(cx - x, cy - y);
      if (dd <= reach + 1e-9) best = Math.min(best, rf.D[c] + dd);
    }
  }
  return best;
}
