/**
 * Aggregation of result rows (SCORING.md 1.8): per layout, never pooling layouts, and per job within it.
 * A cell is (job, ability, column), scored by the mean of its rows' scores and weighted w = min(1, n/20) with n the
 * cell's count in the release's own dev root (`cellCounts`; default the scored rows' own counts). A column is the
 * weighted mean of its cells and weighs the largest w of its cells; the headline is the weighted mean of the two
 * columns, or the one column a job or layout has. Beside it: the weighted mean of all cells, the pooled mean, a
 * bootstrap interval over scripts, breakdowns, the catastrophe rate, full credit, abstention and the lead over
 * all_unknown.
 */
import { mean } from 'simple-statistics';
import { bootstrapOverScripts, type BootstrapOptions, type Interval, type ScriptGroup } from './bootstrap.ts';
import type { ResultRow } from './result-row.ts';

/** A cell of this many questions or more weighs 1; a thinner one n / this. */
export const FULL_CELL_QUESTIONS = 20;

/** The weight of a cell of n questions. */
export function cellWeight(n: number): number {
  return Math.min(1, n / FULL_CELL_QUESTIONS);
}

export function cellKey(job: string, ability: string, column: string): string {
  return `${job}|${ability}|${column}`;
}

export type CellCounts = Record<string, number>;

