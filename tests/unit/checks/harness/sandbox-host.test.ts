/**
 * What of the host the sandbox passes on besides the code folders (checks/harness/sandbox.ts):
 *
 * - the environment is an allow-list (SANDBOX_ENV): a secret (HF_TOKEN, AWS_*, *_API_KEY) or a host path (OLDPWD,
 *   PWD, STBENCH_PLACES) set in the harness's environment never reaches a sandboxed system, while the locale, the
 *   time zone, the system's own variables, its state folder and the case token do; with --local it gets them all;
 * - an interpreter installed outside /usr is shown by the parts it runs from (its prefix's bin/, lib*, include/),
 *   never its prefix whole: a node hard-linked into a folder's bin/ (a node in ~/bin) and a virtual environment
 *   made at a project's root (`python3 -m venv .`) each run in the sandbox, and the build beside them, in the same
 *   prefix, cannot be read; an interpreter folder that holds a build is refused, naming --local.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandSystem, findSandbox, runCase, type Sandbox } from '../../../../checks/harness/index.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { makeCase, type SynthCase } from '../../../helpers/harness-fixture.ts';
import { sandboxForTests } from '../../../helpers/sandbox-tests.ts';

const sandbox: Sandbox | null = sandboxForTests('sandbox host tests');
const noSandbox = sandbox === null;

/**
 * A line-protocol system that at `start` looks at its environment and at paths: a variable of `absent` that is set,
 * one of `not` that holds the value given, one of `present` that is not set or holds another value than the one
 * given ("*": any), a path of `unreadable` it can read, or a `prefix` that is not its Python's, it names on stderr
 * and exits 3; else it answers unknown to everything.
 */
const PROBE = `import json, os, sys
rules = json.loads(sys.argv[1])
def problems():
    out = ["SEEN %s=%s" % (n, os.environ[n]) for n in rules.get("absent", []) if n in os.environ]
    for n, v in rules.get("present", {}).items():
        if n not in os.environ or v not in ("*", os.environ[n]):
            out.append("MISSING %s (%r)" % (n, os.environ.get(n)))
    for n, v in rules.get("not", {}).items():
        if os.environ.get(n) == v:
            out.append("SEEN %s=%s" % (n, v))
    for p in rules.get("unreadable", []):
        try:
            with open(p, "rb") as fh:
                fh.read(1)
            out.append("LEAK " + p)
        except OSError:
            pass
    if "prefix" in rules and sys.prefix != rules["prefix"]:
        out.append("PREFIX " + sys.prefix)
    return out
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "finish":
        break
    if m["type"] == "start":
        found = problems()
        if found:
            sys.stderr.write(" ".join(found) + "\\n")
            sys.exit(3)
    if m["type"] == "ask":
        print(json.dumps({"answers": [{"qid": q["qid"], "answer": {"type": "unknown"}} for q in m["questions"]]}), flush=True)
    else:
        print(json.dumps({"type": "next"}), flush=True)
`;

let scratch: string;
let code: string;
let c: SynthCase;

