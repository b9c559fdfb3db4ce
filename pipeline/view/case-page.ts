/**
 * A case's page: the frame viewer (image with the gold overlay, the frame header line, play, pause, speed, scrub and
 * step), the case map with per-question marks, and every question at its frame with its family, wording, gold,
 * evidence frames (click to jump), age band and column; with a run, the answer and its score, coloured, the case's
 * status, cost and wall time, and its transcript where the run kept one (transcript-page.ts, given as HTML).
 */
import { basename } from 'node:path';
import type { GoldRow } from '../../checks/score/index.ts';
import { formatHeader } from '../../formats/step.ts';
import type { Place } from '../../layouts/place-schema.ts';
import { caseMapView, mapFrame, thingsNamed, type MapView } from './case-map.ts';
import { worldAt } from '../../layouts/timeline.ts';
import { compassSvg } from './compass.ts';
import { answerText, costWords, goldText, scoreClass, scoreText, wallWords } from './formats.ts';
import { goldMarks, type GoldMarks } from './gold-marks.ts';
import { esc, num, page, scriptJson } from './html.ts';
import type { ViewCase, ViewRun } from './load-build.ts';

/** Where a case frame's JPEG lies in the site, relative to the site root. */
export function siteFramePath(sid: string, rgb: string): string {
  return `frames/${sid}/${basename(rgb)}`;
}

/** Mean row score of a case in a run; null when no row of it was scored. */
export function caseScore(run: ViewRun, cid: string): number | null {
  const rows = run.results.rows.filter((r) => r.cid === cid);
  return rows.length ? rows.reduce((s, r) => s + r.score, 0) / rows.length : null;
}

function mapMarks(vc: ViewCase, place: Place, qid: string, m: GoldMarks, askK: number): string {
  const { frame } = mapFrame(place);
  const P = (x: number, y: number) =>
    frame
      .p(x, y)
      .map((v) => num(v, 1))
      .join(',');
  const parts: string[] = [];
  if (m.corridor) {
    parts.push(`<polygon class="corridor-band" points="${m.corridor.band.map(([x, y]) => P(x, y)).join(' ')}"/>`);
    parts.push(`<polygon class="corridor" points="${m.corridor.body.map(([x, y]) => P(x, y)).join(' ')}"/>`);
  }
  const s = vc.loaded.case.frames[askK].step;
  const [rx, ry] = frame.p(s.pose.pos[0], s.pose.pos[1]);
  for (const p of m.points) {
    const [x, y] = frame.p(p.x, p.y);
    parts.push(`<line class="gold-ray" x1="${num(rx, 1)}" y1="${num(ry, 1)}" x2="${num(x, 1)}" y2="${num(y, 1)}"/>`);
    parts.push(`<circle class="gold-dot" cx="${num(x, 1)}" cy="${num(y, 1)}" r="7"/>`);
  }
  parts.push(`<circle class="ask-pos" cx="${num(rx, 1)}" cy="${num(ry, 1)}" r="13"/>`);
  return `<g class="qmark" data-qid="${qid}">${parts.join('')}</g>`;
}

