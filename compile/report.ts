/**
 * BUILD/compile_report.json and compile_report.md: what a compile made. Its identity (compile_hash over every
 * case's files, compile_seed, compile_version), how the truth was made (Blender, or the ray-cast truth renderer),
 * question counts per cell (job, ability, column), per family, per job and per case, the cases asking nothing, the
 * release's tables (scripts, cases by length, questions, frames per layout and job; questions per ability) and the
 * funnel. Nothing in it depends on the clock, so the same build and seed give the same bytes.
 */
import type { Split } from '../formats/split.ts';
import type { CaseLength } from './cases.ts';
import type { FunnelReport } from './funnel.ts';
import { changeAuditMarkdown, type JobAudit } from './change-audit.ts';
import type { ShareJob } from './trick-share.ts';

export const COMPILE_REPORT_FORMAT = 'stbench.compile_report/1';
/** The abilities the release's ability table shows, in its order. */
export const TABLE_ABILITIES = ['clearance', 'distance', 'memory', 'relevance'] as const;

export interface ReportScript {
  sid: string;
  job: string;
  layout: string;
  /** dev or heldout */
  split: Split;
  tasks: number;
  frames: number;
  /** how its truth was made (`blender` or `raycast`) */
  truth_engine: string;
}

export interface ReportQuestion {
  qid: string;
  family: string;
  ability: string;
  column: string;
  knowable: boolean;
  trick: boolean;
}

export interface ReportCase {
  cid: string;
  sid: string;
  job: string;
  layout: string;
  length: CaseLength;
  frames: number;
  look_points: number;
  questions: ReportQuestion[];
}

