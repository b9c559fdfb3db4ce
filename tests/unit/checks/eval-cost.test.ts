/**
 * stbench eval and a paid system's cost: the cases' reports (every reply, the line after finish) sum exactly into
 * answers/<cid>.json, results.json and results.md, broken cases included; --case-usd stops a case and breaks it while
 * the run goes on; --max-usd starts no case once the run folder costs more, says so (exit 1), and a rerun with a
 * higher cap resumes and completes; the caps are checked like the other flags (exit 2). stbench run takes --case-usd
 * too and prints the case's cost.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseFile } from '../../../formats/case-schema.ts';
import { formatUsd, zeroCost } from '../../../formats/cost.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeCheckBuild, type CheckBuild } from '../../helpers/check-fixture.ts';
import { makeCase, type SynthCase } from '../../helpers/harness-fixture.ts';

let dir: string;
let b: CheckBuild;
let script: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-eval-cost-'));
  b = makeCheckBuild({ scripts: 3, seed: 'eval-cost' });
  script = join(dir, 'system.mjs');
  writeFileSync(script, SYSTEM);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(b.root, { recursive: true, force: true });
});

/**
 * A system that answers unknown and reports what its config says: `cfg[type]` with its reply to each message of
 * that type (`bySid[sid][type]` for one script's case), `final` on the line after finish; it crashes at its first
 * task on the scripts in `crash`, and logs the script of every case it starts.
 */
const SYSTEM = `import { createInterface } from 'node:readline';
import { appendFileSync, readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let sid = null;
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.type === 'start') {
    sid = m.robot.sid;
    appendFileSync(cfg.log, sid + '\\n');
  }
  if (m.type === 'finish') {
    if (cfg.final) process.stdout.write(JSON.stringify({ type: 'cost', cost: cfg.final }) + '\\n');
    break;
  }
  if (m.type === 'task' && (cfg.crash ?? []).includes(sid)) process.exit(3);
  const reply = m.type === 'ask'
    ? { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) }
    : { type: 'next' };
  const cost = cfg.bySid?.[sid]?.[m.type] ?? cfg[m.type];
  if (cost) reply.cost = cost;
  process.stdout.write(JSON.stringify(reply) + '\\n');
}
`;

interface Cost {
  input_tokens: number;
  output_tokens: number;
  usd: number;
}

