/**
 * Path planning for a round body on a clearance map: cells whose clearance is under the body radius are forbidden
 * (hard), cells closer than radius + C to an obstacle cost more (soft, growing as clearance shrinks); A* over
 * 8-connected cells (no corner cutting, deterministic tie-breaking), then line-of-sight shortening that keeps the
 * hard constraint and, point by point, never takes the route's clearance below what the A* route had at the
 * corresponding point (up to C): a narrow spot lowers the bar only where the shortcut passes it. The route's
 * minClearance is measured every 2 cm with the map's at() (exact against the solids for solid maps).
 */
import type { Vec2 } from './footprint.ts';
import type { ClearanceMap } from './clearance.ts';

export interface PlanRequest {
  start: Vec2;
  /** a point, or a region: any free cell whose centre lies within radius of center */
  goal: Vec2 | { center: Vec2; radius: number };
  /** body radius (m): the hard inflation */
  radius: number;
  /** wanted clearance C (m) between the body's edge and any obstacle: the soft cost */
  clearance: number;
  /** weight of the soft cost (default 4: a cell at zero clearance costs 5 times its length) */
  weight?: number;
  /** spacing of clearance samples along the route (default 0.02 m) */
  sampleStep?: number;
}

export type PlanFailureReason = 'start_outside' | 'start_blocked' | 'goal_outside' | 'goal_blocked' | 'unreachable';

export type PlanResult =
  | {
      ok: true;
      /** route from start to goal, metres, map frame */
      waypoints: Vec2[];
      /** route length (m) */
      length: number;
      /** smallest distance from the body's edge to an obstacle along the route */
      minClearance: number;
      /** the A* route's own smallest clearance (before shortening) */
      gridMinClearance: number;
      /** cells A* expanded */
      expanded: number;
    }
  | { ok: false; reason: PlanFailureReason; message: string };

/** Largest clearance loss between two adjacent cell centres (a corner between them), for a body of radius r. */
function moveMargin(r: number, cell: number): number {
  const h2 = (cell * cell) / 2;
  return r * r > h2 ? r - Math.sqrt(r * r - h2) : cell * Math.SQRT1_2;
}

/** Binary min-heap of cell indices keyed by (f, h, index). */
class Heap {
  private idx: number[] = [];
  private f: number[] = [];
  private h: number[] = [];
  get size() {
    return this.idx.length;
  }
  private less(a: number, b: number) {
    return (
      this.f[a] < this.f[b] ||
      (this.f[a] === this.f[b] && (this.h[a] < this.h[b] || (this.h[a] === this.h[b] && this.idx[a] < this.idx[b])))
    );
  }
  private swap(a: number, b: number) {
    [this.idx[a], this.idx[b]] = [this.idx[b], this.idx[a]];
    [this.f[a], this.f[b]] = [this.f[b], this.f[a]];
    [this.h[a], this.h[b]] = [this.h[b], this.h[a]];
  }
  push(i: number, f: number, h: number) {
    this.idx.push(i);
    this.f.push(f);
    this.h.push(h);
    let k = this.idx.length - 1;
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!this.less(k, p)) break;
      this.swap(k, p);
      k = p;
    }
  }
  pop(): number {
    const top = this.idx[0];
    const last = this.idx.length - 1;
    this.swap(0, last);
    this.idx.pop();
    this.f.pop();
    this.h.pop();
    let k = 0;
    for (;;) {
      const l = 2 * k + 1,
        r = l + 1;
      let m = k;
      if (l < this.idx.length && this.less(l, m)) m = l;
      if (r < this.idx.length && this.less(r, m)) m = r;
      if (m === k) break;
      this.swap(k, m);
      k = m;
    }
    return top;
  }
}

/** Smallest at() along the segment a-b, sampled at most `step` apart (ends included). */
export function segmentClearance(map: ClearanceMap, a: Vec2, b: Vec2, step = 0.02): number {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const n = Math.max(1, Math.ceil(len / step));
  let m = Infinity;
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const v = map.at(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
    if (v < m) m = v;
  }
  return m;
}

function polylineLength(pts: Vec2[]): number {
  let s = 0;
  for (let i = 1; i < pts.length; i++) s += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
  return s;
}

