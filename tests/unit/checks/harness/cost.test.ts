/**
 * A system's cost (docs/protocol.md, "Cost"): the reports on every reply and the last line after finish sum exactly
 * into the case's outcome and RUN_DIR/answers/<cid>.json; a malformed report breaks the case with the reason;
 * --case-usd stops a case at once and cleanly (finish, the grace, the group killed, the folders removed) and breaks
 * it; --max-usd starts no case once the folder's cases cost more, and a rerun with a higher cap resumes. In-process
 * sessions report the same way, and a Python agent through System.report_cost.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { zeroCost } from '../../../../formats/cost.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseAnswersPath,
  commandSystem,
  readCaseAnswers,
  runCase,
  runMany,
  runManyReport,
  type InProcessSystem,
} from '../../../../checks/harness/index.ts';
import { resolveSystem } from '../../../../checks/systems/registry.ts';
import { UsageError } from '../../../../foundation/index.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';
import { processesWith } from '../../../helpers/processes.ts';

/**
 * A system driven by a config file: `costs[type]` goes with its reply to that message type (for observe, an array
 * by frame), `raw[type]` is written instead of the reply, `final` after finish (a cost object, or a raw line),
 * `hangOnFinish` keeps it alive after finish; `log` gets its pid and state folder, then every message's type.
 */
const SYSTEM = `import { createInterface } from 'node:readline';
import { appendFileSync, readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const log = (v) => cfg.log && appendFileSync(cfg.log, JSON.stringify(v) + '\\n');
log({ pid: process.pid, state: process.env.STBENCH_STATE_DIR });
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  log({ type: m.type, rgb: m.step?.rgb });
  if (m.type === 'finish') {
    if (typeof cfg.final === 'string') process.stdout.write(cfg.final + '\\n');
    else if (cfg.final) process.stdout.write(JSON.stringify({ type: 'cost', cost: cfg.final }) + '\\n');
    if (cfg.hangOnFinish) await new Promise(() => setInterval(() => {}, 1000));
    break;
  }
  if (cfg.raw?.[m.type]) {
    process.stdout.write(cfg.raw[m.type] + '\\n');
    continue;
  }
  const reply = m.type === 'ask'
    ? { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) }
    : { type: 'next' };
  const c = cfg.costs?.[m.type];
  const cost = Array.isArray(c) ? c[m.step.k] : c;
  if (cost !== undefined) reply.cost = cost;
  process.stdout.write(JSON.stringify(reply) + '\\n');
}
`;