/** A config file for the system (rewritten in place between runs), its log, and the SYSTEM argument. */
function setup(name: string, cfg: Record<string, unknown>) {
  const file = join(dir, `${name}.json`);
  const log = join(dir, `${name}.log`);
  const write = (c: Record<string, unknown>) => writeFileSync(file, JSON.stringify({ log, ...c }));
  write(cfg);
  const started = () => {
    try {
      return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  return { system: `cmd:node ${script} ${file}`, write, started, out: join(dir, name) };
}

const readJson = (f: string) => JSON.parse(readFileSync(f, 'utf8'));
const caseOf = (i: number): CaseFile => readJson(join(b.root, 'private', b.cids[i], 'case.json'));
const asksOf = (i: number) => caseOf(i).asks.length + (caseOf(i).end_qids.length ? 1 : 0);

describe('eval sums the cost', () => {
  it('answers/<cid>.json, results.json and results.md hold the exact sums, the broken case included', async () => {
    // dollars that are exact in binary, so that the expected sums below are exact too
    const START = { input_tokens: 1000, output_tokens: 50, usd: 0.125 };
    const ASK = { input_tokens: 200, output_tokens: 20, usd: 0.0625 };
    const FINAL = { output_tokens: 5, usd: 0.25 };
    const s = setup('sums', { start: START, ask: ASK, final: FINAL, crash: [b.sids[1]] });
    const r = await runCli(['eval', s.system, '--local', '--data', b.root, '--out', s.out]);
    expect(r.code, r.stderr).toBe(1); // the crashed case
    const want: Cost[] = [0, 1, 2].map((i) =>
      i === 1
        ? { ...zeroCost(), input_tokens: 1000, output_tokens: 50, usd: 0.125 } // it reported at start, then crashed
        : {
            ...zeroCost(),
            input_tokens: 1000 + 200 * asksOf(i),
            output_tokens: 50 + 20 * asksOf(i) + 5,
            usd: 0.125 + 0.0625 * asksOf(i) + 0.25,
          },
    );
    expect(asksOf(0)).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++)
      expect(readJson(join(s.out, 'answers', `${b.cids[i]}.json`)).cost, `case ${i}`).toEqual(want[i]);
    const total = {
      ...zeroCost(),
      wall_s: expect.any(Number),
      input_tokens: want.reduce((t, c) => t + c.input_tokens, 0),
      output_tokens: want.reduce((t, c) => t + c.output_tokens, 0),
      usd: want.reduce((t, c) => t + c.usd, 0),
      cases_run: 3,
      cases_reporting: 3,
    };
    const res = readJson(join(s.out, 'results.json'));
    expect(res.format).toBe('stbench-results/1');
    expect(res.cost).toEqual({ ...total, layouts: { apartment_a: total } });
    expect(res).toMatchObject({ cases_selected: 3, cases_scored: 2, cases_not_run: 0, broken: [{ cid: b.cids[1] }] });
    expect(res.budget).toEqual({ max_usd: null, case_usd: null, stopped: false, unstarted: 0 });
    const line =
      `Cost: ${total.input_tokens} input tokens, ${total.output_tokens} output tokens, $${formatUsd(total.usd)} ` +
      'over 3 cases run (3 reported a cost).';
    const md = readFileSync(join(s.out, 'results.md'), 'utf8');
    expect(md.split(line).length - 1).toBe(2); // the run's, and apartment_a's
    expect(md).not.toContain('Caps:');
    expect(r.stderr).toContain(`; cost $${formatUsd(total.usd)}; wrote`);
  });

  it('a system that reports nothing: zeros, no case reporting', async () => {
    const s = setup('free', {});
    const r = await runCli(['eval', s.system, '--local', '--data', b.root, '--out', s.out]);
    expect(r.code, r.stderr).toBe(0);
    const zero = { ...zeroCost(), wall_s: expect.any(Number), cases_run: 3, cases_reporting: 0 };
    expect(readJson(join(s.out, 'results.json')).cost).toEqual({ ...zero, layouts: { apartment_a: zero } });
    expect(readJson(join(s.out, 'answers', `${b.cids[0]}.json`))).not.toHaveProperty('cost');
    expect(readFileSync(join(s.out, 'results.md'), 'utf8')).toContain(
      'Cost: 0 input tokens, 0 output tokens, $0.00 over 3 cases run (0 reported a cost).',
    );
  });

  it('a malformed cost breaks its case, with the reason', async () => {
    const s = setup('malformed', { bySid: { [b.sids[2]]: { observe: { usd: -0.5 } } } });
    const r = await runCli(['eval', s.system, '--local', '--data', b.root, '--out', s.out]);
    expect(r.code).toBe(1);
    expect(readJson(join(s.out, 'results.json')).broken).toEqual([
      {
        cid: b.cids[2],
        reason: 'the cost in the reply to observe is malformed: usd must be a non-negative finite number, not -0.5',
      },
    ]);
  });
});

describe('eval --case-usd', () => {
  it('stops and breaks the case past the cap, the run goes on, and --retry-broken runs it again', async () => {
    // the second script's case: 0.125 at start, 0.3 a frame: over 0.5 at its second frame
    const s = setup('case-usd', { start: { usd: 0.125 }, bySid: { [b.sids[1]]: { observe: { usd: 0.3 } } } });
    const args = ['eval', s.system, '--local', '--data', b.root, '--out', s.out];
    const r = await runCli([...args, '--case-usd', '0.5']);
    expect(r.code, r.stderr).toBe(1);
    expect([...s.started()].sort()).toEqual([...b.sids].sort()); // every case started: the run went on
    expect(r.stderr).toContain(`${b.cids[1]}: stopped: cost $0.725 over --case-usd 0.5`);
    expect(r.stderr).toContain('with a higher --case-usd for the cases stopped at their cap');
    const res = readJson(join(s.out, 'results.json'));
    expect(res).toMatchObject({
      cases_scored: 2,
      broken: [{ cid: b.cids[1], reason: 'stopped: cost $0.725 over --case-usd 0.5' }],
      budget: { max_usd: null, case_usd: 0.5, stopped: false },
    });
    expect(res.rows.some((x: { cid: string }) => x.cid === b.cids[1])).toBe(false);
    expect(res.cost).toMatchObject({ usd: 0.975, cases_run: 3 }); // 0.125 + 0.725 + 0.125
    const md = readFileSync(join(s.out, 'results.md'), 'utf8');
    expect(md).toContain('Caps: --case-usd 0.5 a case.');
    expect(md).toContain(`| ${b.cids[1]} | stopped: cost $0.725 over --case-usd 0.5 |`);

    // a higher cap: only the stopped case runs again, and completes
    const again = await runCli([...args, '--case-usd', '5', '--retry-broken']);
    expect(again.code, again.stderr).toBe(0);
    expect(s.started().slice(3)).toEqual([b.sids[1]]);
    expect(caseOf(1).frames).toHaveLength(6);
    expect(readJson(join(s.out, 'answers', `${b.cids[1]}.json`))).toMatchObject({
      status: 'ok',
      cost: { usd: 1.925 }, // 0.125 + 6 * 0.3
    });
    expect(readJson(join(s.out, 'results.json'))).toMatchObject({ cases_scored: 3, broken: [] });
  });
});

describe('eval --max-usd', () => {
  it('starts no case once the folder costs more, says so, and a rerun with a higher cap resumes', async () => {
    // 0.25 a case: after two cases the folder costs 0.5, over 0.4
    const s = setup('max-usd', { start: { usd: 0.25, input_tokens: 10 } });
    const args = ['eval', s.system, '--local', '--data', b.root, '--out', s.out];
    const r = await runCli([...args, '--max-usd', '0.4']);
    expect(r.code).toBe(1);
    const ran = s.started();
    expect(ran).toHaveLength(2);
    const left = b.cids[b.sids.findIndex((sid) => !ran.includes(sid))];
    expect(r.stderr).toContain(
      "the run stopped at its budget: the run folder's cases cost $0.50, over --max-usd 0.4; 1 of 3 selected cases was not run\n" +
        'rerun with a higher --max-usd (or none) to resume',
    );
    const res = readJson(join(s.out, 'results.json'));
    expect(res).toMatchObject({
      cases_selected: 3,
      cases_scored: 2,
      cases_not_run: 1,
      broken: [],
      budget: { max_usd: 0.4, case_usd: null, stopped: true, unstarted: 1 },
      cost: { usd: 0.5, input_tokens: 20, cases_run: 2, cases_reporting: 2 },
    });
    // the case not run is not scored (not as missing answers either)
    expect(res.rows.some((x: { cid: string }) => x.cid === left)).toBe(false);
    expect(res.rows.length).toBeGreaterThan(0);
    const md = readFileSync(join(s.out, 'results.md'), 'utf8');
    expect(md).toContain('Scored 2 of 3 selected cases; 1 was not run (the run stopped at its --max-usd budget).');
    expect(md).toContain(
      "Stopped at the budget: the run folder's cases cost $0.50, over --max-usd 0.4, so 1 selected case was not run; " +
        'stbench eval with a higher --max-usd (or none) resumes.',
    );

    // the same cap again: nothing starts, the same answer
    const same = await runCli([...args, '--max-usd', '0.4']);
    expect(same.code).toBe(1);
    expect(s.started()).toHaveLength(2);

    // a higher cap: the case left runs, alone, and the run completes
    const more = await runCli([...args, '--max-usd', '1']);
    expect(more.code, more.stderr).toBe(0);
    expect(s.started()).toEqual([...ran, b.sids[b.cids.indexOf(left)]]);
    const done = readJson(join(s.out, 'results.json'));
    expect(done).toMatchObject({
      cases_scored: 3,
      cases_not_run: 0,
      budget: { max_usd: 1, stopped: false, unstarted: 0 },
      cost: { usd: 0.75, input_tokens: 30, cases_run: 3 },
    });
    expect(done.rows.some((x: { cid: string }) => x.cid === left)).toBe(true);
    const md2 = readFileSync(join(s.out, 'results.md'), 'utf8');
    expect(md2).toContain('Caps: --max-usd 1 for the run folder.');
    expect(md2).not.toContain('Stopped at the budget');
  });
});

describe('the caps are checked like the other flags', () => {
  it('eval: a cap that is not a positive number of dollars is a usage error (exit 2)', async () => {
    const out = join(dir, 'flags');
    for (const [flag, v, msg] of [
      ['--max-usd', '0', '--max-usd must be a positive number, got "0"'],
      ['--max-usd', '-2', '--max-usd must be a positive number, got "-2"'],
      ['--case-usd', 'ten', '--case-usd must be a positive number, got "ten"'],
      ['--case-usd', 'Infinity', '--case-usd must be a positive number, got "Infinity"'],
      ['--max-usd', '2e6', '--max-usd must be at most 1000000 (a million dollars is no cap), got 2000000'],
    ]) {
      const r = await runCli(['eval', 'all_unknown', '--data', b.root, '--out', out, flag, v]);
      expect(r.code, `${flag} ${v}`).toBe(2);
      expect(r.stderr).toContain(msg);
    }
  });

  it('both caps are in the help', async () => {
    const r = await runCli(['eval', '--help']);
    expect(r.stdout).toMatch(/--case-usd <dollars>/);
    expect(r.stdout).toMatch(/--max-usd <dollars>/);
    const run = await runCli(['run', '--help']);
    expect(run.stdout).toMatch(/--case-usd <dollars>/);
  });
});

describe('stbench run and cost', () => {
  let c: SynthCase;
  beforeAll(async () => {
    c = await makeCase(mkdtempSync(join(tmpdir(), 'stbench-run-cost-')), 0);
  });
  afterAll(() => rmSync(c.root, { recursive: true, force: true }));

  it("prints the case's cost, stops it past --case-usd (exit 1), and checks the flag", async () => {
    const s = setup('run', { observe: { usd: 0.05, input_tokens: 10 } });
    const ok = await runCli(['run', s.system, '--local', c.dir]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('cost 60 input and 0 output tokens, $0.30');
    expect(ok.stdout).toContain('Cost: 60 input tokens, 0 output tokens, $0.30 over 1 case run (1 reported a cost).');
    const stopped = await runCli(['run', s.system, '--local', c.dir, '--case-usd', '0.12']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain(`case ${c.cid} is broken: stopped: cost $0.15 over --case-usd 0.12`);
    const bad = await runCli(['run', s.system, '--local', c.dir, '--case-usd', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--case-usd must be a positive number, got "0"');
  });
});
