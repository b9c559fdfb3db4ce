/**
 * Boustrophedon coverage of a room: parallel lanes `spacing` apart along the room's longer side, each cut into the
 * stretches where the body fits inside the room, driven in a snake order. The coverage figure: the share of the
 * room's reachable floor (every floor cell the footprint can touch from a centre the robot can reach from its
 * start) that the footprint swept along the cleaning path.
 */
import type { Vec2 } from '../layouts/geometry/index.ts';
import type { NavMap } from './nav.ts';
import { pointInPolygon } from './people.ts';

/** One straight stretch of a lane, in driving order. */
export type Stretch = [Vec2, Vec2];

function bbox(poly: readonly Vec2[]): [number, number, number, number] {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Lane stretches covering a room polygon, snake-ordered. `ok` filters centre points (e.g. reachable ones). */
export function coverageStretches(
  nav: NavMap,
  room: readonly Vec2[],
  spacing: number,
  ok: (p: Vec2) => boolean = () => true,
): Stretch[] {
  const [x0, y0, x1, y1] = bbox(room);
  const r = nav.body.radius;
  const alongX = x1 - x0 >= y1 - y0;
  const [a0, a1, c0, c1] = alongX ? [x0, x1, y0, y1] : [y0, y1, x0, x1];
  // lanes run from the first to the last offset where the body fits in the room, evenly, at most `spacing` apart
  const fitsAt = (c: number) => {
    for (let a = a0 + r; a <= a1 - r + 1e-9; a += 0.1) {
      const p: Vec2 = alongX ? [a, c] : [c, a];
      if (pointInPolygon(p, room) && nav.fits(p) && ok(p)) return true;
    }
    return false;
  };
  let lo = NaN;
  let hi = NaN;
  for (let c = c0; c <= c1 + 1e-9; c += 0.02) {
    if (fitsAt(c)) {
      if (Number.isNaN(lo)) lo = c;
      hi = c;
    }
  }
  const lanes: number[] = [];
  if (!Number.isNaN(lo)) {
    const n = Math.max(1, Math.ceil((hi - lo) / spacing - 1e-9) + 1);
    for (let i = 0; i < n; i++) lanes.push(n === 1 ? (lo + hi) / 2 : lo + ((hi - lo) * i) / (n - 1));
  }
  const step = 0.05;
  const out: Stretch[] = [];
  lanes.forEach((c, li) => {
    const runs: Stretch[] = [];
    let start: Vec2 | null = null;
    let last: Vec2 | null = null;
    for (let a = a0 + r; a <= a1 - r + 1e-9; a += step) {
      const p: Vec2 = alongX ? [a, c] : [c, a];
      const good = pointInPolygon(p, room) && nav.fits(p) && ok(p);
      if (good) {
        if (!start) start = p;
        last = p;
      } else if (start && last) {
        runs.push([start, last]);
        start = last = null;
      }
    }
    if (start && last) runs.push([start, last]);
    const kept = runs.filter(([p, q]) => Math.hypot(q[0] - p[0], q[1] - p[1]) >= 0.1);
    if (li % 2 === 1) kept.reverse().forEach(([p, q]) => out.push([q, p]));
    else kept.forEach((s) => out.push(s));
  });
  return out;
}

/** Cells (centres) of the nav grid reachable by the body's centre from a start point (8-connected flood fill). */
export function reachableCentres(nav: NavMap, start: Vec2): Uint8Array {
  const { grid, field } = nav.map;
  const hard = nav.body.radius + 0.005;
  const out = new Uint8Array(grid.cols * grid.rows);
  const [sx, sy] = grid.worldToCell(start[0], start[1]);
  if (!grid.inside(sx, sy)) return out;
  const stack = [sy * grid.cols + sx];
  if (field[stack[0]] < hard) {
    // start just off the free space (a dock against a wall): begin from the nearest free cell around it
    stack.pop();
    for (let d = 1; d < 12 && !stack.length; d++)
      for (let j = -d; j <= d; j++)
        for (let i = -d; i <= d; i++) {
          const k = (sy + j) * grid.cols + sx + i;
          if (grid.inside(sx + i, sy + j) && field[k] >= hard && !stack.includes(k)) stack.push(k);
        }
  }
  for (const k of stack) out[k] = 1;
  while (stack.length) {
    const k = stack.pop()!;
    const kx = k % grid.cols;
    const ky = (k / grid.cols) | 0;
    for (let j = -1; j <= 1; j++)
      for (let i = -1; i <= 1; i++) {
        const nx = kx + i;
        const ny = ky + j;
        if (!grid.inside(nx, ny)) continue;
        const nk = ny * grid.cols + nx;
        if (!out[nk] && field[nk] >= hard) {
          out[nk] = 1;
          stack.push(nk);
        }
      }
  }
  return out;
}

/** A floor raster over a room's bounding box. */
class RoomRaster {
  readonly cols: number;
  readonly rows: number;
  readonly data: Uint8Array;
  constructor(
    readonly x0: number,
    readonly y0: number,
    x1: number,
    y1: number,
    readonly cell: number,
  ) {
    this.cols = Math.ceil((x1 - x0) / cell);
    this.rows = Math.ceil((y1 - y0) / cell);
    this.data = new Uint8Array(this.cols * this.rows);
  }
  disc(cx: number, cy: number, r: number): void {
    const i0 = Math.max(0, Math.floor((cx - r - this.x0) / this.cell));
    const i1 = Math.min(this.cols - 1, Math.floor((cx + r - this.x0) / this.cell));
    const j0 = Math.max(0, Math.floor((cy - r - this.y0) / this.cell));
    const j1 = Math.min(this.rows - 1, Math.floor((cy + r - this.y0) / this.cell));
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const px = this.x0 + (i + 0.5) * this.cell;
        const py = this.y0 + (j + 0.5) * this.cell;
        if ((px - cx) ** 2 + (py - cy) ** 2 <= r * r) this.data[j * this.cols + i] = 1;
      }
  }
}

