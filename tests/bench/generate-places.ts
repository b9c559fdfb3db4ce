/**
 * The warehouse generator at many seeds (not in CI): places generated a second, and how many pass the place rules
 * (the loader's checkPlace, as `stbench validate`) and the routes of the AMR between every pair of its sites (its
 * charger, packing tables, shelves and hand-off spot: exist, keep the body clear, keep C where the place leaves
 * room, keep its 0.45 m in every aisle driven through; tests/helpers/place-routes.ts). Every failure is printed
 * with its seed and the reason.
 *
 *   nice -n 10 npx tsx tests/bench/generate-places.ts [--seeds 200] [--from 0]
 */
import { getJob } from '../../jobs/load.ts';
import { robotNeeds } from '../../jobs/camera.ts';
import { generateWarehouse } from '../../layouts/generate/index.ts';
import { readPlaceText } from '../../layouts/load.ts';
import { aisleFailures, checkLegs, routeSetup } from '../helpers/place-routes.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const N = Number(opt('--seeds', '200'));
const FROM = Number(opt('--from', '0'));

const job = getJob('amr/1');
const robot = robotNeeds(job);
const seeds = Array.from({ length: N }, (_, i) => String(FROM + i));

// generation alone
const t0 = performance.now();
const made = seeds.map((seed) => ({ seed, ...generateWarehouse(seed, robot) }));
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
  const st = routeSetup(job, read.place.place, { handoff: true });
  const res = checkLegs(st);
  const bad = [...res.failures, ...res.keepC, ...aisleFailures(st)];
  const aisles = st.place.rooms.filter((r) => r.id.startsWith('aisle_')).length;
  if (aisles < 4) bad.push(`${aisles} aisles, fewer than four`);
  routeS += (performance.now() - t2) / 1000;
  legs += st.legs.length;
  if (bad.length === 0) routesOk++;
  for (const b of bad.slice(0, 3)) failures.push(`seed ${g.seed} (${g.id}) routes: ${b}`);
}

const ids = new Set(made.map((g) => g.id));
console.log(`seeds ${FROM}..${FROM + N - 1}: ${N} warehouses, ${ids.size} distinct ids`);
console.log(`generated: ${(N / genS).toFixed(0)} places/s (${((genS / N) * 1000).toFixed(1)} ms a place)`);
console.log(
  `checked: ${(N / (genS + checkS)).toFixed(2)} places/s with the place rules, ${(N / (genS + checkS + routeS)).toFixed(2)} with the routes too (${legs} legs)`,
);
console.log(`place rules: ${rulesOk} of ${N} pass`);
console.log(`routes: ${routesOk} of ${rulesOk} pass`);
for (const f of failures) console.log(`  FAIL ${f}`);
