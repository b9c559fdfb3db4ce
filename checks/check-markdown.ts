/** check.md: the check report as a page a person reads (per job and family: kept or dropped, gates, systems). */
import { EXPOSURE_BRIGHT, EXPOSURE_DARK, EXPOSURE_MAX_SHARE } from '../render/exposure.ts';
import type { CheckReport, GateReading } from './check-report.ts';
import type { Reference } from './validity-reference.ts';
import type { Validity } from './validity.ts';
import { CHECK_SYSTEMS, DIAGNOSTIC } from './gates.ts';

const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '-' : (x >= 0 ? '+' : '') + x.toFixed(3));

function gateCell(g: GateReading | undefined): string {
  if (!g) return '-';
  if (g.verdict === 'not_applicable') return 'n/a';
  const thin = g.decided_by.startsWith('thin') ? ' (thin)' : '';
  return `${g.verdict} ${f3(g.reading)}${g.interval ? ` [${f3(g.interval[0])}, ${f3(g.interval[1])}]` : ''}${thin}`;
}

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '-' : `${(100 * x).toFixed(0)}%`);
const ci = (i: [number, number] | null | undefined) => (i ? ` [${f3(i[0])}, ${f3(i[1])}]` : '');
const ABILITY_ORDER = ['clearance', 'distance', 'memory', 'relevance', 'change', 'prediction'];

/** The release validity report's tables, with the reference's figures beside them where one is given. */
export function validityMarkdown(v: Validity, ref?: Reference): string[] {
  const out: string[] = ['## Release validity', ''];
  if (ref) out.push(`Beside each figure, in parentheses: ${ref.name} (${ref.source}).`, '');
  const abilities = ABILITY_ORDER.filter(
    (a) => v.jobs.some((j) => a in j.by_ability) || ref?.jobs.some((j) => (j.by_ability[a] ?? 0) > 0),
  );
  const refJob = (layout: string, job: string) => ref?.jobs.find((j) => j.layout === layout && j.job === job);
  const withRef = (x: string, r: string | undefined) => (r === undefined ? x : `${x} (${r})`);
  out.push('### Jobs', '');
  out.push(
    `| Layout | Job | Scripts | Frames | Asked | Kept | Kept per frame | ${abilities.join(' | ')} | Where-is | Trick share | Person meets the body |`,
    `|---|---|---|---|---|---|---|${abilities.map(() => '---').join('|')}|---|---|---|`,
  );
  for (const j of v.jobs) {
    const rj = refJob(j.layout, j.job);
    const meets =
      Object.entries(j.person_meets)
        .map(([f, m]) => `${f} ${m.zero}/${m.answerable}`)
        .join(', ') || '-';
    out.push(
      `| ${j.layout} | ${j.job} | ${withRef(String(j.scripts), rj && String(rj.scripts))} | ${withRef(String(j.frames), rj && String(rj.frames))} | ${j.asked} | ${withRef(String(j.kept), rj && String(rj.questions))} | ` +
        `${withRef(j.density.toFixed(3), rj && (rj.questions / rj.frames).toFixed(3))} | ${abilities.map((a) => withRef(String(j.by_ability[a] ?? 0), rj && String(rj.by_ability[a] ?? 0))).join(' | ')} | ` +
        `${j.where_is} | ${withRef(pct(j.trick_share), ref && pct(ref.trick_share))} | ${meets} |`,
    );
  }
  out.push(
    '',
    `### The floor: all_unknown per place and column (${v.floor_scope}), with its 95% interval over scripts`,
    '',
  );
  out.push('| Layout | Headline | now | memory |', '|---|---|---|---|');
  for (const layout of [...new Set(v.floor.map((f) => f.layout))]) {
    const cell = (column: 'headline' | 'now' | 'memory') => {
      const f = v.floor.find((x) => x.layout === layout && x.column === column);
      const rf = ref?.floor.find((x) => x.layout === layout && x.column === column);
      const own = f ? `${f3(f.score)}${ci(f.interval)}${column === 'headline' ? '' : ` over ${f.n}`}` : '-';
      return rf ? `${own} (${f3(rf.score)}${ci(rf.interval)})` : own;
    };
    out.push(`| ${layout} | ${cell('headline')} | ${cell('now')} | ${cell('memory')} |`);
  }
  out.push('', '### Families', '');
  if (ref)
    out.push(
      `Reference: the worst shortcut lead over all_unknown on a kept family ${f3(ref.worst_shortcut_lead)}; the ceiling ${ref.ceiling.toFixed(2)} everywhere.`,
      '',
    );
  out.push(
    '| Layout | Job | Family | Ability | Asked | Kept | Status | Unknown golds | Unknown in memory | all_unknown | perfect_reader | Worst shortcut (lead) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const f of v.families) {
    const status =
      f.status === 'kept' ? `kept${f.thin ? ' (thin)' : ''}` : `dropped: ${f.dropped_by}${f.thin ? ' (thin)' : ''}`;
    const worst = f.worst_shortcut ? `${f.worst_shortcut.system} ${f3(f.worst_shortcut.lead)}` : '-';
    out.push(
      `| ${f.layout} | ${f.job} | ${f.family} | ${f.ability} | ${f.asked} | ${f.kept} | ${status} | ${pct(f.unknown_share)} | ${pct(f.unknown_share_memory)} | ${f3(f.floor)} | ${f3(f.ceiling)} | ${worst} |`,
    );
  }
  out.push('');
  return out;
}

