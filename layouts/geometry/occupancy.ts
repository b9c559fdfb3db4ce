/**
 * Occupancy grids: a 2-D raster (map frame) of the footprints of the solids that meet a height band. Cell (ix, iy)
 * covers [origin + i*cell, origin + (i+1)*cell) on each axis; its centre is origin + (i + 0.5)*cell.
 */
import type { Solid } from '../solids.ts';
import { footprintBounds, footprints, rectCorners, type Footprint, type SolidFilter } from './footprint.ts';
import { distanceTransform } from './distance-transform.ts';
import { footprintDistance } from './nearest.ts';
import { emptyGrid, type Grid, type Bounds } from './grid.ts';

export { Grid, emptyGrid, type Bounds } from './grid.ts';

export interface OccupancyOptions extends SolidFilter {
  bounds: Bounds;
  /** cell size in metres (default 0.05) */
  cell?: number;
  /**
   * center: a cell is occupied when its centre lies in a footprint (unbiased area; thin solids can slip between centres);
   * overlap (default): when the footprint meets the cell's square at all (conservative: every point of a solid lies in
   * an occupied cell).
   */
  mode?: 'center' | 'overlap';
}

/** Rasterise one footprint into a grid (sets cells to 1). */
export function rasterise(grid: Grid, fp: Footprint, mode: 'center' | 'overlap' = 'overlap'): void {
  const [x0, y0, x1, y1] = footprintBounds(fp);
  const c = grid.cell;
  const [i0, j0] = grid.worldToCell(x0 - c, y0 - c);
  const [i1, j1] = grid.worldToCell(x1 + c, y1 + c);
  const ia = Math.max(0, i0),
    ib = Math.min(grid.cols - 1, i1);
  const ja = Math.max(0, j0),
    jb = Math.min(grid.rows - 1, j1);
  const h = c / 2;
  if (fp.kind === 'poly') {
    rasterisePolygon(grid, fp.points, mode, ia, ib, ja, jb);
    return;
  }
  const corners = fp.kind === 'rect' ? rectCorners(fp) : null;
  const cos = fp.kind === 'rect' ? Math.cos(fp.yaw) : 1,
    sin = fp.kind === 'rect' ? Math.sin(fp.yaw) : 0;
  // a rounded rectangle's inner half extents
  const ix = fp.kind === 'rect' && fp.r ? Math.max(0, fp.hx - fp.r) : 0,
    iy = fp.kind === 'rect' && fp.r ? Math.max(0, fp.hy - fp.r) : 0;
  for (let j = ja; j <= jb; j++) {
    for (let i = ia; i <= ib; i++) {
      const [px, py] = grid.cellToWorld(i, j);
      let hit: boolean;
      if (fp.kind === 'circle') {
        if (mode === 'center') hit = (px - fp.cx) ** 2 + (py - fp.cy) ** 2 < fp.r * fp.r;
        else {
          const dx = Math.max(Math.abs(fp.cx - px) - h, 0),
            dy = Math.max(Math.abs(fp.cy - py) - h, 0);
          hit = dx * dx + dy * dy < fp.r * fp.r;
        }
      } else if (fp.r) {
        // rounded corners: by the signed distance of the cell's centre (as footprintSignedDistance has it); for the
        // overlap rule a centre nearer than h has the footprint in the cell's inscribed disc, one h sqrt 2 or more
        // away has it clear of the cell, and between the two the cell square's exact distance decides
        const rx = px - fp.cx,
          ry = py - fp.cy;
        const ex = Math.abs(cos * rx + sin * ry) - ix,
          ey = Math.abs(-sin * rx + cos * ry) - iy;
        const sd = (ex > 0 || ey > 0 ? Math.hypot(Math.max(ex, 0), Math.max(ey, 0)) : Math.max(ex, ey)) - fp.r;
        if (mode === 'center') hit = sd < 0;
        else if (sd < h) hit = true;
        else if (sd >= h * Math.SQRT2) hit = false;
        else hit = footprintDistance({ kind: 'rect', cx: px, cy: py, hx: h, hy: h, yaw: 0 }, fp).distance < 0;
      } else {
        const rx = px - fp.cx,
          ry = py - fp.cy;
        const lx = cos * rx + sin * ry,
          ly = -sin * rx + cos * ry;
        if (mode === 'center') hit = Math.abs(lx) < fp.hx && Math.abs(ly) < fp.hy;
        else {
          // separating axes: the rectangle's two axes, then the grid's two axes
          const ext = h * (Math.abs(cos) + Math.abs(sin));
          hit = Math.abs(lx) < fp.hx + ext && Math.abs(ly) < fp.hy + ext;
          if (hit) {
            let minx = Infinity,
              maxx = -Infinity,
              miny = Infinity,
              maxy = -Infinity;
            for (const q of corners!) {
              minx = Math.min(minx, q[0]);
              maxx = Math.max(maxx, q[0]);
              miny = Math.min(miny, q[1]);
              maxy = Math.max(maxy, q[1]);
            }
            hit = minx < px + h && maxx > px - h && miny < py + h && maxy > py - h;
          }
        }
      }
      if (hit) grid.data[j * grid.cols + i] = 1;
    }
  }
}

