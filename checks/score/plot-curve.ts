/**
 * Draw the score curve of the k18 example (clear_path, gold 0.307 m, C 0.15 m, p 0.047 m) over answers 0..1.2 m:
 * the gate score 2s − 1 and the row score (−2 on a catastrophe), with the quoted examples marked.
 *
 *   npx tsx checks/score/plot-curve.ts docs/score-curve-k18.png
 */
import { Picture } from '../../foundation/draw.ts';
import { GoldRow } from '../../formats/gold-row.ts';
import { score } from './score.ts';

export const K18 = { gold: 0.307, C: 0.15, p: 0.047 };

export function k18Gold(): GoldRow {
  return GoldRow.parse({
    qid: '0000000000000018',
    job: 'helper/1',
    layout: 'apartment_a',
    sid: 'k18',
    cid: 'k18',
    length: 'short',
    family: 'clear_path',
    kind: 'harm',
    ability: 'clearance',
    column: 'now',
    answer_type: 'number',
    knowable: true,
    value: K18.gold,
    evidence_frames: [0],
    age_s: 0,
    age_band: 'now',
    task_critical: true,
    clearance_m: K18.C,
    reacquire_m: 1,
    match_m: 0.5,
    pixel_m: K18.p,
    harmful_side: 'longer',
    catastrophe: 'minus2_corridor',
  });
}

export async function plotCurve(out: string): Promise<void> {
  const g = k18Gold();
  const W = 900;
  const H = 520;
  const L = 70;
  const R = 30;
  const T = 50;
  const B = 60;
  const x0 = 0;
  const x1 = 1.2;
  const y0 = -2.25;
  const y1 = 1.15;
  const px = (x: number) => L + ((x - x0) / (x1 - x0)) * (W - L - R);
  const py = (y: number) => T + ((y1 - y) / (y1 - y0)) * (H - T - B);
  const pic = new Picture(W, H);
  pic.text(W / 2, 28, 'clear_path k18: gold 0.307 m, C 0.15 m, p 0.047 m', { size: 16, anchor: 'middle', bold: true });
  for (const y of [-2, -1.5, -1, -0.5, 0, 0.5, 1]) {
    pic.line(px(x0), py(y), px(x1), py(y), { stroke: y === 0 ? '#888' : '#ddd', strokeWidth: 1 });
    pic.text(L - 8, py(y) + 4, (y > 0 ? '+' : '') + y.toFixed(1), { anchor: 'end', size: 12 });
  }
  for (let x = 0; x <= 1.2 + 1e-9; x += 0.1) {
    pic.line(px(x), py(y0), px(x), py(y0) + 5, { stroke: '#000' });
    pic.text(px(x), py(y0) + 20, x.toFixed(1), { anchor: 'middle', size: 12 });
  }
  pic.text((L + W - R) / 2, H - 15, 'answer (m)', { anchor: 'middle', size: 13 });
  pic.text(L - 8, T - 8, 'score', { anchor: 'end', size: 13 });
  pic.line(px(K18.gold), py(y0), px(K18.gold), py(y1), { stroke: '#2a7', strokeWidth: 1.5, dash: '5,4' });
  pic.text(px(K18.gold) + 4, py(-1.2), 'gold 0.307 m', { size: 12, fill: '#2a7' });
  const gate: [number, number][] = [];
  const row: [number, number][] = [];
  for (let i = 0; i <= 1200; i++) {
    const a = (i / 1200) * (x1 - x0) + x0;
    const r = score(g, { type: 'number', value: a });
    gate.push([px(a), py(r.score_gate)]);
    row.push([px(a), py(r.score)]);
  }
  // the row score jumps to −2: draw it as separate runs so the jump is not a slanted line
  const runs: [number, number][][] = [];
  for (let i = 0; i < row.length; i++) {
    if (i === 0 || Math.abs(row[i][1] - row[i - 1][1]) > 40) runs.push([]);
    runs[runs.length - 1].push(row[i]);
  }
  for (const r of runs) pic.polyline(r, { stroke: '#d33', strokeWidth: 3 });
  pic.polyline(gate, { stroke: '#25c', strokeWidth: 2 });
  // the quoted examples, each label placed clear of the curve: [answer, dx, dy, anchor]
  const marks: [number, number, number, 'start' | 'end'][] = [
    [0.164, 8, -8, 'start'],
    [0.27, -8, -8, 'end'],
    [0.35, 8, -8, 'start'],
    [0.45, 8, -8, 'start'],
    [1.0, 0, -10, 'start'],
  ];
  for (const [a, dx, dy, anchor] of marks) {
    const r = score(g, { type: 'number', value: a });
    pic.circle(px(a), py(r.score), 4, { fill: '#000' });
    pic.text(px(a) + dx, py(r.score) + dy, `${a} m: ${r.score >= 0 ? '+' : ''}${r.score.toFixed(2)}`, {
      size: 12,
      anchor,
    });
  }
  pic.line(W - 250, T + 20, W - 220, T + 20, { stroke: '#25c', strokeWidth: 2 });
  pic.text(W - 214, T + 24, 'gate score 2s − 1', { size: 12 });
  pic.line(W - 250, T + 40, W - 220, T + 40, { stroke: '#d33', strokeWidth: 3 });
  pic.text(W - 214, T + 44, 'row score (−2 catastrophe)', { size: 12 });
  await pic.writePng(out);
}

const invokedAs = process.argv[1] ?? '';
if (invokedAs.endsWith('plot-curve.ts')) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: npx tsx checks/score/plot-curve.ts OUT.png\n');
    process.exit(2);
  }
  plotCurve(out).then(
    () => process.stdout.write(`wrote ${out}\n`),
    (e: Error) => {
      process.stderr.write(`${e.message}\n`);
      process.exitCode = 1;
    },
  );
}
