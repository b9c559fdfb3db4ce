import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';

const ROOT = REPO_ROOT;
const BAD = join(ROOT, 'tests', 'inputs', 'bad-places');
const CLI = join(ROOT, 'pipeline', 'bin', 'stbench.mjs');

function validate(...files: string[]): { code: number; stderr: string } {
  try {
    execFileSync(process.execPath, [CLI, 'validate', ...files], { cwd: ROOT, stdio: 'pipe' });
    return { code: 0, stderr: '' };
  } catch (e) {
    const err = e as { status: number; stderr: Buffer };
    return { code: err.status, stderr: err.stderr.toString() };
  }
}

describe('stbench validate on places', () => {
  const bad = readdirSync(BAD)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

  it('has at least ten malformed places, each with its expectations', () => {
    expect(bad.length).toBeGreaterThanOrEqual(10);
    for (const f of bad) expect(readdirSync(BAD)).toContain(f.replace(/\.yaml$/, '.expect'));
  });

  for (const f of bad) {
    it(`rejects ${f} with exit 2 and every expected line:field`, () => {
      const { code, stderr } = validate(join(BAD, f));
      expect(code).toBe(2);
      const expected = readFileSync(join(BAD, f.replace(/\.yaml$/, '.expect')), 'utf8')
        .split('\n')
        .filter(Boolean);
      expect(expected.length).toBeGreaterThan(0);
      for (const e of expected) {
        const [line, ...rest] = e.split(':');
        const path = rest.join(':') || '(file)';
        const hit = stderr.split('\n').some((l) => l.includes(`${f}:${line}:`) && l.includes(`: ${path}: `));
        expect(hit, `${f}: expected an error at line ${line} on ${path}\n${stderr}`).toBe(true);
      }
    });
  }

  it('accepts the three shipped places', () => {
    const files = ['apartment_a', 'warehouse_a', 'downtown_a'].map((id) => join(ROOT, 'layouts', `${id}.yaml`));
    const { code, stderr } = validate(...files);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
