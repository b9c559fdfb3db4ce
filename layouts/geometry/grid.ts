/**
 * The map frame's raster: a 2-D grid of cells (map frame) over axis-aligned bounds. Cell (ix, iy) covers
 * [origin + i*cell, origin + (i+1)*cell) on each axis; its centre is origin + (i + 0.5)*cell.
 */
import type { Vec2 } from './footprint.ts';

/** Axis-aligned map bounds. */
export interface Bounds {
  min: Vec2;
  max: Vec2;
}

/** A 2-D occupancy grid: data[iy * cols + ix] is 1 where occupied, 0 where free. */
export class Grid {
  constructor(
    readonly cell: number,
    readonly origin: Vec2,
    readonly cols: number,
    readonly rows: number,
    readonly data: Uint8Array = new Uint8Array(cols * rows),
  ) {}

  /** 1 if occupied; cells outside the grid count as occupied. */
  get(ix: number, iy: number): number {
    if (ix < 0 || iy < 0 || ix >= this.cols || iy >= this.rows) return 1;
    return this.data[iy * this.cols + ix];
  }

  inside(ix: number, iy: number): boolean {
    return ix >= 0 && iy >= 0 && ix < this.cols && iy < this.rows;
  }

  /** The cell holding a map point (may lie outside the grid). */
  worldToCell(x: number, y: number): [number, number] {
    return [Math.floor((x - this.origin[0]) / this.cell), Math.floor((y - this.origin[1]) / this.cell)];
  }

  /** The centre of a cell in the map frame. */
  cellToWorld(ix: number, iy: number): Vec2 {
    return [this.origin[0] + (ix + 0.5) * this.cell, this.origin[1] + (iy + 0.5) * this.cell];
  }

  /** Number of occupied cells. */
  count(): number {
    let n = 0;
    for (let i = 0; i < this.data.length; i++) n += this.data[i];
    return n;
  }

  /** An empty grid with the same geometry. */
  like(): Grid {
    return new Grid(this.cell, this.origin, this.cols, this.rows);
  }
}

/** A free grid covering the bounds (the last row and column may reach past max). */
export function emptyGrid(bounds: Bounds, cell = 0.05): Grid {
  if (!(cell > 0)) throw new Error(`grid cell must be positive, got ${cell}`);
  const cols = Math.max(1, Math.ceil((bounds.max[0] - bounds.min[0]) / cell - 1e-9));
  const rows = Math.max(1, Math.ceil((bounds.max[1] - bounds.min[1]) / cell - 1e-9));
  return new Grid(cell, [bounds.min[0], bounds.min[1]], cols, rows);
}
