/**
 * Results of one run: results.json (one aggregate per layout and every result row) and results.md (the reference
 * table of the dataset card, the coverage line, and each layout's breakdowns), and `compare` of two results of the
 * same compile on the same cases. A run of a paid system also carries its cost (the total and per layout, over
 * every case run) and its caps (--max-usd, --case-usd), and says when the budget kept cases from starting.
 */
import { formatUsd, type CostTotal, type RunCost } from '../../formats/cost.ts';
import { UsageError } from '../../foundation/index.ts';
import { aggregate, cellCountsOf, columns as columnsOfRows, type Aggregate, type CellCounts } from './aggregate.ts';
import { bootstrapOverScripts, DEFAULT_B, DEFAULT_SEED, type Interval, type ScriptGroup } from './bootstrap.ts';
import type { GoldRow } from '../../formats/gold-row.ts';
import { resultRow, type ResultRow } from './result-row.ts';
import { score } from './score.ts';

export const RESULTS_FORMAT = 'stbench-results/1';

/**
 * The scoring's version: raised whenever a change to the credit, the harm penalties, the weights or the headline
 * would score the same answers differently (docs/scoring.md). Runs of different versions never compare.
 */
export const SCORING_VERSION = 'stbench-scoring/1';

export interface Results {
  format: typeof RESULTS_FORMAT;
  system: string;
  channel: string;
  arm: string;
  /** the hash of the compile the gold rows come from; results of different compiles never compare */
  compile_hash: string;
  /** case ids with at least one answer, sorted */
  cases: string[];
  /** case ids in the gold rows */
  cases_total: number;
  /** the cases the run was asked to score (a run's selection); cases_scored of them were scored */
  cases_selected: number;
  /** the selected cases that were scored: every one but the broken and the not run */
  cases_scored: number;
  /** the selected cases never run (the budget, --max-usd, kept them from starting) */
  cases_not_run: number;
  /** cases whose system broke (crashed, hung, wrote garbage): reported apart, never scored */
  broken: BrokenCase[];
  /**
   * What the system said it spent (eval, run): tokens and dollars summed over every case run, scored and broken,
   * with the cases run and how many reported a cost, in total and per layout
   */
  cost?: RunCost;
  /** eval's caps, and whether the budget stopped the run */
  budget?: Budget;
  /**
   * How the system ran (eval, run): `bwrap` in the sandbox, `bwrap_net` a model's CLI in the sandbox with the
   * network, `harness_loop` a model called from stbench's process, `none` as a plain process (--local), `in_process` a
   * scripted system in stbench's own process
   */
  sandbox?: 'bwrap' | 'bwrap_net' | 'harness_loop' | 'none' | 'in_process';
  /**
   * What the numbers come from (eval): stbench's version and commit, the scoring and protocol versions, the hashes
   * of the tool protocol and the system prompts, and what the system records of itself (a model's id, a CLI's
   * version, reasoning and context settings). `eval compare` refuses runs whose scoring or prompts differ.
   */
  provenance?: Provenance;
  /** the dataset counts the cell weights come from (null: the scored rows' own counts) */
  cell_counts: CellCounts | null;
  bootstrap: { B: number; seed: string | number };
  layouts: Aggregate[];
  rows: ResultRow[];
}

/** results.json `provenance`: the fields compare reads, and the system's own. */
export interface Provenance {
  stbench_version: string;
  /** the git commit stbench ran from (null outside a checkout) */
  commit: string | null;
  /** checks/score's SCORING_VERSION */
  scoring_version: string;
  /** the stream protocol's version (checks/harness/protocol.ts PROTOCOL_VERSION) */
  protocol_version: string;
  /** sha256 of the system prompts the cases sent, distinct and sorted (null: none recorded) */
  prompt_sha256: string | null;
  /** a model-backed system's own record: agent protocol hash, model id, CLI version, reasoning, context, ... */
  system?: Record<string, unknown>;
}

export interface BrokenCase {
  cid: string;
  reason: string;
}

