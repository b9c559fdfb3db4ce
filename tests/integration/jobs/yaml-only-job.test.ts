/**
 * A new job is one YAML file, and a new question family one module: a job written to a folder outside the
 * repository (STBENCH_JOBS), named nowhere in the code, asking thing_range (a family no release job asks), is
 * scripted, ray-cast (truth only), compiled, checked and exported through the CLI. The family reaches the gold rows,
 * the scorer (the perfect reader scores it 1, the floor 0), the gates and the card.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { GoldRow } from '../../../formats/gold-row.ts';

const BIN = join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs');
const JOB = 'porter/1';

/** helper/1's YAML as a new job, porter/1, that also asks thing_range first in its second slot. */
function porterYaml(): string {
  const src = readFileSync(join(REPO_ROOT, 'jobs', 'helper-1.yaml'), 'utf8');
  const out = src
    .replace(/^id: helper\/1$/m, `id: ${JOB}`)
    .replace(/^name: helper$/m, 'name: porter')
    .replace(/^ {4}- \[way_to, ego_now,/m, '    - [thing_range, way_to, ego_now,')
    .replace(/^families:\n/m, 'families:\n  - thing_range\n');
  expect(out).toContain('thing_range, way_to');
  expect(out).toMatch(/^families:\n {2}- thing_range$/m);
  return out;
}

describe('a job that is one YAML file, asking a family that is one module', () => {
  let tmp: string;
  let build: string;
  let env: NodeJS.ProcessEnv;
  const run = (args: string[]) =>
    execFileSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'stbench-yaml-job-'));
    const jobs = join(tmp, 'my-jobs');
    mkdirSync(jobs);
    writeFileSync(join(jobs, 'porter-1.yaml'), porterYaml());
    env = { ...process.env, STBENCH_JOBS: jobs };
    build = join(tmp, 'build');
    run([
      'script',
      '--job',
      JOB,
      '--count',
      '1',
      '--tasks',
      '1',
      '--max-frames',
      '40',
      '--seed',
      'porter-3',
      '--out',
      build,
    ]);
    run(['render', build, '--engine', 'raycast', '--workers', '1']);
    run(['compile', build, '--seed', 'porter-3', '--workers', '1']);
    try {
      run(['check', build, '--workers', '1']);
    } catch (e) {
      // a gate that fails on so small a build exits 1 after writing the report; the report is what is read here
      if ((e as { status?: number }).status !== 1) throw e;
    }
  }, 600_000);

  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is found by validate and scripted with nothing about it in code', () => {
    expect(run(['validate'])).toMatch(/ok/i);
    const sids = readdirSync(join(build, 'scripts'));
    expect(sids).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(build, 'scripts', sids[0], 'robot.json'), 'utf8')).job).toBe(JOB);
  });

  it('writes thing_range questions whose gold rows the scorer reads', () => {
    const cases = readdirSync(join(build, 'private')).filter(
      (c) => c !== 'index' && !readdirSync(join(build, 'scripts')).includes(c),
    );
    const rows = cases.flatMap((c) =>
      readFileSync(join(build, 'private', c, 'gold.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => GoldRow.parse(JSON.parse(l))),
    );
    const range = rows.filter((g) => g.family === 'thing_range');
    expect(range.length).toBeGreaterThan(0);
    for (const g of range) {
      expect(g).toMatchObject({
        job: JOB,
        kind: 'situation',
        ability: 'distance',
        column: 'now',
        answer_type: 'number',
        harmful_side: 'longer',
        catastrophe: null,
      });
      expect(g.value as number).toBeGreaterThan(0);
    }
  });

  it('is gated like any family: the perfect reader scores it 1 and always-unknown 0', () => {
    const report = JSON.parse(readFileSync(join(build, 'check_report.json'), 'utf8'));
    const fam = report.families.find(
      (f: { job: string; family: string }) => f.job === JOB && f.family === 'thing_range',
    );
    expect(fam).toBeDefined();
    expect(fam.systems.perfect_reader).toBe(1);
    expect(fam.systems.all_unknown).toBe(0);
    expect(fam.gates.ceiling.verdict).toBe('pass');
    expect(report.broken_instruments ?? []).toEqual([]);
  });

  it('reaches the card', () => {
    const out = join(tmp, 'dataset');
    run(['export', '--data', build, '--out', out, '--truth-only', '--version', '0.0.1']);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('thing_range');
  });
});
