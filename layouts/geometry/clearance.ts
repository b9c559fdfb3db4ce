/**
 * Clearance maps: for a planning grid, the distance from each cell centre (and from any map point) to the nearest
 * obstacle. From solids it is exact (nearest points on the footprints, capped); from a bare occupancy grid (e.g. the
 * floor a camera has seen) it comes from the distance transform, less a margin for the cell size.
 */
import type { Solid } from '../solids.ts';
// biome-ignore lint/correctness/noUnusedImports: every name is used (Footprint by bucketIndex, SolidFilter by an extends clause); the rule misreads this file
import { footprintBounds, footprints, type Footprint, type SolidFilter, type Vec2 } from './footprint.ts';
import { emptyGrid, rasterise, type Bounds, type Grid } from './occupancy.ts';
import { distanceTransform } from './distance-transform.ts';
import { footprintSignedDistance } from './nearest.ts';

export interface ClearanceMap {
  /** the planning grid (data: 1 where an obstacle meets the cell) */
  grid: Grid;
  /** clearance (m) of each cell centre; negative inside an obstacle; capped at cap */
  field: Float64Array;
  /** clearance (m) at any map point: exact for solid maps, the cell's value for grid maps; -Infinity outside the grid */
  at(x: number, y: number): number;
  /** values are never larger than this */
  cap: number;
  /** true when at() measures against the solids themselves */
  exact: boolean;
}

/** A clearance map from an occupancy grid: distance transform less `margin` (default cell/sqrt(2), which keeps it a lower bound for overlap-rasterised grids). */
export function clearanceFromGrid(grid: Grid, margin = grid.cell * Math.SQRT1_2): ClearanceMap {
  const d = distanceTransform(grid);
  const field = new Float64Array(d.length);
  let cap = 0;
  for (let i = 0; i < d.length; i++) {
    field[i] = grid.data[i] ? -margin : d[i] - margin;
    if (Number.isFinite(field[i])) cap = Math.max(cap, field[i]);
  }
  if (!(cap > 0)) cap = Infinity;
  for (let i = 0; i < field.length; i++) if (field[i] > cap) field[i] = cap;
  return {
    grid,
    field,
    cap,
    exact: false,
    at(x, y) {
      const [ix, iy] = grid.worldToCell(x, y);
      return grid.inside(ix, iy) ? field[iy * grid.cols + ix] : -Infinity;
    },
  };
}

export interface SolidClearanceOptions extends SolidFilter {
  bounds: Bounds;
  /** grid cell (default 0.05 m) */
  cell?: number;
  /** distances beyond this are reported as cap (default 2 m); must exceed the body radius plus the clearance wanted */
  cap?: number;
}

/** An exact clearance map from solids (those passing the filter), on a grid over the bounds. */
export function clearanceFromSolids(solids: readonly Solid[], opts: SolidClearanceOptions): ClearanceMap {
  const cap = opts.cap ?? 2;
  const grid = emptyGrid(opts.bounds, opts.cell ?? 0.05);
  const items = footprints(solids, opts).map((x) => x.fp);
  const field = new Float64Array(grid.cols * grid.rows).fill(cap);
  const c = grid.cell;
  for (const fp of items) {
    rasterise(grid, fp, 'overlap');
    const [x0, y0, x1, y1] = footprintBounds(fp);
    const [i0, j0] = grid.worldToCell(x0 - cap, y0 - cap);
    const [i1, j1] = grid.worldToCell(x1 + cap, y1 + cap);
    for (let j = Math.max(0, j0); j <= Math.min(grid.rows - 1, j1); j++) {
      const py = grid.origin[1] + (j + 0.5) * c;
      for (let i = Math.max(0, i0); i <= Math.min(grid.cols - 1, i1); i++) {
        const d = footprintSignedDistance(grid.origin[0] + (i + 0.5) * c, py, fp);
        const k = j * grid.cols + i;
        if (d < field[k]) field[k] = d;
      }
    }
  }
  const index = bucketIndex(items, cap);
  return {
    grid,
    field,
    cap,
    exact: true,
    at(x, y) {
      const [ix, iy] = grid.worldToCell(x, y);
      if (!grid.inside(ix, iy)) return -Infinity;
      let best = cap;
      for (const fp of index.near(x, y)) {
        const d = footprintSignedDistance(x, y, fp);
        if (d < best) best = d;
      }
      return best;
    },
  };
}

/** Footprints bucketed on a 1 m hash grid (maps up to ±32 km), each in every bucket within `reach` of it. */
function bucketIndex(items: Footprint[], reach: number): { near(x: number, y: number): Footprint[] } {
  const B = 1;
  const map = new Map<number, Footprint[]>();
  const key = (bx: number, by: number) => (bx + 32768) * 65536 + (by + 32768);
  for (const fp of items) {
    const [x0, y0, x1, y1] = footprintBounds(fp);
    for (let bx = Math.floor((x0 - reach) / B); bx <= Math.floor((x1 + reach) / B); bx++) {
      for (let by = Math.floor((y0 - reach) / B); by <= Math.floor((y1 + reach) / B); by++) {
        const k = key(bx, by);
        const l = map.get(k);
        if (l) l.push(fp);
        else map.set(k, [fp]);
      }
    }
  }
  const none: Footprint[] = [];
  return { near: (x, y) => map.get(key(Math.floor(x / B), Math.floor(y / B))) ?? none };
}
