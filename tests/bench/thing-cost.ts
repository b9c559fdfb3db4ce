/**
 * What the things' parts cost the ray-cast truth: the render-quality study's nine views of the places (three a place,
 * each job's camera height and pitch) ray-cast at 640x480 with the things built of their parts by the asset library
 * (layouts/assets/things/) and with each thing one primitive as before, interleaved in one run, `--reps` times each.
 * Prints per place the solids, the CPU milliseconds a frame (this process's: the ray-cast runs on one thread; the
 * least of the rounds, which other work on the machine inflates least) and the ratio.
 *
 *   npx tsx tests/bench/thing-cost.ts [--reps 5]
 */
import { cameraPose, intrinsics } from '../../layouts/camera.ts';
import { getPlace } from '../../layouts/load.ts';
import { placeSolids } from '../../layouts/world.ts';
import { raycastFrame, truthScene } from '../../render/truth/raycast-renderer.ts';
import { thingsAsPrimitives } from '../helpers/things-as-primitives.ts';
import { STUDY_CAMERA, STUDY_VIEWS } from './quality-views.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const reps = Number(arg('reps', '5'));
const k = intrinsics(STUDY_CAMERA.width, STUDY_CAMERA.height, STUDY_CAMERA.hfov_deg);

console.log(
  `thing parts' cost to the ray-cast truth, 640x480, CPU time, the least of ${reps} rounds (after one to warm up)`,
);
console.log(
  '| place | views | solids, things as primitives | with their parts | CPU ms a frame, primitives | parts | ratio |',
);
console.log('|---|---|---|---|---|---|---|');
for (const id of [...new Set(STUDY_VIEWS.map((v) => v.place))]) {
  const views = STUDY_VIEWS.filter((v) => v.place === id);
  const cams = views.map((v) => cameraPose(v.position, v.yaw_deg, v.pitch_deg));
  const place = getPlace(id);
  const solids = { primitives: placeSolids(thingsAsPrimitives(place)), parts: placeSolids(place) };
  const scenes = Object.fromEntries(
    Object.entries(solids).map(([era, s]) => [era, truthScene(s, (_s, i) => i + 1)]),
  ) as Record<keyof typeof solids, ReturnType<typeof truthScene>>;
  const ms: Record<string, number[]> = { primitives: [], parts: [] };
  for (let r = 0; r <= reps; r++)
    for (const era of ['primitives', 'parts'] as const) {
      const t0 = process.cpuUsage();
      for (const c of cams) raycastFrame(k, c, scenes[era]);
      const u = process.cpuUsage(t0);
      if (r > 0) ms[era].push((u.user + u.system) / 1000 / cams.length);
    }
  const [a, b] = [Math.min(...ms.primitives), Math.min(...ms.parts)];
  console.log(
    `| ${id} | ${views.length} | ${solids.primitives.length} | ${solids.parts.length} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`,
  );
}