/** A run's caps (eval's --max-usd and --case-usd) and what the first did. */
export interface Budget {
  /** --max-usd: the run folder's dollars past which no case starts (null: none) */
  max_usd: number | null;
  /** --case-usd: the dollars past which a case is stopped and broken (null: none) */
  case_usd: number | null;
  /** whether --max-usd kept selected cases from starting */
  stopped: boolean;
  /** the selected cases it kept from starting: never run (cases_not_run) or broken and not run again */
  unstarted: number;
}

export interface BuildResultsInput {
  golds: readonly GoldRow[];
  /** answer by qid; a qid without one is scored as missing */
  answers: ReadonlyMap<string, unknown>;
  system: string;
  channel?: string;
  arm?: string;
  compile_hash: string;
  cellCounts?: CellCounts;
  B?: number;
  seed?: string | number;
  /** what the system said it spent over the cases run (written as it is) */
  cost?: RunCost;
  budget?: Budget;
  /** how the system ran (written as it is) */
  sandbox?: Results['sandbox'];
  provenance?: Provenance;
  /** cases that broke: left out of the gold rows by the caller, listed here (default none) */
  broken?: readonly BrokenCase[];
  /** cases selected for the run, the broken and the not run ones included (default: the gold rows' cases and the broken) */
  casesSelected?: number;
  /** selected cases never run (default none) */
  casesNotRun?: number;
}

/** Score every gold row, aggregate per layout (with the lead over all_unknown on the same rows). */
export function buildResults(input: BuildResultsInput): Results {
  const rows = input.golds.map((g) => resultRow(g, score(g, input.answers.get(g.qid))));
  const baseline = input.golds.map((g) => resultRow(g, score(g, { type: 'unknown' })));
  const B = input.B ?? DEFAULT_B;
  const seed = input.seed ?? DEFAULT_SEED;
  const layouts = aggregate(rows, { cellCounts: input.cellCounts, baseline, B, seed });
  const cases = [...new Set(input.golds.filter((g) => input.answers.has(g.qid)).map((g) => g.cid))].sort();
  const broken = [...(input.broken ?? [])].sort((a, b) => (a.cid < b.cid ? -1 : a.cid > b.cid ? 1 : 0));
  const scored = new Set(input.golds.map((g) => g.cid)).size;
  const notRun = input.casesNotRun ?? 0;
  return {
    format: RESULTS_FORMAT,
    system: input.system,
    channel: input.channel ?? 'rgb_pose',
    arm: input.arm ?? 'correct brief, during on',
    compile_hash: input.compile_hash,
    cases,
    cases_total: scored,
    cases_selected: input.casesSelected ?? scored + broken.length + notRun,
    cases_scored: scored,
    cases_not_run: notRun,
    broken,
    ...(input.cost ? { cost: input.cost } : {}),
    ...(input.budget ? { budget: input.budget } : {}),
    ...(input.sandbox ? { sandbox: input.sandbox } : {}),
    ...(input.provenance ? { provenance: input.provenance } : {}),
    cell_counts: input.cellCounts ?? null,
    bootstrap: { B, seed },
    layouts,
    rows,
  };
}

/** A signed score to 3 decimals, as the card prints it (+0.034, -0.079; never -0.000). */
export function signed(x: number | null, digits = 3): string {
  if (x === null) return '-';
  const s = x.toFixed(digits);
  if (Number(s) === 0) return `+${(0).toFixed(digits)}`;
  return x > 0 ? `+${s}` : s;
}

function withCi(x: number | null, ci: Interval | null): string {
  return ci ? `${signed(x)} [${signed(ci.lo)}, ${signed(ci.hi)}]` : signed(x);
}

function casesOfLayout(r: Results, layout: string): number {
  const scored = new Set(r.cases);
  return new Set(r.rows.filter((x) => x.layout === layout && scored.has(x.cid)).map((x) => x.cid)).size;
}

