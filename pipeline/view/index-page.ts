/**
 * The site's index: one row per case (job, layout, length, frames, questions, and with a run its score, its status
 * (ok, or broken and why), its cost and wall time), filterable.
 */
import { costWords, scoreClass, scoreText, wallWords } from './formats.ts';
import { esc, page } from './html.ts';
import type { ViewOutcome } from './load-build.ts';

export interface IndexEntry {
  cid: string;
  job: string;
  layout: string;
  length: string;
  frames: number;
  questions: number;
  families: string[];
  /** the case's mean row score in the run; null when unscored; undefined without a run */
  score?: number | null;
  /** the case's outcome in the run; null when the run has no answers file of it; undefined without a run */
  outcome?: ViewOutcome | null;
}

/** A status cell: ok, broken with its reason, or not run. */
function statusCell(o: ViewOutcome | null): string {
  if (!o) return '<td class="small">not run</td>';
  if (o.status === 'ok') return '<td class="st-ok">ok</td>';
  return `<td class="st-broken">broken${o.reason ? `<div class="small">${esc(o.reason)}</div>` : ''}</td>`;
}

function options(values: string[]): string {
  return [
    '<option value="">all</option>',
    ...[...new Set(values)].sort().map((v) => `<option>${esc(v)}</option>`),
  ].join('');
}

/** The HTML of SITE/index.html. */
export function indexPage(
  entries: readonly IndexEntry[],
  opts: { title: string; system?: string; audit: boolean },
): string {
  const withRun = opts.system !== undefined;
  const rows = entries
    .map((e) => {
      const sc =
        e.score === undefined
          ? ''
          : `<td class="num ${e.score === null ? '' : scoreClass(e.score)}" data-v="${e.score ?? ''}">${e.score === null ? '-' : scoreText(e.score)}</td>` +
            (e.outcome === undefined
              ? ''
              : statusCell(e.outcome) +
                `<td class="small">${e.outcome ? esc(costWords(e.outcome.cost)) : ''}</td>` +
                `<td class="num">${e.outcome ? wallWords(e.outcome.wall_ms) : ''}</td>`);
      return (
        `<tr data-job="${esc(e.job)}" data-layout="${esc(e.layout)}" data-length="${e.length}" data-text="${esc([e.cid, e.job, e.layout, e.length, ...e.families, ...(e.outcome ? [e.outcome.status] : [])].join(' '))}">` +
        `<td><a href="cases/${e.cid}.html"><code>${e.cid}</code></a></td><td>${esc(e.job)}</td><td>${esc(e.layout)}</td><td>${e.length}</td>` +
        `<td class="num">${e.frames}</td><td class="num">${e.questions}</td><td class="small">${esc(e.families.join(', '))}</td>${sc}</tr>`
      );
    })
    .join('\n');
  const totalQ = entries.reduce((s, e) => s + e.questions, 0);
  const body = `
<header class="top">
  <h1>${esc(opts.title)}</h1>
  <div class="facts"><span>${entries.length} case${entries.length === 1 ? '' : 's'}</span><span>${totalQ} question${totalQ === 1 ? '' : 's'}</span>${withRun ? `<span>run: ${esc(opts.system!)}</span>` : ''}${
    opts.audit ? '<span><a href="audit.html">screen audit</a></span>' : ''
  }</div>
</header>
<main class="index">
  <div class="filters">
    <label>search <input id="f-text" type="search" placeholder="case id, family…"></label>
    <label>job <select id="f-job">${options(entries.map((e) => e.job))}</select></label>
    <label>layout <select id="f-layout">${options(entries.map((e) => e.layout))}</select></label>
    <label>length <select id="f-length">${options(entries.map((e) => e.length))}</select></label>
    <span id="f-count" class="small">${entries.length} shown</span>
  </div>
  <table id="cases" class="grid">
    <thead><tr><th>case</th><th>job</th><th>layout</th><th>length</th><th>frames</th><th>questions</th><th>families</th>${withRun ? '<th>score</th><th>status</th><th>cost</th><th class="num">time</th>' : ''}</tr></thead>
    <tbody>
${rows}
    </tbody>
  </table>
</main>`;
  return page({ title: opts.title, assets: 'assets', body, bodyClass: 'index-page' });
}
