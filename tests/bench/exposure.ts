/**
 * The exposure report per place at release scale: frames drawn at random (the named stream bench/exposure) from the
 * scripts of a release-shaped build (`stbench script --count 16` per job, no render needed), rendered by Blender with
 * the lights of the places as they are now (layouts/<id>.yaml; the scripts give the poses and the things) and the final preset's settings at a quarter of the size (160x120) and `--samples` samples,
 * and read as the render stage's frames are read (render/exposure.ts): per place the share of frames whose mean sRGB
 * luma leaves 12% to 88% (at most 1% may). A frame's mean luma hardly depends on its size or its noise; the bench
 * measures that too, rendering `--validate` of the drawn frames per place again at full size with the final preset
 * and printing the largest difference of mean luma between the two.
 *
 *   nice -n 10 npx tsx tests/bench/exposure.ts --build DIR [--frames 300] [--samples 8] [--validate 2] [--workers 2]
 *
 * DIR holds the scripts (`stbench script ... --out DIR`); the renders go under DIR/.stbench/bench-exposure/ (kept:
 * a rerun renders only frames it has not).
 */
import { join } from 'node:path';
import { sha256 } from '../../foundation/index.ts';
import { stream } from '../../foundation/rng.ts';
import { getPlace } from '../../layouts/load.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { EXPOSURE_BRIGHT, EXPOSURE_DARK, frameLuma, placeExposure } from '../../render/exposure.ts';
import { framePaths, shotListPath } from '../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../render/pool.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { listScripts, readScriptInputs } from '../../render/script-inputs.ts';
import { type ShotList, writeShotList } from '../../render/shot-list.ts';

const arg = (name: string, dflt?: string) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0) return process.argv[i + 1];
  if (dflt === undefined) throw new Error(`--${name} is required (usage in tests/bench/exposure.ts)`);
  return dflt;
};
const build = arg('build');
const perPlace = Number(arg('frames', '300'));
const samples = Number(arg('samples', '8'));
const validate = Number(arg('validate', '2'));
const workers = Number(arg('workers', '2'));
const SCALE = 4;
const final = QUALITY_PRESETS.final;

const sids = listScripts(build);
if (!sids.length) throw new Error(`${build}: no scripts (run stbench script --out ${build} first)`);

// every frame of the build by place: [sid, frame index]
const inputs = new Map(sids.map((sid) => [sid, readScriptInputs(build, sid)]));
const byPlace = new Map<string, [string, number][]>();
for (const [sid, inp] of inputs) {
  const list = byPlace.get(inp.timeline.place_id) ?? [];
  for (const f of inp.frames) list.push([sid, f.index]);
  byPlace.set(inp.timeline.place_id, list);
}

// the draw: perPlace frames per place without replacement, from the named stream
const rng = stream(0, 'bench/exposure');
const drawn = new Map<string, [string, number][]>();
for (const place of [...byPlace.keys()].sort()) {
  const all = byPlace.get(place)!;
  const pool = [...all];
  const pick: [string, number][] = [];
  while (pick.length < Math.min(perPlace, all.length)) {
    const i = Math.floor(rng.uniform(0, pool.length));
    pick.push(pool.splice(i, 1)[0]);
  }
  drawn.set(place, pick);
}

/** Shot lists of the drawn frames: one per script, at a size and sample setting; their frames keep their indices. */
function jobs(tag: string, pick: Map<string, [string, number][]>, scale: number): ShotList[] {
  const out: ShotList[] = [];
  const bySid = new Map<string, Set<number>>();
  for (const list of pick.values()) for (const [sid, k] of list) bySid.set(sid, (bySid.get(sid) ?? new Set()).add(k));
  for (const [sid, ks] of [...bySid].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const inp = inputs.get(sid)!;
    const { job } = buildShotList({
      sid: `${tag}-${sid}`,
      place: getPlace(inp.timeline.place_id),
      timeline: inp.timeline,
      frames: inp.frames.filter((f) => ks.has(f.index)),
      camera: { ...inp.camera, width: inp.camera.width / scale, height: inp.camera.height / scale },
      settings: final.settings,
    });
    out.push(job);
  }
  return out;
}