export interface ReportInput {
  compile_hash: string;
  compile_seed: string;
  compile_version: string;
  tool_version: string;
  settings: Record<string, unknown>;
  scripts: ReportScript[];
  cases: ReportCase[];
  funnel: FunnelReport;
  /** the trick-share post-pass per job (compile/screens/trick-share.ts) */
  trick_share?: ShareJob[];
  /** the change audit per job (compile/change-audit.ts) */
  change_audit?: JobAudit[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function tally<T>(items: readonly T[], key: (x: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of items) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

/** The report's JSON value. */
export function compileReport(inp: ReportInput) {
  const qs = inp.cases.flatMap((c) => c.questions.map((q) => ({ ...q, job: c.job, layout: c.layout })));
  const engines = [...new Set(inp.scripts.map((s) => s.truth_engine))].sort();
  const cells = [...tally(qs, (q) => `${q.job}\u0000${q.ability}\u0000${q.column}`)]
    .map(([k, n]) => {
      const [job, ability, column] = k.split('\u0000');
      return { job, ability, column, questions: n };
    })
    .sort((a, b) => cmp(a.job, b.job) || cmp(a.ability, b.ability) || cmp(a.column, b.column));
  const perFamily = [...tally(qs, (q) => q.family)]
    .map(([family, questions]) => ({ family, questions }))
    .sort((a, b) => cmp(a.family, b.family));
  const jobs = [...new Set(inp.scripts.map((s) => `${s.layout}\u0000${s.job}`))]
    .sort()
    .map((k) => k.split('\u0000') as [string, string]);
  const summary = jobs.map(([layout, job]) => {
    const cs = inp.cases.filter((c) => c.job === job && c.layout === layout);
    const ss = inp.scripts.filter((s) => s.job === job && s.layout === layout);
    return {
      layout,
      job,
      scripts: ss.length,
      cases: {
        short: cs.filter((c) => c.length === 'short').length,
        medium: cs.filter((c) => c.length === 'medium').length,
        long: cs.filter((c) => c.length === 'long').length,
      },
      cases_asking_nothing: cs.filter((c) => c.questions.length === 0).length,
      questions: cs.reduce((a, c) => a + c.questions.length, 0),
      frames: ss.reduce((a, s) => a + s.frames, 0),
    };
  });
  const sumOf = (f: (r: (typeof summary)[number]) => number) => summary.reduce((a, r) => a + f(r), 0);
  const summaryTotal = {
    scripts: sumOf((r) => r.scripts),
    cases: {
      short: sumOf((r) => r.cases.short),
      medium: sumOf((r) => r.cases.medium),
      long: sumOf((r) => r.cases.long),
    },
    cases_asking_nothing: sumOf((r) => r.cases_asking_nothing),
    questions: sumOf((r) => r.questions),
    frames: sumOf((r) => r.frames),
  };
  const abilities = jobs.map(([layout, job]) => {
    const row: Record<string, string | number> = { layout, job };
    for (const a of TABLE_ABILITIES)
      row[a] = qs.filter((q) => q.job === job && q.layout === layout && q.ability === a).length;
    return row;
  });
  const abilitiesTotal = Object.fromEntries(TABLE_ABILITIES.map((a) => [a, qs.filter((q) => q.ability === a).length]));
  const empty = inp.cases
    .filter((c) => c.questions.length === 0)
    .map((c) => c.cid)
    .sort();
  return {
    format: COMPILE_REPORT_FORMAT,
    compile_hash: inp.compile_hash,
    compile_seed: inp.compile_seed,
    compile_version: inp.compile_version,
    tool_version: inp.tool_version,
    truth: { engine: engines.length === 1 ? engines[0] : engines.join('+'), ray_cast: engines.includes('raycast') },
    settings: inp.settings,
    totals: {
      scripts: inp.scripts.length,
      cases: inp.cases.length,
      questions: qs.length,
      frames: summaryTotal.frames,
      cases_asking_nothing: empty.length,
      trick_questions: qs.filter((q) => q.trick).length,
      unknown_gold: qs.filter((q) => !q.knowable).length,
    },
    cells,
    per_family: perFamily,
    per_job: summary.map((r) => ({
      job: r.job,
      layout: r.layout,
      scripts: r.scripts,
      cases: r.cases.short + r.cases.medium + r.cases.long,
      questions: r.questions,
      cases_asking_nothing: r.cases_asking_nothing,
    })),
    per_case: [...inp.cases]
      .sort((a, b) => cmp(a.cid, b.cid))
      .map((c) => ({
        cid: c.cid,
        sid: c.sid,
        job: c.job,
        length: c.length,
        frames: c.frames,
        look_points: c.look_points,
        questions: c.questions.length,
      })),
    cases_asking_nothing: { count: empty.length, cids: empty },
    tables: { summary, summary_total: summaryTotal, abilities, abilities_total: abilitiesTotal },
    funnel: inp.funnel,
    trick_share: inp.trick_share ?? [],
    /** the qids of the trick questions (a thing never shown, worded like a real one), sorted */
    trick_qids: qs
      .filter((q) => q.trick)
      .map((q) => q.qid)
      .sort(),
    change_audit: inp.change_audit ?? [],
  };
}

export type CompileReport = ReturnType<typeof compileReport>;

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** compile_report.md: the same, readable. */
export function compileReportMarkdown(r: CompileReport): string {
  const L: string[] = [];
  L.push('# Compile report', '');
  L.push(
    `- compile hash: \`${r.compile_hash}\``,
    `- compile seed: \`${r.compile_seed}\``,
    `- compile version: ${r.compile_version} (stbench ${r.tool_version})`,
  );
  L.push(
    `- truth: ${r.truth.engine}${r.truth.ray_cast ? ' (ray-cast truth renderer, not Blender: not a release)' : ''}`,
  );
  L.push(
    `- ${r.totals.scripts} scripts, ${r.totals.cases} cases (${r.totals.cases_asking_nothing} asking nothing), ${r.totals.questions} questions (${r.totals.trick_questions} trick, ${r.totals.unknown_gold} with gold unknown), ${r.totals.frames} frames`,
    '',
  );
  L.push(
    '## Summary',
    '',
    row(['Layout', 'Job', 'Scripts', 'Cases (short / medium / long)', 'Cases asking nothing', 'Questions', 'Frames']),
    row(Array(7).fill('---')),
  );
  for (const s of r.tables.summary)
    L.push(
      row([
        s.layout,
        s.job,
        s.scripts,
        `${s.cases.short} / ${s.cases.medium} / ${s.cases.long}`,
        s.cases_asking_nothing,
        s.questions,
        s.frames,
      ]),
    );
  const t = r.tables.summary_total;
  L.push(
    row([
      '**Total**',
      '',
      t.scripts,
      `${t.cases.short} / ${t.cases.medium} / ${t.cases.long}`,
      t.cases_asking_nothing,
      t.questions,
      t.frames,
    ]),
    '',
  );
  L.push(
    '## Questions per ability',
    '',
    row(['Layout', 'Job', ...TABLE_ABILITIES]),
    row(Array(2 + TABLE_ABILITIES.length).fill('---')),
  );
  for (const a of r.tables.abilities) L.push(row([a.layout, a.job, ...TABLE_ABILITIES.map((x) => a[x])]));
  L.push(row(['**Total**', '', ...TABLE_ABILITIES.map((x) => r.tables.abilities_total[x])]), '');
  L.push(
    '## Cells (job, ability, column)',
    '',
    row(['Job', 'Ability', 'Column', 'Questions']),
    row(Array(4).fill('---')),
  );
  for (const c of r.cells) L.push(row([c.job, c.ability, c.column, c.questions]));
  L.push('', '## Per family', '', row(['Family', 'Questions']), row(['---', '---']));
  for (const f of r.per_family) L.push(row([f.family, f.questions]));
  L.push('', '## Funnel', '');
  const screens = [...new Set(r.funnel.counts.flatMap((c) => Object.keys(c.drops)))].sort();
  L.push(
    row(['Job', 'Family', 'Candidates', ...screens.map((s) => `dropped: ${s}`), 'Kept']),
    row(Array(4 + screens.length).fill('---')),
  );
  for (const c of r.funnel.counts)
    L.push(row([c.job, c.family, c.candidates, ...screens.map((s) => c.drops[s] ?? 0), c.kept]));
  // reasons grouped with their figures folded (every exact reason stays in compile_report.json)
  const fold = (reason: string) => reason.replace(/(?<=^|[\s(,])(?<![<>]\s)-?\d+(?:\.\d+)?/g, '#');
  const reasons = [...tally(r.funnel.dropped, (d) => `${d.family}\u0000${d.screen}\u0000${fold(d.reason)}`)].sort(
    (a, b) => b[1] - a[1] || cmp(a[0], b[0]),
  );
  L.push(
    '',
    '### Drop reasons',
    '',
    'Figures that vary (frames, pixel counts) are folded to #; compile_report.json keeps every exact reason.',
    '',
    row(['Family', 'Screen', 'Reason', 'Candidates']),
    row(Array(4).fill('---')),
  );
  for (const [k, n] of reasons) L.push(row([...k.split('\u0000'), n]));
  L.push(
    '',
    '### Trick share (where-is questions: ego_mem, object_where, way_to)',
    '',
    row(['Job', 'Where-is', 'Tricks', 'Band applies', 'Dropped tricks', 'Dropped real', 'Share after']),
    row(Array(7).fill('---')),
  );
  for (const j of r.trick_share)
    L.push(
      row([
        j.split === 'heldout' ? `${j.job} (held out)` : j.job,
        j.where_is,
        j.tricks,
        j.applies ? 'yes' : 'no (< 20)',
        j.dropped_tricks,
        j.dropped_real,
        j.share_after === null ? '-' : `${(100 * j.share_after).toFixed(1)} %`,
      ]),
    );
  L.push('', changeAuditMarkdown(r.change_audit).trimEnd());
  L.push(
    '',
    '## Cases asking nothing',
    '',
    r.cases_asking_nothing.cids.length ? r.cases_asking_nothing.cids.map((c) => `\`${c}\``).join(', ') : 'none',
    '',
  );
  return L.join('\n');
}