/** The reference table: one row per layout per system. */
export function resultsTable(results: readonly Results[]): string {
  const lines = [
    '| Layout | System | Headline (95% interval) | now (interval) over N | memory (interval) over N | Own path | Cases scored | Channel | Arm |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const layouts = [...new Set(results.flatMap((r) => r.layouts.map((a) => a.layout)))].sort();
  for (const l of layouts) {
    for (const r of results) {
      const a = r.layouts.find((x) => x.layout === l);
      if (!a) continue;
      lines.push(
        `| ${l} | ${r.system} | ${withCi(a.headline, a.headline_ci)} | ${withCi(a.now.score, a.now.ci)} over ${a.now.n} | ` +
          `${withCi(a.memory.score, a.memory.ci)} over ${a.memory.n} | - | ${casesOfLayout(r, l)} | ${r.channel} | ${r.arm} |`,
      );
    }
  }
  return lines.join('\n');
}

/** The coverage line: "Coverage: all_unknown: 42 of 42 cases; …". */
export function coverageLine(results: readonly Results[]): string {
  return `Coverage: ${results.map((r) => `${r.system}: ${r.cases.length} of ${r.cases_total} cases`).join('; ')}.`;
}

/**
 * "Scored 40 of 42 selected cases; 2 broke and are not scored (stbench eval --retry-broken runs them again)." and,
 * when the budget stopped the run, "; 5 were not run (the run stopped at its --max-usd budget)".
 */
export function scoredLine(r: Results): string {
  const k = r.broken.length;
  const n = r.cases_not_run ?? 0;
  return (
    `Scored ${r.cases_scored} of ${r.cases_selected} selected cases` +
    (k ? `; ${k} broke and ${k === 1 ? 'is' : 'are'} not scored (stbench eval --retry-broken runs them again)` : '') +
    (n ? `; ${n} ${n === 1 ? 'was' : 'were'} not run (the run stopped at its --max-usd budget)` : '') +
    '.'
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "3400 input tokens, 410 output tokens, 12000 cache-read tokens, 52 model calls, $0.052 over 4 cases run (3
 * reported a cost)": the cache and call counts only where some were reported (the wall time is a line of its own,
 * results.md's "Case time").
 */
export function costText(c: CostTotal): string {
  const extra = [
    ...(c.cache_read_tokens ? [plural(c.cache_read_tokens, 'cache-read token')] : []),
    ...(c.cache_write_tokens ? [plural(c.cache_write_tokens, 'cache-write token')] : []),
    ...(c.calls ? [plural(c.calls, 'model call')] : []),
  ];
  return (
    [plural(c.input_tokens, 'input token'), plural(c.output_tokens, 'output token'), ...extra].join(', ') +
    `, $${formatUsd(c.usd)} over ${plural(c.cases_run, 'case')} run (${c.cases_reporting} reported a cost)`
  );
}

/** The caps line and, when the budget stopped the run, what was not run and how to resume. */
export function budgetLines(r: Results): string[] {
  const b = r.budget;
  if (!b || (b.max_usd === null && b.case_usd === null)) return [];
  const caps = [
    ...(b.max_usd !== null ? [`--max-usd ${b.max_usd} for the run folder`] : []),
    ...(b.case_usd !== null ? [`--case-usd ${b.case_usd} a case`] : []),
  ];
  const out = [`Caps: ${caps.join(', ')}.`];
  if (b.stopped) {
    const notRun = r.cases_not_run ?? 0;
    const again = b.unstarted - notRun;
    const left = [
      ...(notRun ? [`${plural(notRun, 'selected case was', 'selected cases were')} not run`] : []),
      ...(again ? [`${plural(again, 'broken case was', 'broken cases were')} not run again`] : []),
    ];
    out.push(
      `Stopped at the budget: the run folder's cases cost $${formatUsd(r.cost?.usd ?? 0)}, over --max-usd ${b.max_usd}, ` +
        `so ${left.join(' and ')}; stbench eval with a higher --max-usd (or none) resumes.`,
    );
  }
  return out;
}

const pct = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);

function statTable(title: string, stats: Record<string, { n: number; score: number; score_gate: number }>): string[] {
  const out = [`| ${title} | n | score | gate score |`, '|---|---|---|---|'];
  for (const [k, s] of Object.entries(stats))
    out.push(`| ${k} | ${s.n} | ${signed(s.score)} | ${signed(s.score_gate)} |`);
  return out;
}

/** How the system ran, as results.md says it. */
export function sandboxLine(mode: NonNullable<Results['sandbox']>): string {
  if (mode === 'bwrap')
    return 'Sandbox: bwrap (the system saw only its own code, its frames and its state folder; no network).';
  if (mode === 'bwrap_net')
    return "Sandbox: bwrap_net (the model's CLI saw its own install and login, the network and the two tools; no build, data or user files).";
  if (mode === 'harness_loop')
    return "Sandbox: harness_loop (the model was called from stbench's process and saw only what the two tools returned).";
  if (mode === 'none') return 'Sandbox: none (--local: the system ran as a plain process, unsandboxed).';
  return "Sandbox: in_process (a scripted system, run in stbench's own process).";
}

/** Where a run's numbers come from, in one line of results.md. */
export function provenanceLine(p: Provenance): string {
  const sys = p.system ?? {};
  const said = (k: string) =>
    sys[k] === undefined || sys[k] === null ? [] : [`${k.replace(/_/g, ' ')} ${JSON.stringify(sys[k])}`];
  const parts = [
    `stbench ${p.stbench_version}${p.commit ? ` (commit ${p.commit.slice(0, 12)}${p.commit.endsWith('+modified') ? '+modified' : ''})` : ''}`,
    `scoring ${p.scoring_version}`,
    `protocol ${p.protocol_version}`,
    ...(p.prompt_sha256 ? [`prompts sha256 ${p.prompt_sha256.slice(0, 12)}`] : []),
    ...['agent_protocol', 'model_requested', 'models_reported', 'cli_version', 'reasoning', 'context'].flatMap(said),
  ];
  return `Provenance: ${parts.join('; ')}.`;
}

/** results.md of one run. */
export function resultsMarkdown(r: Results): string {
  const out: string[] = [`# Results: ${r.system}`, ''];
  out.push(
    `Compile ${r.compile_hash}; channel ${r.channel}; arm ${r.arm}; bootstrap over scripts, B = ${r.bootstrap.B}, seed ${r.bootstrap.seed}.`,
  );
  out.push(`Cell weights from ${r.cell_counts ? "the dataset's own counts" : "the scored rows' own counts"}.`);
  if (r.sandbox) out.push(sandboxLine(r.sandbox));
  if (r.provenance) out.push(provenanceLine(r.provenance));
  out.push('');
  out.push(resultsTable([r]), '', coverageLine([r]), '');
  out.push(scoredLine(r), '');
  if (r.cost)
    out.push(
      `Cost: ${costText(r.cost)}.`,
      ...(r.cost.wall_s ? [`Case time: ${r.cost.wall_s} s, summed over the cases run.`] : []),
      '',
    );
  const budget = budgetLines(r);
  if (budget.length) out.push(...budget, '');
  if (r.broken.length) {
    out.push('| Broken case (not scored) | Why |', '|---|---|');
    for (const b of r.broken) out.push(`| ${b.cid} | ${b.reason.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`);
    out.push('');
  }
  for (const a of r.layouts) {
    out.push(`## ${a.layout}`, '');
    out.push(
      `Headline ${withCi(a.headline, a.headline_ci)}; weighted mean of cells ${signed(a.weighted_cells_mean)}; pooled mean ${signed(a.pooled_mean)} ` +
        `over ${a.n_rows} questions, ${a.n_cases} cases, ${a.n_scripts} scripts.`,
      '',
    );
    out.push('| Job | Headline (95% interval) | now over N | memory over N |', '|---|---|---|---|');
    for (const [j, h] of Object.entries(a.jobs)) {
      out.push(
        `| ${j} | ${withCi(h.headline, h.headline_ci)} | ${withCi(h.now.score, h.now.ci)} over ${h.now.n} | ${withCi(h.memory.score, h.memory.ci)} over ${h.memory.n} |`,
      );
    }
    out.push('', '| Cell (job, ability, column) | n | weight | score |', '|---|---|---|---|');
    for (const c of a.cells)
      out.push(`| ${c.job}, ${c.ability}, ${c.column} | ${c.n} | ${c.w.toFixed(2)} | ${signed(c.score)} |`);
    for (const [name, stats] of Object.entries(a.breakdowns)) out.push('', ...statTable(name, stats));
    const c = a.catastrophes;
    out.push('', `Catastrophes: ${c.catastrophes} of ${c.harm_answers} harm answers (${pct(c.rate)}).`);
    const f = a.full_credit;
    out.push(
      `Full credit: ${f.full} of ${f.answerable} answerable questions (${pct(f.rate)}); bands: ` +
        Object.entries(f.bands)
          .map(([b, n]) => `${b} ${n}`)
          .join(', ') +
        '.',
    );
    const ab = a.abstention;
    out.push(
      `Abstention: recall ${pct(ab.recall)} of ${ab.unknowable} unknowable questions, precision ${pct(ab.precision)} of ${ab.unknown_answers} unknown answers, ` +
        `unknown on ${pct(ab.unknown_rate_on_answerable)} of answerable questions.`,
    );
    if (a.lead_over_all_unknown) {
      const l = a.lead_over_all_unknown;
      out.push(
        `Lead over all_unknown: now ${signed(l.now)}, memory ${signed(l.memory)}, headline ${signed(l.headline)}.`,
      );
    }
    const cost = r.cost?.layouts[a.layout];
    if (cost) out.push(`Cost: ${costText(cost)}.`);
    out.push('');
  }
  return out.join('\n');
}

export interface LayoutDifference {
  layout: string;
  /** headline of A minus headline of B */
  difference: number | null;
  ci: Interval | null;
  pairs: number;
  scripts: number;
}

/** What two runs' provenance says of comparing them (provenanceCheck). */
export interface ProvenanceCheck {
  /** why they may not be compared at all (scored in different scoring versions), or null */
  refusal: string | null;
  /** what differs in what the systems were shown, or that a run has no provenance: one line each */
  warnings: string[];
}

/**
 * Whether two runs' numbers mean the same thing: scores of different scoring versions are in different units (a
 * refusal); a different stream protocol, system prompt or agent tool protocol means the systems were shown something
 * else, and a run without provenance (made before stbench recorded it) cannot be checked (warnings). A field that only
 * one run records (a scripted system has no agent protocol) is not compared. `names` label the runs (default: A and
 * B with their systems).
 */
export function provenanceCheck(a: Results, b: Results, names?: { a: string; b: string }): ProvenanceCheck {
  const na = names?.a ?? `A (${a.system})`;
  const nb = names?.b ?? `B (${b.system})`;
  const pa = a.provenance;
  const pb = b.provenance;
  const warnings: string[] = [];
  for (const [n, p] of [
    [na, pa],
    [nb, pb],
  ] as const)
    if (!p || typeof p !== 'object')
      warnings.push(
        `${n} has no provenance (a run made before stbench recorded it): its scoring, protocol and prompt cannot be checked`,
      );
  if (!pa || !pb || typeof pa !== 'object' || typeof pb !== 'object') return { refusal: null, warnings };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const sa = text(pa.scoring_version);
  const sb = text(pb.scoring_version);
  const refusal =
    sa && sb && sa !== sb
      ? `cannot compare results of different scoring versions (${na}: ${sa}, ${nb}: ${sb}): their scores are in different units`
      : null;
  for (const [n, v] of [
    [na, sa],
    [nb, sb],
  ] as const)
    if (!v) warnings.push(`${n} records no provenance.scoring_version: the units of its scores cannot be checked`);
  const fields: [string, unknown, unknown][] = [
    ['protocol_version', pa.protocol_version, pb.protocol_version],
    ['prompt_sha256', pa.prompt_sha256, pb.prompt_sha256],
    ['system.agent_protocol_sha256', pa.system?.agent_protocol_sha256, pb.system?.agent_protocol_sha256],
  ];
  for (const [field, va, vb] of fields) {
    const x = text(va);
    const y = text(vb);
    if (x && y && x !== y) warnings.push(`provenance.${field} differs: ${na} ${x}, ${nb} ${y}`);
  }
  return { refusal, warnings };
}

/**
 * The paired difference A − B per layout, with a bootstrap interval over scripts (both resampled together).
 * Refuses results of different compiles, on different cases, or of different scoring versions (provenanceCheck).
 */
export function compare(a: Results, b: Results, opts: { B?: number; seed?: string | number } = {}): LayoutDifference[] {
  const refusal = provenanceCheck(a, b).refusal;
  if (refusal) throw new UsageError(refusal);
  if (a.compile_hash !== b.compile_hash) {
    throw new UsageError(`cannot compare results of different compiles (${a.compile_hash} vs ${b.compile_hash})`);
  }
  const sameCases = a.cases.length === b.cases.length && a.cases.every((c, i) => c === b.cases[i]);
  const qa = a.rows.map((r) => r.qid).sort();
  const qb = b.rows.map((r) => r.qid).sort();
  const sameQuestions = qa.length === qb.length && qa.every((q, i) => q === qb[i]);
  if (!sameCases || !sameQuestions) throw new UsageError('cannot compare results on different cases');
  const byQid = new Map(b.rows.map((r) => [r.qid, r]));
  const layouts = [...new Set(a.rows.map((r) => r.layout))].sort();
  return layouts.map((layout) => {
    const rowsA = a.rows.filter((r) => r.layout === layout);
    const rowsB = rowsA.map((r) => byQid.get(r.qid)!);
    const countsA = a.cell_counts ?? cellCountsOf(rowsA);
    const countsB = b.cell_counts ?? cellCountsOf(rowsB);
    const diffOf = (ra: readonly ResultRow[], rb: readonly ResultRow[]) => {
      const ha = columnsOfRows(ra, countsA).headline;
      const hb = columnsOfRows(rb, countsB).headline;
      return ha === null || hb === null ? null : ha - hb;
    };
    const bySid = new Map<string, ScriptGroup<[ResultRow, ResultRow]>>();
    rowsA.forEach((r, i) => {
      const g = bySid.get(r.sid) ?? bySid.set(r.sid, { stratum: r.job, rows: [] }).get(r.sid)!;
      g.rows.push([r, rowsB[i]]);
    });
    const groups = [...bySid.keys()].sort().map((k) => bySid.get(k)!);
    const ci = bootstrapOverScripts(
      groups,
      (sample) => {
        const pairs = sample.flatMap((g) => g.rows);
        return {
          d: diffOf(
            pairs.map((p) => p[0]),
            pairs.map((p) => p[1]),
          ),
        };
      },
      { B: opts.B ?? DEFAULT_B, seed: opts.seed ?? DEFAULT_SEED, id: `compare/${layout}` },
    );
    return { layout, difference: diffOf(rowsA, rowsB), ci: ci.d ?? null, pairs: rowsA.length, scripts: groups.length };
  });
}

/** The comparison as a markdown table, headed by a warning line for each provenanceCheck warning. */
export function compareMarkdown(a: Results, b: Results, diffs: readonly LayoutDifference[]): string {
  const warnings = provenanceCheck(a, b).warnings;
  const lines = [
    ...(warnings.length
      ? [
          `**Warning: these runs may not be comparable.** ${warnings.map((w) => `${w.replace(/\|/g, '\\|')}.`).join(' ')}`,
          '',
        ]
      : []),
    `Paired difference ${a.system} − ${b.system} (headline, 95% interval over scripts):`,
    '',
    '| Layout | Difference | Questions | Scripts |',
    '|---|---|---|---|',
  ];
  for (const d of diffs) lines.push(`| ${d.layout} | ${withCi(d.difference, d.ci)} | ${d.pairs} | ${d.scripts} |`);
  return lines.join('\n');
}
