/**
 * The screen audit page, from BUILD/compile_report.json's funnel: per job and family the candidates, the drops per
 * screen and the questions kept; and each dropped candidate with the screen that dropped it and its frame.
 *
 * The funnel is read leniently, as `funnel: { counts: [...], dropped: [...] }` (or `rows` for counts, or the counts
 * array itself), each count `{job, family, candidates, drops: {screen: n}, kept}` and each drop
 * `{job, family, cid?, sid?, k?, frame?, thing?, screen, reason?}` (k: the script's frame; frame: the JPEG's path
 * relative to the build).
 */
import { esc, page } from './html.ts';

export interface FunnelCount {
  job: string;
  family: string;
  candidates: number;
  drops: Record<string, number>;
  kept: number;
}

export interface DroppedCandidate {
  job: string;
  family: string;
  cid: string | null;
  sid: string | null;
  k: number | null;
  thing: string | null;
  screen: string;
  reason: string | null;
  /** the frame's JPEG relative to the build, when known */
  frame: string | null;
}

export interface Funnel {
  counts: FunnelCount[];
  dropped: DroppedCandidate[];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The funnel of a compile report, or null when it has none. */
export function readFunnel(report: unknown): Funnel | null {
  if (!report || typeof report !== 'object') return null;
  const r = report as Record<string, unknown>;
  const f = r.funnel;
  if (f === undefined) return null;
  const fo = (f && typeof f === 'object' && !Array.isArray(f) ? f : {}) as Record<string, unknown>;
  const countsRaw = Array.isArray(f) ? f : Array.isArray(fo.counts) ? fo.counts : Array.isArray(fo.rows) ? fo.rows : [];
  const droppedRaw = Array.isArray(fo.dropped) ? fo.dropped : Array.isArray(r.dropped) ? r.dropped : [];
  const counts = (countsRaw as Record<string, unknown>[]).map((c) => {
    const drops: Record<string, number> = {};
    if (c.drops && typeof c.drops === 'object')
      for (const [k, v] of Object.entries(c.drops)) if (typeof v === 'number') drops[k] = v;
    return {
      job: str(c.job) ?? '-',
      family: str(c.family) ?? '-',
      candidates: int(c.candidates) ?? 0,
      drops,
      kept: int(c.kept) ?? 0,
    };
  });
  const dropped = (droppedRaw as Record<string, unknown>[]).map((d) => {
    const sid = str(d.sid);
    const k = int(d.k) ?? int(d.script_k);
    const frame =
      str(d.frame) ??
      str(d.rgb) ??
      (sid && k !== null ? `scripts/${sid}/sensors/rgb/${String(k).padStart(6, '0')}.jpg` : null);
    return {
      job: str(d.job) ?? '-',
      family: str(d.family) ?? '-',
      cid: str(d.cid),
      sid,
      k,
      thing: str(d.thing),
      screen: str(d.screen) ?? '-',
      reason: str(d.reason),
      frame,
    };
  });
  return { counts, dropped };
}

/** The HTML of SITE/audit.html; `frameSrc` maps a dropped candidate's frame to its path in the site (null: not copied). */
export function auditPage(funnel: Funnel, frameSrc: (frame: string) => string | null): string {
  const screens = [...new Set(funnel.counts.flatMap((c) => Object.keys(c.drops)))];
  const countRows = funnel.counts
    .map((c) => {
      const dropSum = Object.values(c.drops).reduce((s, x) => s + x, 0);
      const ok = c.candidates === c.kept + dropSum;
      return (
        `<tr${ok ? '' : ' class="mismatch"'}><td>${esc(c.job)}</td><td>${esc(c.family)}</td><td class="num">${c.candidates}</td>` +
        screens.map((s) => `<td class="num">${c.drops[s] ?? 0}</td>`).join('') +
        `<td class="num"><b>${c.kept}</b></td><td>${ok ? '' : '≠ kept + drops'}</td></tr>`
      );
    })
    .join('\n');
  const byScreen = new Map<string, DroppedCandidate[]>();
  for (const d of funnel.dropped) (byScreen.get(d.screen) ?? byScreen.set(d.screen, []).get(d.screen)!).push(d);
  const dropSections = [...byScreen]
    .map(
      ([screen, ds]) =>
        `<section class="drops"><h3>${esc(screen)} <span class="small">${ds.length} dropped</span></h3><div class="drop-grid">` +
        ds
          .map((d) => {
            const src = d.frame ? frameSrc(d.frame) : null;
            return (
              `<figure class="drop">${src ? `<img src="${esc(src)}" loading="lazy" width="320" height="240" alt="frame">` : '<div class="noimg">no frame</div>'}` +
              `<figcaption><b>${esc(d.family)}</b> · ${esc(d.job)}${d.thing ? ` · ${esc(d.thing)}` : ''}${d.k !== null ? ` · k${d.k}` : ''}` +
              `${d.cid ? ` · <a href="cases/${esc(d.cid)}.html"><code>${esc(d.cid)}</code></a>` : ''}${d.reason ? `<br><span class="small">${esc(d.reason)}</span>` : ''}</figcaption></figure>`
            );
          })
          .join('') +
        '</div></section>',
    )
    .join('\n');
  const body = `
<header class="top"><a href="index.html">← all cases</a><h1>Screen audit</h1>
<div class="facts"><span>${funnel.counts.reduce((s, c) => s + c.candidates, 0)} candidates</span><span>${funnel.counts.reduce((s, c) => s + c.kept, 0)} kept</span><span>${funnel.dropped.length} dropped listed</span></div></header>
<main class="audit">
<h2>Funnel</h2>
<table class="grid"><thead><tr><th>job</th><th>family</th><th>candidates</th>${screens.map((s) => `<th>${esc(s)}</th>`).join('')}<th>kept</th><th></th></tr></thead>
<tbody>
${countRows}
</tbody></table>
<h2>Dropped candidates</h2>
${dropSections || '<p class="small">The report lists no dropped candidates.</p>'}
</main>`;
  return page({ title: 'screen audit', assets: 'assets', body, bodyClass: 'audit-page' });
}
