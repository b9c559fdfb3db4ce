/**
 * The seen space of a frame on a floor grid (0.1 m cells over the place's bounds): the floor cells the camera
 * observed (pixels whose 3-D point lies at floor level, |z| <= the floor tolerance, and the cells between the floor
 * points of two neighbouring pixels: a pixel is an area, and far floor falls between pixel centres) and the obstacle
 * cells it hit (pixels whose 3-D point lies above that, up to the top of the obstacle band). The floor is the plane
 * z = 0.
 *
 * Cells are numbered row-major from the grid's origin: cell = iy * nx + ix, ix = floor((x - x0) / cell).
 * A set of cells is stored as runs [skip, length, skip, length, ...] over ascending cell numbers: each run starts
 * `skip` cells after the end of the previous one (the first after cell 0), so [3, 2, 4, 1] is the cells 3, 4, 9.
 * Each frame's
 * record holds the cells seen in that frame alone, so the seen space of any window of frames is the union of its
 * frames' sets (`seenUnion`).
 */
import { zRange, type Solid } from '../../layouts/solids.ts';
import { solidAabb } from '../../layouts/geometry/bvh.ts';
import { NO_RETURN, type TruthFrame, checkFrame, frameRays } from './frame.ts';
import { CONTACT_TOL_M } from './visibility.ts';

/** The floor grid: origin (the place's x_min, y_min), cell size and counts. */
export interface FloorGrid {
  x0: number;
  y0: number;
  cell: number;
  nx: number;
  ny: number;
}

/** Default cell size, metres. */
export const CELL_M = 0.1;
/** Default top of the obstacle band, metres above the floor (a robot's and a person's reach; ceilings excluded). */
export const OBSTACLE_TOP_M = 2.0;

/**
 * The top of the obstacle band for a job's frames: OBSTACLE_TOP_M, or, for a camera that flies above it (the drone's
 * at 15 m), a metre above the highest camera, so that what bounds its corridors (rooftops, building faces at its
 * height) counts as observed.
 */
export function obstacleTopFor(cameraHeights: Iterable<number>): number {
  let top = -Infinity;
  for (const z of cameraHeights) top = Math.max(top, z);
  return top > OBSTACLE_TOP_M ? top + 1 : OBSTACLE_TOP_M;
}

/**
 * The height below which a flying job's frames carve free air (SeenOptions.airBelowM): its lowest camera, when the
 * camera flies above the obstacle band's default top; else undefined (no air).
 */
export function airBelowFor(cameraHeights: Iterable<number>): number | undefined {
  let low = Infinity;
  for (const z of cameraHeights) low = Math.min(low, z);
  return low > OBSTACLE_TOP_M && Number.isFinite(low) ? low : undefined;
}

/**
 * The holes of the air carve at height `below` (SeenOptions.airHoles): the plan bounds of every entity with a solid
 * that reaches that height without standing on the floor (a facade's upper storeys, a sign hanging at the camera's
 * height). A ray may pass under such a solid unhit, so the columns it covers are never air. An entity's solids are
 * taken together (their truth id; a solid without one alone), so a building's storeys leave one hole, its outline.
 */
export function airHolesFor(
  below: number,
  solids: readonly (Solid & { truth_id?: number })[],
): [number, number, number, number][] {
  const floating = new Set<number | Solid>();
  for (const s of solids) {
    const [lo, hi] = zRange(s);
    if (hi >= below && lo > 1e-6) floating.add(s.truth_id ? s.truth_id : s);
  }
  const holes = new Map<number | Solid, [number, number, number, number]>();
  for (const s of solids) {
    const key = s.truth_id && floating.has(s.truth_id) ? s.truth_id : floating.has(s) ? s : undefined;
    if (key === undefined) continue;
    const b = solidAabb(s);
    const h = holes.get(key);
    if (!h) holes.set(key, [b[0], b[1], b[3], b[4]]);
    else {
      h[0] = Math.min(h[0], b[0]);
      h[1] = Math.min(h[1], b[1]);
      h[2] = Math.max(h[2], b[3]);
      h[3] = Math.max(h[3], b[4]);
    }
  }
  return [...holes.values()];
}

/** Azimuth bins of the air carve (per turn around the camera): 0.05 degrees, half a cell at 60 m. */
const AIR_BINS = 7200;
/** The widest azimuth gap (bins) between neighbouring pixels that the carve bridges: 1 degree. */
export const AIR_FILL_MAX_BINS = 20;

