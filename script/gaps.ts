/**
 * Gaps between tasks: the robot is parked at home and unobserved. Lengths are drawn from the job's range, uniform
 * or log-uniform (more short gaps than long ones, each decade of length equally likely).
 */
import type { Stream } from '../foundation/index.ts';

export interface GapSpec {
  min_s: number;
  max_s: number;
  distribution: 'uniform' | 'log_uniform';
}

/** One gap length in whole seconds, within [min_s, max_s]. */
export function drawGap(spec: GapSpec, s: Stream): number {
  const u = s.next();
  const x =
    spec.distribution === 'uniform'
      ? spec.min_s + (spec.max_s - spec.min_s) * u
      : Math.exp(Math.log(spec.min_s) + (Math.log(spec.max_s) - Math.log(spec.min_s)) * u);
  return Math.min(spec.max_s, Math.max(spec.min_s, Math.round(x)));
}

/** The gaps before tasks 1..n-1 of a script (n - 1 of them). */
export function drawGaps(spec: GapSpec, tasks: number, s: Stream): number[] {
  return Array.from({ length: Math.max(0, tasks - 1) }, () => drawGap(spec, s));
}
