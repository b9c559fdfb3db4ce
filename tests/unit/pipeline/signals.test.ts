/**
 * A signal at any point of every long command (script, render --engine raycast, compile, check, export, eval, view,
 * build, verify): the real CLI in a child process gets SIGINT, SIGTERM or SIGHUP either from this test, while the
 * command is held in the middle of its work (STBENCH_FAULT with STBENCH_FAULT_HOLD: the command waits at a fault
 * point, without turning its event loop, until the test has sent the signal and removed the hold file, so the signal
 * always comes before the command's end), or from the command itself at a fault point (STBENCH_FAULT with
 * STBENCH_FAULT_SIGNAL, foundation/atomic.ts); the points (a write, a file hashed) and how often they are reached are
 * counted on the uninterrupted run through STBENCH_FAULT_LOG. Each time the command is gone with 128 + the signal's
 * number (a hang guard, not a timing check, marks one that is not), leaves no temporary file, no lock and nothing of
 * its own in its TMPDIR, and the same command run again ends with the bytes of one uninterrupted run (stage manifests
 * without their `updated` time, saved answers without their timings). A signal in the middle of export's or verify's
 * hashing stops it there: no file is hashed after it (the fault log of the interrupted run).
 *
 * `build` is cut at its first ray-cast frame in every run, the uninterrupted one included (a whole build is minutes),
 * as by `kill -9` (exit 137, a fault hook: the only cut that falls on the same byte every time): its script stage,
 * the stage the signal used to wait behind, is what is interrupted and resumed; the later stages are the commands
 * above. Lock files are compared by their absence, not their bytes (a cut run's hold its pid).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { makeBuild } from '../../helpers/export-fixture.ts';
import { makeBlankBuild, scriptJob } from '../../helpers/raycast-build.ts';
import { readTranscript } from '../../../checks/harness/index.ts';
import { treePaths } from '../../helpers/tree-snapshot.ts';

const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const HANG_GUARD_MS = 120_000;
const TEST_MS = 600_000;

type Sig = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const CODE: Record<Sig, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/**
 * When the signal comes: from this test while the command is held at the nth time a fault point is reached (`held`),
 * or from the command itself there. `nothingAfter`: a point the interrupted run never reaches after the signal's.
 */
interface When {
  point: string;
  nth: (log: string[]) => number;
  label: string;
  signal: Sig;
  held?: boolean;
  workers?: string;
  nothingAfter?: string;
}

interface Run {
  code: number | null;
  stderr: string;
  hung: boolean;
  /** whether the command was held (and the signal was sent) */
  sent: boolean;
}

let dir: string;
/** the children's TMPDIR (one for all: tsx keeps its cache there) */
let tmp: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-signals-'));
  tmp = join(dir, 'tmp');
  mkdirSync(tmp);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run the CLI; with `hold`, send `signal` when the command says it is held, then remove the hold file. */
function stbench(args: readonly string[], env: Record<string, string> = {}, hold?: { file: string; signal: Sig }) {
  const base: Record<string, string | undefined> = { ...process.env, TMPDIR: tmp };
  for (const k of Object.keys(base)) if (k.startsWith('STBENCH_FAULT')) delete base[k];
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  let sent = false;
  let hung = false;
  const seen = () => {
    if (hold && !sent && /fault hook holds at/.test(stderr)) {
      sent = true;
      child.kill(hold.signal);
      rmSync(hold.file, { force: true });
    }
  };
  child.stdout.on('data', (c) => {
    out += c;
    seen();
  });
  child.stderr.on('data', (c) => {
    stderr += c;
    seen();
  });
  const guard = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, HANG_GUARD_MS);
  return new Promise<Run>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr: `${stderr}\n${out}`, hung, sent });
    }),
  );
}

/**
 * path -> sha256 of every file under root, with the fields that record when, how fast or where masked: an answers
 * file's timings, a stage record's update time, run.json's data folder, and of a transcript its last attempt (an
 * interrupted case is run again as a new attempt of the same file) without its clock fields.
 */