/** Points every `step` metres along a path of stretches (the cleaning drive). */
export function samplePath(path: readonly Stretch[], step = 0.05): Vec2[] {
  const out: Vec2[] = [];
  for (const [a, b] of path) {
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 0; k <= n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

/**
 * Where a task resumes a room an earlier task left unfinished: the first stretch of the room's plan (made afresh for
 * this task, as things may have moved in between, so its stretches need not be the earlier plan's) with a point
 * farther than `near` from everything swept so far. The plan's length when every stretch was swept.
 */
export function resumeStretch(stretches: readonly Stretch[], swept: readonly Vec2[], near: number): number {
  const key = (x: number, y: number) => `${Math.floor(x / near)},${Math.floor(y / near)}`;
  const cells = new Map<string, Vec2[]>();
  for (const p of swept) {
    const k = key(p[0], p[1]);
    const list = cells.get(k);
    if (list) list.push(p);
    else cells.set(k, [p]);
  }
  const swept_ = (p: Vec2) => {
    const i = Math.floor(p[0] / near);
    const j = Math.floor(p[1] / near);
    for (let a = i - 1; a <= i + 1; a++)
      for (let b = j - 1; b <= j + 1; b++)
        for (const q of cells.get(`${a},${b}`) ?? []) if (Math.hypot(q[0] - p[0], q[1] - p[1]) <= near) return true;
    return false;
  };
  const i = stretches.findIndex((st) => samplePath([st], 0.1).some((p) => !swept_(p)));
  return i < 0 ? stretches.length : i;
}

/**
 * Share of a room's reachable floor that the body's footprint (its circle) swept: floor cells in the room within
 * the body radius of a reachable centre, against those also within the radius of a point of the cleaning path.
 */
export function roomCoverage(
  nav: NavMap,
  reach: Uint8Array,
  room: readonly Vec2[],
  cleaned: readonly Vec2[],
  cell = 0.05,
): { reachable_m2: number; covered_m2: number; fraction: number } {
  const [x0, y0, x1, y1] = bbox(room);
  const r = nav.body.radius;
  const floor = new RoomRaster(x0, y0, x1, y1, cell);
  const swept = new RoomRaster(x0, y0, x1, y1, cell);
  const { grid } = nav.map;
  const [i0, j0] = grid.worldToCell(x0 - r, y0 - r);
  const [i1, j1] = grid.worldToCell(x1 + r, y1 + r);
  for (let j = Math.max(0, j0); j <= Math.min(grid.rows - 1, j1); j++)
    for (let i = Math.max(0, i0); i <= Math.min(grid.cols - 1, i1); i++) {
      if (!reach[j * grid.cols + i]) continue;
      const [cx, cy] = grid.cellToWorld(i, j);
      floor.disc(cx, cy, r);
    }
  for (const p of cleaned)
    if (p[0] > x0 - r && p[0] < x1 + r && p[1] > y0 - r && p[1] < y1 + r) swept.disc(p[0], p[1], r);
  let nf = 0;
  let nc = 0;
  for (let j = 0; j < floor.rows; j++)
    for (let i = 0; i < floor.cols; i++) {
      const k = j * floor.cols + i;
      if (!floor.data[k]) continue;
      if (!pointInPolygon([x0 + (i + 0.5) * cell, y0 + (j + 0.5) * cell], room)) continue;
      nf++;
      if (swept.data[k]) nc++;
    }
  const a = cell * cell;
  return { reachable_m2: nf * a, covered_m2: nc * a, fraction: nf ? nc / nf : 1 };
}
