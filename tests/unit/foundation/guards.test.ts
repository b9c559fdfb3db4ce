/**
 * The shared guards: stage locks between processes (a live holder refuses a second run, a killed one's lock is
 * taken over), the atomic writer on a full disk or a path it cannot write (a clear error, the old file whole, no
 * temporary file), the output-path guard (links, folders, inputs, datasets) and NaN-tolerant JSON.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireLock,
  checkOutputFile,
  checkOutputFolder,
  parseJsonNonFinite,
  REPO_ROOT,
  setFaultHandler,
  stageLockPath,
  UsageError,
  WriteFailed,
  writeFileAtomic,
} from '../../../foundation/index.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';
import { gold } from '../../helpers/score-fixture.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-guards-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => setFaultHandler(null));

/** Start a process that holds `file` and resolve once it does. */
async function holder(file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'tests/helpers/hold-lock.ts'), file], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c) => String(c).includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  const gone = new Promise<void>((r) => child.on('exit', () => r()));
  return { child, gone };
}

describe('stage locks', () => {
  it('a second run of a stage on one build is refused while the first lives, and takes over once it was killed', async () => {
    const build = join(dir, 'locked');
    makeBlankBuild(build, 'lock', [{ job: 'helper/1', count: 1, tasks: 2, framesPerTask: 2 }]);
    const file = stageLockPath(build, 'compile');
    const h = await holder(file);
    const r = await runCli(['compile', build, '--workers', '1']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`in use by a test holding the lock \\(pid ${h.child.pid} `));
    expect(existsSync(join(build, 'compile_report.json'))).toBe(false);
    h.child.kill('SIGKILL');
    await h.gone;
    expect(existsSync(file)).toBe(true); // a kill leaves the lock file behind
    const again = await runCli(['compile', build, '--workers', '1']);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(build, '.stbench', 'locks'))).toBe(false);
  });

  it('is re-entrant within a process and released when the last holder lets go', () => {
    const file = join(dir, 'reentrant', '.lock');
    const a = acquireLock(file, 'outer');
    const b = acquireLock(file, 'inner');
    b.release();
    expect(existsSync(file)).toBe(true);
    a.release();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(dir, 'reentrant'))).toBe(false); // the folder made for the lock goes with it
  });
});