// the renders of these lights: a change of a place's lights renders afresh
const key = sha256(JSON.stringify([...drawn.keys()].map((p) => getPlace(p).lights))).slice(0, 12);
const root = join(build, '.stbench', `bench-exposure-${key}`);
async function render(list: ShotList[], n: number): Promise<number> {
  // frames already rendered (and verified) from an earlier run are kept
  for (const job of list) writeShotList(shotListPath(root, job.sid), job);
  const t0 = performance.now();
  let done = 0;
  await renderFrames(
    buildFrameTasks(
      root,
      list.map((job) => ({ job })),
    ),
    {
      samples: n,
      workers,
      workDir: join(root, 'tmp'),
      onFrame: () => {
        done++;
        if (done % 25 === 0) process.stderr.write(`  ${done} frames\n`);
      },
    },
  );
  return (performance.now() - t0) / 1000;
}

const lumaOf = (tag: string, sid: string, k: number) => frameLuma(framePaths(root, `${tag}-${sid}`, k).rgb);

const small = jobs('q', drawn, SCALE);
const nSmall = small.reduce((a, j) => a + j.frames.length, 0);
console.log(
  `exposure: ${nSmall} frames drawn from ${sids.length} scripts of ${build} (${[...drawn].map(([p, l]) => `${p} ${l.length}`).join(', ')}), rendered at ${small[0].camera.width}x${small[0].camera.height}, ${samples} samples, the final preset's settings`,
);
const tSmall = await render(small, samples);
const lumas = new Map<string, number[]>();
for (const [place, list] of drawn) lumas.set(place, await Promise.all(list.map(([sid, k]) => lumaOf('q', sid, k))));
const rows = placeExposure(lumas);

const pct = (x: number, d = 0) => `${(100 * x).toFixed(d)}%`;
console.log(
  `\n| place | frames | too dark (< ${pct(EXPOSURE_DARK)}) | too bright (> ${pct(EXPOSURE_BRIGHT)}) | outside | luma p1 / p50 / p99 | holds (<= 1%) |`,
);
console.log('|---|---|---|---|---|---|---|');
for (const e of rows)
  console.log(
    `| ${e.place} | ${e.frames} | ${e.dark} | ${e.bright} | ${pct(e.outside_share, 1)} | ${pct(e.luma_p01)} / ${pct(e.luma_p50)} / ${pct(e.luma_p99)} | ${e.ok ? 'yes' : 'no'} |`,
  );
console.log(`\nrendered in ${tSmall.toFixed(0)} s (${(tSmall / nSmall).toFixed(2)} s a frame)`);
for (const [place, list] of drawn) {
  const xs = lumas.get(place)!;
  const worst = list
    .map(([sid, k], i) => ({ sid, k, l: xs[i] }))
    .sort((a, b) => Math.abs(a.l - 0.5) - Math.abs(b.l - 0.5))
    .slice(-3);
  console.log(`  ${place}: furthest from mid-grey ${worst.map((w) => `${w.sid} k${w.k} ${pct(w.l, 1)}`).join(', ')}`);
}

if (validate > 0) {
  // the first `validate` drawn frames of each place again, at full size and the final preset
  const pick = new Map([...drawn].map(([p, l]) => [p, l.slice(0, validate)]));
  const full = jobs('v', pick, 1);
  const tFull = await render(full, final.samples);
  let worst = 0;
  const lines: string[] = [];
  for (const [place, list] of pick)
    for (const [sid, k] of list) {
      const a = await lumaOf('q', sid, k);
      const b = await lumaOf('v', sid, k);
      worst = Math.max(worst, Math.abs(a - b));
      lines.push(`  ${place} ${sid} k${k}: small ${pct(a, 2)}, full final ${pct(b, 2)}`);
    }
  console.log(
    `\nvalidation: ${lines.length} frames at ${full[0].camera.width}x${full[0].camera.height} and ${final.samples} samples (${tFull.toFixed(0)} s): the largest difference of mean luma is ${(100 * worst).toFixed(2)} points of full scale\n${lines.join('\n')}`,
  );
}