/** Raise the reach of the bins strictly between a and b (the short way round, at most AIR_FILL_MAX_BINS) to r. */
function fillBins(reach: Float64Array, a: number, b: number, r: number): void {
  let step = b - a;
  if (step > AIR_BINS / 2) step -= AIR_BINS;
  else if (step < -AIR_BINS / 2) step += AIR_BINS;
  const n = Math.abs(step);
  if (n < 2 || n > AIR_FILL_MAX_BINS) return;
  const dir = Math.sign(step);
  for (let i = 1; i < n; i++) {
    const k = (a + dir * i + AIR_BINS) % AIR_BINS;
    if (r > reach[k]) reach[k] = r;
  }
}

/** The grid over a place's bounds. */
export function floorGrid(
  bounds: { x_min: number; x_max: number; y_min: number; y_max: number },
  cell = CELL_M,
): FloorGrid {
  const nx = Math.max(1, Math.ceil((bounds.x_max - bounds.x_min) / cell - 1e-9));
  const ny = Math.max(1, Math.ceil((bounds.y_max - bounds.y_min) / cell - 1e-9));
  return { x0: bounds.x_min, y0: bounds.y_min, cell, nx, ny };
}

/** The cell holding a map point, or -1 outside the grid. */
export function cellOf(g: FloorGrid, x: number, y: number): number {
  const ix = Math.floor((x - g.x0) / g.cell);
  const iy = Math.floor((y - g.y0) / g.cell);
  if (ix < 0 || iy < 0 || ix >= g.nx || iy >= g.ny) return -1;
  return iy * g.nx + ix;
}

/** The centre of a cell in the map frame. */
export function cellCentre(g: FloorGrid, cell: number): [number, number] {
  const ix = cell % g.nx;
  const iy = Math.floor(cell / g.nx);
  return [g.x0 + (ix + 0.5) * g.cell, g.y0 + (iy + 0.5) * g.cell];
}

export interface SeenOptions {
  /** |z| at or below this is floor level, metres (default CONTACT_TOL_M) */
  floorTolM?: number;
  /** top of the obstacle band, metres (default OBSTACLE_TOP_M) */
  obstacleTopM?: number;
  /**
   * a flying job's air carve (airBelowFor): from a camera at or below this height, every ray that went down to a
   * hit crossed the columns between the camera and the hit below it, unhit; those cells are `air` (free at and
   * above this height, outside airHoles). Unset: no air cells.
   */
  airBelowM?: number;
  /** the plan boxes [x_min, y_min, x_max, y_max] whose cells are never air (airHolesFor) */
  airHoles?: readonly (readonly [number, number, number, number])[];
}

/** One frame's seen cells as masks over the grid (1 = seen). */
export interface SeenMasks {
  grid: FloorGrid;
  floor: Uint8Array;
  obstacle: Uint8Array;
  /** the air carve's cells and its height (only with SeenOptions.airBelowM) */
  air?: { below_m: number; cells: Uint8Array };
}

/** One frame's seen cells as runs (what a record stores). */
export interface SeenRuns {
  floor: number[];
  obstacle: number[];
  air?: { below_m: number; cells: number[] };
}

