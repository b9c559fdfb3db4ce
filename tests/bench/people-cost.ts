/**
 * What the person figure costs the ray-cast truth: the scene of tests/helpers/people-scene.ts ray-cast at 640x480 from
 * the three views of tests/integration/render/people-crosscheck.test.ts, with the figure as it is now and as it was
 * at `--before` (layouts/person-figure.ts at that commit, by default cc23fc0: seven boxes, a cylinder and a sphere),
 * interleaved in one run, `--reps` times each. Prints the milliseconds a frame and the ratio. The scene is people
 * close up (about a tenth of the pixels); a frame of a script holds far fewer.
 *
 *   npx tsx tests/bench/people-cost.ts [--before cc23fc0] [--reps 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../../foundation/index.ts';
import { cameraPose, intrinsics } from '../../layouts/camera.ts';
import { personSolids } from '../../layouts/person-figure.ts';
import { worldAt } from '../../layouts/timeline.ts';
import { placeSolids } from '../../layouts/world.ts';
import { raycastFrame, truthScene } from '../../render/truth/raycast-renderer.ts';
import { PEOPLE_T, peopleScene } from '../helpers/people-scene.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const before = arg('before', 'cc23fc0');
const reps = Number(arg('reps', '5'));

// the figure at `before`, its imports pointed at today's modules
const dir = join(REPO_ROOT, 'tests', '.bench-cache', 'people-cost', before);
mkdirSync(dir, { recursive: true });
const text = execFileSync('git', ['show', `${before}:layouts/person-figure.ts`], { cwd: REPO_ROOT, encoding: 'utf8' });
const file = join(dir, 'person-figure.ts');
writeFileSync(
  file,
  text.replace(/from '\.\/([^']+)'/g, (_, m) => `from '${join(REPO_ROOT, 'layouts', m)}'`),
);
const old = (await import(file)) as { personSolids: typeof personSolids };

const { place, timeline } = peopleScene();
const state = worldAt(timeline, PEOPLE_T);
const structure = placeSolids(place, { ...state, people: {} });
const scene = (figure: typeof personSolids) =>
  truthScene(
    [...structure, ...place.people.flatMap((p) => (state.people[p.id] ? figure(p, state.people[p.id]) : []))],
    (_s, i) => i + 1,
  );
const k = intrinsics(640, 480, 80);
const cams = [
  cameraPose([0, -2.8, 1.0], 90, -12),
  cameraPose([0.4, -2.2, 0.15], 90, 10),
  cameraPose([0, 17.2, 1.2], 90, -8),
];
const figures = { before: old.personSolids, now: personSolids };
const ms: Record<string, number[]> = { before: [], now: [] };
for (let r = 0; r <= reps; r++)
  for (const [era, figure] of Object.entries(figures)) {
    const sc = scene(figure);
    const t0 = performance.now();
    for (const c of cams) raycastFrame(k, c, sc);
    // the first round warms up and is not counted
    if (r > 0) ms[era].push((performance.now() - t0) / cams.length);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const parts = (figure: typeof personSolids) => figure(place.people[0], state.people[place.people[0].id]).length;
console.log(`people scene, ${place.people.length} people, 640x480, ${cams.length} views, median of ${reps}:`);
console.log(
  `  before (${before}): ${parts(old.personSolids)} solids a person, ${median(ms.before).toFixed(1)} ms a frame`,
);
console.log(`  now: ${parts(personSolids)} solids a person, ${median(ms.now).toFixed(1)} ms a frame`);
console.log(`  ratio: ${(median(ms.now) / median(ms.before)).toFixed(2)}`);
