/**
 * The contact sheet in docs/: one final-quality frame per job (vacuum at 0.08 m, helper at 1.30 m pitched -45,
 * AMR at 0.50 m, drone at 15 m), labelled, so readers see what the agent sees.
 *
 * Run: npx tsx tests/bench/contact-sheet.ts [--out docs/contact-sheet.jpg]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { Picture } from '../../foundation/draw.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { STUDY_VIEWS, type Candidate } from './quality-views.ts';
import { renderCandidate } from './study-render.ts';

const args = process.argv.slice(2);
const out = args.includes('--out')
  ? args[args.indexOf('--out') + 1]
  : join(import.meta.dirname, '..', '..', 'docs', 'contact-sheet.jpg');
const SHEET = [
  { view: 'apt-vacuum-hall', label: 'vacuum: camera 0.08 m, level (apartment)' },
  { view: 'apt-helper-coffee', label: 'helper: camera 1.30 m, pitch -45 (apartment)' },
  { view: 'wh-amr-packing', label: 'AMR: camera 0.50 m, pitch -10 (warehouse)' },
  { view: 'dt-drone-base', label: 'drone: camera 15 m, pitch -45 (downtown)' },
];
const final = QUALITY_PRESETS.final;
const cand: Candidate = {
  id: 'sheet-final',
  label: 'final',
  samples: final.samples,
  settings: final.settings,
  views: SHEET.map((s) => s.view),
  fullFrame: true,
};
for (const s of SHEET) if (!STUDY_VIEWS.some((v) => v.id === s.view)) throw new Error(`no study view ${s.view}`);
const res = await renderCandidate(cand, [cand]);

const TW = 320,
  TH = 240,
  LABEL = 20,
  HEAD = 22;
const pic = new Picture(2 * TW, HEAD + 2 * (TH + LABEL), '#202020');
const filter = 'post_filter' in final.settings ? ` + ${final.settings.post_filter} filter` : '';
pic.text(6, 15, `final quality: ${final.samples} samples${filter}, 640x480 frames shown at half size`, {
  size: 12,
  fill: '#ffffff',
});
for (const [i, s] of SHEET.entries()) {
  const r = res.get(s.view)!;
  const jpg = await sharp(readFileSync(r.rgb)).resize(TW, TH).jpeg({ quality: 90 }).toBuffer();
  const x = (i % 2) * TW;
  const y = HEAD + Math.floor(i / 2) * (TH + LABEL);
  pic.image(x, y, TW, TH, `data:image/jpeg;base64,${jpg.toString('base64')}`);
  pic.text(x + 6, y + TH + 14, s.label, { size: 11, fill: '#ffffff' });
}
const buf = await sharp(Buffer.from(pic.toSvg())).jpeg({ quality: 82 }).toBuffer();
writeFileSync(out, buf);
console.log(`${out}: ${buf.length} bytes`);
