/**
 * Agents written as a Python class (checks/harness/python-agent.ts, checks/harness/python/): FILE.py:Class runs over
 * the subprocess protocol with every hook called in order, prints that cannot corrupt the replies, a state folder
 * that lasts the case, and quoting that survives odd paths; an exception or a non-dict answer breaks the case with
 * the reason quoted; a bad SYSTEM argument is a usage error (exit 2) before any case runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCase } from '../../../../checks/harness/index.ts';
import { resolveSystem } from '../../../../checks/systems/registry.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

let root: string;
let c: SynthCase;
beforeAll(async () => {
  root = tempRoot();
  c = await makeCase(root, 0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Write an agent file (the shim's import first) and return its path. */
function agentFile(name: string, body: string, dir = root): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, `import json, os, sys\nfrom system_shim import System\n\n${body}`);
  return file;
}

/** An agent that records every call and tells it back in its answers; it writes to stdout at every turn. */
const RECORDER = (finishFile: string) => `
class Recorder(System):
    def __init__(self):
        self.calls = []
        print("hello from __init__")

    def start(self, robot, system_prompt, channel):
        self.calls.append(["start", robot["job"], channel, bool(system_prompt)])
        (self.state_dir / "started").write_text("yes")
        print("hello from start")

    def task(self, index, text):
        self.calls.append(["task", index, text.startswith("Task %d." % index)])
        os.system("echo hello from a child process")

    def observe(self, steps):
        self.calls.append(["observe", len(steps), steps[0]["k"], os.path.exists(steps[0]["rgb"])])
        sys.__stdout__.write("hello from sys.__stdout__\\n")
        sys.__stdout__.flush()

    def answer(self, question):
        print("hello from answer")
        return {"type": "unknown", "calls": list(self.calls), "state": (self.state_dir / "started").read_text(),
                "keys": sorted(question)}

    def finish(self):
        with open(${JSON.stringify(finishFile)}, "w") as f:
            json.dump(self.calls, f)
`;

describe('a Python agent over the subprocess protocol', () => {
  it('calls start, task, observe, answer and finish in order, and nothing it prints reaches the protocol', async () => {
    const finished = join(root, 'finished.json');
    const file = agentFile('recorder.py', RECORDER(finished));
    const sys = resolveSystem(`${file}:Recorder`, { local: true });
    expect(sys).toMatchObject({ kind: 'command', name: `py:${file}:Recorder` });
    const o = await runCase(sys, c.dir);
    expect(o.reason).toBeUndefined();
    expect(o.status).toBe('ok');
    const calls = (qid: string) => (o.answers.get(qid) as { calls: unknown[] }).calls;
    const upTo = (k: number) => [
      ['start', 'helper/1', 'rgb_pose', true],
      ['task', 0, true],
      ...[0, 1, 2].filter((i) => i <= k).map((i) => ['observe', 1, i, true]),
      ...(k >= 3 ? [['task', 1, true]] : []),
      ...[3, 4, 5].filter((i) => i <= k).map((i) => ['observe', 1, i, true]),
    ];
    expect(calls(c.qids.q1)).toEqual(upTo(1)); // the look point after frame 1
    expect(calls(c.qids.q3)).toEqual(upTo(4)); // after frame 4, task 1 began at frame 3
    expect(calls(c.qids.q5)).toEqual(upTo(5)); // the end questions
    for (const qid of Object.values(c.qids))
      expect(o.answers.get(qid)).toMatchObject({ state: 'yes', keys: ['answer_type', 'qid', 'text'] });
    expect(JSON.parse(readFileSync(finished, 'utf8'))).toEqual(upTo(5));
  });

  it('keeps one state folder through the case and a fresh one for the next', async () => {
    const file = agentFile(
      'counter.py',
      `class Counter(System):
    def observe(self, steps):
        f = self.state_dir / "n"
        f.write_text(str(int(f.read_text()) + 1 if f.exists() else 1))

    def answer(self, question):
        return {"type": "number", "value": int((self.state_dir / "n").read_text())}
`,
    );
    const sys = resolveSystem(`${file}:Counter`, { local: true });
    for (let run = 0; run < 2; run++) {
      const o = await runCase(sys, c.dir);
      expect(o.status).toBe('ok');
      expect(o.answers.get(c.qids.q1)).toEqual({ type: 'number', value: 2 }); // frames 0 and 1, not 8
      expect(o.answers.get(c.qids.q4)).toEqual({ type: 'number', value: 6 });
    }
  });

  it('runs a file whose path holds spaces and quotes', async () => {
    const file = agentFile(
      `it's "odd" $HOME.py`,
      `class Odd(System):
    def answer(self, question):
        return {"type": "number", "value": 1.5}
`,
      join(root, 'a folder; with `stuff`'),
    );
    const o = await runCase(resolveSystem(`${file}:Odd`, { local: true }), c.dir);
    expect(o.status).toBe('ok');
    expect([...o.answers.values()]).toEqual(Array(5).fill({ type: 'number', value: 1.5 }));
  });

  it('sends a dict of the wrong shape as it is, and numbers with tolist() as plain numbers', async () => {
    const file = agentFile(
      'shapes.py',
      `class Scalar:
    def tolist(self):
        return 0.25

class Shapes(System):
    def answer(self, question):
        if question["answer_type"] == "number":
            return {"type": "number", "value": Scalar()}
        return {"type": "place"}
`,
    );
    const o = await runCase(resolveSystem(`${file}:Shapes`, { local: true }), c.dir);
    expect(o.status).toBe('ok');
    expect(o.answers.get(c.qids.q1)).toEqual({ type: 'number', value: 0.25 });
    expect(o.answers.get(c.qids.q2)).toEqual({ type: 'place' });
  });

  it('runs the class form docs/protocol.md shows: every answer unknown, the case ok', async () => {
    const doc = readFileSync('docs/protocol.md', 'utf8');
    const section = doc.slice(doc.indexOf('## An agent as a Python class'));
    const block = /```python\n([\s\S]*?)```/.exec(section)![1];
    const file = join(root, 'docs_agent.py');
    writeFileSync(file, block);
    const o = await runCase(resolveSystem(`${file}:MyAgent`, { local: true }), c.dir);
    expect(o.status).toBe('ok');
    expect([...o.answers.keys()]).toEqual(Object.values(c.qids));
    expect([...o.answers.values()]).toEqual(Array(5).fill({ type: 'unknown' }));
  });
});

