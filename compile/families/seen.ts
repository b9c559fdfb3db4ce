/**
 * The seen space of a run of frames on the floor grid: for every cell, the last frame (index into the given frames)
 * that observed it as floor or as an obstacle. The union of the frames' records, as render/truth/seen-space.ts
 * stores them; the gold of every space question (clear_path, open_heading, way_to, lists) is bounded by it.
 */
import { project, type Intrinsics, type CameraPose } from '../../layouts/camera.ts';
import type { FloorGridView, FrameView } from './inputs.ts';

/** Apply runs [skip, length, ...] to a callback over cell numbers. */
export function forEachRunCell(runs: readonly number[], n: number, fn: (cell: number) => void): void {
  if (runs.length % 2) throw new Error('runs: odd length');
  let end = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = end + runs[r];
    const len = runs[r + 1];
    if (s + len > n || len < 1 || runs[r] < 0) throw new Error(`runs: run ${r / 2} leaves a grid of ${n} cells`);
    for (let c = s; c < s + len; c++) fn(c);
    end = s + len;
  }
}

export class SeenSpace {
  readonly n: number;
  /** per cell: index (into frames) of the last frame that saw it as floor, -1 if none */
  readonly lastFloor: Int32Array;
  /** per cell: index of the last frame that saw it as an obstacle, -1 if none */
  readonly lastObstacle: Int32Array;

  constructor(readonly grid: FloorGridView, readonly frames: readonly FrameView[]) {
    this.n = grid.nx * grid.ny;
    this.lastFloor = new Int32Array(this.n).fill(-1);
    this.lastObstacle = new Int32Array(this.n).fill(-1);
    frames.forEach((f, i) => {
      forEachRunCell(f.seen.floor, this.n, (c) => (this.lastFloor[c] = i));
      forEachRunCell(f.seen.obstacle, this.n, (c) => (this.lastObstacle[c] = i));
    });
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

  /** The last frame (a FrameView) that observed the cell, or undefined. */
  lastFrame(cell: number): FrameView | undefined {
    if (cell < 0) return undefined;
    const i = Math.max(this.lastFloor[cell], this.lastObstacle[cell]);
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

const cache = new WeakMap<FrameView, WeakMap<FrameView, { grid: FloorGridView; n: number; space: SeenSpace }[]>>();

/**
 * The seen space of a run of frames, shared between the families asked at the same frames (a SeenSpace is never
 * changed once made): keyed by the run's first and last frame objects, its length and its grid.
 */
export function seenSpaceOf(grid: FloorGridView, frames: readonly FrameView[]): SeenSpace {
  if (!frames.length) return new SeenSpace(grid, frames);
  const first = frames[0], last = frames[frames.length - 1];
  let byLast = cache.get(first);
  if (!byLast) cache.set(first, (byLast = new WeakMap()));
  let list = byLast.get(last);
  if (!list) byLast.set(last, (list = []));
  const hit = list.find((e) => e.grid === grid && e.n === frames.length && e.space.frames.every((f, i) => f === frames[i]));
  if (hit) return hit.space;
  const space = new SeenSpace(grid, frames);
  list.push({ grid, n: frames.length, space });
  return space;
}

/** Whether a floor cell's centre (on the plane z = z0) lies inside the image of a camera: the frame could see it. */
export function cellInView(intr: Intrinsics, cam: CameraPose, xy: [number, number], z0 = 0): boolean {
  const p = project(intr, cam, [xy[0], xy[1], z0]);
  return !!p && p.u >= 0 && p.u < intr.width && p.v >= 0 && p.v < intr.height;
}
