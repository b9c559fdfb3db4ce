/**
 * What the look costs: the same views of the places as they were before the look work (layouts/ at `--before`, by
 * default de50eec, the last commit before the asset library rebuilt a place) and as they are now, rendered side by
 * side in one run at the final preset (48 samples and the albedo filter), 640x480. Prints per view and in all the
 * CPU seconds a frame (Blender's render call, all threads, plus the filter) and the noise: each view is rendered with
 * two Cycles seeds and the PSNR between them, plus 3.01 dB (two independent noises double the squared error), stands
 * for the PSNR against the converged picture. Writes the before-and-after contact sheets: docs/contact-sheet.jpg (one
 * view per job) and docs/contact-sheet-<place>.jpg (every view of the place), before on the left.
 *
 *   nice -n 10 npx tsx tests/bench/render-cost.ts [--before de50eec] [--views all|sheet] [--out docs] [--samples 48]
 *
 * `--views all` (default) renders the render-quality study's nine views; `sheet` only the four of the contact sheet;
 * or a comma-separated list of view ids.
 * The renders are kept under tests/.bench-cache/render-cost/ by what Blender is given (the shot list) and the scene
 * builder's hash, so a rerun renders only what changed. The places before keep their things one primitive each, as
 * they were then.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { Picture } from '../../foundation/draw.ts';
import { hashFile, hashJson, REPO_ROOT } from '../../foundation/index.ts';
import { getPlace, loadPlaceFile } from '../../layouts/load.ts';
import type { Place } from '../../layouts/place-schema.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { BlenderProcess, RENDER_SCRIPT } from '../../render/blender-process.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { decodeRgb } from '../../render/truth/jpeg.ts';
import { thingsAsPrimitives } from '../helpers/things-as-primitives.ts';
import { STUDY_CAMERA, STUDY_VIEWS, type StudyView } from './quality-views.ts';
import { type Rendered, renderFirstFrame } from './render-one.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const before = arg('before', 'de50eec');
const outDir = arg('out', join(REPO_ROOT, 'docs'));
const final = QUALITY_PRESETS.final;
const samples = Number(arg('samples', String(final.samples)));
/** the contact sheet's views, one per job */
const SHEET = ['apt-vacuum-hall', 'apt-helper-coffee', 'wh-amr-packing', 'dt-drone-base'];
const which = arg('views', 'all');
const views =
  which === 'all'
    ? STUDY_VIEWS
    : STUDY_VIEWS.filter((v) => (which === 'sheet' ? SHEET : which.split(',')).includes(v.id));
if (!views.length) throw new Error(`--views ${which}: no such study view (tests/bench/quality-views.ts)`);
const SEEDS = [0, 1];
const CACHE = join(REPO_ROOT, 'tests', '.bench-cache', 'render-cost');

