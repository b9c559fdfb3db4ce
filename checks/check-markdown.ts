/** check.md: the check report as a page a person reads (per job and family: kept or dropped, gates, systems). */
import type { CheckReport, GateReading } from './check-report.ts';
import { CHECK_SYSTEMS, DIAGNOSTIC } from './gates.ts';

const f3 = (x: number | null | undefined) => (x === null || x === undefined ? '-' : (x >= 0 ? '+' : '') + x.toFixed(3));

function gateCell(g: GateReading | undefined): string {
  if (!g) return '-';
  if (g.verdict === 'not_applicable') return 'n/a';
  const thin = g.decided_by.startsWith('thin') ? ' (thin)' : '';
  return `${g.verdict} ${f3(g.reading)}${g.interval ? ` [${f3(g.interval[0])}, ${f3(g.interval[1])}]` : ''}${thin}`;
}

/** The markdown of a check report. */
export function checkMarkdown(r: CheckReport): string {
  const out: string[] = [];
  out.push('# Check report', '');
  out.push(`Compile ${r.compile_hash}, stbench ${r.tool_version}. Verdict: **${r.verdict_mode}**; gates read on fewer than ${r.min_questions} questions are thin (reported, not blocking).`, '');
  out.push(`Families kept: ${r.summary.kept_families}; dropped: ${r.summary.dropped_families}.`, '');
  if (r.broken.length) {
    out.push(`## Broken instruments (${r.broken.length}): the export is blocked`, '');
    for (const b of r.broken.slice(0, 200)) out.push(`- ${b.what}${b.qid ? ` ${b.qid}` : ''}: ${b.why}`);
    if (r.broken.length > 200) out.push(`- ... and ${r.broken.length - 200} more (check_report.json lists all)`);
    out.push('');
  }
  out.push('## Families', '');
  const gates = ['ceiling', 'knowable', 'memory_needed', 'shortcuts', 'constants', 'separation', 'balance'];
  out.push(`| Layout | Job | Family | n | kept | status | ${gates.join(' | ')} |`, `|---|---|---|---|---|---|${gates.map(() => '---').join('|')}|`);
  for (const f of r.families) {
    const status = f.status === 'kept' ? 'kept' : `dropped: ${f.dropped_by}`;
    out.push(`| ${f.layout} | ${f.job} | ${f.family} | ${f.n}${f.thin ? ' (thin)' : ''} | ${f.kept_qids.length} | ${status} | ${gates.map((g) => gateCell(f.gates[g])).join(' | ')} |`);
  }
  out.push('', '## Systems (mean gate score on the kept questions)', '');
  const systems = CHECK_SYSTEMS.filter((s) => s !== DIAGNOSTIC && r.families.some((f) => s in f.systems));
  out.push(`| Layout | Job | Family | ${systems.join(' | ')} |`, `|---|---|---|${systems.map(() => '---').join('|')}|`);
  for (const f of r.families) out.push(`| ${f.layout} | ${f.job} | ${f.family} | ${systems.map((s) => f3(f.systems[s])).join(' | ')} |`);
  out.push('', '## Map reader (diagnostic)', '', r.map_reader.note, '');
  if (r.map_reader.rows.length) {
    out.push('| Layout | Job | Family | n | score | lead over all_unknown |', '|---|---|---|---|---|---|');
    for (const m of r.map_reader.rows) out.push(`| ${m.layout} | ${m.job} | ${m.family} | ${m.n} | ${f3(m.score)} | ${f3(m.lead)} |`);
  } else out.push('No clear_path or open_heading question.');
  out.push('', '## Kept questions', '');
  for (const f of r.families.filter((x) => x.status === 'kept')) out.push(`- ${f.layout} ${f.job} ${f.family}: ${f.kept_qids.join(', ')}`);
  if (r.note) out.push('', r.note);
  return out.join('\n') + '\n';
}
