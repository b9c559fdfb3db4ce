/**
 * What a paid system (an LLM agent) spent, as it reports it (docs/protocol.md, "Cost"): a cost object on any reply,
 * `{"input_tokens": N, "output_tokens": N, "cache_read_tokens": N, "cache_write_tokens": N, "calls": N, "usd": X}`,
 * every field optional, meaning what it spent since its previous report (input_tokens counts the uncached input;
 * the cache's reads and writes are apart; calls are model calls). The harness sums a case's reports (RUN_DIR/answers/<cid>.json `cost`), eval sums the cases (results.json
 * `cost`). Dollar sums are kept to the nano-dollar (1e-9), so that 0.1 + 0.2 is 0.3 and a cap of 0.3 is not
 * crossed by the float's last bit; token sums are whole numbers.
 */
import { z } from 'zod';

/** One cost report: an increment, every field optional; numbers non-negative and finite, tokens whole. */
export const CostReport = z.strictObject({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_read_tokens: z.number().int().nonnegative().optional(),
  cache_write_tokens: z.number().int().nonnegative().optional(),
  calls: z.number().int().nonnegative().optional(),
  usd: z.number().nonnegative().optional(),
});
export type CostReport = z.infer<typeof CostReport>;

/** The whole-number fields of a cost, in the order results print them. */
export const TOKEN_FIELDS = [
  'input_tokens',
  'output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'calls',
] as const;

const count = z.number().int().nonnegative();

/** A sum of cost reports (a case's, a run's): every field present (a sum saved before the cache fields reads them as 0). */
export const CostSum = z.strictObject({
  input_tokens: count,
  output_tokens: count,
  cache_read_tokens: count.default(0),
  cache_write_tokens: count.default(0),
  calls: count.default(0),
  usd: z.number().nonnegative(),
});
export type CostSum = z.infer<typeof CostSum>;

/** Dollars rounded to the nano-dollar (sums only; a report is taken as sent). */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}

export function zeroCost(): CostSum {
  return { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, calls: 0, usd: 0 };
}

/** a + b, the dollars rounded to the nano-dollar. */
export function addCost(a: CostSum, b: CostReport | CostSum): CostSum {
  const out = zeroCost();
  for (const k of TOKEN_FIELDS) out[k] = (a[k] ?? 0) + (b[k] ?? 0);
  out.usd = roundUsd(a.usd + (b.usd ?? 0));
  return out;
}

/**
 * Why a value is not a cost report, in words (`usd must be a non-negative number, not -1`), or null when it is one.
 * The words name the fields a report may have, so a system's author sees what to send.
 */
export function costProblem(value: unknown): string | null {
  const r = CostReport.safeParse(value);
  if (r.success) return null;
  const FORM =
    'a cost is {"input_tokens": N, "output_tokens": N, "cache_read_tokens": N, "cache_write_tokens": N, "calls": N, "usd": X}, each optional';
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return `${JSON.stringify(value) ?? String(value)} is not an object (${FORM})`;
  const v = value as Record<string, unknown>;
  const extra = Object.keys(v).filter((k) => !(TOKEN_FIELDS as readonly string[]).includes(k) && k !== 'usd');
  if (extra.length) return `${extra.map((k) => JSON.stringify(k)).join(', ')} is no cost field (${FORM})`;
  for (const k of TOKEN_FIELDS)
    if (v[k] !== undefined && !CostReport.shape[k].safeParse(v[k]).success)
      return `${k} must be a whole number of at least 0, not ${JSON.stringify(v[k])}`;
  return `usd must be a non-negative finite number, not ${JSON.stringify(v.usd)}`;
}

/** Dollars as results print them: at least two decimals, at most nine (`0.30`, `0.304`, `0.000012`). */
export function formatUsd(usd: number): string {
  const s = roundUsd(usd).toFixed(9).replace(/0+$/, '');
  const [whole, frac = ''] = s.split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

/** A sum over cases: the dollars and tokens, the cases run and how many of them reported a cost. */
export interface CostTotal extends CostSum {
  /** the cases summed (every case run, scored or broken) */
  cases_run: number;
  /** the cases of them that sent at least one cost report */
  cases_reporting: number;
  /** the wall time of the cases that reported a cost, summed, seconds (a run with --workers N took about this over N) */
  wall_s: number;
}

/** A run's cost: the total and, per layout, the same sums. */
export interface RunCost extends CostTotal {
  layouts: Record<string, CostTotal>;
}

function addCase(t: CostTotal, cost: CostSum | undefined, wallMs: number): CostTotal {
  return {
    ...addCost(t, cost ?? zeroCost()),
    cases_run: t.cases_run + 1,
    cases_reporting: t.cases_reporting + (cost ? 1 : 0),
    wall_s: Math.round((t.wall_s * 1000 + wallMs) / 100) / 10,
  };
}

/** The cost of the cases run (their outcomes' sums, absent for a case that reported none), summed in the given order. */
export function runCost(cases: readonly { layout: string; cost?: CostSum; wall_ms?: number }[]): RunCost {
  const empty = (): CostTotal => ({ ...zeroCost(), cases_run: 0, cases_reporting: 0, wall_s: 0 });
  let total = empty();
  const layouts = new Map<string, CostTotal>();
  for (const c of cases) {
    total = addCase(total, c.cost, c.wall_ms ?? 0);
    layouts.set(c.layout, addCase(layouts.get(c.layout) ?? empty(), c.cost, c.wall_ms ?? 0));
  }
  return { ...total, layouts: Object.fromEntries([...layouts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}