/** The markdown of a check report. */
/** The exposure section: per place, the share of frames whose mean luma leaves the band (render/exposure.ts). */
function exposureMarkdown(r: CheckReport): string[] {
  const band = `${pct(EXPOSURE_DARK)} to ${pct(EXPOSURE_BRIGHT)}`;
  const out = ['## Exposure', ''];
  if (r.truth_only) return [...out, "Not measured: a truth-only build's flat pictures are not renders.", ''];
  const unread = r.exposure_unreadable
    ? [`${r.exposure_unreadable} RGB frames are no pictures and are left out of it.`, '']
    : [];
  if (!r.exposure?.length) return [...out, 'No rendered frame to measure.', '', ...unread];
  out.push(
    `Mean sRGB luma (Rec.709) of every rendered frame; a place holds when at most ${pct(EXPOSURE_MAX_SHARE)} of its frames leave ${band} of full scale.`,
    '',
    '| Place | frames | too dark | too bright | outside | luma p1 / p50 / p99 | holds |',
    '|---|---|---|---|---|---|---|',
  );
  for (const e of r.exposure)
    out.push(
      `| ${e.place} | ${e.frames} | ${e.dark} | ${e.bright} | ${(100 * e.outside_share).toFixed(1)}% | ${pct(e.luma_p01)} / ${pct(e.luma_p50)} / ${pct(e.luma_p99)} | ${e.ok ? 'yes' : '**no**'} |`,
    );
  return [...out, '', ...unread];
}

export function checkMarkdown(r: CheckReport): string {
  const out: string[] = [];
  out.push('# Check report', '');
  out.push(
    `Compile ${r.compile_hash}, stbench ${r.tool_version}. Verdict: **${r.verdict_mode}** (both readings are shown: the point estimate, and the 95% interval over scripts in brackets); a family of fewer than ${r.min_questions} questions is flagged thin and gated like any other.`,
    '',
  );
  if (r.truth_only)
    out.push(
      '**Truth-only build**: its frames were ray-cast from the world model (render engine raycast), not rendered. The figures hold for the questions and gates; its pictures are not renders.',
      '',
    );
  out.push(`Families kept: ${r.summary.kept_families}; dropped: ${r.summary.dropped_families}.`, '');
  if (r.validity) out.push(...validityMarkdown(r.validity, r.reference));
  out.push(...exposureMarkdown(r));
  if (r.broken.length) {
    out.push(`## Broken instruments (${r.broken.length}): the export is blocked`, '');
    for (const b of r.broken.slice(0, 200)) out.push(`- ${b.what}${b.qid ? ` ${b.qid}` : ''}: ${b.why}`);
    if (r.broken.length > 200) out.push(`- ... and ${r.broken.length - 200} more (check_report.json lists all)`);
    out.push('');
  }
  out.push('## Families', '');
  const gates = ['ceiling', 'knowable', 'memory_needed', 'shortcuts', 'constants', 'separation', 'balance'];
  out.push(
    `| Layout | Job | Family | n | kept | status | ${gates.join(' | ')} |`,
    `|---|---|---|---|---|---|${gates.map(() => '---').join('|')}|`,
  );
  for (const f of r.families) {
    const status = f.status === 'kept' ? 'kept' : `dropped: ${f.dropped_by}`;
    out.push(
      `| ${f.layout} | ${f.job} | ${f.family} | ${f.n}${f.thin ? ' (thin)' : ''} | ${f.kept_qids.length} | ${status} | ${gates.map((g) => gateCell(f.gates[g])).join(' | ')} |`,
    );
  }
  out.push('', '## Systems (mean gate score on the kept questions)', '');
  const systems = CHECK_SYSTEMS.filter((s) => s !== DIAGNOSTIC && r.families.some((f) => s in f.systems));
  out.push(`| Layout | Job | Family | ${systems.join(' | ')} |`, `|---|---|---|${systems.map(() => '---').join('|')}|`);
  for (const f of r.families)
    out.push(`| ${f.layout} | ${f.job} | ${f.family} | ${systems.map((s) => f3(f.systems[s])).join(' | ')} |`);
  out.push('', '## Map reader (diagnostic)', '', r.map_reader.note, '');
  if (r.map_reader.rows.length) {
    out.push('| Layout | Job | Family | n | score | lead over all_unknown |', '|---|---|---|---|---|---|');
    for (const m of r.map_reader.rows)
      out.push(`| ${m.layout} | ${m.job} | ${m.family} | ${m.n} | ${f3(m.score)} | ${f3(m.lead)} |`);
  } else out.push('No clear_path or open_heading question.');
  out.push('', '## Kept questions', '');
  for (const f of r.families.filter((x) => x.status === 'kept'))
    out.push(`- ${f.layout} ${f.job} ${f.family}: ${f.kept_qids.join(', ')}`);
  if (r.note) out.push('', r.note);
  return out.join('\n') + '\n';
}
