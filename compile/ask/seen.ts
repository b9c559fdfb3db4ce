/**
 * The seen space of a run of frames on the floor grid: for every cell, the last frame (index into the given frames)
 * that observed it as floor or as an obstacle. The union of the frames' records, as render/truth/seen-space.ts
 * stores them; the gold of every space question (clear_path, open_heading, way_to, lists) is bounded by it.
 */
import { project, type Intrinsics, type CameraPose } from '../../layouts/camera.ts';
import type { FloorGridView, FrameView } from './inputs.ts';

/** Each run of [skip, length, ...] as its first cell and length; throws when a run leaves the grid. */
function forEachRun(runs: readonly number[], n: number, fn: (start: number, len: number) => void): void {
  if (runs.length % 2) throw new Error('runs: odd length');
  let end = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = end + runs[r];
    const len = runs[r + 1];
    if (s + len > n || len < 1 || runs[r] < 0) throw new Error(`runs: run ${r / 2} leaves a grid of ${n} cells`);
    fn(s, len);
    end = s + len;
  }
}

/** Apply runs [skip, length, ...] to a callback over cell numbers. */
export function forEachRunCell(runs: readonly number[], n: number, fn: (cell: number) => void): void {
  forEachRun(runs, n, (s, len) => {
    for (let c = s; c < s + len; c++) fn(c);
  });
}

/** Set `value` on the cells of runs [skip, length, ...] (checked as forEachRunCell checks them). */
function markRuns(runs: readonly number[], n: number, into: Int16Array | Int32Array | Uint8Array, value: number): void {
  forEachRun(runs, n, (s, len) => into.fill(value, s, s + len));
}

export class SeenSpace {
  readonly n: number;
  /** per cell: index (into frames) of the last frame that saw it as floor, -1 if none (16 bits when that suffices) */
  readonly lastFloor: Int16Array | Int32Array;
  /** per cell: index of the last frame that saw it as an obstacle, -1 if none */
  readonly lastObstacle: Int16Array | Int32Array;
  /** per cell: index of the last frame whose air carve held it, -1 if none (a flying job's frames only) */
  readonly lastAir: Int16Array | Int32Array;
  /** the highest carve height of those frames (m; -Infinity when none carved) */
  readonly airBelow: number;

  /**
   * The seen space of `frames`; `from`, when given, is the seen space of a prefix of these frames on the same grid
   * (its per-cell figures are copied and only the frames after the prefix are applied: the same result).
   */
  constructor(
    readonly grid: FloorGridView,
    readonly frames: readonly FrameView[],
    from?: SeenSpace,
  ) {
    this.n = grid.nx * grid.ny;
    let start = 0;
    let airBelow = -Infinity;
    if (from && (frames.length <= 0x7fff || from.lastFloor instanceof Int32Array)) {
      this.lastFloor = from.lastFloor.slice();
      this.lastObstacle = from.lastObstacle.slice();
      this.lastAir = from.lastAir.slice();
      airBelow = from.airBelow;
      start = from.frames.length;
    } else {
      const Index = frames.length <= 0x7fff ? Int16Array : Int32Array;
      this.lastFloor = new Index(this.n).fill(-1);
      this.lastObstacle = new Index(this.n).fill(-1);
      this.lastAir = new Index(this.n).fill(-1);
    }
    for (let i = start; i < frames.length; i++) {
      const seen = frames[i].seen;
      markRuns(seen.floor, this.n, this.lastFloor, i);
      markRuns(seen.obstacle, this.n, this.lastObstacle, i);
      if (seen.air) {
        markRuns(seen.air.cells, this.n, this.lastAir, i);
        airBelow = Math.max(airBelow, seen.air.below_m);
      }
    }
    this.airBelow = airBelow;
  }

  /** The cell holding a map point, or -1 outside the grid. */
  cellOf(x: number, y: number): number {
    const g = this.grid;
    const ix = Math.floor((x - g.x0) / g.cell);
    const iy = Math.floor((y - g.y0) / g.cell);
    if (ix < 0 || iy < 0 || ix >= g.nx || iy >= g.ny) return -1;
    return iy * g.nx + ix;
  }

  centre(cell: number): [number, number] {
    const g = this.grid;
    return [g.x0 + ((cell % g.nx) + 0.5) * g.cell, g.y0 + (Math.floor(cell / g.nx) + 0.5) * g.cell];
  }

  /** Observed at all (floor or obstacle). */
  observed(cell: number): boolean {
    return cell >= 0 && (this.lastFloor[cell] >= 0 || this.lastObstacle[cell] >= 0);
  }

  /**
   * Free for a body whose height band starts at `bandBottom` (m) as far as the frames tell: observed, or in the air
   * carve of a flying job's frames when the carve reaches up to the band (render/truth/seen-space.ts).
   */
  free(cell: number, bandBottom: number): boolean {
    return this.observed(cell) || (cell >= 0 && this.lastAir[cell] >= 0 && this.airBelow <= bandBottom + 1e-6);
  }

