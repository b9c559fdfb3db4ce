/**
 * `stbench validate` on job files: every malformed fixture in tests/inputs/bad-jobs/ exits 2 and prints exactly
 * the errors its `.expect` lists (file:line and field path); the shipped jobs validate with exit 0.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { listJobFiles } from '../../../jobs/load.ts';

const CLI = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const BAD = join(REPO_ROOT, 'tests/inputs/bad-jobs');

function validate(files: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'validate', ...files], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Expectation {
  with: string[];
  errors: string[];
}

function readExpect(path: string): Expectation {
  const out: Expectation = { with: [], errors: [] };
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('with:')) out.with.push(line.slice(5).trim());
    else out.errors.push(line);
  }
  return out;
}

/** `line:path` of every printed issue of one file (lines look like FILE:LINE:COL: PATH: MESSAGE). */
function printedFor(stderr: string, file: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) {
    if (!line.startsWith(`${file}:`)) continue;
    const m = /^(\d+):(\d+): (\S+): ./.exec(line.slice(file.length + 1));
    if (m) out.push(`${m[1]}:${m[3]}`);
  }
  return out.sort();
}

const fixtures = readdirSync(BAD)
  .filter((n) => n.endsWith('.yaml'))
  .sort();

describe('stbench validate on malformed jobs', () => {
  it('has a corpus of at least ten fixtures, each with an .expect', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    const names = new Set(readdirSync(BAD));
    for (const f of fixtures) expect(names.has(f.replace(/\.yaml$/, '.expect')), f).toBe(true);
  });

  for (const name of fixtures) {
    it(`reports ${name} with file:line and field path, exit 2`, () => {
      const file = join(BAD, name);
      const exp = readExpect(file.replace(/\.yaml$/, '.expect'));
      expect(exp.errors.length, 'an .expect lists at least one error').toBeGreaterThan(0);
      const r = validate([file, ...exp.with.map((w) => resolve(BAD, w))]);
      expect(r.status, r.stderr).toBe(2);
      expect(printedFor(r.stderr, file)).toEqual([...exp.errors].sort());
      expect(r.stdout).toBe('');
    });
  }
});

describe('stbench validate on the shipped jobs', () => {
  it('ships the four jobs under their file names', () => {
    expect(listJobFiles().map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual([
      'amr-1.yaml',
      'drone-1.yaml',
      'helper-1.yaml',
      'vacuum-2.yaml',
    ]);
  });

  it('validates every job with exit 0 when given the files', () => {
    const r = validate(listJobFiles());
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('jobs/vacuum-2.yaml');
  });

  it('validates the repository by default', () => {
    // with no files, validate checks every job (and place) of the repository
    const out = execFileSync(process.execPath, [CLI, 'validate'], { cwd: REPO_ROOT, encoding: 'utf8' });
    for (const f of ['amr-1', 'drone-1', 'helper-1', 'vacuum-2']) expect(out).toContain(`jobs/${f}.yaml`);
  });
});