let root: string;
let cases: SynthCase[];
let script: string;
let n = 0;
beforeAll(async () => {
  root = tempRoot();
  cases = [];
  for (let i = 0; i < 4; i++) cases.push(await makeCase(root, i));
  script = join(root, 'cost-system.mjs');
  writeFileSync(script, SYSTEM);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The system for a config, and the file its log goes to. */
function system(cfg: Record<string, unknown>): { sys: ReturnType<typeof commandSystem>; log: string } {
  const id = n++;
  const log = join(root, `log-${id}.jsonl`);
  const file = join(root, `cfg-${id}.json`);
  writeFileSync(file, JSON.stringify({ log, ...cfg }));
  return { sys: commandSystem(`node ${script} ${file}`), log };
}

const logOf = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { pid?: number; state?: string; type?: string; rgb?: string });

// the synthetic case: start, two tasks, six frames, asks after frames 1 and 4, and the end ask
const PER_TYPE = {
  start: { input_tokens: 1, output_tokens: 2, usd: 0.001 },
  task: { input_tokens: 10 },
  observe: { input_tokens: 100, output_tokens: 20, usd: 0.01 },
  ask: { input_tokens: 1000, output_tokens: 200, usd: 0.1 },
};

describe('cost reports sum into the case', () => {
  it('every reply and the line after finish: the exact sums in the outcome and answers/<cid>.json', async () => {
    const { sys } = system({ costs: PER_TYPE, final: { input_tokens: 5000, usd: 0.5 } });
    const runDir = join(root, 'run-sums');
    const [o] = await runMany(sys, [cases[0].dir], { runDir });
    expect(o.status, o.reason).toBe('ok');
    // 1 start + 2 tasks + 6 frames + 3 asks, then the last line
    // input 1 + 2 * 10 + 6 * 100 + 3 * 1000 + 5000, output 2 + 6 * 20 + 3 * 200, usd 0.001 + 0.06 + 0.3 + 0.5
    const want = { ...zeroCost(), input_tokens: 8621, output_tokens: 722, usd: 0.861 };
    expect(o.cost).toEqual(want);
    const saved = JSON.parse(readFileSync(caseAnswersPath(runDir, cases[0].cid), 'utf8'));
    expect(saved.cost).toEqual(want);
    expect(readCaseAnswers(caseAnswersPath(runDir, cases[0].cid)).cost).toEqual(want);
    expect(o.answers.size).toBe(5);
  });

  it('dollars sum to the nano-dollar: ten reports of 0.1 are exactly 1', async () => {
    const { sys } = system({ costs: { observe: { usd: 0.1 }, ask: { usd: 0.1 } }, final: { usd: 0.1 } });
    const o = await runCase(sys, cases[0].dir);
    expect(o.cost).toEqual({ ...zeroCost(), input_tokens: 0, output_tokens: 0, usd: 1 });
  });

  it('a system that reports nothing has no cost in its outcome or its file', async () => {
    const { sys } = system({});
    const runDir = join(root, 'run-none');
    const [o] = await runMany(sys, [cases[0].dir], { runDir });
    expect(o.status).toBe('ok');
    expect(o.cost).toBeUndefined();
    expect(JSON.parse(readFileSync(caseAnswersPath(runDir, cases[0].cid), 'utf8'))).not.toHaveProperty('cost');
  });

  it('a broken case keeps what it reported before it broke', async () => {
    const { sys } = system({ costs: { start: { usd: 0.25, input_tokens: 7 } }, raw: { task: 'thinking...' } });
    const o = await runCase(sys, cases[0].dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/garbage on stdout in reply to task/);
    expect(o.cost).toEqual({ ...zeroCost(), input_tokens: 7, output_tokens: 0, usd: 0.25 });
  });

  it('lines after finish that are not a cost line are ignored, as before', async () => {
    const { sys } = system({ costs: { start: { usd: 0.5 } }, final: 'bye now' });
    const o = await runCase(sys, cases[0].dir);
    expect(o.status, o.reason).toBe('ok');
    expect(o.cost).toEqual({ ...zeroCost(), input_tokens: 0, output_tokens: 0, usd: 0.5 });
  });
});

describe('a malformed cost breaks the case, with the reason', () => {
  const cases_: [string, Record<string, unknown>, RegExp][] = [
    [
      'negative dollars',
      { costs: { observe: { usd: -1 } } },
      /the cost in the reply to observe is malformed: usd must be a non-negative finite number, not -1/,
    ],
    [
      'tokens not whole',
      { costs: { ask: { input_tokens: 1.5 } } },
      /the cost in the reply to ask is malformed: input_tokens must be a whole number of at least 0, not 1\.5/,
    ],
    [
      'a field that is no cost field',
      { costs: { start: { dollars: 1 } } },
      /the cost in the reply to start is malformed: "dollars" is no cost field \(a cost is \{"input_tokens": N/,
    ],
    ['not an object', { costs: { task: 3 } }, /the cost in the reply to task is malformed: 3 is not an object/],
    [
      "Python's NaN",
      { raw: { start: '{"type": "next", "cost": {"usd": NaN}}' } },
      /the cost in the reply to start is malformed: usd must be a non-negative finite number, not "NaN"/,
    ],
    [
      'a bad last line',
      { final: { output_tokens: -3 } },
      /the cost line after finish is malformed: output_tokens must be a whole number of at least 0, not -3/,
    ],
    [
      'a last line of the wrong shape',
      { final: '{"type": "cost", "cost": {"usd": 1}, "note": "x"}' },
      /the line after finish must be \{"type":"cost","cost":\{\.\.\.\}\}, not \{"type":"cost"/,
    ],
  ];
  for (const [what, cfg, reason] of cases_) {
    it(what, async () => {
      const o = await runCase(system(cfg).sys, cases[0].dir);
      expect(o.status).toBe('broken');
      expect(o.reason).toMatch(reason);
    });
  }
});

describe('--case-usd', () => {
  it('stops a case at once and cleanly: finish, the grace, the group killed, the folders removed', async () => {
    // 0.1 a frame: over 0.25 at the third frame; after finish it writes its last cost and never exits
    const { sys, log } = system({
      costs: { observe: { usd: 0.1, output_tokens: 3 } },
      final: { usd: 0.04 },
      hangOnFinish: true,
    });
    const t0 = Date.now();
    const o = await runCase(sys, cases[0].dir, { caseUsd: 0.25, finishGraceMs: 500 });
    expect(o.status).toBe('broken');
    expect(o.reason).toBe('stopped: cost $0.34 over --case-usd 0.25');
    expect(o.cost).toEqual({ ...zeroCost(), input_tokens: 0, output_tokens: 9, usd: 0.34 });
    expect(o.timings.frames).toBe(3);
    expect(o.answers.get(cases[0].qids.q1)).toEqual({ type: 'unknown' }); // the ask after frame 1 was answered
    const lines = logOf(log);
    // it got start, task 0, frames 0..2 and the ask after frame 1, then finish: nothing of frame 3 or later
    expect(lines.slice(1).map((l) => l.type)).toEqual([
      'start',
      'task',
      'observe',
      'observe',
      'ask',
      'observe',
      'finish',
    ]);
    expect(processesWith(sys.command)).toEqual([]);
    expect(existsSync(lines[0].state!)).toBe(false);
    expect(existsSync(dirname(lines.find((l) => l.rgb)!.rgb!))).toBe(false);
    expect(Date.now() - t0).toBeLessThan(30_000);
  });

  it('a cost exactly at the cap is not over it (0.1 + 0.2 is 0.3)', async () => {
    const { sys } = system({ costs: { observe: [{ usd: 0.1 }, { usd: 0.2 }] } });
    const o = await runCase(sys, cases[0].dir, { caseUsd: 0.3 });
    expect(o.status, o.reason).toBe('ok');
    expect(o.cost?.usd).toBe(0.3);
  });

  it('a last report after finish that passes the cap breaks the case too', async () => {
    const { sys } = system({ costs: { start: { usd: 0.2 } }, final: { usd: 0.2 } });
    const o = await runCase(sys, cases[0].dir, { caseUsd: 0.3 });
    expect(o.status).toBe('broken');
    expect(o.reason).toBe('stopped: cost $0.40 over --case-usd 0.3');
    expect(o.answers.size).toBe(5);
  });

  it('the run goes on with the next case, and --retry-broken runs the stopped one again', async () => {
    // the second case (battery 89 at frame 0: 90 - k - n) spends a dollar at its first frame
    const file = join(root, 'fickle.py');
    writeFileSync(
      file,
      [
        'import json, sys',
        'for line in sys.stdin:',
        '    m = json.loads(line)',
        '    if m["type"] == "finish": break',
        '    r = {"answers": [{"qid": q["qid"], "answer": {"type": "unknown"}} for q in m["questions"]]} if m["type"] == "ask" else {"type": "next"}',
        '    s = m.get("step", {})',
        '    if m["type"] == "observe" and s["k"] == 0 and s["status"]["battery_pct"] == 89: r["cost"] = {"usd": 1}',
        '    if m["type"] == "start": r["cost"] = {"usd": 0.01}',
        '    print(json.dumps(r), flush=True)',
      ].join('\n'),
    );
    const sys = commandSystem(`python3 ${file}`);
    const runDir = join(root, 'run-case-usd');
    const dirs = cases.slice(0, 3).map((c) => c.dir);
    const res = await runMany(sys, dirs, { runDir, caseUsd: 0.5 });
    expect(res.map((o) => o.status)).toEqual(['ok', 'broken', 'ok']);
    expect(res[1].reason).toBe('stopped: cost $1.01 over --case-usd 0.5');
    expect(res[1].timings.frames).toBe(1);
    expect(res[2].answers.size).toBe(5);
    expect(readCaseAnswers(caseAnswersPath(runDir, cases[1].cid))).toMatchObject({
      status: 'broken',
      reason: 'stopped: cost $1.01 over --case-usd 0.5',
      cost: { usd: 1.01 },
    });
    const again = await runMany(sys, dirs, { runDir, caseUsd: 2, retryBroken: true });
    expect(again.map((o) => o.status)).toEqual(['ok', 'ok', 'ok']);
    expect(again[1].cost?.usd).toBe(1.01);
  });

  it('refuses a cap that is not a positive number', async () => {
    const { sys } = system({});
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(runCase(sys, cases[0].dir, { caseUsd: bad })).rejects.toThrow(UsageError);
    await expect(runMany(sys, [cases[0].dir], { runDir: join(root, 'x'), maxUsd: 0 })).rejects.toThrow(
      /--max-usd must be a positive number of dollars, got 0/,
    );
  });
});

/** An in-process system whose every frame costs `usd`; it records the cases it opens and the finishes it gets. */
function paid(usd: number, opened: string[], finished: string[] = []): InProcessSystem {
  return {
    kind: 'in_process',
    name: 'paid',
    open: (info) => {
      opened.push(info.cid);
      return {
        async start() {},
        async task() {},
        async observe() {
          return { type: 'next', cost: { usd, input_tokens: 10 } };
        },
        async ask(m) {
          return { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) };
        },
        async finish() {
          finished.push(info.cid);
        },
      };
    },
  };
}

describe('in-process sessions report cost on their replies', () => {
  it('sums them, and --case-usd stops the session with finish', async () => {
    const opened: string[] = [];
    const finished: string[] = [];
    const ok = await runCase(paid(0.05, opened, finished), cases[0].dir);
    expect(ok.cost).toEqual({ ...zeroCost(), input_tokens: 60, output_tokens: 0, usd: 0.3 });
    const stopped = await runCase(paid(0.05, opened, finished), cases[0].dir, { caseUsd: 0.12 });
    expect(stopped).toMatchObject({ status: 'broken', reason: 'stopped: cost $0.15 over --case-usd 0.12' });
    expect(stopped.timings.frames).toBe(3);
    expect(finished).toEqual([cases[0].cid, cases[0].cid]);
  });
});

describe('--max-usd', () => {
  it('starts no case once the folder costs more, and a rerun with a higher cap resumes', async () => {
    const runDir = join(root, 'run-max-usd');
    const dirs = cases.map((c) => c.dir);
    const opened: string[] = [];
    // each case costs 0.3 (six frames of 0.05): over 0.5 after the second case
    const usd: number[] = [];
    const first = await runManyReport(paid(0.05, opened), dirs, {
      runDir,
      maxUsd: 0.5,
      onProgress: (p) => usd.push(p.usd),
    });
    expect(usd).toEqual([0, 0.3, 0.6]); // the progress carries the folder's dollars
    expect(opened).toEqual([cases[0].cid, cases[1].cid]);
    expect(first.outcomes.map((o) => o.cid)).toEqual([cases[0].cid, cases[1].cid]);
    expect(first.unstarted).toEqual([cases[2].cid, cases[3].cid]);
    expect(first.usd).toBe(0.6);
    expect(existsSync(caseAnswersPath(runDir, cases[2].cid))).toBe(false);

    // the same cap: the folder already costs more, nothing starts
    const same = await runManyReport(paid(0.05, opened), dirs, { runDir, maxUsd: 0.5 });
    expect(opened).toHaveLength(2);
    expect(same.unstarted).toEqual([cases[2].cid, cases[3].cid]);

    // a higher cap: the third case starts (0.6 <= 0.7), the fourth not (0.9 > 0.7)
    const more = await runManyReport(paid(0.05, opened), dirs, { runDir, maxUsd: 0.7 });
    expect(opened.slice(2)).toEqual([cases[2].cid]);
    expect(more.unstarted).toEqual([cases[3].cid]);
    expect(more.usd).toBe(0.9);

    const all = await runManyReport(paid(0.05, opened), dirs, { runDir, maxUsd: 5 });
    expect(opened.slice(3)).toEqual([cases[3].cid]);
    expect(all).toMatchObject({ unstarted: [], usd: 1.2 });
    expect(all.outcomes.map((o) => o.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

describe('--max-usd and --retry-broken', () => {
  it('a broken case counts, and still counts once run again; one the budget keeps from its rerun keeps its saved outcome', async () => {
    const runDir = join(root, 'run-max-usd-retry');
    const dirs = [cases[0].dir, cases[1].dir];
    const opened: string[] = [];
    // the first run: the second case breaks at its fourth frame, after spending 0.15
    const flaky: InProcessSystem = {
      ...paid(0.05, opened),
      open: (info) => {
        const s = paid(0.05, opened).open(info) as Awaited<ReturnType<InProcessSystem['open']>>;
        if (info.cid !== cases[1].cid) return s;
        let frames = 0;
        return {
          ...s,
          observe: async (m) => {
            if (++frames === 4) throw new Error('lost its way');
            return s.observe(m);
          },
        };
      },
    };
    const first = await runManyReport(flaky, dirs, { runDir });
    expect(first.outcomes.map((o) => [o.status, o.cost?.usd])).toEqual([
      ['ok', 0.3],
      ['broken', 0.15],
    ]);
    expect(first.usd).toBe(0.45);
    // the folder costs 0.45, over 0.4: the broken case is not run again, and keeps its outcome
    const kept = await runManyReport(paid(0.05, opened), dirs, { runDir, maxUsd: 0.4, retryBroken: true });
    expect(kept.unstarted).toEqual([cases[1].cid]);
    expect(kept.outcomes.map((o) => [o.cid, o.status])).toEqual([
      [cases[0].cid, 'ok'],
      [cases[1].cid, 'broken'],
    ]);
    expect(opened).toHaveLength(2);
    // under 0.5 it runs again: its new outcome replaces the old, and the money the broken attempt spent stays
    // counted in the folder (spent_before), never dropped from the total
    const again = await runManyReport(paid(0.05, opened), dirs, { runDir, maxUsd: 0.5, retryBroken: true });
    expect(opened).toHaveLength(3);
    expect(again).toMatchObject({ unstarted: [], usd: 0.75 });
    expect(readCaseAnswers(caseAnswersPath(runDir, cases[1].cid))).toMatchObject({
      status: 'ok',
      cost: { usd: 0.3 },
      spent_before: { usd: 0.15 },
    });
  });
});

describe('a Python agent reports cost with System.report_cost', () => {
  it('sends what each call reported with its reply, and what finish reported on the last line', async () => {
    const file = join(root, 'paid_agent.py');
    writeFileSync(
      file,
      `from system_shim import System

class Paid(System):
    def __init__(self):
        self.report_cost(input_tokens=1)

    def observe(self, steps):
        self.report_cost(input_tokens=100, output_tokens=10, usd=0.01)
        self.report_cost(usd=0.005)

    def answer(self, question):
        self.report_cost(output_tokens=2, usd=0.02)
        return {"type": "unknown"}

    def finish(self):
        self.report_cost(usd=0.5)
`,
    );
    const o = await runCase(resolveSystem(`${file}:Paid`, { local: true }), cases[0].dir);
    expect(o.status, o.reason).toBe('ok');
    // __init__, six frames, five questions and finish: usd 6 * 0.015 + 5 * 0.02 + 0.5
    expect(o.cost).toEqual({ ...zeroCost(), input_tokens: 601, output_tokens: 70, usd: 0.69 });
  });

  it('a report that is not a cost breaks the case, naming the call', async () => {
    const file = join(root, 'bad_cost_agent.py');
    writeFileSync(
      file,
      `from system_shim import System

class BadCost(System):
    def observe(self, steps):
        self.report_cost(usd=float("nan"))
`,
    );
    const o = await runCase(resolveSystem(`${file}:BadCost`, { local: true }), cases[0].dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(
      /BadCost\.observe\(\) at k=0 raised ValueError: report_cost: usd must be a non-negative finite number, not nan/,
    );
  });
});
