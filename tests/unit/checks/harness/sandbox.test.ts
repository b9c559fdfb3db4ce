/**
 * The sandbox external systems run in (checks/harness/sandbox.ts): a system that tries to read the gold and a
 * build file, reach a TCP port the test listens on, and write outside its state folder (a folder of the host, its
 * own code folder) fails at each in the sandbox and succeeds with --local; it reads its staged frames and writes its
 * state folder either way. The example memory agent scores the same in the sandbox as as a plain process; the mode
 * is recorded in run.json, results.json and results.md, and a rerun in the other mode is refused. Where no sandbox
 * can start, eval and run refuse before any case runs (exit 2, naming --local). Every test that needs bwrap is
 * skipped, with the reason printed, where the probe says it cannot start here (with STBENCH_REQUIRE_SANDBOX=1 the
 * file fails instead: tests/helpers/sandbox-tests.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandSystem,
  runCase,
  sandboxSpawn,
  type CaseOutcome,
  type Sandbox,
} from '../../../../checks/harness/index.ts';
import { resolveSystem } from '../../../../checks/systems/registry.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { sandboxForTests } from '../../../helpers/sandbox-tests.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

const sandbox: Sandbox | null = sandboxForTests('sandbox tests');
const noSandbox = sandbox === null;

/** What the probe tried, one bit each, sent as the value of every answer. */
const BITS = {
  gold: 1, // read the case's gold.jsonl
  build: 2, // read a frame file of the build by its own path
  net: 4, // connect to the test's TCP port on 127.0.0.1
  outside: 8, // write a file into a folder of the host outside its state folder
  code: 16, // write a file into its own code folder
  frame: 32, // read the staged frame it was sent
  state: 64, // write and read back a file in STBENCH_STATE_DIR
};
const ALL = Object.values(BITS).reduce((a, b) => a | b, 0);
const SANDBOXED = BITS.frame | BITS.state;

/** The probe's tries, in Python: `tries(gold, build_frame, port, outside, frame)` returns the bitmask. */
const TRIES = `import os, socket
def tries(gold, build, port, outside, frame):
    def ok(f):
        try:
            f()
            return True
        except Exception:
            return False
    def read(p):
        with open(p, "rb") as fh:
            assert fh.read(1)
    def write(p):
        with open(p, "w") as fh:
            fh.write("x")
    def state():
        p = os.path.join(os.environ["STBENCH_STATE_DIR"], "kept.txt")
        write(p)
        read(p)
    bits = 0
    bits |= ${BITS.gold} if ok(lambda: read(gold)) else 0
    bits |= ${BITS.build} if ok(lambda: read(build)) else 0
    bits |= ${BITS.net} if ok(lambda: socket.create_connection(("127.0.0.1", port), timeout=3).close()) else 0
    bits |= ${BITS.outside} if ok(lambda: write(os.path.join(outside, "written.txt"))) else 0
    bits |= ${BITS.code} if ok(lambda: write(os.path.join(os.path.dirname(os.path.abspath(__file__)), "written.txt"))) else 0
    bits |= ${BITS.frame} if frame and ok(lambda: read(frame)) else 0
    bits |= ${BITS.state} if ok(state) else 0
    return bits
`;

let root: string;
let c: SynthCase;
let code: string; // the systems' own folder, outside the data
let outside: string; // a folder of the host the systems may not write
let runs: string; // the run folders, outside the data
let server: Server;
let port: number;
let connections = 0;
let buildFrame: string;