function files(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of treePaths(root)) {
    const abs = join(root, rel);
    if (!lstatSync(abs).isFile() || rel.endsWith('.lock')) continue;
    let text: string | Buffer = readFileSync(abs);
    if (rel.includes('/answers/') && rel.endsWith('.json')) {
      const { timings: _t, ...rest } = JSON.parse(text.toString('utf8'));
      text = JSON.stringify(rest);
    } else if (rel.split('/').includes('transcripts') && rel.endsWith('.jsonl')) {
      const last = readTranscript(abs).at(-1) ?? [];
      text = JSON.stringify(last.map(({ ms: _m, at: _a, wall_ms: _w, attempt: _n, ...e }) => e));
    } else if (rel.endsWith('run.json') && !rel.includes('/answers/'))
      text = text.toString('utf8').replace(/"data": "[^"]*"/, '"data": "-"');
    else if (rel.split('/').includes('.stbench') && rel.endsWith('.json'))
      text = text.toString('utf8').replace(/"updated": "[^"]*"/, '"updated": "-"');
    out[rel] = createHash('sha256').update(text).digest('hex');
  }
  return out;
}

const temps = (root: string) => treePaths(root).filter((p) => p.split('/').some((part) => part.includes('.tmp-')));
const locks = (root: string) => treePaths(root).filter((p) => p.endsWith('.lock'));
const ours = () => readdirSync(tmp).filter((n) => n.startsWith('stbench-'));
const count = (point: string) => (log: string[]) => log.filter((p) => p === point).length;
const half = (point: string) => (log: string[]) => Math.max(1, Math.ceil(count(point)(log) / 2));

interface LongCommand {
  name: string;
  /** the inputs of a run, made fresh under `w` */
  prepare: (w: string) => void;
  args: (w: string) => string[];
  points: When[];
  /** env of every run (build: where every run is cut) */
  env?: Record<string, string>;
  /** the exit code of a run that is not interrupted (build: cut by its own signal) */
  done?: number;
}

/**
 * The uninterrupted run of a command (once), then each interruption in a fresh copy of its inputs and the run that
 * resumes it.
 */
function signalTests(c: LongCommand): void {
  describe(`a signal to stbench ${c.name}`, () => {
    let want: Record<string, string>;
    let log: string[];
    beforeAll(async () => {
      const w = join(dir, `${c.name}-reference`);
      c.prepare(w);
      const logFile = join(dir, `${c.name}-faults.log`);
      const r = await stbench(c.args(w), { ...c.env, STBENCH_FAULT_LOG: logFile });
      expect(r.code, r.stderr).toBe(c.done ?? 0);
      want = files(w);
      log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
      expect(log.length).toBeGreaterThan(0);
    }, TEST_MS);

    c.points.forEach((when, i) => {
      const what = `${when.signal} ${when.held ? 'from outside while held' : 'sent by the command itself'} at ${when.point}, ${when.label}`;
      it(
        `${what}: exits ${CODE[when.signal]}, leaves no temporary file or lock, and a rerun ends with the same bytes`,
        async () => {
          const w = join(dir, `${c.name}-${i}`);
          c.prepare(w);
          const args = c.args(w);
          const nth = when.nth(log);
          const holdFile = join(dir, `${c.name}-${i}.hold`);
          const runLog = join(dir, `${c.name}-${i}-faults.log`);
          if (when.held) writeFileSync(holdFile, '');
          const r = await stbench(
            when.workers ? args.map((a, k) => (args[k - 1] === '--workers' ? when.workers! : a)) : args,
            {
              ...c.env,
              STBENCH_FAULT: when.point,
              STBENCH_FAULT_AFTER: String(nth),
              STBENCH_FAULT_LOG: runLog,
              ...(when.held ? { STBENCH_FAULT_HOLD: holdFile } : { STBENCH_FAULT_SIGNAL: when.signal }),
            },
            when.held ? { file: holdFile, signal: when.signal } : undefined,
          );
          expect(r.hung, r.stderr).toBe(false);
          if (when.held) expect(r.sent, r.stderr).toBe(true);
          expect(r.code, r.stderr).toBe(CODE[when.signal]);
          expect(r.stderr).toContain(`interrupted (${when.signal})`);
          if (when.nothingAfter) {
            const reached = readFileSync(runLog, 'utf8').split('\n');
            let at = -1;
            for (let k = 0, seen = 0; k < reached.length && at < 0; k++)
              if (reached[k] === when.point && ++seen === nth) at = k;
            expect(at, "the signal's point is reached").toBeGreaterThanOrEqual(0);
            expect(reached.slice(at + 1).filter((p) => p === when.nothingAfter)).toEqual([]);
          }
          expect(temps(w)).toEqual([]);
          expect(locks(w)).toEqual([]);
          expect(ours()).toEqual([]);
          const again = await stbench(args, c.env);
          expect(again.code, again.stderr).toBe(c.done ?? 0);
          expect(files(w)).toEqual(want);
          expect(temps(w)).toEqual([]);
          expect(ours()).toEqual([]);
        },
        TEST_MS,
      );
    });
  });
}

