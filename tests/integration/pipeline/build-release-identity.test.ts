/**
 * `stbench build` passes the release's identity through to the export: `--version` and `--repo-id` reach
 * release.json and the card, and a bad one is refused (exit 2) before the first stage writes anything. Built
 * truth-only (`--engine raycast`) from the demo preset, so no Blender runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';

const BIN = join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs');
const stbench = (args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('stbench build --version --repo-id', () => {
  let tmp: string;
  let built: ReturnType<typeof stbench>;

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'stbench-build-id-'));
    built = stbench([
      'build',
      '--preset',
      'demo',
      '--engine',
      'raycast',
      '--out',
      join(tmp, 'build'),
      '--workers',
      '2',
      '--version',
      '0.3.1',
      '--repo-id',
      'robot-team/stbench-demo',
    ]);
  }, 600_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes the version and hub id into release.json and the card', () => {
    expect(built.status, built.stderr.slice(-2000)).toBe(0);
    const dataset = join(tmp, 'build-dataset');
    const release = JSON.parse(readFileSync(join(dataset, 'release.json'), 'utf8'));
    expect(release.version).toBe('0.3.1');
    expect(release.repo_id).toBe('robot-team/stbench-demo');
    const card = readFileSync(join(dataset, 'README.md'), 'utf8');
    expect(card).toContain('`robot-team/stbench-demo`, version 0.3.1');
    expect(card).toContain('--revision v0.3.1');
  });

  it('refuses a bad version or hub id before any stage runs', () => {
    for (const [flag, value] of [
      ['--version', '1.0'],
      ['--repo-id', 'no-slash'],
    ]) {
      const out = join(tmp, `bad${flag}`);
      const r = stbench(['build', '--preset', 'demo', '--engine', 'raycast', '--out', out, flag, value]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain(`${flag} must be`);
      expect(existsSync(out), `${flag} ${value}`).toBe(false);
    }
  });
});