function questionCard(
  vc: ViewCase,
  qid: string,
  askK: number,
  g: GoldRow | undefined,
  run: ViewRun | undefined,
): string {
  const q = vc.loaded.questions.get(qid)!;
  const head: string[] = [];
  if (g) {
    head.push(`<span class="tag fam">${esc(g.family)}</span>`, `<span class="tag kind">${esc(g.kind)}</span>`);
    head.push(
      `<span class="tag col col-${g.column}">${esc(g.column)}</span>`,
      `<span class="tag age">${esc(g.age_band)} · ${num(g.age_s, 1)} s</span>`,
    );
  } else head.push(`<span class="tag">${esc(q.answer_type)}</span>`);
  head.push(`<span class="qid">${qid}</span>`);
  const rows: string[] = [];
  if (g) {
    rows.push(`<div class="kv"><span>gold</span><b class="gold">${esc(goldText(g))}</b></div>`);
    const ev = g.evidence_frames.length
      ? g.evidence_frames
          .map((k) => `<button class="jump" data-k="${k}" title="show frame ${k}">k${k}</button>`)
          .join(' ')
      : '<i>none</i>';
    rows.push(`<div class="kv"><span>evidence</span><span>${ev}</span></div>`);
    rows.push(
      `<div class="kv small"><span>margins</span><span>pixel ${num(g.pixel_m, 3)} m · C ${num(g.clearance_m)} m · R ${num(g.reacquire_m)} m` +
        `${g.catastrophe ? ` · <span class="cat">${esc(g.catastrophe)}</span>` : ''}${g.task_critical ? ' · task-critical' : ''}</span></div>`,
    );
  }
  const r = run?.rows.get(qid);
  let answerDeg: number | null = null;
  if (run) {
    const a = run.answers.get(qid);
    if (a && typeof a === 'object' && (a as { type?: unknown }).type === 'heading')
      answerDeg = Number((a as { deg: number }).deg);
    if (r) {
      rows.push(
        `<div class="run ${scoreClass(r.score)}"><div class="kv"><span>answer</span><b>${esc(run.answers.has(qid) ? answerText(a) : r.answered)}</b></div>` +
          `<div class="kv"><span>score</span><b class="score">${scoreText(r.score)}</b><span class="small">gate ${scoreText(r.score_gate)} · credit ${num(r.s)} · ${esc(r.reason)}</span></div></div>`,
      );
    } else rows.push('<div class="run sc-none">not scored in this run</div>');
  }
  const compass = g ? compassSvg(g, Number.isFinite(answerDeg) ? answerDeg : null) : null;
  const attrs = `class="q" id="q-${qid}" data-qid="${qid}" data-ask="${askK}"${g ? ` data-family="${g.family}"` : ''}${r ? ` data-score="${r.score}"` : ''}`;
  return (
    `<article ${attrs} tabindex="0">` +
    `<div class="q-head">${head.join(' ')}</div>` +
    `<p class="q-text">${esc(q.text)}</p>` +
    rows.join('') +
    (compass
      ? `<div class="compass-box">${compass}<div class="small">credit per heading: red 0, green 1; black the gold${answerDeg !== null ? ', blue the answer' : ''}; grey edge: no room or unseen floor</div></div>`
      : '') +
    '</article>'
  );
}

/** The gold marks of every question of a case, by qid, in question file order. */
export function caseMarks(vc: ViewCase): Map<string, GoldMarks> {
  const out = new Map<string, GoldMarks>();
  for (const [qid, q] of vc.loaded.questions) {
    const g = vc.golds.get(qid);
    out.set(
      qid,
      g ? goldMarks(vc, g, vc.askK.get(qid) ?? vc.loaded.case.frames.length - 1, q.text) : { points: [], onFrames: [] },
    );
  }
  return out;
}

/** The part of the case map the page shows (pixels of the whole map): the route, the golds and the named things. */
export function mapRegion(vc: ViewCase, place: Place, marks: Map<string, GoldMarks>): MapView {
  const pts: { x: number; y: number }[] = [];
  for (const m of marks.values()) {
    pts.push(...m.points);
    if (m.corridor) pts.push(...m.corridor.band.map(([x, y]) => ({ x, y })));
  }
  const state = vc.timeline ? worldAt(vc.timeline, vc.times[vc.times.length - 1]) : null;
  for (const q of vc.loaded.questions.values()) {
    for (const id of thingsNamed(place, q.text)) {
      const p = state?.things[id] ?? place.things.find((t) => t.id === id)!.position;
      pts.push({ x: p.x, y: p.y });
    }
  }
  return caseMapView(vc, place, pts);
}