/** Inputs made once, copied into each run's folder. */
const bases: Record<string, string> = {};
function fromBase(name: string, make: (into: string) => void | Promise<void>): (w: string) => void {
  beforeAll(async () => {
    bases[name] = join(dir, `base-${name}`);
    await make(bases[name]);
  }, TEST_MS);
  return (w) => cpSync(bases[name], join(w, 'build'), { recursive: true });
}

signalTests({
  name: 'script',
  prepare: (w) => mkdirSync(w),
  args: (w) => [
    'script',
    '--job',
    'helper/1',
    '--count',
    '3',
    '--seed',
    'sig',
    '--tasks',
    '1',
    '--out',
    join(w, 'build'),
  ],
  points: [
    {
      point: 'atomic:after-rename',
      nth: (log) => Math.max(1, Math.floor(count('atomic:after-rename')(log) / 3)),
      label: "after the first script's files",
      signal: 'SIGINT',
      held: true,
    },
    { point: 'atomic:after-rename', nth: half('atomic:after-rename'), label: 'the middle one', signal: 'SIGTERM' },
    { point: 'atomic:before-rename', nth: count('atomic:before-rename'), label: 'the last one', signal: 'SIGHUP' },
  ],
});

signalTests({
  name: 'render',
  prepare: fromBase('render', (b) => {
    scriptJob(b, 'sig', { job: 'helper/1', count: 2, tasks: 1, framesPerTask: 3 });
  }),
  args: (w) => ['render', join(w, 'build'), '--engine', 'raycast', '--workers', '1'],
  points: [
    { point: 'render:after-rename', nth: () => 1, label: 'after the first frame', signal: 'SIGINT', held: true },
    // two worker threads, each signalling as it is about to rename its first frame's files: the write gate holds
    {
      point: 'render:before-rename',
      nth: () => 1,
      label: 'the first frame of each of two worker threads',
      signal: 'SIGTERM',
      workers: '2',
    },
    { point: 'atomic:before-rename', nth: count('atomic:before-rename'), label: 'the last one', signal: 'SIGINT' },
  ],
});

signalTests({
  name: 'compile',
  prepare: fromBase('compile', (b) => {
    makeBlankBuild(b, 'sig', [{ job: 'helper/1', count: 2, tasks: 2, framesPerTask: 3 }]);
  }),
  args: (w) => ['compile', join(w, 'build'), '--seed', 'sig', '--workers', '1'],
  points: [
    {
      point: 'atomic:after-rename',
      nth: half('atomic:after-rename'),
      label: 'the middle one',
      signal: 'SIGINT',
      workers: '2',
    },
    { point: 'atomic:before-rename', nth: count('atomic:before-rename'), label: 'the last one', signal: 'SIGTERM' },
  ],
});