/** Plan a route for a round body; a failure names its reason. Same inputs, same output. */
export function planPath(map: ClearanceMap, req: PlanRequest): PlanResult {
  const { grid, field } = map;
  const { radius: r, clearance: C } = req;
  const w = req.weight ?? 4;
  const step = req.sampleStep ?? 0.02;
  if (C > 0 && map.cap < r + C)
    throw new Error(`clearance map cap ${map.cap} m is below radius + clearance ${r + C} m`);
  const hard = r + moveMargin(r, grid.cell);
  const cols = grid.cols;
  const free = (k: number) => field[k] >= hard;

  const [sx, sy] = grid.worldToCell(req.start[0], req.start[1]);
  if (!grid.inside(sx, sy))
    return { ok: false, reason: 'start_outside', message: `start (${req.start}) lies outside the map` };
  const s = sy * cols + sx;
  if (!free(s))
    return { ok: false, reason: 'start_blocked', message: `the body does not fit at the start (${req.start})` };

  const region = Array.isArray(req.goal) ? null : req.goal;
  const gp: Vec2 = region ? region.center : (req.goal as Vec2);
  const gR = region ? region.radius : 0;
  let goalCell = -1;
  if (!region) {
    const [gx, gy] = grid.worldToCell(gp[0], gp[1]);
    if (!grid.inside(gx, gy))
      return { ok: false, reason: 'goal_outside', message: `goal (${gp}) lies outside the map` };
    goalCell = gy * cols + gx;
    if (!free(goalCell))
      return { ok: false, reason: 'goal_blocked', message: `the body does not fit at the goal (${gp})` };
  } else {
    let any = false;
    const [i0, j0] = grid.worldToCell(gp[0] - gR, gp[1] - gR);
    const [i1, j1] = grid.worldToCell(gp[0] + gR, gp[1] + gR);
    for (let j = Math.max(0, j0); j <= Math.min(grid.rows - 1, j1) && !any; j++) {
      for (let i = Math.max(0, i0); i <= Math.min(cols - 1, i1); i++) {
        const c = grid.cellToWorld(i, j);
        if (Math.hypot(c[0] - gp[0], c[1] - gp[1]) <= gR && free(j * cols + i)) {
          any = true;
          break;
        }
      }
    }
    if (!any) return { ok: false, reason: 'goal_blocked', message: `no free cell within ${gR} m of the goal (${gp})` };
  }
  const ox = grid.origin[0] + grid.cell / 2 - gp[0],
    oy = grid.origin[1] + grid.cell / 2 - gp[1];
  const toGoal = (k: number) => Math.hypot(ox + (k % cols) * grid.cell, oy + ((k / cols) | 0) * grid.cell);
  const isGoal = (k: number) => (region ? toGoal(k) <= gR : k === goalCell);
  const heur = (k: number) => Math.max(0, toGoal(k) - gR);
  const mult = (k: number) => (C > 0 ? 1 + w * Math.min(1, Math.max(0, (r + C - field[k]) / C)) : 1);

  const n = cols * grid.rows;
  const g = new Float64Array(n).fill(Infinity);
  const parent = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const heap = new Heap();
  g[s] = 0;
  heap.push(s, heur(s), heur(s));
  const c = grid.cell;
  const moves: [number, number, number][] = [
    [1, 0, c],
    [-1, 0, c],
    [0, 1, c],
    [0, -1, c],
    [1, 1, c * Math.SQRT2],
    [-1, 1, c * Math.SQRT2],
    [1, -1, c * Math.SQRT2],
    [-1, -1, c * Math.SQRT2],
  ];
  let reached = -1,
    expanded = 0;
  while (heap.size > 0) {
    const k = heap.pop();
    if (closed[k]) continue;
    closed[k] = 1;
    expanded++;
    if (isGoal(k)) {
      reached = k;
      break;
    }
    const kx = k % cols,
      ky = (k / cols) | 0;
    for (const [dx, dy, len] of moves) {
      const nx = kx + dx,
        ny = ky + dy;
      if (!grid.inside(nx, ny)) continue;
      const nk = ny * cols + nx;
      if (closed[nk] || !free(nk)) continue;
      if (dx !== 0 && dy !== 0 && (!free(ky * cols + nx) || !free(ny * cols + kx))) continue;
      const ng = g[k] + len * mult(nk);
      if (ng < g[nk]) {
        g[nk] = ng;
        parent[nk] = k;
        const h = heur(nk);
        heap.push(nk, ng + h, h);
      }
    }
  }
  if (reached < 0)
    return {
      ok: false,
      reason: 'unreachable',
      message: `no route from (${req.start}) to (${gp}) for a body of radius ${r} m`,
    };

  const cells: number[] = [];
  for (let k = reached; k >= 0; k = parent[k]) cells.push(k);
  cells.reverse();
  const pts: Vec2[] = [[req.start[0], req.start[1]]];
  for (let i = 1; i < cells.length - 1; i++) pts.push(grid.cellToWorld(cells[i] % cols, (cells[i] / cols) | 0));
  const end: Vec2 = region
    ? cells.length > 1
      ? grid.cellToWorld(reached % cols, (reached / cols) | 0)
      : [req.start[0], req.start[1]]
    : [gp[0], gp[1]];
  if (cells.length > 1 || !region) pts.push(end);
  // keep corners only
  const corners: Vec2[] = [pts[0]];
  for (let i = 1; i < pts.length - 1; i++) {
    const a = corners[corners.length - 1],
      b = pts[i],
      d = pts[i + 1];
    const cross = (b[0] - a[0]) * (d[1] - b[1]) - (b[1] - a[1]) * (d[0] - b[0]);
    if (Math.abs(cross) > 1e-12) corners.push(b);
  }
  if (pts.length > 1) corners.push(pts[pts.length - 1]);

  // the A* route's clearance profile: samples at most `step` apart along the corner polyline, with their arc length
  const profS: number[] = [],
    profC: number[] = [];
  const cornerS: number[] = [0];
  let gridMin = Infinity;
  for (let i = 0; i + 1 < corners.length; i++) {
    const a = corners[i],
      b = corners[i + 1];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const m = Math.max(1, Math.ceil(len / step));
    for (let k = i === 0 ? 0 : 1; k <= m; k++) {
      const t = k / m;
      const v = map.at(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
      profS.push(cornerS[i] + len * t);
      profC.push(v);
      if (v < gridMin) gridMin = v;
    }
    cornerS.push(cornerS[i] + len);
  }
  if (corners.length < 2) gridMin = map.at(req.start[0], req.start[1]);

  /** The A* route's clearance at arc length s: the lower of the two profile samples around it. */
  const profileAt = (s: number, from: number): [number, number] => {
    let k = from;
    while (k + 1 < profS.length && profS[k + 1] <= s) k++;
    const v = k + 1 < profS.length && profS[k] < s ? Math.min(profC[k], profC[k + 1]) : profC[k];
    return [v, k];
  };

  // the lowest clearance of each corner-to-corner stretch of the A* route
  const segMin: number[] = [];
  for (let i = 0, k = 0; i + 1 < corners.length; i++) {
    let m = Infinity;
    for (; k < profS.length && profS[k] <= cornerS[i + 1] + 1e-12; k++) m = Math.min(m, profC[k]);
    if (k > 0) m = Math.min(m, profC[k - 1]);
    segMin.push(m);
  }

  // line-of-sight shortening: from each anchor, gallop then bisect to a far corner it can see. A shortcut over
  // corners i..j must keep, at each of its samples, min(r + C, the A* route's clearance at the corresponding point:
  // the same fraction of the replaced stretch's arc length), and never less than r; so a narrow spot in the stretch
  // lowers what the shortcut must keep only where the shortcut passes that spot, not along the whole shortcut. Within
  // r + C of route length from an end that itself lacks r + C (a site docked close to its furniture), a shortcut
  // need only keep the lowest clearance of the stretch it replaces (up to r + C).
  const full = r + C;
  const total = cornerS[cornerS.length - 1];
  const startTight = map.at(req.start[0], req.start[1]) < full;
  const goalTight = corners.length > 1 && map.at(corners[corners.length - 1][0], corners[corners.length - 1][1]) < full;
  let routeArc = 0;
  const lo = (x: number) => {
    let a = 0,
      b = profS.length - 1;
    while (a < b) {
      const m = (a + b + 1) >> 1;
      if (profS[m] <= x) a = m;
      else b = m - 1;
    }
    return a;
  };
  const ok = (i: number, j: number) => {
    if (j === i + 1) return true;
    const a = corners[i],
      b = corners[j];
    const s0 = cornerS[i],
      s1 = cornerS[j];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.ceil(len / step));
    let stretchMin = Infinity;
    for (let k = i; k < j; k++) stretchMin = Math.min(stretchMin, segMin[k]);
    const loose = Math.max(r, Math.min(full, stretchMin));
    const rest = total - s1;
    let ptr = lo(s0);
    for (let k = 0; k <= n; k++) {
      const t = k / n;
      const v = map.at(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
      if (v >= full) continue;
      if (v < r - 1e-9) return false;
      if ((startTight && routeArc + t * len <= full) || (goalTight && (1 - t) * len + rest <= full)) {
        if (v < loose - 1e-9) return false;
        continue;
      }
      const [ref, at] = profileAt(s0 + (s1 - s0) * t, ptr);
      ptr = at;
      if (v < Math.max(r, Math.min(full, ref)) - 1e-9) return false;
    }
    return true;
  };
  const route: Vec2[] = [corners[0]];
  const last = corners.length - 1;
  let i = 0;
  while (i < last) {
    let good = i + 1,
      stride = 1,
      bad = -1;
    while (good < last) {
      const j = Math.min(last, good + stride);
      if (ok(i, j)) {
        good = j;
        stride *= 2;
      } else {
        bad = j;
        break;
      }
    }
    if (bad > 0) {
      while (bad - good > 1) {
        const mid = (good + bad) >> 1;
        if (ok(i, mid)) good = mid;
        else bad = mid;
      }
    }
    routeArc += Math.hypot(corners[good][0] - corners[i][0], corners[good][1] - corners[i][1]);
    route.push(corners[good]);
    i = good;
  }
  let minAt = Infinity;
  for (let k = 0; k + 1 < route.length; k++)
    minAt = Math.min(minAt, segmentClearance(map, route[k], route[k + 1], step));
  if (route.length === 1) minAt = map.at(route[0][0], route[0][1]);
  return {
    ok: true,
    waypoints: route,
    length: polylineLength(route),
    minClearance: minAt - r,
    gridMinClearance: gridMin - r,
    expanded,
  };
}
