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
    expect(existsSync(join(dataset, 'data', 'questions.parquet'))).toBe(true);
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