/** A place as it was at a commit (its YAML from git, loaded by today's loader). */
function placeAt(commit: string, id: string): Place {
  const text = execFileSync('git', ['show', `${commit}:layouts/${id}.yaml`], { cwd: REPO_ROOT, encoding: 'utf8' });
  const dir = join(CACHE, 'places', commit);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${id}.yaml`);
  writeFileSync(file, text);
  // its things as they were then, one primitive each
  return thingsAsPrimitives(loadPlaceFile(file).place);
}

/** One view of a place at a seed, rendered (or read from the cache). */
async function renderView(proc: BlenderProcess, place: Place, v: StudyView, seed: number): Promise<Rendered> {
  const settings = { ...final.settings, seed };
  const { job } = buildShotList({
    sid: `cost-${v.id}`,
    place,
    timeline: emptyTimeline(place, 1),
    frames: [{ index: 0, t: 0, camera: { position: v.position, yaw_deg: v.yaw_deg, pitch_deg: v.pitch_deg } }],
    camera: STUDY_CAMERA,
    settings,
  });
  // by what Blender is given (the shot list: every solid, material and light) and the scene builder that reads it
  const key = hashJson({ job, samples, renderer: hashFile(RENDER_SCRIPT) }).slice(0, 16);
  const dir = join(CACHE, key);
  const meta = join(dir, 'meta.json');
  if (existsSync(meta)) return JSON.parse(readFileSync(meta, 'utf8')) as Rendered;
  mkdirSync(dir, { recursive: true });
  const r = await renderFirstFrame(proc, job, dir);
  writeFileSync(meta, JSON.stringify(r));
  return r;
}

/** PSNR (dB) between two 8-bit RGB pictures of one size. */
async function psnr(a: string, b: string): Promise<number> {
  const [x, y] = await Promise.all([decodeRgb(a), decodeRgb(b)]);
  let se = 0;
  for (let i = 0; i < x.data.length; i++) se += (x.data[i] - y.data[i]) ** 2;
  const mse = se / x.data.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

const ERAS = ['before', 'now'] as const;
const places = [...new Set(views.map((v) => v.place))];
const placeOf = {
  before: new Map(places.map((p) => [p, placeAt(before, p)])),
  now: new Map(places.map((p) => [p, getPlace(p)])),
};

console.log(
  `render cost: ${views.length} views, before (${before}) and now, ${samples} samples + ${final.settings.post_filter ?? 'no'} filter, ${STUDY_CAMERA.width}x${STUDY_CAMERA.height}, seeds ${SEEDS.join(' and ')}`,
);
const res = new Map<string, Rendered[]>();
const proc = new BlenderProcess({ samples, workDir: join(CACHE, 'tmp'), timeoutPerSampleS: 20 });
try {
  // interleaved, view by view, so that a change of the machine's load falls on both
  for (const v of views)
    for (const seed of SEEDS)
      for (const era of ERAS) {
        const r = await renderView(proc, placeOf[era].get(v.place)!, v, seed);
        res.set(`${era}|${v.id}`, [...(res.get(`${era}|${v.id}`) ?? []), r]);
        process.stderr.write(`  ${v.id} ${era} seed ${seed}: ${r.cpu_s.toFixed(1)} CPU s\n`);
      }
} finally {
  await proc.close();
}

const rows: { view: string; cpu: Record<string, number>; noise: Record<string, number> }[] = [];
for (const v of views) {
  const cpu: Record<string, number> = {};
  const noise: Record<string, number> = {};
  for (const era of ERAS) {
    const rs = res.get(`${era}|${v.id}`)!;
    cpu[era] = rs.reduce((a, r) => a + r.cpu_s, 0) / rs.length;
    noise[era] = (await psnr(rs[0].rgb, rs[1].rgb)) + 10 * Math.log10(2);
  }
  rows.push({ view: v.id, cpu, noise });
}
console.log('\n| view | CPU s a frame, before | now | ratio | PSNR est. (dB), before | now |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.view} | ${r.cpu.before.toFixed(1)} | ${r.cpu.now.toFixed(1)} | ${(r.cpu.now / r.cpu.before).toFixed(2)} | ${r.noise.before.toFixed(1)} | ${r.noise.now.toFixed(1)} |`,
  );
const mean = (era: 'before' | 'now') => rows.reduce((a, r) => a + r.cpu[era], 0) / rows.length;
const minNoise = (era: 'before' | 'now') => Math.min(...rows.map((r) => r.noise[era]));
console.log(
  `| all | ${mean('before').toFixed(1)} | ${mean('now').toFixed(1)} | ${(mean('now') / mean('before')).toFixed(2)} | min ${minNoise('before').toFixed(1)} | min ${minNoise('now').toFixed(1)} |`,
);

/** A sheet: each view before (left) and now (right), at half size, labelled. */
async function sheet(list: StudyView[], file: string, title: string): Promise<void> {
  const TW = 320,
    TH = 240,
    LABEL = 20,
    HEAD = 22;
  const pic = new Picture(2 * TW, HEAD + list.length * (TH + LABEL), '#202020');
  pic.text(6, 15, title, { size: 12, fill: '#ffffff' });
  for (const [i, v] of list.entries())
    for (const [j, era] of ERAS.entries()) {
      const r = res.get(`${era}|${v.id}`)![0];
      const jpg = await sharp(readFileSync(r.rgb)).resize(TW, TH).jpeg({ quality: 90 }).toBuffer();
      const x = j * TW,
        y = HEAD + i * (TH + LABEL);
      pic.image(x, y, TW, TH, `data:image/jpeg;base64,${jpg.toString('base64')}`);
      pic.text(x + 6, y + TH + 14, `${era === 'before' ? `before (${before})` : 'now'}: ${v.id} (${v.job})`, {
        size: 11,
        fill: '#ffffff',
      });
    }
  const buf = await sharp(Buffer.from(pic.toSvg())).jpeg({ quality: 82 }).toBuffer();
  writeFileSync(file, buf);
  console.log(`${file}: ${buf.length} bytes`);
}
const what = `${samples} samples + albedo filter, 640x480 at half size`;
await sheet(
  views.filter((v) => SHEET.includes(v.id)),
  join(outDir, 'contact-sheet.jpg'),
  `one view per job: ${what}`,
);
for (const p of places) {
  const list = views.filter((v) => v.place === p);
  await sheet(list, join(outDir, `contact-sheet-${p}.jpg`), `${p}: ${what}`);
}