describe('the atomic writer when the disk fails', () => {
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

  it('a full disk mid-write: WriteFailed naming the file, the old file whole, no temporary file', () => {
    const d = join(dir, 'full');
    mkdirSync(d);
    const target = join(d, 'data.json');
    writeFileSync(target, 'old\n');
    setFaultHandler((p) => {
      if (p === 'atomic:mid-write') throw enospc();
    });
    let err: unknown;
    try {
      writeFileAtomic(target, 'new content that does not fit\n');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WriteFailed);
    expect((err as WriteFailed).message).toBe(
      `cannot write ${target}: no space left on the device (ENOSPC); the old file, if any, is unchanged`,
    );
    expect((err as WriteFailed).exitCode).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(readdirSync(d)).toEqual(['data.json']);
  });

  it('a target that is a folder: WriteFailed, and the temporary file is removed', () => {
    const d = join(dir, 'isdir');
    mkdirSync(join(d, 'target'), { recursive: true });
    expect(() => writeFileAtomic(join(d, 'target'), 'x')).toThrow(/cannot write .*target: it is a folder \(EISDIR\)/);
    expect(readdirSync(d)).toEqual(['target']);
  });

  it('a folder that cannot be made (a file in the way): WriteFailed, nothing written', () => {
    const d = join(dir, 'blocked');
    mkdirSync(d);
    writeFileSync(join(d, 'sub'), 'a file, not a folder');
    expect(() => writeFileAtomic(join(d, 'sub', 'x.json'), 'x')).toThrow(WriteFailed);
    expect(readdirSync(d)).toEqual(['sub']);
  });

  it('stbench score on a full disk exits 1 with one clear line, and the old output stays whole', async () => {
    const d = join(dir, 'score-full');
    mkdirSync(d);
    const g = gold('clear_path', { value: 1 });
    writeFileSync(join(d, 'gold.jsonl'), JSON.stringify(g) + '\n');
    writeFileSync(join(d, 'answers.jsonl'), JSON.stringify({ qid: g.qid, answer: { type: 'unknown' } }) + '\n');
    writeFileSync(join(d, 'scored.jsonl'), 'yesterday\n');
    setFaultHandler((p) => {
      if (p === 'atomic:mid-write') throw enospc();
    });
    const r = await runCli([
      'score',
      join(d, 'gold.jsonl'),
      join(d, 'answers.jsonl'),
      '--out',
      join(d, 'scored.jsonl'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `stbench: cannot write ${join(d, 'scored.jsonl')}: no space left on the device (ENOSPC); the old file, if any, is unchanged`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(join(d, 'scored.jsonl'), 'utf8')).toBe('yesterday\n');
    expect(readdirSync(d).sort()).toEqual(['answers.jsonl', 'gold.jsonl', 'scored.jsonl']);
  });
});

describe('the output-path guard', () => {
  it('refuses a link, a folder for a file, a file for a folder, an input, and a path inside a dataset', () => {
    const d = join(dir, 'paths');
    mkdirSync(join(d, 'folder'), { recursive: true });
    writeFileSync(join(d, 'input.jsonl'), '');
    symlinkSync(join(d, 'input.jsonl'), join(d, 'link.jsonl'));
    const ds = join(d, 'dataset');
    mkdirSync(join(ds, 'private'), { recursive: true });
    writeFileSync(join(ds, 'release.json'), '{"format": "stbench.release/1", "files": {}}\n');
    const rules = { flag: '--out', inputs: [join(d, 'input.jsonl')] };
    expect(() => checkOutputFile(join(d, 'link.jsonl'), rules)).toThrow(/is a symbolic link/);
    expect(() => checkOutputFile(join(d, 'folder'), rules)).toThrow(/is a folder/);
    expect(() => checkOutputFolder(join(d, 'input.jsonl'), rules)).toThrow(/is a file, not a folder/);
    expect(() => checkOutputFile(join(d, 'input.jsonl'), rules)).toThrow(/is the input/);
    expect(() => checkOutputFile(join(d, 'folder', '..', 'input.jsonl'), rules)).toThrow(/is the input/);
    expect(() => checkOutputFile(join(ds, 'private', 'x.json'), rules)).toThrow(/lies in the dataset/);
    expect(() => checkOutputFolder(d, { flag: '--out', inputs: [join(d, 'folder')] })).toThrow(/holds the input/);
    expect(() => checkOutputFolder(join(d, 'folder'), { flag: '--out', owned: () => 'not mine' })).not.toThrow(); // empty
    writeFileSync(join(d, 'folder', 'a.txt'), '');
    expect(() => checkOutputFolder(join(d, 'folder'), { flag: '--out', owned: () => 'is not mine' })).toThrow(
      UsageError,
    );
    expect(checkOutputFile(join(d, 'new.jsonl'), rules)).toBe(join(d, 'new.jsonl'));
  });
});

describe('JSON as Python writes it', () => {
  it('reads bare NaN and Infinity as the strings of themselves, and leaves strings and other errors alone', () => {
    expect(parseJsonNonFinite('{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN inside", "d": 1.5}')).toEqual({
      a: 'NaN',
      b: ['Infinity', '-Infinity'],
      c: 'NaN inside',
      d: 1.5,
    });
    expect(parseJsonNonFinite('{"s": "x\\"NaN"}')).toEqual({ s: 'x"NaN' });
    expect(() => parseJsonNonFinite('{"a": NaNa}')).toThrow(SyntaxError);
    expect(() => parseJsonNonFinite('{"a": nan}')).toThrow(SyntaxError);
  });

  it('a NaN in one answer makes only that answer invalid in stbench score', async () => {
    const d = join(dir, 'nan');
    mkdirSync(d);
    const g1 = gold('clear_path', { value: 1 });
    const g2 = gold('clear_path', { value: 2 });
    writeFileSync(join(d, 'gold.jsonl'), [g1, g2].map((g) => JSON.stringify(g)).join('\n') + '\n');
    writeFileSync(
      join(d, 'answers.jsonl'),
      `{"qid": "${g1.qid}", "answer": {"type": "number", "value": NaN}}\n{"qid": "${g2.qid}", "answer": {"type": "number", "value": 2}}\n`,
    );
    const r = await runCli(['score', join(d, 'gold.jsonl'), join(d, 'answers.jsonl')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows[0]).toMatchObject({
      qid: g1.qid,
      answered: 'invalid',
      reason: 'invalid answer: value is not a number ("NaN")',
    });
    expect(rows[1]).toMatchObject({ qid: g2.qid, answered: 'value', s: 1 });
  });
});

describe('the CLI never prints a stack trace', () => {
  it('a missing file given to the real process is one located line and exit 2', () => {
    const r = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'pipeline/bin/stbench.mjs'), 'validate', join(dir, 'nope.yaml')],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'nope.yaml')}: (file): cannot read: no such file or folder (ENOENT)`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