signalTests({
  name: 'check',
  prepare: fromBase('check', (b) => {
    cpSync(makeCheckBuild({ scripts: 2, seed: 'sig-check' }).root, b, { recursive: true });
  }),
  args: (w) => ['check', join(w, 'build'), '--workers', '1'],
  points: [
    {
      point: 'atomic:after-rename',
      nth: half('atomic:after-rename'),
      label: 'the middle write',
      signal: 'SIGTERM',
      held: true,
    },
    { point: 'atomic:before-rename', nth: count('atomic:before-rename'), label: 'the last one', signal: 'SIGINT' },
  ],
});

signalTests({
  name: 'export',
  prepare: fromBase('export', async (b) => {
    cpSync(await makeBuild(), b, { recursive: true });
  }),
  args: (w) => ['export', '--data', join(w, 'build'), '--out', join(w, 'dataset'), '--version', '1.0.0'],
  points: [
    {
      point: 'export:after-copy',
      nth: () => 1,
      label: 'after the copy (past its first progress line)',
      signal: 'SIGINT',
      held: true,
    },
    {
      point: 'hash:file',
      nth: half('hash:file'),
      label: 'the middle file it hashes',
      signal: 'SIGTERM',
      nothingAfter: 'hash:file',
    },
    { point: 'atomic:after-rename', nth: half('atomic:after-rename'), label: 'the middle one', signal: 'SIGTERM' },
    {
      point: 'export:before-rename',
      nth: () => 1,
      label: 'just before the dataset is renamed onto --out',
      signal: 'SIGINT',
    },
  ],
});

signalTests({
  name: 'eval',
  prepare: fromBase('eval', (b) => {
    cpSync(makeCheckBuild({ scripts: 2, seed: 'sig-eval' }).root, b, { recursive: true });
  }),
  args: (w) => ['eval', 'perfect_reader', '--data', join(w, 'build'), '--out', join(w, 'run')],
  points: [
    {
      point: 'atomic:after-rename',
      nth: half('atomic:after-rename'),
      label: 'the middle write',
      signal: 'SIGINT',
      held: true,
    },
    { point: 'atomic:before-rename', nth: count('atomic:before-rename'), label: 'the last one', signal: 'SIGTERM' },
  ],
});

signalTests({
  name: 'view',
  prepare: fromBase('view', (b) => {
    cpSync(makeCheckBuild({ scripts: 2, seed: 'sig-view' }).root, b, { recursive: true });
  }),
  args: (w) => ['view', '--data', join(w, 'build'), '--out', join(w, 'site')],
  points: [
    { point: 'atomic:after-rename', nth: half('atomic:after-rename'), label: 'the middle one', signal: 'SIGHUP' },
    { point: 'atomic:before-rename', nth: count('atomic:before-rename'), label: 'the last one', signal: 'SIGINT' },
  ],
});

signalTests({
  name: 'build',
  prepare: (w) => mkdirSync(w),
  args: (w) => ['build', '--preset', 'demo', '--engine', 'raycast', '--out', join(w, 'build')],
  // every run is cut at its first ray-cast frame (see the module comment)
  env: { STBENCH_FAULT: 'render:after-rename' },
  done: 137,
  points: [
    {
      point: 'atomic:after-rename',
      nth: () => 1,
      label: 'its first write, in the script stage',
      signal: 'SIGINT',
      held: true,
    },
    // a script's five files and the manifest are written a script at a time: the 7th is the second script's first
    { point: 'atomic:after-rename', nth: () => 7, label: "the second script's first file", signal: 'SIGTERM' },
  ],
});

signalTests({
  name: 'verify',
  prepare: fromBase('verify', async (b) => {
    const r = await stbench(['export', '--data', await makeBuild(), '--out', b, '--version', '1.0.0']);
    expect(r.code, r.stderr).toBe(0);
  }),
  args: (w) => ['verify', join(w, 'build')],
  points: [
    {
      point: 'hash:file',
      nth: half('hash:file'),
      label: 'the middle file it hashes',
      signal: 'SIGINT',
      nothingAfter: 'hash:file',
    },
    { point: 'hash:file', nth: () => 1, label: 'the first file it hashes', signal: 'SIGTERM', held: true },
  ],
});