beforeAll(async () => {
  root = tempRoot();
  c = await makeCase(root);
  code = mkdtempSync(join(tmpdir(), 'stbench-sandbox-code-'));
  outside = mkdtempSync(join(tmpdir(), 'stbench-sandbox-outside-'));
  runs = mkdtempSync(join(tmpdir(), 'stbench-sandbox-runs-'));
  const cj = JSON.parse(readFileSync(join(c.dir, 'case.json'), 'utf8'));
  buildFrame = join(root, cj.frames[0].rgb);
  server = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as { port: number }).port;
  writeFileSync(join(code, 'tries.py'), TRIES);
  // the probe as a line-protocol program: it tries at its first frame, and answers every question with the bits
  writeFileSync(
    join(code, 'probe.py'),
    `import json, sys
from tries import tries
gold, build, port, outside = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
bits = None
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "finish":
        break
    if m["type"] == "observe" and bits is None:
        bits = tries(gold, build, port, outside, m["step"].get("rgb"))
    if m["type"] == "ask":
        print(json.dumps({"answers": [{"qid": q["qid"], "answer": {"type": "number", "value": bits}} for q in m["questions"]]}), flush=True)
    else:
        print(json.dumps({"type": "next"}), flush=True)
`,
  );
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  for (const d of [root, code, outside, runs]) rmSync(d, { recursive: true, force: true });
});

const probeCommand = () => `python3 probe.py '${join(c.dir, 'gold.jsonl')}' '${buildFrame}' ${port} '${outside}'`;

function bitsOf(o: CaseOutcome): number {
  expect(o.status, o.reason).toBe('ok');
  const values = [...o.answers.values()].map((a) => (a as { value: number }).value);
  expect(values.length).toBe(5);
  expect(new Set(values).size).toBe(1);
  return values[0];
}

const clean = () => {
  for (const f of ['written.txt']) {
    rmSync(join(outside, f), { force: true });
    rmSync(join(code, f), { force: true });
  }
  connections = 0;
};