/** The HTML of a case page (written to SITE/cases/<cid>.html); `transcript`: its transcript section's HTML. */
export function casePage(vc: ViewCase, place: Place | null, run?: ViewRun, transcript = ''): string {
  const c = vc.loaded.case;
  const cam = vc.robot.camera;
  const frames = c.frames.map((f) => ({ src: `../${siteFramePath(c.sid, f.rgb)}`, header: formatHeader(f.step) }));
  const qdata: Record<string, { ask: number; evidence: number[]; marks: { k: number; u: number; v: number }[] }> = {};
  const marks = caseMarks(vc);
  for (const [qid, m] of marks) {
    const g = vc.golds.get(qid);
    qdata[qid] = {
      ask: vc.askK.get(qid) ?? c.frames.length - 1,
      evidence: g?.evidence_frames ?? [],
      marks: m.onFrames,
    };
  }
  const data = { frames, width: cam.width, height: cam.height, questions: qdata, asks: c.asks.map((a) => a.k) };

  const groups: string[] = [];
  const card = (qid: string, k: number) => questionCard(vc, qid, k, vc.golds.get(qid), run);
  for (const a of c.asks) {
    const step = c.frames[a.k].step;
    groups.push(
      `<section class="ask" data-k="${a.k}"><h3><button class="jump" data-k="${a.k}">after k${a.k}</button> <span class="small">${esc(step.clock)} · task ${step.status.task} · ${esc(step.status.phase)}</span></h3>` +
        a.qids.map((q) => card(q, a.k)).join('') +
        '</section>',
    );
  }
  if (c.end_qids.length) {
    const k = c.frames.length - 1;
    groups.push(
      `<section class="ask" data-k="${k}"><h3><button class="jump" data-k="${k}">at the end, after k${k}</button></h3>` +
        c.end_qids.map((q) => card(q, k)).join('') +
        '</section>',
    );
  }

  const nq = vc.loaded.questions.size;
  const score = run ? caseScore(run, c.cid) : null;
  const outcome = run?.outcomes.get(c.cid);
  const mapSvg = place
    ? (() => {
        const mf = mapRegion(vc, place, marks);
        const qm = [...marks]
          .map(([qid, m]) => mapMarks(vc, place, qid, m, vc.askK.get(qid) ?? c.frames.length - 1))
          .join('');
        return (
          `<div class="map-box"><img id="map-img" src="../maps/${c.cid}.png" width="${mf.width}" height="${mf.height}" alt="map of ${esc(place.id)}">` +
          `<svg id="map-overlay" viewBox="${mf.x} ${mf.y} ${mf.width} ${mf.height}" preserveAspectRatio="none">${qm}</svg></div>` +
          '<p class="legend"><span class="lg route"></span>route <span class="lg look"></span>look point <span class="lg thing"></span>named thing <span class="lg person"></span>person track <span class="lg gold"></span>gold of the selected question <span class="lg corr"></span>swept corridor (with C)</p>'
        );
      })()
    : '<p class="small">No timeline: no map.</p>';

  const tasks = c.tasks
    .map(
      (t) =>
        `<li><button class="jump" data-k="${t.start_k}">k${t.start_k}</button> ${esc(t.assignment)}${t.unobserved_s ? ` <span class="small">(after ${num(t.unobserved_s, 0)} s away)</span>` : ''}</li>`,
    )
    .join('');
  const body = `
<header class="top">
  <a href="../index.html">← all cases</a>
  <h1>Case <code>${c.cid}</code></h1>
  <div class="facts"><span>${esc(c.job)}</span><span>${esc(c.layout)}</span><span>${c.length}</span><span>${c.frames.length} frames</span><span>${nq} questions</span><span>script <code>${c.sid}</code></span>${
    run
      ? `<span class="${score === null ? '' : scoreClass(score)}">${esc(run.results.system)}: ${score === null ? 'not scored' : scoreText(score)}</span>`
      : ''
  }${
    outcome
      ? `<span class="${outcome.status === 'ok' ? 'st-ok' : 'st-broken'}">${outcome.status}${outcome.reason ? `: ${esc(outcome.reason)}` : ''}</span>` +
        `<span>${esc(costWords(outcome.cost))}</span><span>${wallWords(outcome.wall_ms)}</span>`
      : ''
  }${transcript ? '<span><a href="#transcript">transcript</a></span>' : ''}</div>
</header>
<main class="case">
  <div class="left">
    <section class="viewer">
      <div class="frame-box"><img id="frame-img" src="${frames[0].src}" width="${cam.width}" height="${cam.height}" alt="frame">
        <svg id="frame-overlay" viewBox="0 0 ${cam.width} ${cam.height}" preserveAspectRatio="none"></svg></div>
      <div id="frame-header" class="header-line">${esc(frames[0].header)}</div>
      <div class="controls">
        <button id="play" type="button">▶ play</button>
        <button id="prev" type="button" title="previous frame">◀</button>
        <button id="next" type="button" title="next frame">▶</button>
        <div class="scrub-wrap"><input id="scrub" type="range" min="0" max="${frames.length - 1}" value="0" aria-label="frame"><div id="ticks" class="ticks"></div></div>
        <span id="frame-k" class="kbox">k0</span><span class="small">/ ${frames.length - 1}</span>
        <label class="small">speed <select id="speed"><option value="1">1 fps</option><option value="2" selected>2 fps</option><option value="5">5 fps</option><option value="10">10 fps</option></select></label>
      </div>
    </section>
    <section class="map">${mapSvg}</section>
    <section class="tasks"><h2>Tasks</h2><ol>${tasks}</ol></section>
  </div>
  <div class="right">
    <h2 id="questions">Questions <span class="small">click one to see its evidence and gold</span></h2>
    ${groups.join('\n')}
    ${transcript}
  </div>
</main>
<script id="case-data" type="application/json">${scriptJson(data)}</script>`;
  return page({ title: `case ${c.cid} · ${c.job} · ${c.layout}`, assets: '../assets', body, bodyClass: 'case-page' });
}
