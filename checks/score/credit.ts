/**
 * The credit of one judged quantity: four quarters from the error e, the need N and the pixel p (SCORING.md 1.4),
 * and the need rule of numbers, offsets and headings (1.5).
 */

/** Tolerance for every boundary comparison (SCORING.md 1.9). */
export const EPS = 1e-9;

export type Quarters = [number, number, number, number];

export function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

/**
 * The four quarters: direction (given), thing (1 up to 2N, 0 from 4N), amount (1 up to N, 0 from 2N) and
 * precision (1 within a pixel, 0 from N, linear in log e between).
 */
export function quarters(e: number, N: number, p: number, q1: 0 | 1): Quarters {
  const q2 = clamp01((4 * N - e) / (2 * N));
  const q3 = clamp01((2 * N - e) / N);
  let q4: number;
  if (e <= p + EPS) q4 = 1;
  else if (e >= N || p >= N) q4 = 0;
  else q4 = clamp01(Math.log(N / e) / Math.log(N / p));
  return [q1, q2, q3, q4];
}

/** s = the mean of the four quarters, in [0, 1]. */
export function creditOf(q: Quarters): number {
  return (q[0] + q[1] + q[2] + q[3]) / 4;
}

/** Beyond this many C of the distance judged, the need is the distance over this number (a tenth of it). */
export const NEED_RANGE_SHARE = 10;

/**
 * The need: the job's clearance C within ten C of the distance judged d, a tenth of d beyond, never finer than two
 * pixels; halved on the harmful side, still never finer than two pixels.
 */
export function need(C: number, d: number, p: number, harmful: boolean): number {
  const n0 = Math.max(C, d / NEED_RANGE_SHARE, 2 * p);
  return harmful ? Math.max(n0 / 2, 2 * p) : n0;
}

/** The error above which a harmful answer is a catastrophe: max(C, 2p). */
export function catastropheThreshold(C: number, p: number): number {
  return Math.max(C, 2 * p);
}
