/**
 * Exact Euclidean distance transform (Felzenszwalb & Huttenlocher's two-pass lower-envelope method): for every cell,
 * the distance in metres from its centre to the nearest occupied cell's centre (0 on occupied cells).
 */
import type { Grid } from './grid.ts';

const INF = 1e20;

/** 1-D squared distance transform of f (length n) into d, using scratch arrays v (n) and z (n + 1). */
function dt1(f: Float64Array, d: Float64Array, n: number, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    d[q] = dq * dq + f[v[k]];
  }
}

/** Squared distances in cells (Float64Array, row-major); INF-ish (1e20) where the grid has no occupied cell. */
export function squaredDistanceCells(grid: Grid): Float64Array {
  const { cols, rows } = grid;
  const n = Math.max(cols, rows);
  const f = new Float64Array(n),
    d = new Float64Array(n),
    z = new Float64Array(n + 1);
  const v = new Int32Array(n);
  const out = new Float64Array(cols * rows);
  for (let i = 0; i < out.length; i++) out[i] = grid.data[i] ? 0 : INF;
  for (let x = 0; x < cols; x++) {
    for (let y = 0; y < rows; y++) f[y] = out[y * cols + x];
    dt1(f, d, rows, v, z);
    for (let y = 0; y < rows; y++) out[y * cols + x] = d[y];
  }
  for (let y = 0; y < rows; y++) {
    const o = y * cols;
    for (let x = 0; x < cols; x++) f[x] = out[o + x];
    dt1(f, d, cols, v, z);
    for (let x = 0; x < cols; x++) out[o + x] = d[x];
  }
  return out;
}

/** Distance in metres from each cell centre to the nearest occupied cell centre (Infinity when none is occupied). */
export function distanceTransform(grid: Grid): Float64Array {
  const sq = squaredDistanceCells(grid);
  const out = new Float64Array(sq.length);
  for (let i = 0; i < sq.length; i++) out[i] = sq[i] >= INF / 2 ? Infinity : Math.sqrt(sq[i]) * grid.cell;
  return out;
}