/**
 * rasterise for a convex polygon (counter-clockwise) over the cell range given: centre rule, the centre strictly
 * inside every side; overlap rule, the cell square and the polygon overlapping on the grid's axes and on every
 * side's normal (separating axes, strict as for a rectangle). Each side's normal is taken once.
 */
function rasterisePolygon(
  grid: Grid,
  pts: readonly [number, number][],
  mode: 'center' | 'overlap',
  ia: number,
  ib: number,
  ja: number,
  jb: number,
): void {
  const n = pts.length;
  if (n < 3) return;
  const h = grid.cell / 2;
  // side i: outward unit normal (nx, ny), offset nx ax + ny ay, and the reach of a cell square along it
  const nx = new Float64Array(n),
    ny = new Float64Array(n),
    off = new Float64Array(n),
    reach = new Float64Array(n);
  let minx = Infinity,
    maxx = -Infinity,
    miny = Infinity,
    maxy = -Infinity;
  for (let k = 0; k < n; k++) {
    const a = pts[k],
      b = pts[(k + 1) % n];
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (l > 0) {
      nx[k] = (b[1] - a[1]) / l;
      ny[k] = (a[0] - b[0]) / l;
      off[k] = nx[k] * a[0] + ny[k] * a[1];
      reach[k] = mode === 'center' ? 0 : h * (Math.abs(nx[k]) + Math.abs(ny[k]));
    } else reach[k] = Infinity; // a repeated corner: no side
    minx = Math.min(minx, a[0]);
    maxx = Math.max(maxx, a[0]);
    miny = Math.min(miny, a[1]);
    maxy = Math.max(maxy, a[1]);
  }
  for (let j = ja; j <= jb; j++) {
    for (let i = ia; i <= ib; i++) {
      const [px, py] = grid.cellToWorld(i, j);
      let hit = mode === 'center' || (minx < px + h && maxx > px - h && miny < py + h && maxy > py - h);
      for (let k = 0; hit && k < n; k++) if (!(nx[k] * px + ny[k] * py - off[k] < reach[k])) hit = false;
      if (hit) grid.data[j * grid.cols + i] = 1;
    }
  }
}

/** Occupancy of the solids that pass the filter (e.g. zBand = a body's height band; roles = PUBLIC_MAP_ROLES for the public map). */
export function occupancyGrid(solids: readonly Solid[], opts: OccupancyOptions): Grid {
  const grid = emptyGrid(opts.bounds, opts.cell ?? 0.05);
  for (const { fp } of footprints(solids, opts)) rasterise(grid, fp, opts.mode ?? 'overlap');
  return grid;
}

/** Dilation by a disc: a cell becomes occupied when its centre lies within radius of an occupied cell's centre. */
export function inflate(grid: Grid, radius: number): Grid {
  const out = grid.like();
  const d = distanceTransform(grid);
  const lim = radius + 1e-9;
  for (let i = 0; i < d.length; i++) out.data[i] = d[i] <= lim ? 1 : 0;
  return out;
}