describe('a system that reaches for what it should not', () => {
  it('as a plain process (--local): reads the gold and the build, connects, writes anywhere', async () => {
    clean();
    const o = await runCase(commandSystem(probeCommand(), { cwd: code }), c.dir);
    expect(bitsOf(o)).toBe(ALL);
    expect(connections).toBe(1);
    expect(existsSync(join(outside, 'written.txt'))).toBe(true);
    expect(existsSync(join(code, 'written.txt'))).toBe(true);
  });

  it.skipIf(noSandbox)('in the sandbox: each fails; its staged frame and its state folder still work', async () => {
    clean();
    const o = await runCase(commandSystem(probeCommand(), { cwd: code, sandbox: sandbox! }), c.dir);
    expect(bitsOf(o)).toBe(SANDBOXED);
    expect(connections).toBe(0);
    expect(existsSync(join(outside, 'written.txt'))).toBe(false);
    expect(existsSync(join(code, 'written.txt'))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
  });

  it.skipIf(noSandbox)(
    'in the sandbox, a code folder that holds the data folder is refused, and nothing of the system runs',
    async () => {
      // the system's folder holds the build (a user who runs eval from the folder that holds data/): the sandbox
      // would show it the build whole, so the case does not start
      const parent = mkdtempSync(join(tmpdir(), 'stbench-sandbox-parent-'));
      try {
        const inner = await makeCase(join(parent, 'data'));
        writeFileSync(join(parent, 'tries.py'), TRIES);
        writeFileSync(join(parent, 'probe.py'), readFileSync(join(code, 'probe.py')));
        const cj = JSON.parse(readFileSync(join(inner.dir, 'case.json'), 'utf8'));
        const cmd = `python3 probe.py '${join(inner.dir, 'gold.jsonl')}' '${join(parent, 'data', cj.frames[0].rgb)}' ${port} '${outside}'; touch ran.txt`;
        clean();
        await expect(runCase(commandSystem(cmd, { cwd: parent, sandbox: sandbox! }), inner.dir)).rejects.toThrow(
          /the system's code folder .* holds the data folder .*\/data: the sandbox shows a system its code folder whole/,
        );
        expect(connections).toBe(0);
        expect(existsSync(join(parent, 'ran.txt'))).toBe(false);
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(noSandbox)('in the sandbox, a child that leaves the process group still dies with the case', async () => {
    const marker = `3000.${Math.floor(Math.random() * 1e9)}`;
    writeFileSync(
      join(code, 'leaver.py'),
      `import json, subprocess, sys
subprocess.Popen(["sleep", "${marker}"], start_new_session=True)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "finish":
        break
    if m["type"] == "ask":
        print(json.dumps({"answers": []}), flush=True)
    else:
        print(json.dumps({"type": "next"}), flush=True)
`,
    );
    const o = await runCase(commandSystem('python3 leaver.py', { cwd: code, sandbox: sandbox! }), c.dir);
    expect(o.status, o.reason).toBe('ok');
    const alive = () =>
      readdirSync('/proc')
        .filter((n) => /^\d+$/.test(n))
        .some((n) => {
          try {
            return readFileSync(`/proc/${n}/cmdline`, 'utf8').includes(marker);
          } catch {
            return false;
          }
        });
    for (let i = 0; i < 40 && alive(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive()).toBe(false);
  });

  it.skipIf(noSandbox)('the sandbox arguments: no network, dies with its parent, the root read-only', () => {
    const s = sandboxSpawn(sandbox!, {
      command: 'true',
      codeDirs: [code],
      cwd: code,
      stageDir: '/tmp/stage',
      stateDir: '/tmp/state',
      env: { PATH: '/usr/bin' },
    });
    const args = s.args.join(' ');
    expect(args).toContain('--unshare-all --die-with-parent --new-session');
    expect(args).toContain(`--ro-bind ${code} ${code}`);
    expect(args).toContain('--ro-bind /tmp/stage /tmp/stage');
    expect(args).toContain('--bind /tmp/state /tmp/state');
    expect(args).toContain('--remount-ro /');
    expect(args).not.toContain('--ro-bind /etc /etc');
    expect(args).not.toContain('--share-net');
    expect(s.args.slice(-4)).toEqual(['--', '/bin/sh', '-c', 'true']);
    expect(s.env).toMatchObject({ HOME: '/tmp', TMPDIR: '/tmp', STBENCH_STATE_DIR: '/tmp/state' });
  });
});

describe('stbench eval in the sandbox and with --local', () => {
  let agent: string;
  beforeAll(() => {
    // the same tries from a Python agent's start(): its folder is its code, read-only in the sandbox
    writeFileSync(
      join(code, 'probe_agent.py'),
      `from system_shim import System
from tries import tries
class Probe(System):
    bits = None
    def observe(self, steps):
        if self.bits is None:
            self.bits = tries(${JSON.stringify(join(c.dir, 'gold.jsonl'))}, ${JSON.stringify(buildFrame)}, ${port}, ${JSON.stringify(outside)}, steps[0].get("rgb"))
    def answer(self, question):
        return {"type": "number", "value": self.bits}
`,
    );
    agent = `${join(code, 'probe_agent.py')}:Probe`;
  });

  const saved = (out: string) =>
    JSON.parse(readFileSync(join(out, 'answers', `${c.cid}.json`), 'utf8')) as {
      status: string;
      answers: Record<string, { value: number }>;
    };
  const bitsIn = (out: string) => {
    const s = saved(out);
    expect(s.status).toBe('ok');
    return new Set(Object.values(s.answers).map((a) => a.value));
  };

  it('--local: the agent reaches everything; results say sandbox none', async () => {
    clean();
    const out = join(runs, 'run-local');
    const r = await runCli(['eval', agent, '--local', '--data', root, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(bitsIn(out)).toEqual(new Set([ALL]));
    expect(connections).toBe(1);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).sandbox).toBe('none');
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).sandbox).toBe('none');
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('Sandbox: none (--local');
  });

  it.skipIf(noSandbox)('by default: the agent reaches nothing; results say sandbox bwrap', async () => {
    clean();
    const out = join(runs, 'run-sandboxed');
    const r = await runCli(['eval', agent, '--data', root, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(bitsIn(out)).toEqual(new Set([SANDBOXED]));
    expect(connections).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(code, 'written.txt'))).toBe(false);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).sandbox).toBe('bwrap');
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).sandbox).toBe('bwrap');
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('Sandbox: bwrap');
    // a rerun into the folder in the other mode is refused, and the folder left as it is
    const before = readFileSync(join(out, 'results.json'), 'utf8');
    const mixed = await runCli(['eval', agent, '--local', '--data', root, '--out', out]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('sandbox "bwrap", not "none"');
    expect(readFileSync(join(out, 'results.json'), 'utf8')).toBe(before);
    // the same mode resumes
    const again = await runCli(['eval', agent, '--data', root, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
  });

  it.skipIf(noSandbox)('the up-front import check runs in the sandbox too', async () => {
    writeFileSync(
      join(code, 'peek_agent.py'),
      `from system_shim import System
open(${JSON.stringify(join(c.dir, 'gold.jsonl'))}).read()
class Peek(System):
    pass
`,
    );
    const spec = `${join(code, 'peek_agent.py')}:Peek`;
    const out = join(runs, 'run-peek');
    const r = await runCli(['eval', spec, '--data', root, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('FileNotFoundError');
    expect(existsSync(out)).toBe(false);
    expect(resolveSystem(spec, { local: true }).kind).toBe('command'); // as a plain process it imports
  });

  it.skipIf(noSandbox)('the example memory agent scores in the sandbox exactly as it does with --local', async () => {
    const spec = 'checks/harness/examples/memory_agent.py:MemoryAgent';
    const boxed = join(runs, 'run-memory-bwrap');
    const local = join(runs, 'run-memory-local');
    const a = await runCli(['eval', spec, '--data', root, '--out', boxed]);
    expect(a.code, a.stderr).toBe(0);
    const b = await runCli(['eval', spec, '--local', '--data', root, '--out', local]);
    expect(b.code, b.stderr).toBe(0);
    const ra = JSON.parse(readFileSync(join(boxed, 'results.json'), 'utf8'));
    const rb = JSON.parse(readFileSync(join(local, 'results.json'), 'utf8'));
    expect(ra.sandbox).toBe('bwrap');
    expect(ra.broken).toEqual([]);
    expect(ra.cases_scored).toBe(1);
    expect(saved(boxed).answers).toEqual(saved(local).answers);
    // the distance driven came from its state file: the first ask (k = 1) is one step's drive
    expect(saved(boxed).answers[c.qids.q1].value).toBeCloseTo(Math.hypot(0.5, 0.3), 9);
    expect(ra.rows).toEqual(rb.rows);
  });

  it('an in-process system needs no sandbox: results say in_process', async () => {
    const out = join(runs, 'run-inproc');
    const r = await runCli(['eval', 'all_unknown', '--data', root, '--out', out], { env: { PATH: '' } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).sandbox).toBe('in_process');
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('Sandbox: in_process');
  });
});

describe('where no sandbox can start, eval and run refuse before any case runs', () => {
  it('no bwrap on PATH: exit 2, saying why and naming --local; --local runs', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'stbench-sandbox-path-'));
    try {
      const out = join(runs, 'run-refused');
      const r = await runCli(['eval', 'cmd:exit 0', '--data', root, '--out', out], { env: { PATH: empty } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('cannot run cmd:exit 0 in a sandbox: bwrap is not on PATH');
      expect(r.stderr).toContain('pass --local to run it unsandboxed');
      expect(existsSync(out)).toBe(false);
      const run = await runCli(['run', 'cmd:exit 0', c.dir], { env: { PATH: empty } });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('bwrap is not on PATH');
      const local = await runCli(['run', 'cmd:exit 0', '--local', c.dir], { env: { PATH: `${empty}:/usr/bin:/bin` } });
      expect(local.code).toBe(1); // it ran: exit 0 before replying is a broken case
      expect(local.stderr).toContain('exited with code 0 before replying');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('a bwrap that cannot start a sandbox (no user namespaces): exit 2 with its message', async () => {
    const fake = mkdtempSync(join(tmpdir(), 'stbench-sandbox-fake-'));
    try {
      mkdirSync(join(fake, 'bin'));
      writeFileSync(
        join(fake, 'bin', 'bwrap'),
        '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n',
        { mode: 0o755 },
      );
      const out = join(runs, 'run-fake');
      const r = await runCli(['eval', 'cmd:exit 0', '--data', root, '--out', out], {
        env: { PATH: `${join(fake, 'bin')}:/usr/bin:/bin` },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('cannot start a sandbox here (bwrap: No permissions to create new namespace)');
      expect(r.stderr).toContain('--local');
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });
});
