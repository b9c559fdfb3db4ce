/**
 * What the drone's view over the park costs, feature by feature: the render-cost bench's dt-drone-base view (or
 * `--view ID`, a downtown study view) of downtown_a as it is now, and with one feature taken out of its shot list at a
 * time: the trees' crowns (the leaf clusters), the facades' window rows, the physical sky (the plain background
 * colour instead), and all three together. Rendered side by side at the final preset, interleaved over `--rounds`
 * rounds (2) so that a change of the machine's load falls on every variant; prints the CPU seconds a frame
 * (Blender's render call, all threads, plus the filter) and each variant's ratio to the full view.
 *
 *   nice -n 10 npx tsx tests/bench/drone-cost.ts [--view dt-drone-base] [--rounds 2]
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../foundation/index.ts';
import { getPlace } from '../../layouts/load.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { BlenderProcess } from '../../render/blender-process.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import type { ShotList } from '../../render/shot-list.ts';
import { STUDY_CAMERA, STUDY_VIEWS } from './quality-views.ts';
import { renderFirstFrame } from './render-one.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const view = STUDY_VIEWS.find((v) => v.id === arg('view', 'dt-drone-base'));
if (view?.place !== 'downtown_a') throw new Error(`--view: not a downtown study view (tests/bench/quality-views.ts)`);
const rounds = Number(arg('rounds', '2'));
const final = QUALITY_PRESETS.final;
const WORK = join(REPO_ROOT, 'tests', '.bench-cache', 'drone-cost');

const place = getPlace('downtown_a');
const { job } = buildShotList({
  sid: `cost-${view.id}`,
  place,
  timeline: emptyTimeline(place, 1),
  frames: [{ index: 0, t: 0, camera: { position: view.position, yaw_deg: view.yaw_deg, pitch_deg: view.pitch_deg } }],
  camera: STUDY_CAMERA,
  settings: final.settings,
});
const CROWNS = /^fixed:tree_[^/]+\/crown/;
const WINDOWS = /^fixed:building_[^/]+\/window_/;
const without =
  (re: RegExp) =>
  (j: ShotList): ShotList => ({ ...j, objects: j.objects.filter((o) => !re.test(o.name)) });
const noSky = (j: ShotList): ShotList => {
  const { sky: _sky, ...world } = j.world;
  return { ...j, world };
};
const VARIANTS: { id: string; make: (j: ShotList) => ShotList }[] = [
  { id: 'now', make: (j) => j },
  { id: 'without the crowns', make: without(CROWNS) },
  { id: 'without the windows', make: without(WINDOWS) },
  { id: 'without the physical sky', make: noSky },
  { id: 'without all three', make: (j) => noSky(without(WINDOWS)(without(CROWNS)(j))) },
];

console.log(
  `drone view cost: ${view.id}, ${final.samples} samples + ${final.settings.post_filter ?? 'no'} filter, ${STUDY_CAMERA.width}x${STUDY_CAMERA.height}, ${rounds} rounds`,
);
const cpu = new Map<string, number[]>();
rmSync(WORK, { recursive: true, force: true });
const proc = new BlenderProcess({ samples: final.samples, workDir: join(WORK, 'tmp'), timeoutPerSampleS: 20 });
try {
  for (let r = 0; r < rounds; r++)
    for (const v of VARIANTS) {
      const dir = join(WORK, `${r}-${v.id.replace(/\W+/g, '-')}`);
      mkdirSync(dir, { recursive: true });
      const made = v.make(job);
      const res = await renderFirstFrame(proc, made, dir);
      cpu.set(v.id, [...(cpu.get(v.id) ?? []), res.cpu_s]);
      process.stderr.write(`  round ${r} ${v.id} (${made.objects.length} objects): ${res.cpu_s.toFixed(1)} CPU s\n`);
    }
} finally {
  await proc.close();
}
const mean = (id: string) => cpu.get(id)!.reduce((a, b) => a + b, 0) / cpu.get(id)!.length;
console.log('\n| variant | CPU s a frame | to now |');
console.log('|---|---|---|');
for (const v of VARIANTS)
  console.log(`| ${v.id} | ${mean(v.id).toFixed(1)} | ${(mean(v.id) / mean('now')).toFixed(2)} |`);
