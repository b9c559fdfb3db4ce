/**
 * The sandbox shows an allow-list only (checks/harness/sandbox.ts): a system whose code folder holds a build or a
 * dataset, lies inside one, or holds the data folder (typed through a link or not) is refused before any case runs,
 * and one run from a folder of its own (`--code`) can read no gold or private file of a build beside the data, by
 * absolute path or by walking the filesystem. A Python agent kept in a build's parent folder is refused. With
 * --local, every process a system starts (one that called setsid, one that double-forked) is gone when its case
 * ends, and on Ctrl-C too (subprocess-link.ts, process-tree.ts).
 *
 * The probe: at `start` it tries to read each path it is given and (with `walk`) walks the whole filesystem it can
 * see for any gold.jsonl, timeline.json or release.json; anything found, it names on stderr and exits 3, so the
 * case is broken with "LEAK ..." as its reason; else it answers unknown to everything.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCodeFolders,
  commandSystem,
  findSandbox,
  runCase,
  sandboxSpawn,
  type Sandbox,
} from '../../../../checks/harness/index.ts';
import { resolveSystem } from '../../../../checks/systems/registry.ts';
import { runCleanups } from '../../../../foundation/interrupt.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { makeCase, type SynthCase } from '../../../helpers/harness-fixture.ts';

const found = findSandbox();
const sandbox: Sandbox | null = 'sandbox' in found ? found.sandbox : null;
if ('why' in found) console.warn(`sandbox allow-list tests skipped: no sandbox can start here: ${found.why}`);
const noSandbox = sandbox === null;

const BIN = resolve('pipeline/bin/stbench.mjs');

const PROBE = `import json, os, sys
LOOK_FOR = {"gold.jsonl", "timeline.json", "release.json"}
def leaks(targets, walk):
    found = []
    for p in targets:
        try:
            with open(p, "rb") as fh:
                fh.read(1)
            found.append(p)
        except Exception:
            pass
    if walk:
        for top, dirs, files in os.walk("/"):
            if top in ("/proc", "/sys", "/dev"):
                dirs[:] = []
                continue
            found += [os.path.join(top, f) for f in files if f in LOOK_FOR]
    return found
def main():
    targets, walk = json.loads(sys.argv[1]), sys.argv[2] == "walk"
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "finish":
            break
        if m["type"] == "start":
            found = leaks(targets, walk)
            if found:
                sys.stderr.write("LEAK " + " ".join(found[:20]) + "\\n")
                sys.exit(3)
        if m["type"] == "ask":
            print(json.dumps({"answers": [{"qid": q["qid"], "answer": {"type": "unknown"}} for q in m["questions"]]}), flush=True)
        else:
            print(json.dumps({"type": "next"}), flush=True)
if __name__ == "__main__":
    main()
`;

/** The README's layout: PARENT/demo (a build), PARENT/demo-dataset (its dataset), and a system's folder PARENT/sys. */
let parent: string;
let sys: string;
let demo: SynthCase;
let dataset: string;
let link: string; // PARENT/data-link -> demo-dataset
let targets: string[];

beforeAll(async () => {
  parent = realpathSync(mkdtempSync(join(tmpdir(), 'stbench-sandbox-layout-')));
  demo = await makeCase(join(parent, 'demo'));
  dataset = join(parent, 'demo-dataset');
  cpSync(demo.root, dataset, { recursive: true });
  writeFileSync(join(dataset, 'release.json'), JSON.stringify({ format: 'stbench.release/1' }));
  link = join(parent, 'data-link');
  symlinkSync('demo-dataset', link);
  sys = join(parent, 'sys');
  mkdirSync(sys);
  writeFileSync(join(sys, 'probe.py'), PROBE);
  // a link in the system's own folder to the build beside it: shown as a link to nothing
  symlinkSync('../demo', join(sys, 'peek'));
  targets = [
    join(sys, 'peek', 'private', demo.cid, 'gold.jsonl'),
    join(demo.dir, 'gold.jsonl'),
    join(demo.root, 'private', demo.sid, 'timeline.json'),
    join(dataset, 'private', demo.cid, 'gold.jsonl'),
    join(link, 'private', demo.cid, 'gold.jsonl'),
  ];
});

afterAll(() => {
  rmSync(parent, { recursive: true, force: true });
});

const probe = (script: string, walk: boolean) =>
  `python3 ${script} '${JSON.stringify(targets)}' ${walk ? 'walk' : 'no'}`;

