/**
 * Ctrl-C (SIGINT) and SIGTERM on a long command: the one cleanup path (foundation/interrupt.ts) removes the
 * temporary folders (staged frames, the system's state folder), kills the system's process group, releases the
 * stage lock and exits 130 (143); what was written stays, and a rerun resumes. Polling loops below only wait for a
 * state to appear; a generous hang guard marks a hang.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { processesWith } from '../../helpers/processes.ts';

const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const HANG_GUARD_MS = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-interrupt-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Wait until `ready()` holds (a hang guard, not a timing check). */
async function until(ready: () => boolean, what: string): Promise<void> {
  const t0 = Date.now();
  while (!ready()) {
    if (Date.now() - t0 > HANG_GUARD_MS) throw new Error(`hung waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What stbench left in a temporary folder (tsx keeps its own cache there too). */
const ours = (tmp: string) => readdirSync(tmp).filter((n) => n.startsWith('stbench-'));

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stdout.resume();
  const done = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, done, stderr: () => stderr };
}

/** A system that answers unknown to everything, except that the second case it opens hangs while HANG exists. */
const SYSTEM = `import { createInterface } from 'node:readline';
import { existsSync, writeFileSync } from 'node:fs';
const [hang, marker, pidFile] = process.argv.slice(2);
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.type === 'finish') break;
  if (m.type === 'start') {
    if (existsSync(marker) && existsSync(hang)) {
      writeFileSync(pidFile, String(process.pid));
      await new Promise(() => {});
    }
    writeFileSync(marker, '');
  }
  const reply = m.type === 'ask' ? { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) } : { type: 'next' };
  process.stdout.write(JSON.stringify(reply) + '\\n');
}
`;

describe('Ctrl-C on eval', () => {
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(
      `${sig} removes the staged frames and the state folder, kills the system and frees the run folder; a rerun resumes`,
      async () => {
        const b = makeCheckBuild({ scripts: 2, seed: `interrupt-${sig}` });
        const tmp = join(dir, `tmp-${sig}`);
        const work = join(dir, `work-${sig}`);
        mkdirSync(tmp);
        mkdirSync(work);
        const out = join(dir, `run-${sig}`);
        const [hang, marker, pidFile, script] = ['hang', 'marker', 'system.pid', 'system.mjs'].map((n) =>
          join(work, n),
        );
        writeFileSync(script, SYSTEM);
        writeFileSync(hang, '');
        const system = `cmd:node ${script} ${hang} ${marker} ${pidFile}`;
        const run = start(['eval', system, '--local', '--data', b.root, '--out', out], { TMPDIR: tmp });
        await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the second case to hang');
        expect(readdirSync(tmp).some((n) => n.startsWith('stbench-frames-'))).toBe(true);
        expect(readdirSync(tmp).some((n) => n.startsWith('stbench-state-'))).toBe(true);
        expect(existsSync(join(out, '.lock'))).toBe(true);
        const saved = readdirSync(join(out, 'answers'));
        expect(saved).toHaveLength(1);
        const first = readFileSync(join(out, 'answers', saved[0]), 'utf8');
        run.child.kill(sig);
        expect(await run.done, run.stderr()).toBe(code);
        expect(run.stderr()).toMatch(/interrupted .*run the command again to resume/);
        expect(ours(tmp)).toEqual([]);
        expect(existsSync(join(out, '.lock'))).toBe(false);
        // found by its command line: in a PID namespace of its own (sandbox.ts localSpawn) its pid is not the host's
        await until(() => processesWith(script).length === 0, 'the system to be killed');
        // the rerun keeps the finished case and runs the other
        rmSync(hang);
        const again = start(['eval', system, '--local', '--data', b.root, '--out', out], { TMPDIR: tmp });
        expect(await again.done, again.stderr()).toBe(0);
        expect(readFileSync(join(out, 'answers', saved[0]), 'utf8')).toBe(first);
        expect(readdirSync(join(out, 'answers'))).toHaveLength(2);
        expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))).toMatchObject({
          cases_selected: 2,
          cases_scored: 2,
          broken: [],
        });
        expect(ours(tmp)).toEqual([]);
        rmSync(b.root, { recursive: true, force: true });
      },
      HANG_GUARD_MS * 2,
    );
  }
});