describe("a Python agent's faults break the case", () => {
  it('an answer() that raises: broken, with the traceback and what raised quoted', async () => {
    const file = agentFile(
      'boom.py',
      `class Boom(System):
    def answer(self, question):
        raise ValueError("no idea about " + question["qid"])
`,
    );
    const o = await runCase(resolveSystem(`${file}:Boom`, { local: true }), c.dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/^the system exited with code 1 before replying; stderr ends: /);
    expect(o.reason).toContain(`raise ValueError("no idea about " + question["qid"])`);
    expect(o.reason).toContain(
      `run_agent: Boom.answer() on question ${c.qids.q1} raised ValueError: no idea about ${c.qids.q1}`,
    );
    expect(o.answers.size).toBe(0);
    expect(o.timings.frames).toBe(2); // it broke at the first ask, after frames 0 and 1
  });

  it('an answer() that returns no dict: broken, naming the question and what came back', async () => {
    const file = agentFile(
      'forgot.py',
      `class Forgot(System):
    def answer(self, question):
        if question["answer_type"] == "offset":
            return None
        return {"type": "unknown"}
`,
    );
    const o = await runCase(resolveSystem(`${file}:Forgot`, { local: true }), c.dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toContain(
      `run_agent: Forgot.answer() on question ${c.qids.q3} returned NoneType, not an answer dict such as {"type": "unknown"}`,
    );
    expect([...o.answers.keys()]).toEqual([c.qids.q1, c.qids.q2]); // the first ask's answers stand
  });

  it('a hook that raises: broken, naming the hook', async () => {
    const file = agentFile(
      'badtask.py',
      `class BadTask(System):
    def task(self, index, text):
        if index == 1:
            raise KeyError("the brief")
`,
    );
    const o = await runCase(resolveSystem(`${file}:BadTask`, { local: true }), c.dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/run_agent: BadTask\.task\(\) raised KeyError: 'the brief'$/);
    expect(o.answers.size).toBe(2);
  });
});

describe('a bad FILE.py:Class is a usage error before any case runs', () => {
  const fails = async (spec: string, env?: Record<string, string>) => {
    const out = join(root, `run-${Math.random().toString(36).slice(2)}`);
    const r = await runCli(['eval', spec, '--local', '--data', root, '--out', out], { env });
    expect(r.code, r.stderr).toBe(2);
    expect(existsSync(out)).toBe(false); // nothing ran, no run folder
    return r.stderr;
  };

  it('a missing file, a file that is not .py, a missing :Class, a bad class name', async () => {
    expect(await fails(join(root, 'nowhere.py:Agent'))).toContain(`nowhere.py not found (the Python agent`);
    const txt = join(root, 'agent.txt');
    writeFileSync(txt, '');
    expect(await fails(`${txt}:Agent`)).toContain(`${JSON.stringify(txt)} is not a .py file`);
    const file = agentFile('plain.py', 'class Plain(System):\n    pass\n');
    expect(await fails(file)).toContain(`${file} names no class: give the agent's class after a colon, as ${file}:`);
    expect(await fails(`${file}:`)).toContain('names no class');
    expect(await fails(`${file}:9lives`)).toContain('"9lives" is not a Python class name');
  });

  it('a class the file lacks, one that does not subclass System, a file that does not import', async () => {
    const file = agentFile('some.py', 'class Loose:\n    pass\n\nclass Fine(System):\n    pass\n');
    expect(await fails(`${file}:Missing`)).toContain(`run_agent: ${file} defines no class Missing`);
    expect(await fails(`${file}:Loose`)).toContain(`run_agent: Loose in ${file} does not subclass System`);
    const broken = agentFile('broken.py', 'class Broken(System)\n    pass\n');
    const err = await fails(`${broken}:Broken`);
    expect(err).toContain(`the Python agent ${broken}:Broken cannot run:`);
    expect(err).toMatch(/SyntaxError/);
    expect(err).toContain(`run_agent: importing ${broken} raised SyntaxError`);
  });

  it('python3 missing from PATH', async () => {
    const file = agentFile('fine.py', 'class Fine(System):\n    pass\n');
    const empty = join(root, 'empty-bin');
    mkdirSync(empty, { recursive: true });
    expect(await fails(`${file}:Fine`, { PATH: empty })).toContain(
      `python3 not found on PATH: a Python agent (${file}:Fine) runs with python3; install it (Debian: apt-get install python3`,
    );
  });

  it('a plain unknown name still names the forms', async () => {
    expect(await fails('nobody')).toMatch(
      /unknown system "nobody": use a model \(claude:sonnet.*\), one of all_unknown, .*cmd:<command> for an external program, or FILE\.py:Class for a Python agent/,
    );
  });
});
