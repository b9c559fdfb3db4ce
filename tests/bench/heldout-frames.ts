/**
 * One rendered frame per job in three generated places of its kind (docs/heldout-frames.jpg, two a row), beside each
 * place's map: what a held-out script looks like. The places come from a fixed secret ("docs", so the picture is
 * reproducible; a release's held-out places come from the build's own secret and are never published), each job
 * scripts one task on each, and the frame halfway through the task is rendered by Blender at the final preset (or
 * `--quality`). Only jobs whose kind of place has a generator have held-out places.
 *
 * Run: nice -n 10 npx tsx tests/bench/heldout-frames.ts [--out docs/heldout-frames.jpg] [--quality final] [--workers 1]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { Picture } from '../../foundation/draw.ts';
import { loadAllJobs } from '../../jobs/load.ts';
import { drawPlaceMap } from '../../layouts/map-picture.ts';
import { PLACE_GENERATORS } from '../../layouts/generate/index.ts';
import { heldoutPlaces, heldoutSecret } from '../../pipeline/heldout-places.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { framePaths, shotListPath } from '../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../render/pool.ts';
import { presetSettings, QUALITY_PRESETS, type Quality } from '../../render/quality.ts';
import { readScriptInputs } from '../../render/script-inputs.ts';
import { writeShotList } from '../../render/shot-list.ts';
import { runBatch } from '../../script/batch.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const OUT = opt('--out', join(import.meta.dirname, '..', '..', 'docs', 'heldout-frames.jpg'));
const QUALITY = opt('--quality', 'final') as Quality;
const WORKERS = Number(opt('--workers', '1'));
const PLACES = 3;
const WORK = join(import.meta.dirname, '..', '.bench-cache', 'heldout-frames');

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const secret = heldoutSecret(WORK, 'docs');

interface Shot {
  job: string;
  place: string;
  sid: string;
  k: number;
  map: Buffer;
}
const shots: Shot[] = [];
for (const { value: job } of loadAllJobs()) {
  const id = job.id;
  if (!PLACE_GENERATORS[job.place_kind]) {
    console.log(`${id}: no generator for ${job.place_kind} places yet, no held-out frame`);
    continue;
  }
  for (const place of heldoutPlaces(WORK, job.place_kind, PLACES, secret)) {
    const [s] = runBatch(WORK, { job, place, split: 'heldout', count: 1, tasks: 1, seed: 'docs' });
    const inputs = readScriptInputs(WORK, s.sid);
    const k = Math.floor(inputs.frames.length / 2);
    const { job: list } = buildShotList({
      sid: s.sid,
      place: inputs.timeline.place,
      timeline: inputs.timeline,
      frames: [inputs.frames[k]],
      camera: inputs.camera,
      settings: presetSettings(QUALITY),
    });
    writeShotList(shotListPath(WORK, s.sid), list);
    shots.push({ job: id, place: place.id, sid: s.sid, k, map: await drawPlaceMap(place, { maxSide: 400 }).toPng() });
    console.log(`${id} on ${place.id}: script ${s.sid}, frame ${k} of ${inputs.frames.length}`);
  }
}

const t0 = performance.now();
const lists = shots.map((s) => ({ job: JSON.parse(readFileSync(shotListPath(WORK, s.sid), 'utf8')) }));
await renderFrames(buildFrameTasks(WORK, lists), {
  samples: QUALITY_PRESETS[QUALITY].samples,
  workers: WORKERS,
  workDir: join(WORK, 'tmp'),
  onFrame: () => {},
});
const perFrame = (performance.now() - t0) / 1000 / Math.max(1, shots.length);
console.log(`${shots.length} frames rendered at ${QUALITY} quality, ${perFrame.toFixed(1)} s a frame`);

// two shots a row, each its frame and its place's map
const TW = 480,
  TH = 360,
  LABEL = 20,
  HEAD = 26,
  PER_ROW = 2;
const rows = Math.ceil(shots.length / PER_ROW);
const pic = new Picture(PER_ROW * 2 * TW, HEAD + rows * (TH + LABEL), '#202020');
pic.text(
  6,
  17,
  `Held-out places (fixed secret "docs"): one frame per job and place, Blender ${QUALITY} preset, beside the place's map`,
  {
    size: 12,
    fill: '#ffffff',
  },
);
for (const [i, s] of shots.entries()) {
  const x = (i % PER_ROW) * 2 * TW;
  const y = HEAD + Math.floor(i / PER_ROW) * (TH + LABEL);
  const rgb = await sharp(readFileSync(framePaths(WORK, s.sid, s.k).rgb))
    .resize(TW, TH)
    .jpeg({ quality: 90 })
    .toBuffer();
  pic.image(x, y, TW, TH, `data:image/jpeg;base64,${rgb.toString('base64')}`);
  const map = await sharp(s.map).resize(TW, TH, { fit: 'contain', background: '#202020' }).png().toBuffer();
  pic.image(x + TW, y, TW, TH, `data:image/png;base64,${map.toString('base64')}`);
  pic.text(x + 6, y + TH + 14, `${s.job} on ${s.place}: frame ${s.k} of its first task`, { size: 11, fill: '#ffffff' });
}
writeFileSync(OUT, await sharp(Buffer.from(pic.toSvg())).jpeg({ quality: 84 }).toBuffer());
console.log(`${OUT} written`);