  /** The last frame (a FrameView) that observed the cell, or undefined. */
  lastFrame(cell: number): FrameView | undefined {
    if (cell < 0) return undefined;
    const i = Math.max(this.lastFloor[cell], this.lastObstacle[cell]);
    return i >= 0 ? this.frames[i] : undefined;
  }

  /** The last frame that observed the cell or held it in its air carve (the evidence of `free`), or undefined. */
  lastFreeFrame(cell: number): FrameView | undefined {
    if (cell < 0) return undefined;
    const i = Math.max(this.lastFloor[cell], this.lastObstacle[cell], this.lastAir[cell]);
    return i >= 0 ? this.frames[i] : undefined;
  }

  /** 1 where observed as floor (and never as an obstacle). */
  floorMask(): Uint8Array {
    const m = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) m[i] = this.lastFloor[i] >= 0 && this.lastObstacle[i] < 0 ? 1 : 0;
    return m;
  }

  /** 1 where observed as an obstacle. */
  obstacleMask(): Uint8Array {
    const m = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) m[i] = this.lastObstacle[i] >= 0 ? 1 : 0;
    return m;
  }
}

type CacheEntry = { grid: FloorGridView; n: number; space: SeenSpace };
const cache = new WeakMap<FrameView, WeakMap<FrameView, CacheEntry[]>>();
/** Every cached space by its first frame (to extend the longest cached prefix of a run). */
const byFirst = new WeakMap<FrameView, CacheEntry[]>();

/** Whether the first n frames of `a` are those of `b`. */
function samePrefix(a: readonly FrameView[], b: readonly FrameView[], n: number): boolean {
  for (let i = n - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The seen space of a run of frames, shared between the families asked at the same frames (a SeenSpace is never
 * changed once made): keyed by the run's first and last frame objects, its length and its grid. A run not seen
 * before starts from the longest cached run that is a prefix of it.
 */
export function seenSpaceOf(grid: FloorGridView, frames: readonly FrameView[]): SeenSpace {
  if (!frames.length) return new SeenSpace(grid, frames);
  const first = frames[0],
    last = frames[frames.length - 1];
  let byLast = cache.get(first);
  if (!byLast) cache.set(first, (byLast = new WeakMap()));
  let list = byLast.get(last);
  if (!list) byLast.set(last, (list = []));
  const hit = list.find(
    (e) => e.grid === grid && e.n === frames.length && samePrefix(e.space.frames, frames, frames.length),
  );
  if (hit) return hit.space;
  let all = byFirst.get(first);
  if (!all) byFirst.set(first, (all = []));
  let from: SeenSpace | undefined;
  for (const e of all) {
    if (
      e.grid === grid &&
      e.n < frames.length &&
      (!from || e.n > from.frames.length) &&
      samePrefix(e.space.frames, frames, e.n)
    )
      from = e.space;
  }
  const entry = { grid, n: frames.length, space: new SeenSpace(grid, frames, from) };
  list.push(entry);
  all.push(entry);
  return entry.space;
}

/** The cells one frame observed (as floor or as an obstacle) and held free: what `new SeenSpace(grid, [f])` answers. */
export interface ObservedCells {
  observed(cell: number): boolean;
  free(cell: number, bandBottom: number): boolean;
}

const frameCells = new WeakMap<FrameView, { grid: FloorGridView; mask: Uint8Array }[]>();

/** The cells a frame observed, kept per frame and grid (a byte per cell: 1 observed, 2 in its air carve only). */
export function observedBy(grid: FloorGridView, f: FrameView): ObservedCells {
  let list = frameCells.get(f);
  if (!list) frameCells.set(f, (list = []));
  let e = list.find((x) => x.grid === grid);
  if (!e) {
    const n = grid.nx * grid.ny;
    const mask = new Uint8Array(n);
    if (f.seen.air) markRuns(f.seen.air.cells, n, mask, 2);
    markRuns(f.seen.floor, n, mask, 1);
    markRuns(f.seen.obstacle, n, mask, 1);
    list.push((e = { grid, mask }));
  }
  const mask = e.mask;
  const airBelow = f.seen.air?.below_m ?? Infinity;
  return {
    observed: (cell) => cell >= 0 && mask[cell] === 1,
    free: (cell, bandBottom) => cell >= 0 && (mask[cell] === 1 || (mask[cell] === 2 && airBelow <= bandBottom + 1e-6)),
  };
}

/** Whether a floor cell's centre (on the plane z = z0) lies inside the image of a camera: the frame could see it. */
export function cellInView(intr: Intrinsics, cam: CameraPose, xy: [number, number], z0 = 0): boolean {
  const p = project(intr, cam, [xy[0], xy[1], z0]);
  return !!p && p.u >= 0 && p.u < intr.width && p.v >= 0 && p.v < intr.height;
}
