/**
 * The sandbox shows an allow-list only (checks/harness/sandbox.ts): a system whose code folder holds a build or a
 * dataset, or stbench output that carries the gold (a view site, an earlier run's folder, a check's output:
 * foundation/folder-kind.ts), lies inside one, or holds the data folder (typed through a link or not) is refused
 * before any case runs,
 * and one run from a folder of its own (`--code`) can read no gold or private file of a build beside the data, by
 * absolute path or by walking the filesystem. A Python agent kept in a build's parent folder is refused. With
 * --local, every process a system starts (one that called setsid and cleared its environment, one that
 * double-forked) is gone when its case ends, and on Ctrl-C too, both in a PID namespace of its own and without one
 * (subprocess-link.ts, process-tree.ts, sandbox.ts localSpawn).
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
  LOCAL_PIDNS_VAR,
  localSpawn,
  runCase,
  sandboxSpawn,
  type Sandbox,
} from '../../../../checks/harness/index.ts';
import { resolveSystem } from '../../../../checks/systems/registry.ts';
import { CASE_ANSWERS_FORMAT } from '../../../../foundation/index.ts';
import { runCleanups } from '../../../../foundation/interrupt.ts';
import { SITE_MARK } from '../../../../pipeline/view/site.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { processesWith } from '../../../helpers/processes.ts';
import { sandboxForTests } from '../../../helpers/sandbox-tests.ts';
import { makeCase, type SynthCase } from '../../../helpers/harness-fixture.ts';

const sandbox: Sandbox | null = sandboxForTests('sandbox allow-list tests');
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

  it('a --code folder holding an earlier run of the same cases, or a view site, is refused before the system runs', async () => {
    // an earlier run, as eval wrote it (an oracle's answers/<cid>.json would be the gold; results.json scores it)
    const withRun = join(parent, 'code-run');
    mkdirSync(withRun);
    writeFileSync(join(withRun, 'probe.py'), PROBE);
    const earlier = await runCli(['eval', 'all_unknown', '--data', demo.root, '--out', join(withRun, 'old-run')]);
    expect(earlier.code, earlier.stderr).toBe(0);
    // a site stbench view wrote: every case page shows the gold
    const withSite = join(parent, 'code-site');
    mkdirSync(join(withSite, 'site', 'cases'), { recursive: true });
    writeFileSync(join(withSite, 'probe.py'), PROBE);
    writeFileSync(join(withSite, 'site', SITE_MARK), 'a site written by stbench view\n');
    writeFileSync(join(withSite, 'site', 'cases', `${demo.cid}.html`), readFileSync(join(demo.dir, 'gold.jsonl')));
    const peek = [
      join(withRun, 'old-run', 'answers', `${demo.cid}.json`),
      join(withRun, 'old-run', 'results.json'),
      join(withSite, 'site', 'cases', `${demo.cid}.html`),
    ];
    for (const [code, holds] of [
      [withRun, `holds the run folder ${join(withRun, 'old-run')} (its run.json`],
      [withSite, `holds the site ${join(withSite, 'site')} that stbench view wrote`],
    ]) {
      const cmd = `cmd:python3 probe.py '${JSON.stringify(peek)}' no`;
      const r = await runCli(['run', cmd, '--code', code, demo.dir]);
      expect(r.stderr).not.toContain('LEAK');
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`the system's code folder ${code} (--code) ${holds}`);
      expect(r.stderr).toContain('--code DIR');
    }
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

  it('refuses a folder holding, or lying inside, stbench output that carries the gold or the scores', () => {
    const g = folder('g', 'site');
    writeFileSync(join(g, SITE_MARK), '');
    expect(() => checkCodeFolders([join(scratch, 'g')])).toThrow(`holds the site ${g} that stbench view wrote`);
    const h = folder('h', 'pages', 'assets');
    writeFileSync(join(h, 'view.js'), '');
    writeFileSync(join(h, '..', 'index.html'), '<html>');
    expect(() => checkCodeFolders([join(scratch, 'h')])).toThrow(`holds the site ${join(h, '..')} that stbench`);
    const i = folder('i', 'runs', 'r1', 'answers');
    writeFileSync(join(i, 'c0.json'), JSON.stringify({ format: CASE_ANSWERS_FORMAT, cid: 'c0', answers: {} }));
    expect(() => checkCodeFolders([join(scratch, 'i')])).toThrow(
      `holds the run folder ${join(scratch, 'i', 'runs', 'r1')} (its answers/`,
    );
    const j = folder('j', 'reports');
    writeFileSync(join(j, 'check_report.json'), '{"format": "stbench.check_report/1"}');
    expect(() => checkCodeFolders([join(scratch, 'j')])).toThrow(`holds the check output ${j} (its check_report.json`);
    // the answers an interrupted check of a dataset left beside its report (an oracle's answers are the gold)
    folder('m', 'reports', '.stbench-check', '0123456789abcdef', 'oracle', 'answers');
    expect(() => checkCodeFolders([join(scratch, 'm')])).toThrow(
      `holds the check answers ${join(scratch, 'm', 'reports', '.stbench-check')}`,
    );
    // a folder inside a run folder (its results.json scores every question)
    const k = folder('k', 'sys');
    writeFileSync(join(scratch, 'k', 'results.json'), '{"format": "stbench-results/1"}');
    expect(() => checkCodeFolders([k])).toThrow(`lies inside the run folder ${join(scratch, 'k')} (its results.json`);
    // a user's own results.json, of another format, is theirs
    const l = folder('l');
    writeFileSync(join(l, 'results.json'), '{"accuracy": 0.5}');
    expect(checkCodeFolders([l])).toEqual([l]);
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

/**
 * A system that leaves processes behind, each a `sleep N.MARK` (MARK on its command line, so the test finds it from
 * outside any PID namespace): the review's escape, a child in a session of its own that cleared its environment
 * (`setsid env -i`: no token); a setsid child that kept it; a double fork whose middle process exits at once (the
 * grandchild is nobody's child) that kept it; and with `cleared`, a double fork whose grandchild cleared its
 * environment too, which only a PID namespace ends. It writes READY once all are started; with `hold` it never
 * replies after that (the Ctrl-C test); else it exits at finish, leaving them behind.
 */
