/**
 * Atomic writes under a kill: a writer killed mid-write or just before the rename leaves the old content whole
 * (and a temporary file that sweepTemps removes); killed just after the rename, the new content is there whole.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isTempName,
  REPO_ROOT,
  setFaultHandler,
  sweepTemps,
  writeFileAtomic,
  writeJsonAtomic,
  writeJsonlAtomic,
} from '../../../foundation/index.ts';

const WRITER = join(REPO_ROOT, 'tests/helpers/atomic-writer.ts');
const BIG = 8 * 1024 * 1024;
const OLD = 'the old content\n';

let dir: string;
let target: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-atomic-'));
  target = join(dir, 'data.bin');
  writeFileSync(target, OLD);
});
afterEach(() => {
  setFaultHandler(null);
  rmSync(dir, { recursive: true, force: true });
});

function runWriter(fault: string | undefined) {
  const env = { ...process.env };
  delete env.STBENCH_FAULT;
  delete env.STBENCH_FAULT_AFTER;
  if (fault) env.STBENCH_FAULT = fault;
  return spawnSync(process.execPath, ['--import', 'tsx', WRITER, target, String(BIG), 'x'], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
  });
}

describe('writeFileAtomic killed by a fault hook', () => {
  for (const point of ['atomic:mid-write', 'atomic:before-rename']) {
    it(`keeps the old content when killed at ${point}, and sweepTemps removes the leftover`, () => {
      const r = runWriter(point);
      expect(r.status, r.stderr).toBe(137);
      expect(r.stderr).toContain(`fault hook fired at ${point}`);
      expect(readFileSync(target, 'utf8')).toBe(OLD);
      const left = readdirSync(dir).filter(isTempName);
      expect(left).toHaveLength(1);
      if (point === 'atomic:mid-write') {
        // the temporary file holds the first half only
        expect(readFileSync(join(dir, left[0])).length).toBe(BIG / 2);
      }
      expect(sweepTemps(dir)).toBe(1);
      expect(readdirSync(dir)).toEqual(['data.bin']);
      expect(readFileSync(target, 'utf8')).toBe(OLD);
    });
  }

  it('has the new content whole when killed at atomic:after-rename', () => {
    const r = runWriter('atomic:after-rename');
    expect(r.status, r.stderr).toBe(137);
    const got = readFileSync(target);
    expect(got.length).toBe(BIG);
    expect(got.every((b) => b === 'x'.charCodeAt(0))).toBe(true);
    expect(readdirSync(dir)).toEqual(['data.bin']);
  });

  it('writes the new content when no fault is set', () => {
    const r = runWriter(undefined);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(target).length).toBe(BIG);
    expect(readdirSync(dir)).toEqual(['data.bin']);
  });
});

describe('writeFileAtomic in process', () => {
  it('removes its temporary file when a fault handler throws mid-write', () => {
    setFaultHandler((p) => {
      if (p === 'atomic:mid-write') throw new Error('simulated crash');
    });
    expect(() => writeFileAtomic(target, 'new content')).toThrow('simulated crash');
    expect(readFileSync(target, 'utf8')).toBe(OLD);
    expect(readdirSync(dir)).toEqual(['data.bin']);
  });

  it('creates missing folders and writes JSON and JSONL', () => {
    const j = join(dir, 'a/b/c.json');
    writeJsonAtomic(j, { b: 1, a: [1, 2] });
    expect(JSON.parse(readFileSync(j, 'utf8'))).toEqual({ b: 1, a: [1, 2] });
    const l = join(dir, 'rows.jsonl');
    writeJsonlAtomic(l, [{ x: 1 }, { x: 2 }]);
    expect(readFileSync(l, 'utf8')).toBe('{"x":1}\n{"x":2}\n');
    writeJsonlAtomic(l, []);
    expect(readFileSync(l, 'utf8')).toBe('');
  });

  it('sweepTemps leaves ordinary dot files alone and tolerates a missing folder', () => {
    writeFileSync(join(dir, '.keep'), '');
    writeFileSync(join(dir, '.data.bin.tmp-123-abcd'), 'partial');
    expect(sweepTemps(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['.keep', 'data.bin']);
    expect(sweepTemps(join(dir, 'nope'))).toBe(0);
  });
});