describe.skipIf(noSandbox)("a system's code folder that would show it a build is refused", () => {
  it('the working folder holds a build beside the dataset (the README layout): eval refuses, naming --code', () => {
    // as a user runs it: from the folder that holds both, with the system's script in sys/
    const out = join(parent, 'run-cwd');
    const r = spawnSync(
      process.execPath,
      [BIN, 'eval', `cmd:${probe('sys/probe.py', false)}`, '--data', 'demo-dataset', '--out', out],
      { cwd: parent, encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.stderr).not.toContain('LEAK');
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(`the system's code folder ${parent} (the working folder)`);
    expect(r.stderr).toMatch(/holds the (build|dataset|data folder \(--data\)) .*demo/);
    expect(r.stderr).toContain('--code DIR');
    expect(existsSync(out)).toBe(false);
  });

  it('with --code naming its own folder it runs, and reads no gold or private file by path or by a walk', async () => {
    const out = join(parent, 'run-code');
    const r = await runCli(['eval', `cmd:${probe('probe.py', true)}`, '--code', sys, '--data', dataset, '--out', out]);
    expect(r.stderr).not.toContain('LEAK');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('scored 1 of 1 cases, 0 broken');
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).sandbox).toBe('bwrap');
    // the probe is not blind: as a plain process it reads the build's gold by its path
    const local = await runCli([
      'run',
      `cmd:${probe('probe.py', false)}`,
      '--code',
      sys,
      '--local',
      join(dataset, 'private', demo.cid),
    ]);
    expect(local.code).toBe(1);
    expect(local.stderr).toContain('exited with code 3'); // the probe found something
    expect(local.stderr).toContain(` ${join(demo.dir, 'gold.jsonl')} `);
  });

  it('--data through a symbolic link: the folder it points to is what is kept out', async () => {
    // the code folder holds the link's target, not the link: refused, naming the real folder
    await expect(
      runCase(
        commandSystem(probe('sys/probe.py', false), { cwd: parent, sandbox: sandbox! }),
        join(link, 'private', demo.cid),
      ),
    ).rejects.toThrow(`the system's code folder ${parent}`);
    const run = await runCli(['run', `cmd:${probe('probe.py', true)}`, '--code', sys, join(link, 'private', demo.cid)]);
    expect(run.stderr).not.toContain('LEAK');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('sandbox bwrap');
  });

  it("a Python agent kept in a build's parent folder is refused before any of its code runs", async () => {
    writeFileSync(
      join(parent, 'agent.py'),
      `import json
from system_shim import System
class Peek(System):
    def start(self, robot, system_prompt, channel):
        for p in ${JSON.stringify(targets)}:
            try:
                open(p).read()
                raise SystemExit("LEAK " + p)
            except OSError:
                pass
`,
    );
    const spec = `${join(parent, 'agent.py')}:Peek`;
    expect(() => resolveSystem(spec)).toThrow(
      new RegExp(`the Python agent's folder ${parent} \\(its file's folder\\) holds the (build|dataset) `),
    );
    const out = join(parent, 'run-agent');
    const r = await runCli(['eval', spec, '--data', join(parent, 'demo'), '--out', out]);
    expect(r.stderr).not.toContain('LEAK');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('keep the agent');
    expect(existsSync(out)).toBe(false);
  });
});

describe('checkCodeFolders: the one rule for what a code folder may hold', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = realpathSync(mkdtempSync(join(tmpdir(), 'stbench-sandbox-rule-')));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const folder = (...parts: string[]) => {
    const d = join(scratch, ...parts);
    mkdirSync(d, { recursive: true });
    return d;
  };

  it('refuses a folder inside a build, naming the build', () => {
    expect(() => checkCodeFolders([join(demo.root, 'scripts', demo.sid)])).toThrow(
      `lies inside the build ${demo.root} (its private/ holds cases or scripts)`,
    );
    expect(() => checkCodeFolders([demo.dir])).toThrow(`lies inside the build ${demo.root}`);
  });

  it('refuses a folder holding, however deep, a build, a dataset or a loose gold file', () => {
    const a = folder('a');
    mkdirSync(join(a, 'x', 'y', 'old-build', '.stbench'), { recursive: true });
    expect(() => checkCodeFolders([a])).toThrow(
      `holds the build ${join(a, 'x', 'y', 'old-build')} (a folder with .stbench/)`,
    );
    const b = folder('b');
    mkdirSync(join(b, 'ds'));
    writeFileSync(join(b, 'ds', 'release.json'), '{"format": "stbench.release/1"}');
    expect(() => checkCodeFolders([b])).toThrow(`holds the dataset ${join(b, 'ds')}`);
    const c = folder('c', 'cases', 'one');
    writeFileSync(join(c, 'gold.jsonl'), '');
    expect(() => checkCodeFolders([join(scratch, 'c')])).toThrow(`holds a case's gold, ${join(c, 'gold.jsonl')}`);
  });

  it('refuses a folder that holds or lies inside a hidden folder, each resolved through links', () => {
    const d = folder('d', 'data');
    const via = join(scratch, 'd-link');
    symlinkSync(join(scratch, 'd'), via);
    const hidden = [{ path: join(via, 'data'), what: 'the data folder (--data)' }];
    expect(() => checkCodeFolders([join(scratch, 'd')], { hidden })).toThrow(`holds the data folder (--data) ${d}`);
    expect(() => checkCodeFolders([via], { hidden })).toThrow(
      `the system's code folder ${join(scratch, 'd')} (its working folder) holds the data folder (--data) ${d}`,
    );
    expect(() => checkCodeFolders([folder('d', 'data', 'sys')], { hidden })).toThrow(`lies inside the data folder`);
    expect(() => checkCodeFolders([scratch.split('/').slice(0, 2).join('/') || '/'])).toThrow(
      /holds the temporary folder|is the root of the filesystem|holds (the build|the dataset|a case's gold)/,
    );
  });

  it('refuses a folder too large to check whole, rather than checking part of it', () => {
    const e = folder('e');
    for (let i = 0; i < 12; i++) writeFileSync(join(e, `f${i}.py`), '');
    expect(() => checkCodeFolders([e], { maxEntries: 10 })).toThrow(
      'holds more than 10 files and folders, too many to check for builds and datasets',
    );
    expect(checkCodeFolders([e], { maxEntries: 12 })).toEqual([e]);
  });

  it.skipIf(noSandbox)('a code folder given through a link is shown at its real path and at the path given', () => {
    const f = folder('f');
    const via = join(scratch, 'f-link');
    symlinkSync(f, via);
    const s = sandboxSpawn(sandbox!, { command: 'true', codeDirs: [via], cwd: via, env: { PATH: '/usr/bin' } });
    const args = s.args.join(' ');
    expect(args).toContain(`--ro-bind ${f} ${f}`);
    expect(args).toContain(`--ro-bind ${f} ${via}`);
    expect(args).toContain(`--chdir ${via} `);
  });
});

