/**
 * The space a run of frames observed, on the seen grid (0.1 m cells): the union of the frames' floor and
 * obstacle cells (and a flying job's air carve), and cell geometry (the cell of a point, a cell's centre, the cells whose centre lies inside a
 * footprint).
 */
import { footprintBounds, footprintSignedDistance, type Footprint } from '../../layouts/geometry/index.ts';
import { applyRuns } from '../../render/truth/seen-space.ts';
import type { ReaderFrame, ReaderGrid } from './memory.ts';

export class SeenCells {
  readonly n: number;
  /** observed as floor by some frame */
  readonly floor: Uint8Array;
  /** observed as an obstacle by some frame */
  readonly obstacle: Uint8Array;
  /** in some frame's air carve (a flying job's), and the highest carve height */
  readonly air: Uint8Array;
  readonly airBelow: number = -Infinity;

  constructor(
    readonly grid: ReaderGrid,
    frames: readonly ReaderFrame[],
  ) {
    this.n = grid.nx * grid.ny;
    this.floor = new Uint8Array(this.n);
    this.obstacle = new Uint8Array(this.n);
    this.air = new Uint8Array(this.n);
    for (const f of frames) {
      applyRuns(this.floor, f.floor);
      applyRuns(this.obstacle, f.obstacle);
      if (f.air) {
        applyRuns(this.air, f.air.cells);
        this.airBelow = Math.max(this.airBelow, f.air.below_m);
      }
    }
  }

  observed(c: number): boolean {
    return c >= 0 && (this.floor[c] === 1 || this.obstacle[c] === 1);
  }

  /** Observed, or (for a body whose band starts at bandBottom) in an air carve that reaches up to the band. */
  free(c: number, bandBottom: number): boolean {
    return this.observed(c) || (c >= 0 && this.air[c] === 1 && this.airBelow <= bandBottom + 1e-6);
  }

  cellOf(x: number, y: number): number {
    const g = this.grid;
    const ix = Math.floor((x - g.x0) / g.cell),
      iy = Math.floor((y - g.y0) / g.cell);
    return ix < 0 || iy < 0 || ix >= g.nx || iy >= g.ny ? -1 : iy * g.nx + ix;
  }

  centre(c: number): [number, number] {
    const g = this.grid;
    return [g.x0 + ((c % g.nx) + 0.5) * g.cell, g.y0 + (Math.floor(c / g.nx) + 0.5) * g.cell];
  }

  /** Add to `into` the cells whose centre lies strictly inside the footprint. */
  cellsUnder(fp: Footprint, into: Set<number> = new Set()): Set<number> {
    const g = this.grid;
    const [x0, y0, x1, y1] = footprintBounds(fp);
    const i0 = Math.max(0, Math.floor((x0 - g.x0) / g.cell)),
      i1 = Math.min(g.nx - 1, Math.floor((x1 - g.x0) / g.cell));
    const j0 = Math.max(0, Math.floor((y0 - g.y0) / g.cell)),
      j1 = Math.min(g.ny - 1, Math.floor((y1 - g.y0) / g.cell));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        if (footprintSignedDistance(g.x0 + (i + 0.5) * g.cell, g.y0 + (j + 0.5) * g.cell, fp) < 0)
          into.add(j * g.nx + i);
      }
    }
    return into;
  }
}