const SPAWNER = `import json, os, shutil, subprocess, sys, time
mark, ready, hold, cleared = sys.argv[1], sys.argv[2], sys.argv[3] == "hold", sys.argv[4] == "cleared"
sleep = shutil.which("sleep")
def double_fork(n, env):
    b = os.fork()
    if b == 0:
        os.setsid()
        if os.fork() == 0:
            os.execve(sleep, ["sleep", "%d.%s" % (n, mark)], env)
        os._exit(0)
    os.waitpid(b, 0)
def main():
    quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    subprocess.Popen(["setsid", "env", "-i", "sleep", "417." + mark], **quiet)
    subprocess.Popen(["setsid", "sleep", "300." + mark], **quiet)
    double_fork(301, dict(os.environ))
    if cleared:
        double_fork(302, {})
    with open(ready + ".tmp", "w") as f:
        f.write("started")
    os.rename(ready + ".tmp", ready)
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

/**
 * Both ways a --local system runs: in a PID namespace of its own (bwrap, where it can make one: sandbox.ts
 * localSpawn) and, with STBENCH_LOCAL_PIDNS=0 (or without bwrap), as a bare process ended by its tree and its token.
 */
const MODES = [
  { name: 'in a PID namespace of its own', pidns: true },
  { name: 'without one (STBENCH_LOCAL_PIDNS=0): by its tree and its token', pidns: false },
] as const;

describe.each(MODES)('--local, $name: every process the system started ends with its case', ({ pidns }) => {
  let code: string;
  const marks: string[] = [];
  const saved = process.env[LOCAL_PIDNS_VAR];
  beforeAll(() => {
    code = mkdtempSync(join(tmpdir(), 'stbench-sandbox-tree-'));
    writeFileSync(join(code, 'spawner.py'), SPAWNER);
    if (!pidns) process.env[LOCAL_PIDNS_VAR] = '0';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env[LOCAL_PIDNS_VAR];
    else process.env[LOCAL_PIDNS_VAR] = saved;
    // whatever the code under test left running (only the processes this test's system started)
    for (const m of marks) for (const p of processesWith(m)) process.kill(p.pid, 'SIGKILL');
    rmSync(code, { recursive: true, force: true });
  });
  /** A fresh mark, and the command that starts the spawner with it. */
  const spawner = (hold: boolean) => {
    const mark = String(Math.floor(Math.random() * 1e9) + 1e9);
    marks.push(mark);
    const ready = join(code, `ready-${mark}`);
    const cmd = `python3 spawner.py ${mark} '${ready}' ${hold ? 'hold' : 'go'} ${pidns ? 'cleared' : 'kept'}`;
    return { mark, ready, system: commandSystem(cmd, { cwd: code }) };
  };
  const sleepers = (mark: string) => processesWith(mark).filter((p) => p.cmd.startsWith('sleep '));

  it.skipIf(pidns && noSandbox)('it runs the way this test means', () => {
    expect(localSpawn('true', code).file.endsWith('bwrap')).toBe(pidns);
  });

  it.skipIf(pidns && noSandbox)(
    'a setsid child without the token, and double-forked grandchildren, are gone when runCase returns',
    async () => {
      const s = spawner(false);
      const o = await runCase(s.system, demo.dir);
      expect(o.status, o.reason).toBe('ok');
      expect(existsSync(s.ready)).toBe(true);
      expect(processesWith(s.mark)).toEqual([]);
    },
  );

  it.skipIf(pidns && noSandbox)('and on Ctrl-C: the interrupt cleanup ends them before the process exits', async () => {
    const s = spawner(true);
    const p = runCase(s.system, demo.dir);
    for (let i = 0; i < 600 && !existsSync(s.ready); i++) await new Promise((r) => setTimeout(r, 50));
    expect(sleepers(s.mark).length).toBe(pidns ? 4 : 3);
    runCleanups(); // what foundation/interrupt.ts runs on SIGINT before it exits
    expect(processesWith(s.mark)).toEqual([]);
    const o = await p;
    expect(o.status).toBe('broken');
  });
});