/** The cells one frame saw: floor level and obstacle band. */
export function frameSeen(frame: TruthFrame, grid: FloorGrid, opts: SeenOptions = {}): SeenMasks {
  checkFrame(frame);
  const tol = opts.floorTolM ?? CONTACT_TOL_M;
  const top = opts.obstacleTopM ?? OBSTACLE_TOP_M;
  const { width: W, height: H } = frame.intrinsics;
  const rays = frameRays(frame.intrinsics, frame.camera);
  const [px, py, pz] = frame.camera.position;
  const n = grid.nx * grid.ny;
  const floor = new Uint8Array(n);
  const obstacle = new Uint8Array(n);
  const { x0, y0, cell, nx, ny } = grid;
  const inv = 1 / cell;
  const depth = frame.depth;
  // the floor points of the previous row and of the pixel to the left (NaN: not floor), for the footprint fill
  let upX = new Float64Array(W).fill(NaN);
  let upY = new Float64Array(W).fill(NaN);
  let rowX = new Float64Array(W);
  let rowY = new Float64Array(W);
  // mark the floor cells along the segment between two neighbouring pixels' floor points: a pixel is an area, so the
  // floor between its neighbours' points is in view too (far floor falls between pixel centres otherwise)
  const fill = (ax: number, ay: number, bx: number, by: number) => {
    const len = Math.hypot(bx - ax, by - ay);
    if (len > FILL_MAX_M) return;
    const n = Math.ceil(len / (cell / 2));
    for (let i = 1; i < n; i++) {
      const f = i / n;
      const ix = Math.floor((ax + (bx - ax) * f - x0) * inv);
      const iy = Math.floor((ay + (by - ay) * f - y0) * inv);
      if (ix >= 0 && iy >= 0 && ix < nx && iy < ny) floor[iy * nx + ix] = 1;
    }
  };
  // the air carve: per azimuth around the camera, the farthest horizontal range a descending ray reached
  const carve = opts.airBelowM !== undefined && pz <= opts.airBelowM + 1e-6;
  const reach = carve ? new Float64Array(AIR_BINS) : null;
  const binOf = (a: number) => Math.min(AIR_BINS - 1, Math.floor(((a + Math.PI) / (2 * Math.PI)) * AIR_BINS));
  for (let v = 0; v < H; v++) {
    const rx = rays.rowX[v];
    const ry = rays.rowY[v];
    const rz = rays.rowZ[v];
    const rowOff = v * W;
    // the previous pixel of the row that went down (its bin and reach; -1: none)
    let prevBin = -1;
    let prevR = 0;
    for (let u = 0; u < W; u++) {
      rowX[u] = NaN;
      const dmm = depth[rowOff + u];
      if (dmm === NO_RETURN || dmm === 0) {
        prevBin = -1;
        continue;
      }
      const d = dmm / 1000;
      const z = pz + d * (rz + rays.colZ[u]);
      if (reach && z < pz - 1e-6) {
        const hx = d * (rx + rays.colX[u]),
          hy = d * (ry + rays.colY[u]);
        const b = binOf(Math.atan2(hy, hx));
        const r = Math.hypot(hx, hy);
        if (r > reach[b]) reach[b] = r;
        // a pixel is an area: the bins between two neighbouring pixels' azimuths were looked through out to the
        // nearer of their reaches (no pixel centre falls in them where the azimuth barely changes along a column,
        // as along the heading of a camera pitched down; left empty, they read as a reach of 0 beside every cell on
        // that line)
        if (prevBin >= 0) fillBins(reach, prevBin, b, Math.min(prevR, r));
        prevBin = b;
        prevR = r;
      } else prevBin = -1;
      if (z < -tol || z > top) continue;
      const x = px + d * (rx + rays.colX[u]);
      const y = py + d * (ry + rays.colY[u]);
      if (z <= tol) {
        rowX[u] = x;
        rowY[u] = y;
        if (u > 0 && !Number.isNaN(rowX[u - 1])) fill(rowX[u - 1], rowY[u - 1], x, y);
        if (!Number.isNaN(upX[u])) fill(upX[u], upY[u], x, y);
      }
      const ix = Math.floor((x - x0) * inv);
      const iy = Math.floor((y - y0) * inv);
      if (ix < 0 || iy < 0 || ix >= nx || iy >= ny) continue;
      if (z <= tol) floor[iy * nx + ix] = 1;
      else obstacle[iy * nx + ix] = 1;
    }
    [upX, rowX] = [rowX, upX];
    [upY, rowY] = [rowY, upY];
  }
  if (!reach) return { grid, floor, obstacle };
  const air = airCells(grid, px, py, reach, binOf);
  for (const h of opts.airHoles ?? []) clearBox(grid, air, h);
  return { grid, floor, obstacle, air: { below_m: opts.airBelowM!, cells: air } };
}

/** Clear every cell of the mask whose square meets a plan box. */
function clearBox(grid: FloorGrid, mask: Uint8Array, [x0, y0, x1, y1]: readonly number[]): void {
  const i0 = Math.max(0, Math.floor((x0 - grid.x0) / grid.cell)),
    i1 = Math.min(grid.nx - 1, Math.floor((x1 - grid.x0) / grid.cell));
  const j0 = Math.max(0, Math.floor((y0 - grid.y0) / grid.cell)),
    j1 = Math.min(grid.ny - 1, Math.floor((y1 - grid.y0) / grid.cell));
  for (let j = j0; j <= j1; j++) mask.fill(0, j * grid.nx + i0, j * grid.nx + i1 + 1);
}