beforeAll(async () => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'stbench-sandbox-host-')));
  code = join(scratch, 'code');
  mkdirSync(code);
  writeFileSync(join(code, 'probe.py'), PROBE);
  c = await makeCase(join(scratch, 'data'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const probe = (rules: object) => `python3 probe.py '${JSON.stringify(rules)}'`;

/** Run `f` with these variables set in the harness's environment, then put it back as it was. */
async function withEnv<T>(vars: Record<string, string>, f: () => Promise<T> | T): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  try {
    return await f();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

describe('the environment a sandboxed system gets is an allow-list', () => {
  const HOST = {
    HF_TOKEN: 'hf_secret_of_the_harness',
    AWS_SECRET_ACCESS_KEY: 'aws-secret-of-the-harness',
    OPENAI_API_KEY: 'sk-secret-of-the-harness',
    STBENCH_PLACES: '/home/someone/places',
    OLDPWD: '/home/someone/before',
    PWD: '/home/someone/project',
    NODE_OPTIONS: '--require /home/someone/hook.js',
    LANG: 'C.UTF-8',
    TZ: 'Europe/Paris',
  };
  const rules = {
    absent: ['HF_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY', 'STBENCH_PLACES', 'OLDPWD', 'NODE_OPTIONS'],
    not: { PWD: HOST.PWD },
    present: { LANG: 'C.UTF-8', TZ: 'Europe/Paris', MY_SETTING: 'from-the-system', STBENCH_CASE_TOKEN: '*' },
  };
  const system = (box?: Sandbox) =>
    commandSystem(probe(rules), {
      cwd: code,
      env: { MY_SETTING: 'from-the-system' },
      ...(box ? { sandbox: box } : {}),
    });

  it.skipIf(noSandbox)('in the sandbox: no secret and no host path; the locale, TZ and its own variables', async () => {
    const o = await withEnv(HOST, () => runCase(system(sandbox!), c.dir));
    expect(o.reason ?? '').not.toMatch(/SEEN|MISSING/);
    expect(o.status, o.reason).toBe('ok');
  });

  it('with --local, a plain process: the whole environment, as the harness has it', async () => {
    const o = await withEnv(HOST, () => runCase(system(), c.dir));
    expect(o.status).toBe('broken');
    // (not OLDPWD: a python3 on PATH that is a pyenv shim, a shell script, changes it on its way)
    for (const n of ['HF_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY', 'STBENCH_PLACES', 'NODE_OPTIONS'])
      expect(o.reason).toContain(`SEEN ${n}=`);
    expect(o.reason).not.toContain('MISSING');
  });
});

describe.skipIf(noSandbox)('an interpreter outside /usr shows what it runs from, not its prefix whole', () => {
  /** The sandbox that `findSandbox` finds with `bin` first on PATH (as a user with that interpreter has it). */
  const sandboxWith = (bin: string) => withEnv({ PATH: `${bin}${delimiter}${process.env.PATH}` }, () => findSandbox());
  /** The node running this test, found at `bin`/node: a hard link (the review's repro), else a copy. */
  const placeNode = (bin: string) => {
    mkdirSync(bin, { recursive: true });
    try {
      linkSync(realpathSync(process.execPath), join(bin, 'node'));
    } catch {
      copyFileSync(realpathSync(process.execPath), join(bin, 'node'));
    }
  };

  it('a node in a prefix that holds a build (a node in ~/bin): it runs, and the build is not there', async () => {
    const home = join(scratch, 'home');
    placeNode(join(home, 'bin'));
    const build = await makeCase(join(home, 'build'));
    const found = await sandboxWith(join(home, 'bin'));
    expect('sandbox' in found, 'why' in found ? found.why : '').toBe(true);
    const box = (found as { sandbox: Sandbox }).sandbox;
    expect(box.interpreters.map((p) => p.at)).toContain(join(home, 'bin'));
    expect(box.interpreters.map((p) => p.at)).not.toContain(home);
    // node runs from home/bin inside (first on PATH), and the gold beside it cannot be read
    const cmd = `node -e "process.exit(require('node:path').dirname(process.execPath) === '${join(home, 'bin')}' ? 0 : 5)" && ${probe({ unreadable: [join(build.dir, 'gold.jsonl'), join(build.root, 'private', build.sid, 'timeline.json')] })}`;
    const o = await runCase(commandSystem(cmd, { cwd: code, sandbox: box }), c.dir);
    expect(o.reason ?? '').not.toContain('LEAK');
    expect(o.status, o.reason).toBe('ok');
  });

  it('a virtual environment made at a project root: its python runs, the project beside it is not there', async () => {
    const project = join(scratch, 'project');
    const build = await makeCase(join(project, 'build'));
    const made = spawnSync('python3', ['-m', 'venv', '--without-pip', project], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    writeFileSync(join(project, 'notes.txt'), 'the project, not the venv');
    const found = await sandboxWith(join(project, 'bin'));
    expect('sandbox' in found, 'why' in found ? found.why : '').toBe(true);
    const box = (found as { sandbox: Sandbox }).sandbox;
    expect(box.interpreters.map((p) => p.at)).toEqual(
      expect.arrayContaining([join(project, 'bin'), join(project, 'lib'), join(project, 'pyvenv.cfg')]),
    );
    expect(box.interpreters.map((p) => p.at)).not.toContain(project);
    const rules = {
      prefix: project,
      unreadable: [join(build.dir, 'gold.jsonl'), join(project, 'notes.txt')],
    };
    const o = await runCase(commandSystem(probe(rules), { cwd: code, sandbox: box }), c.dir);
    expect(o.reason ?? '').not.toMatch(/LEAK|PREFIX/);
    expect(o.status, o.reason).toBe('ok');
  });

  it('an interpreter folder that holds a build is refused, saying what to do and naming --local', async () => {
    const opt = join(scratch, 'opt');
    placeNode(join(opt, 'bin'));
    mkdirSync(join(opt, 'lib', 'old-build', '.stbench'), { recursive: true });
    const found = await sandboxWith(join(opt, 'bin'));
    expect('why' in found).toBe(true);
    const why = (found as { why: string }).why;
    expect(why).toContain(`the interpreter folder ${join(opt, 'lib')} (part of node (${join(opt, 'bin', 'node')})`);
    expect(why).toContain(`holds the build ${join(opt, 'lib', 'old-build')}`);
    expect(why).toContain('put a node or python3 installed elsewhere first on PATH');
    const r = await runCli(['run', `cmd:${probe({})}`, '--code', code, c.dir], {
      env: { PATH: `${join(opt, 'bin')}${delimiter}${process.env.PATH}` },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`holds the build ${join(opt, 'lib', 'old-build')}`);
    expect(r.stderr).toContain('pass --local');
  });
});
