/**
 * End to end on the shared fixture (scripted and rendered with the real Blender): compile, check, export and verify
 * through the command line, as a user runs them; then the dataset folder holds exactly what the check kept, and a
 * tampered copy fails verify.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardInt, cardSigned, tableRows } from '../../helpers/card-tables.ts';
import { fixtureCopy } from '../../helpers/shared-build.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(REPO, 'pipeline', 'bin', 'stbench.mjs');

function stbench(...args: string[]) {
  return spawnSync('node', [BIN, ...args], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20 });
}

let dir: string;
let build: string;
let dataset: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-e2e-'));
  build = join(dir, 'build');
  dataset = join(dir, 'dataset');
  await fixtureCopy(build);
}, 1_800_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('script, render, compile, check, export, verify', () => {
  it('runs every stage after the render from the command line and exports a dataset that verifies', () => {
    const compile = stbench('compile', build, '--seed', 'e2e');
    expect(compile.status, compile.stderr).toBe(0);
    const check = stbench('check', build);
    expect(check.status, check.stderr + check.stdout).toBe(0);
    const exp = stbench('export', '--data', build, '--out', dataset, '--version', '0.1.0');
    expect(exp.status, exp.stderr).toBe(0);
    const verify = stbench('verify', dataset);
    expect(verify.status, verify.stderr + verify.stdout).toBe(0);
  }, 900_000);

  it('ships only the families the check kept, and nothing build-only', () => {
    const report = JSON.parse(readFileSync(join(build, 'check_report.json'), 'utf8')) as {
      families: { job: string; family: string; status: string; kept_qids: string[] }[];
    };
    const kept = new Set(report.families.filter((f) => f.status === 'kept').flatMap((f) => f.kept_qids));
    const release = JSON.parse(readFileSync(join(dataset, 'release.json'), 'utf8')) as { counts?: unknown };
    expect(release).toBeTruthy();
    const shipped: string[] = [];
    for (const cid of readdirSync(join(dataset, 'private'))) {
      const q = join(dataset, 'private', cid, 'questions.jsonl');
      if (!existsSync(q)) continue;
      for (const line of readFileSync(q, 'utf8').split('\n').filter(Boolean))
        shipped.push((JSON.parse(line) as { qid: string }).qid);
    }
    expect(shipped.length).toBeGreaterThan(0);
    for (const qid of shipped) expect(kept.has(qid), qid).toBe(true);
    expect(existsSync(join(dataset, '.stbench'))).toBe(false);
    expect(existsSync(join(dataset, 'README.md'))).toBe(true);
    expect(existsSync(join(dataset, 'data', 'questions-dev.parquet'))).toBe(true);
  });

  it("the card's tables are release.json's, the check report's and the shipped reference rows'", () => {
    const md = readFileSync(join(dataset, 'README.md'), 'utf8');
    const release = JSON.parse(readFileSync(join(dataset, 'release.json'), 'utf8'));
    const report = JSON.parse(readFileSync(join(dataset, 'check_report.json'), 'utf8'));
    for (const h of [
      '## The protocol and the run commands',
      '## Scoring and the abilities',
      '## Tolerances',
      '## The check',
      '## Reference results',
      '## Limitations',
    ])
      expect(md).toContain(`\n${h}\n`);
    const total = tableRows(md, '| Layout | Split | Job | Scripts |').at(-1)!;
    expect(cardInt(total[6])).toBe(release.counts.total.questions);
    expect(cardInt(total[7])).toBe(release.counts.total.frames);
    const check = tableRows(md, '| Layout | Job | Family | Questions | Shipped |');
    expect(check.map((r) => `${r[1]} ${r[2]} ${cardInt(r[4])} ${r[5]}`)).toEqual(
      report.families.map(
        (f: { job: string; family: string; kept_qids: string[]; status: string }) =>
          `${f.job} ${f.family} ${f.kept_qids.length} ${f.status}`,
      ),
    );
    // the reference rows: each shipped file's own per-layout figures, in the card's table
    const ref = tableRows(md, '| Layout | System | Headline (95% interval) |');
    const want: string[] = [];
    const layouts = new Set<string>();
    const files = release.results.map((e: { file: string }) => JSON.parse(readFileSync(join(dataset, e.file), 'utf8')));
    for (const r of files) for (const a of r.layouts) layouts.add(a.layout);
    for (const l of [...layouts].sort())
      for (const r of files) {
        const a = r.layouts.find((x: { layout: string }) => x.layout === l);
        if (a) want.push(`${l} ${r.system} ${cardSigned(a.headline)} ${a.now.n} ${a.memory.n} ${r.channel}`);
      }
    expect(
      ref.map(
        (r) => `${r[0]} ${r[1]} ${r[2].split(' ')[0]} ${r[3].split(' over ')[1]} ${r[4].split(' over ')[1]} ${r[7]}`,
      ),
    ).toEqual(want);
    expect(release.results.map((e: { system: string }) => e.system)).toEqual(['all_unknown', 'perfect_reader']);
    // the ceiling is whole on every shipped question of this real build
    for (const row of files[1].rows) expect(row.score_gate).toBe(1);
  });

  it('verify rejects a copy with a frame removed', () => {
    const copy = join(dir, 'tampered');
    cpSync(dataset, copy, { recursive: true });
    const sid = readdirSync(join(copy, 'scripts'))[0];
    const rgb = join(copy, 'scripts', sid, 'sensors', 'rgb');
    unlinkSync(join(rgb, readdirSync(rgb)[0]));
    const verify = stbench('verify', copy);
    expect(verify.status).toBe(1);
    expect(verify.stdout + verify.stderr).toMatch(/missing|000000\.jpg/);
  });
});
