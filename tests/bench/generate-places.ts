/**
 * A place generator at many seeds (not in CI): places generated a second, and how many pass the place rules (the
 * loader's checkPlace, as `stbench validate`) and the routes of every job of the kind between every pair of its
 * stops (exist, keep the body clear, keep C where the place leaves room; tests/helpers/place-routes.ts): for a
 * warehouse the AMR's charger, packing tables, shelves and hand-off spot, its 0.45 m kept in every aisle driven
 * through and four aisles or more; for an apartment the vacuum's dock, call spot and a spot in every room, and the
 * helper's parking and surfaces. Every failure is printed with its seed and the reason.
 *
 *   nice -n 10 npx tsx tests/bench/generate-places.ts [--kind warehouse|apartment] [--seeds 200] [--from 0]
 */
import { getJob, loadAllJobs } from '../../jobs/load.ts';
import { robotNeeds } from '../../jobs/camera.ts';
import { PLACE_GENERATORS } from '../../layouts/generate/index.ts';
import { PlaceKind } from '../../layouts/place-schema.ts';
import { readPlaceText } from '../../layouts/load.ts';
import { aisleFailures, checkLegs, routeSetup } from '../helpers/place-routes.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const N = Number(opt('--seeds', '200'));
const FROM = Number(opt('--from', '0'));

const KIND = PlaceKind.parse(opt('--kind', 'warehouse'));
const gen = PLACE_GENERATORS[KIND];
if (!gen) throw new Error(`no generator for ${KIND} places`);
const jobs = loadAllJobs()
  .map((l) => l.value)
  .filter((j) => j.place_kind === KIND);
const robot = robotNeeds(getJob(gen.sizedFor));
const seeds = Array.from({ length: N }, (_, i) => String(FROM + i));

// generation alone
const t0 = performance.now();
const made = seeds.map((seed) => ({ seed, ...gen.generate(seed, robot) }));
const genS = (performance.now() - t0) / 1000;

let rulesOk = 0;
let routesOk = 0;
let legs = 0;
let checkS = 0;
let routeS = 0;
const failures: string[] = [];
for (const g of made) {
  const t1 = performance.now();
  const read = readPlaceText(g.yaml, `${g.id}.yaml`);
  checkS += (performance.now() - t1) / 1000;
  if (!read.place) {
    for (const i of read.issues.slice(0, 3)) failures.push(`seed ${g.seed} (${g.id}) rules: ${i.path}: ${i.message}`);
    continue;
  }
  rulesOk++;
  const t2 = performance.now();
  const bad: string[] = [];
  for (const job of jobs) {
    const st = routeSetup(job, read.place.place, { handoff: true });
    const res = checkLegs(st);
    bad.push(...res.failures, ...res.keepC);
    if (KIND === 'warehouse') {
      bad.push(...aisleFailures(st));
      const aisles = st.place.rooms.filter((r) => r.id.startsWith('aisle_')).length;
      if (aisles < 4) bad.push(`${aisles} aisles, fewer than four`);
    }
    legs += st.legs.length;
  }
  routeS += (performance.now() - t2) / 1000;
  if (bad.length === 0) routesOk++;
  for (const b of bad.slice(0, 3)) failures.push(`seed ${g.seed} (${g.id}) routes: ${b}`);
}

const ids = new Set(made.map((g) => g.id));
console.log(
  `seeds ${FROM}..${FROM + N - 1}: ${N} ${KIND}s, ${ids.size} distinct ids (routes of ${jobs.map((j) => j.id).join(', ')})`,
);
console.log(`generated: ${(N / genS).toFixed(0)} places/s (${((genS / N) * 1000).toFixed(1)} ms a place)`);
console.log(
  `checked: ${(N / (genS + checkS)).toFixed(2)} places/s with the place rules, ${(N / (genS + checkS + routeS)).toFixed(2)} with the routes too (${legs} legs)`,
);
console.log(`place rules: ${rulesOk} of ${N} pass`);
console.log(`routes: ${routesOk} of ${rulesOk} pass`);
for (const f of failures) console.log(`  FAIL ${f}`);