/** The question count of every cell of the rows, keyed by cellKey. */
export function cellCountsOf(rows: readonly Pick<ResultRow, 'job' | 'ability' | 'column'>[]): CellCounts {
  const out: CellCounts = {};
  for (const r of rows) {
    const k = cellKey(r.job, r.ability, r.column);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

export interface Columns {
  now: number | null;
  memory: number | null;
  W_now: number;
  W_memory: number;
  headline: number | null;
  /** Σ w·cell / Σ w over every cell */
  weighted_cells: number | null;
}

type CellSums = Map<string, { sum: number; n: number; column: string }>;

function cellSums(rows: readonly ResultRow[], into: CellSums = new Map()): CellSums {
  for (const r of rows) {
    const k = cellKey(r.job, r.ability, r.column);
    const c = into.get(k);
    if (c) {
      c.sum += r.score;
      c.n += 1;
    } else into.set(k, { sum: r.score, n: 1, column: r.column });
  }
  return into;
}

/** Columns and headline from cell sums, with each cell's weight from `weightOf`. */
function columnsOf(sums: CellSums, weightOf: (key: string) => number): Columns {
  const acc = { now: { sw: 0, swx: 0, W: 0 }, memory: { sw: 0, swx: 0, W: 0 } } as Record<
    string,
    { sw: number; swx: number; W: number }
  >;
  for (const [k, c] of sums) {
    const w = weightOf(k);
    const a = acc[c.column];
    a.sw += w;
    a.swx += (w * c.sum) / c.n;
    a.W = Math.max(a.W, w);
  }
  const col = (a: { sw: number; swx: number }) => (a.sw > 0 ? a.swx / a.sw : null);
  const now = col(acc.now);
  const memory = col(acc.memory);
  let headline: number | null = null;
  if (now !== null && memory !== null)
    headline = (acc.now.W * now + acc.memory.W * memory) / (acc.now.W + acc.memory.W);
  else headline = now ?? memory;
  const sw = acc.now.sw + acc.memory.sw;
  return {
    now,
    memory,
    W_now: acc.now.W,
    W_memory: acc.memory.W,
    headline,
    weighted_cells: sw > 0 ? (acc.now.swx + acc.memory.swx) / sw : null,
  };
}

/** The weight function for given dataset counts (cells missing there fall back to the scored rows' own counts). */
export function weightsFrom(rows: readonly ResultRow[], cellCounts?: CellCounts): (key: string) => number {
  const own = cellCountsOf(rows);
  return (k) => cellWeight(cellCounts?.[k] ?? own[k] ?? 0);
}

/** Point estimate of the columns and headline of a set of rows. */
export function columns(rows: readonly ResultRow[], cellCounts?: CellCounts): Columns {
  return columnsOf(cellSums(rows), weightsFrom(rows, cellCounts));
}

export interface Stat {
  n: number;
  /** mean row score */
  score: number;
  /** mean gate score */
  score_gate: number;
}

function statOf(rows: readonly ResultRow[]): Stat {
  return { n: rows.length, score: mean(rows.map((r) => r.score)), score_gate: mean(rows.map((r) => r.score_gate)) };
}

function breakdown(rows: readonly ResultRow[], key: (r: ResultRow) => string): Record<string, Stat> {
  const groups = new Map<string, ResultRow[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k) ?? [];
    g.push(r);
    groups.set(k, g);
  }
  const out: Record<string, Stat> = {};
  for (const k of [...groups.keys()].sort()) out[k] = statOf(groups.get(k)!);
  return out;
}

export interface ColumnReport {
  score: number | null;
  ci: Interval | null;
  /** questions in the column */
  n: number;
  /** the column's weight (largest cell weight) */
  weight: number;
}

export interface Headline {
  headline: number | null;
  headline_ci: Interval | null;
  now: ColumnReport;
  memory: ColumnReport;
  weighted_cells_mean: number | null;
  pooled_mean: number | null;
  n_rows: number;
  n_cases: number;
  n_scripts: number;
}

export interface CellReport {
  job: string;
  ability: string;
  column: string;
  /** questions scored */
  n: number;
  /** the count the weight comes from */
  n_weight: number;
  w: number;
  score: number;
}

/** Credit bands of the gate score on answerable questions. */
export const CREDIT_BANDS = ['full', '[0.5,1)', '[0,0.5)', '[-0.5,0)', '[-1,-0.5)', 'unknown', 'invalid'] as const;

export interface Aggregate extends Headline {
  layout: string;
  jobs: Record<string, Headline>;
  cells: CellReport[];
  breakdowns: Record<'job' | 'family' | 'length' | 'kind' | 'age_band' | 'task_critical', Record<string, Stat>>;
  catastrophes: { harm_answers: number; catastrophes: number; rate: number | null; by_class: Record<string, number> };
  full_credit: { answerable: number; full: number; rate: number | null; bands: Record<string, number> };
  abstention: {
    unknowable: number;
    unknown_answers: number;
    /** unknown answers on unknowable questions ÷ unknowable questions */
    recall: number | null;
    /** unknown answers on unknowable questions ÷ unknown answers */
    precision: number | null;
    /** unknown answers on answerable questions ÷ answerable questions */
    unknown_rate_on_answerable: number | null;
  };
  /** own minus all_unknown on the same gold rows */
  lead_over_all_unknown: { now: number | null; memory: number | null; headline: number | null } | null;
}

export interface AggregateOptions extends BootstrapOptions {
  /** the dataset's (release dev root's) question count per cell, keyed by cellKey */
  cellCounts?: CellCounts;
  /** all_unknown's result rows on the same gold rows, for the lead */
  baseline?: readonly ResultRow[];
}

export function scriptGroups(rows: readonly ResultRow[]): ScriptGroup<ResultRow>[] {
  const bySid = new Map<string, ScriptGroup<ResultRow>>();
  for (const r of rows) {
    const g = bySid.get(r.sid);
    if (g) g.rows.push(r);
    else bySid.set(r.sid, { stratum: r.job, rows: [r] });
  }
  return [...bySid.keys()].sort().map((k) => bySid.get(k)!);
}

/** Headline, columns and their intervals for the rows of one layout, and per job. */
function headlines(rows: readonly ResultRow[], weightOf: (k: string) => number, opts: AggregateOptions, id: string) {
  const jobs = [...new Set(rows.map((r) => r.job))].sort();
  const stat = (sample: readonly ScriptGroup<ResultRow>[]) => {
    const all: CellSums = new Map();
    const perJob = new Map<string, CellSums>();
    for (const g of sample) {
      cellSums(g.rows, all);
      cellSums(g.rows, perJob.get(g.stratum) ?? perJob.set(g.stratum, new Map()).get(g.stratum)!);
    }
    const c = columnsOf(all, weightOf);
    const out: Record<string, number | null> = { headline: c.headline, now: c.now, memory: c.memory };
    for (const j of jobs) {
      const cj = columnsOf(perJob.get(j) ?? new Map(), weightOf);
      out[`${j}/headline`] = cj.headline;
      out[`${j}/now`] = cj.now;
      out[`${j}/memory`] = cj.memory;
    }
    return out;
  };
  const ci = opts.B === 0 ? {} : bootstrapOverScripts(scriptGroups(rows), stat, { ...opts, id });
  const make = (rs: readonly ResultRow[], prefix: string): Headline => {
    const c = columnsOf(cellSums(rs), weightOf);
    const col = (name: 'now' | 'memory', W: number): ColumnReport => ({
      score: c[name],
      ci: ci[prefix + name] ?? null,
      n: rs.filter((r) => r.column === name).length,
      weight: W,
    });
    return {
      headline: c.headline,
      headline_ci: ci[prefix + 'headline'] ?? null,
      now: col('now', c.W_now),
      memory: col('memory', c.W_memory),
      weighted_cells_mean: c.weighted_cells,
      pooled_mean: rs.length ? mean(rs.map((r) => r.score)) : null,
      n_rows: rs.length,
      n_cases: new Set(rs.map((r) => r.cid)).size,
      n_scripts: new Set(rs.map((r) => r.sid)).size,
    };
  };
  const jobOut: Record<string, Headline> = {};
  for (const j of jobs)
    jobOut[j] = make(
      rows.filter((r) => r.job === j),
      `${j}/`,
    );
  return { layout: make(rows, ''), jobs: jobOut };
}

/** The aggregate of one layout's rows. */
export function aggregateLayout(layout: string, rows: readonly ResultRow[], opts: AggregateOptions = {}): Aggregate {
  const own = cellCountsOf(rows);
  const nOf = (k: string) => opts.cellCounts?.[k] ?? own[k] ?? 0;
  const weightOf = (k: string) => cellWeight(nOf(k));
  const h = headlines(rows, weightOf, opts, layout);
  const sums = cellSums(rows);
  const cells: CellReport[] = [...sums.keys()].sort().map((k) => {
    const [job, ability, column] = k.split('|');
    const c = sums.get(k)!;
    return { job, ability, column, n: c.n, n_weight: nOf(k), w: weightOf(k), score: c.sum / c.n };
  });

  const harm = rows.filter((r) => r.kind === 'harm');
  const cats = harm.filter((r) => r.catastrophe !== null);
  const byClass: Record<string, number> = {};
  for (const r of cats) byClass[r.catastrophe!] = (byClass[r.catastrophe!] ?? 0) + 1;

  const answerable = rows.filter((r) => r.knowable);
  const bands: Record<string, number> = Object.fromEntries(CREDIT_BANDS.map((b) => [b, 0]));
  for (const r of answerable) bands[bandOf(r)] += 1;
  const full = bands.full;

  const unknowable = rows.filter((r) => !r.knowable);
  const unknownAnswers = rows.filter((r) => r.answered === 'unknown');
  const rightUnknown = unknownAnswers.filter((r) => !r.knowable).length;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

  let lead: Aggregate['lead_over_all_unknown'] = null;
  if (opts.baseline) {
    const base = columnsOf(cellSums(opts.baseline.filter((r) => r.layout === layout)), weightOf);
    const d = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
    lead = {
      now: d(h.layout.now.score, base.now),
      memory: d(h.layout.memory.score, base.memory),
      headline: d(h.layout.headline, base.headline),
    };
  }

  return {
    layout,
    ...h.layout,
    jobs: h.jobs,
    cells,
    breakdowns: {
      job: breakdown(rows, (r) => r.job),
      family: breakdown(rows, (r) => r.family),
      length: breakdown(rows, (r) => r.length),
      kind: breakdown(rows, (r) => r.kind),
      age_band: breakdown(rows, (r) => r.age_band),
      task_critical: breakdown(rows, (r) => String(r.task_critical)),
    },
    catastrophes: {
      harm_answers: harm.length,
      catastrophes: cats.length,
      rate: ratio(cats.length, harm.length),
      by_class: byClass,
    },
    full_credit: { answerable: answerable.length, full, rate: ratio(full, answerable.length), bands },
    abstention: {
      unknowable: unknowable.length,
      unknown_answers: unknownAnswers.length,
      recall: ratio(rightUnknown, unknowable.length),
      precision: ratio(rightUnknown, unknownAnswers.length),
      unknown_rate_on_answerable: ratio(unknownAnswers.length - rightUnknown, answerable.length),
    },
    lead_over_all_unknown: lead,
  };
}

/** The credit band of an answerable row. */
export function bandOf(r: Pick<ResultRow, 'answered' | 'score_gate'>): (typeof CREDIT_BANDS)[number] {
  if (r.answered === 'unknown') return 'unknown';
  if (r.answered === 'invalid') return 'invalid';
  const g = r.score_gate;
  if (g >= 1 - 1e-9) return 'full';
  if (g >= 0.5) return '[0.5,1)';
  if (g >= 0) return '[0,0.5)';
  if (g >= -0.5) return '[-0.5,0)';
  return '[-1,-0.5)';
}

/** One aggregate per layout, in layout order; layouts are never pooled. */
export function aggregate(rows: readonly ResultRow[], opts: AggregateOptions = {}): Aggregate[] {
  const layouts = [...new Set(rows.map((r) => r.layout))].sort();
  return layouts.map((l) =>
    aggregateLayout(
      l,
      rows.filter((r) => r.layout === l),
      opts,
    ),
  );
}