describe('--code', () => {
  it('is for cmd: only, and must name a folder', async () => {
    const scripted = await runCli(['run', 'all_unknown', '--code', sys, demo.dir]);
    expect(scripted.code).toBe(2);
    expect(scripted.stderr).toContain('--code names the code folder of a cmd: system, and all_unknown is not one');
    const file = await runCli(['run', 'cmd:true', '--local', '--code', join(sys, 'probe.py'), demo.dir]);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('probe.py is not a folder');
  });
});

/** Whether a process runs: its /proc entry exists and it is not a zombie (dead, waiting for its parent to read it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

const SPAWNER = `import json, os, subprocess, sys, time
pids = sys.argv[1]
def main():
    # a child in a session of its own, as setsid(1) makes one
    a = subprocess.Popen(["setsid", "sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    # a double fork: setsid, fork again, the first child exits, the grandchild is nobody's child
    r, w = os.pipe()
    b = os.fork()
    if b == 0:
        os.setsid()
        if os.fork() == 0:
            os.write(w, str(os.getpid()).encode())
            os.execvp("sleep", ["sleep", "301"])
        os._exit(0)
    os.waitpid(b, 0)
    grandchild = int(os.read(r, 32))
    with open(pids + ".tmp", "w") as f:
        f.write(json.dumps([a.pid, grandchild]))
    os.rename(pids + ".tmp", pids)
    hold = len(sys.argv) > 2
    for line in sys.stdin:
        m = json.loads(line)
        if m["type"] == "finish":
            break
        if hold:
            time.sleep(600)
        if m["type"] == "ask":
            print(json.dumps({"answers": []}), flush=True)
        else:
            print(json.dumps({"type": "next"}), flush=True)
main()
`;

describe('--local: every process the system started ends with its case', () => {
  let code: string;
  const started: number[] = [];
  beforeAll(() => {
    code = mkdtempSync(join(tmpdir(), 'stbench-sandbox-tree-'));
    writeFileSync(join(code, 'spawner.py'), SPAWNER);
  });
  afterAll(() => {
    // whatever the code under test left running (only the processes this test's system started)
    for (const pid of started) if (running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(code, { recursive: true, force: true });
  });
  const pidsOf = (file: string) => {
    const pids = JSON.parse(readFileSync(file, 'utf8')) as number[];
    started.push(...pids);
    expect(pids.length).toBe(2);
    return pids;
  };

  it('a setsid child and a double-forked grandchild are gone when runCase returns', async () => {
    const file = join(code, 'pids-case.json');
    const o = await runCase(commandSystem(`python3 spawner.py '${file}'`, { cwd: code }), demo.dir);
    expect(o.status, o.reason).toBe('ok');
    const pids = pidsOf(file);
    expect(pids.filter(running)).toEqual([]);
  });

  it('and on Ctrl-C: the interrupt cleanup ends them before the process exits', async () => {
    const file = join(code, 'pids-interrupt.json');
    const p = runCase(commandSystem(`python3 spawner.py '${file}' hold`, { cwd: code }), demo.dir);
    for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
    const pids = pidsOf(file);
    expect(pids.filter(running).length).toBe(2);
    runCleanups(); // what foundation/interrupt.ts runs on SIGINT before it exits
    expect(pids.filter(running)).toEqual([]);
    const o = await p;
    expect(o.status).toBe('broken');
    expect(readdirSync(code).sort()).toEqual(['pids-case.json', 'pids-interrupt.json', 'spawner.py']);
  });
});
