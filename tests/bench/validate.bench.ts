/**
 * Validation cost on hostile inputs (not in CI): wall time and resident memory of validateInputs on a job with
 * 40,000 unknown fields (about 900 KB), a job at the 1 MiB size limit of flow lists, an alias bomb and a 10 MB job
 * (refused before it is read). The rules it shows: the cost is linear and bounded by the size limit.
 *
 *   npx tsx tests/bench/validate.bench.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../foundation/index.ts';
import { validateInputs } from '../../pipeline/validate-inputs.ts';

const job = readFileSync(join(REPO_ROOT, 'jobs/helper-1.yaml'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'stbench-validate-bench-'));
mkdirSync(join(dir, 'jobs'));
const file = join(dir, 'jobs', 'helper-1.yaml');

function fill(line: (i: number) => string, bytes: number): string {
  const parts = [job];
  let n = job.length;
  for (let i = 0; n < bytes; i++) {
    const l = line(i);
    parts.push(l);
    n += l.length;
  }
  return parts.join('');
}

const inputs: [string, string][] = [
  ['40,000 unknown fields', fill((i) => `unknown_field_${i}: 1\n`, 900_000)],
  ['1 MiB of flow lists', fill((i) => `list_${i}: [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]\n`, (1 << 20) - 64)],
  [
    'alias bomb',
    job +
      'a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n',
  ],
  ['10 MB (over the limit)', fill((i) => `# padding ${i}\n`, 10_000_000)],
];

for (const [name, text] of inputs) {
  writeFileSync(file, text);
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const r = validateInputs([file]);
  const ms = performance.now() - t0;
  const rss = (process.memoryUsage().rss - rss0) / (1 << 20);
  console.log(
    `${name.padEnd(24)} ${(text.length / 1024).toFixed(0).padStart(6)} KB  ${ms.toFixed(0).padStart(6)} ms  +${rss.toFixed(0)} MiB rss  ${r.issues.length} problems`,
  );
}
rmSync(dir, { recursive: true, force: true });
