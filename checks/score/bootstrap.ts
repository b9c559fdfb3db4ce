/**
 * Bootstrap over scripts: resample a layout's scripts with replacement, stratified (each stratum, a job, keeps its
 * number of scripts), recompute named statistics, and take the 2.5 and 97.5 percentiles. Seeded by a named stream,
 * so the same rows and seed give the same interval.
 */
import { quantileSorted } from 'simple-statistics';
import { stream } from '../../foundation/index.ts';

export interface Interval {
  lo: number;
  hi: number;
}

export interface BootstrapOptions {
  /** resamples (default 2000) */
  B?: number;
  /** seed of the `bootstrap` stream (default 'score') */
  seed?: string | number;
  /** the stream id, e.g. the layout name */
  id?: string;
  /** interval level (default 0.95) */
  level?: number;
}

export const DEFAULT_B = 2000;
export const DEFAULT_SEED = 'score';

export interface ScriptGroup<R> {
  /** stratum (the job) */
  stratum: string;
  rows: R[];
}

/** Percentile intervals of each named statistic over B stratified resamples of the groups. */
export function bootstrapOverScripts<R>(
  groups: readonly ScriptGroup<R>[],
  stat: (sample: readonly ScriptGroup<R>[]) => Record<string, number | null>,
  opts: BootstrapOptions = {},
): Record<string, Interval | null> {
  const B = opts.B ?? DEFAULT_B;
  const level = opts.level ?? 0.95;
  const rng = stream(opts.seed ?? DEFAULT_SEED, 'bootstrap', opts.id ?? '');
  const strata = new Map<string, ScriptGroup<R>[]>();
  for (const g of groups) {
    const list = strata.get(g.stratum) ?? [];
    list.push(g);
    strata.set(g.stratum, list);
  }
  const keys = [...strata.keys()].sort();
  const values = new Map<string, number[]>();
  for (let b = 0; b < B; b++) {
    const sample: ScriptGroup<R>[] = [];
    for (const k of keys) {
      const list = strata.get(k)!;
      for (let i = 0; i < list.length; i++) sample.push(list[rng.int(0, list.length - 1)]);
    }
    for (const [name, v] of Object.entries(stat(sample))) {
      if (!values.has(name)) values.set(name, []);
      if (v !== null && Number.isFinite(v)) values.get(name)!.push(v);
    }
  }
  const out: Record<string, Interval | null> = {};
  const a = (1 - level) / 2;
  for (const [name, vs] of values) {
    if (vs.length === 0) {
      out[name] = null;
      continue;
    }
    vs.sort((x, y) => x - y);
    out[name] = { lo: quantileSorted(vs, a), hi: quantileSorted(vs, 1 - a) };
  }
  return out;
}
