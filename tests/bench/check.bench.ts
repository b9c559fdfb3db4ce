/**
 * Check throughput: cases per second per scripted system over a synthetic release-shaped build (default 40 scripts,
 * one case each; `npx tsx tests/bench/check.bench.ts [SCRIPTS]`). Prints a table; asserts nothing.
 */
import { join } from 'node:path';
import { runMany } from '../../checks/harness/index.ts';
import { SYSTEMS } from '../../checks/systems/registry.ts';
import { makeCheckBuild } from '../helpers/check-fixture.ts';

const scripts = Number(process.argv[2] ?? 40);
const b = makeCheckBuild({ scripts, seed: 'bench' });
const dirs = b.cids.map((c) => join(b.root, 'private', c));
console.log(`check bench: ${dirs.length} cases in ${b.root}`);
console.log('| system | cases | seconds | cases/s |');
console.log('|---|---|---|---|');
for (const [name, sys] of SYSTEMS) {
  const t0 = performance.now();
  const out = await runMany(sys, dirs, { runDir: join(b.root, '.bench', name), channel: 'detections', workers: 2 });
  const s = (performance.now() - t0) / 1000;
  const broken = out.filter((o) => o.status === 'broken').length;
  console.log(
    `| ${name} | ${out.length}${broken ? ` (${broken} broken)` : ''} | ${s.toFixed(2)} | ${(out.length / s).toFixed(1)} |`,
  );
}