/**
 * The cells wholly inside the carve: a cell's centre within its azimuth's reach, less half a cell, the reach taken
 * as the least of its bin and the two beside it (a cell never reaches past an occluding edge between bins).
 */
function airCells(
  grid: FloorGrid,
  px: number,
  py: number,
  reach: Float64Array,
  binOf: (a: number) => number,
): Uint8Array {
  const { x0, y0, cell, nx, ny } = grid;
  const out = new Uint8Array(nx * ny);
  let far = 0;
  for (let b = 0; b < AIR_BINS; b++) far = Math.max(far, reach[b]);
  if (far <= 0) return out;
  const i0 = Math.max(0, Math.floor((px - far - x0) / cell)),
    i1 = Math.min(nx - 1, Math.floor((px + far - x0) / cell));
  const j0 = Math.max(0, Math.floor((py - far - y0) / cell)),
    j1 = Math.min(ny - 1, Math.floor((py + far - y0) / cell));
  for (let j = j0; j <= j1; j++) {
    const cy = y0 + (j + 0.5) * cell - py;
    for (let i = i0; i <= i1; i++) {
      const cx = x0 + (i + 0.5) * cell - px;
      const r = Math.hypot(cx, cy);
      if (r > far) continue;
      const b = binOf(Math.atan2(cy, cx));
      const lim = Math.min(reach[b], reach[(b + 1) % AIR_BINS], reach[(b + AIR_BINS - 1) % AIR_BINS]) - cell / 2;
      if (r <= lim) out[j * nx + i] = 1;
    }
  }
  return out;
}

/** The longest gap (m) between neighbouring pixels' floor points that the footprint fill bridges. */
export const FILL_MAX_M = 2;

/** Runs [skip, length, ...] of the set cells of a mask. */
export function encodeRuns(mask: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  let end = 0;
  while (i < mask.length) {
    if (!mask[i]) {
      i++;
      continue;
    }
    const s = i;
    while (i < mask.length && mask[i]) i++;
    out.push(s - end, i - s);
    end = i;
  }
  return out;
}

/** Set the cells of runs in a mask (in place); throws on runs that leave the grid. */
export function applyRuns(mask: Uint8Array, runs: readonly number[]): Uint8Array {
  if (runs.length % 2) throw new Error('runs: odd length');
  let end = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const skip = runs[r];
    const len = runs[r + 1];
    const s = end + skip;
    if (!Number.isInteger(skip) || !Number.isInteger(len) || skip < 0 || len < 1 || s + len > mask.length)
      throw new Error(`runs: run ${r / 2} (cells ${s}..${s + len - 1}) outside a grid of ${mask.length} cells`);
    mask.fill(1, s, s + len);
    end = s + len;
  }
  return mask;
}

/** The cell numbers of a mask, ascending. */
export function maskCells(mask: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.push(i);
  return out;
}

/** A frame's seen masks as runs. */
export function seenRuns(m: SeenMasks): SeenRuns {
  const out: SeenRuns = { floor: encodeRuns(m.floor), obstacle: encodeRuns(m.obstacle) };
  if (m.air) out.air = { below_m: m.air.below_m, cells: encodeRuns(m.air.cells) };
  return out;
}

/** What seenUnion reads from a record: its frame index and seen runs on a grid. */
export interface SeenRecordLike {
  k: number;
  seen: { grid: FloorGrid; floor: readonly number[]; obstacle: readonly number[] };
}

/**
 * The seen space of the frames k0..k1 (inclusive): the union of their floor and obstacle cells. All records must
 * share one grid; with no record in the window the masks are empty (the grid of the first record, or `grid`).
 */
export function seenUnion(records: readonly SeenRecordLike[], k0: number, k1: number, grid?: FloorGrid): SeenMasks {
  const g = grid ?? records[0]?.seen.grid;
  if (!g) throw new Error('seenUnion: no records and no grid');
  const n = g.nx * g.ny;
  const floor = new Uint8Array(n);
  const obstacle = new Uint8Array(n);
  for (const r of records) {
    if (r.k < k0 || r.k > k1) continue;
    const rg = r.seen.grid;
    if (rg.x0 !== g.x0 || rg.y0 !== g.y0 || rg.cell !== g.cell || rg.nx !== g.nx || rg.ny !== g.ny)
      throw new Error(`seenUnion: frame ${r.k} uses a different grid`);
    applyRuns(floor, r.seen.floor);
    applyRuns(obstacle, r.seen.obstacle);
  }
  return { grid: g, floor, obstacle };
}
