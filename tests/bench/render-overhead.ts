/**
 * The render pipeline's overhead per frame over the render time Blender reports, at preview and final quality,
 * measured side by side in one run on the apartment's three study views (a fresh build folder under
 * tests/.bench-cache/render-overhead/). Per frame:
 *   - render: Cycles' render call as Blender reports it;
 *   - pool: the rest of the pool's frame wall time (protocol, camera/moves, compositor file writing, moving the
 *     files, the post filter where the preset has one, decoding them to verify, renaming); of it, the post filter
 *     (the albedo filter and the JPEG encoding) is timed apart on the committed frames' passes;
 *   - decode: reading the committed depth, ids and JPEG into a truth frame;
 *   - truth: the frame's truth records (visibility, seen space, perception ids, oracle);
 *   - write: writing the three record files (once per script, shared over its frames).
 * Process start-up and scene building happen once per script and process: the first frame carries them, so the
 * per-frame figures are over the other frames and the start-up is reported apart.
 *
 * Run: npx tsx tests/bench/render-overhead.ts [--frames N] [--out figures.md]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cameraPose, intrinsics } from '../../layouts/camera.ts';
import { getPlace } from '../../layouts/load.ts';
import { framePaths, shotListPath } from '../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../render/pool.ts';
import { QUALITY_PRESETS, type Quality } from '../../render/quality.ts';
import sharp from 'sharp';
import { albedoFilter } from '../../render/albedo-filter.ts';
import { hasPostFilter } from '../../render/post-filter.ts';
import { effectiveSettings, writeShotList } from '../../render/shot-list.ts';
import {
  floorGrid,
  frameTruth,
  loadTruthFrame,
  paletteFromColourWords,
  writeOracle,
  writePerceptionIds,
  writeVisibility,
  type EntityInfo,
} from '../../render/truth/index.ts';
import { STUDY_VIEWS } from './quality-views.ts';
import { studyJob } from './study-render.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROOT = join(import.meta.dirname, '..', '.bench-cache', 'render-overhead');
const PLACE = 'apartment_a';
const nFrames = Number(arg('--frames') ?? 3);

interface Figures {
  quality: Quality;
  samples: number;
  frames: number;
  startup_s: number;
  render: number;
  pool: number;
  /** of `pool`: the post filter, seconds a frame (0 without one) */
  filter: number;
  decode: number;
  truth: number;
  write: number;
}

async function run(quality: Quality): Promise<Figures> {
  const preset = QUALITY_PRESETS[quality];
  const build = join(ROOT, quality);
  rmSync(build, { recursive: true, force: true });
  const views = STUDY_VIEWS.filter((v) => v.place === PLACE).slice(0, nFrames);
  const { job, entities } = studyJob(PLACE, { settings: preset.settings }, views);
  const jobPath = shotListPath(build, job.sid);
  mkdirSync(join(build, '.stbench', 'tmp'), { recursive: true });
  writeShotList(jobPath, job);
  const log = await renderFrames(buildFrameTasks(build, [{ job, jobPath }]), {
    samples: preset.samples,
    workers: 1,
    workDir: join(build, '.stbench', 'tmp'),
  });
  const place = getPlace(PLACE);
  const table = new Map<number, EntityInfo>(
    entities.map((e) => [
      e.truth_id,
      { truth_id: e.truth_id, entity: e.entity, role: e.role, kind: e.kind, colour: e.colour, support: e.support },
    ]),
  );
  const grid = floorGrid(place.bounds);
  const palette = paletteFromColourWords(place.colour_words);
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  let decode = 0,
    truth = 0,
    filter = 0;
  const recs = [];
  for (const f of job.frames) {
    const files = framePaths(build, job.sid, f.index);
    let t = performance.now();
    const frame = await loadTruthFrame(
      files,
      f.index,
      0,
      k,
      cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg),
    );
    decode += performance.now() - t;
    if (hasPostFilter(job)) {
      // the pool filtered Blender's lossless picture; the same work on the committed frame's passes, timed
      t = performance.now();
      const out = albedoFilter(frame.rgb!, frame.albedo!, frame.ids, frame.depth, k.width, k.height);
      await sharp(out, { raw: { width: k.width, height: k.height, channels: 3 } })
        .jpeg({ quality: effectiveSettings(job).jpeg_quality })
        .toBuffer();
      filter += performance.now() - t;
    }
    t = performance.now();
    recs.push(frameTruth(frame, table, grid, { palette, unknownIds: 'ignore' }));
    truth += performance.now() - t;
  }
  const t = performance.now();
  writeVisibility(
    join(build, 'private', job.sid, 'visibility.jsonl'),
    recs.map((r) => r.visibility),
  );
  writePerceptionIds(
    join(build, 'private', job.sid, 'perception_ids.jsonl'),
    recs.map((r) => r.perceptionIds),
  );
  writeOracle(
    join(build, 'scripts', job.sid, 'perception', 'oracle.jsonl'),
    recs.map((r) => r.oracle),
  );
  const write = performance.now() - t;
  // the first frame's wall time includes starting Blender and building the scene: steady state is the others
  const n = log.length;
  const steady = n > 1 ? log.slice(1) : log;
  const render = steady.reduce((a, e) => a + (e.render_s ?? 0), 0) / steady.length;
  const extra = steady.reduce((a, e) => a + (e.wall_s ?? 0) - (e.render_s ?? 0), 0) / steady.length;
  const startup = (log[0].wall_s ?? 0) - (log[0].render_s ?? 0) - extra;
  return {
    quality,
    samples: preset.samples,
    frames: n,
    startup_s: startup,
    render,
    pool: extra,
    filter: filter / 1000 / n,
    decode: decode / 1000 / n,
    truth: truth / 1000 / n,
    write: write / 1000 / n,
  };
}

const rows: Figures[] = [];
for (const q of ['preview', 'final'] as const) rows.push(await run(q));
const ms = (s: number) => (s * 1000).toFixed(0);
const lines = [
  '| quality | samples | frames | render s/frame (frames 2..n) | pool ms | of it, post filter ms | decode ms | truth ms | write ms | overhead | start-up + scene, s (once) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => {
    const over = r.pool + r.decode + r.truth + r.write;
    return `| ${r.quality} | ${r.samples} | ${r.frames} | ${r.render.toFixed(2)} | ${ms(r.pool)} | ${ms(r.filter)} | ${ms(r.decode)} | ${ms(r.truth)} | ${ms(r.write)} | ${ms(over)} ms = ${((100 * over) / r.render).toFixed(1)}% | ${r.startup_s.toFixed(1)} |`;
  }),
];
const text = lines.join('\n') + '\n';
console.log(text);
const out = arg('--out');
if (out) writeFileSync(out, text);
