/**
 * External systems as subprocesses: the docs' Python example scores exactly what the same logic scores
 * in-process; a system that crashes, hangs or prints garbage gets a broken outcome and the run goes on.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { commandSystem, runCase, runMany, type InProcessSystem } from '../../../../checks/harness/index.ts';
import { readGoldRows, score } from '../../../../checks/score/index.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';
import { processesWith } from '../../../helpers/processes.ts';

const EXAMPLE = 'checks/harness/examples/minimal_system.py';

/** The example's logic in TypeScript: place -> where the robot is, number -> metres driven, else unknown. */
const minimalTs: InProcessSystem = {
  kind: 'in_process',
  name: 'minimal_ts',
  open: () => {
    let last: [number, number] | null = null;
    let driven = 0;
    return {
      async start() {},
      async task() {},
      async observe(m) {
        const [x, y] = m.step.pose.pos;
        if (last) {
          const dx = x - last[0];
          const dy = y - last[1];
          driven += Math.sqrt(dx * dx + dy * dy);
        }
        last = [x, y];
      },
      async ask(m) {
        return {
          answers: m.questions.map((q) => ({
            qid: q.qid,
            answer:
              q.answer_type === 'place' && last
                ? { type: 'place', x: last[0], y: last[1] }
                : q.answer_type === 'number'
                  ? { type: 'number', value: driven }
                  : { type: 'unknown' },
          })),
        };
      },
      async finish() {},
    };
  },
};

/** A Python system that behaves until `trigger`, then does `act`. */
function pySystem(root: string, name: string, trigger: string, act: string): ReturnType<typeof commandSystem> {
  const file = join(root, `${name}.py`);
  writeFileSync(
    file,
    [
      'import json, os, sys, time',
      'for line in sys.stdin:',
      '    m = json.loads(line)',
      '    if m["type"] == "finish": break',
      `    if ${trigger}:`,
      `        ${act}`,
      '    r = {"answers": [{"qid": q["qid"], "answer": {"type": "unknown"}} for q in m["questions"]]} if m["type"] == "ask" else {"type": "next"}',
      '    print(json.dumps(r), flush=True)',
    ].join('\n'),
  );
  return commandSystem(`python3 ${file}`);
}

describe('external systems over a pipe', () => {
  let root: string;
  let c: SynthCase;
  beforeAll(async () => {
    root = tempRoot();
    c = await makeCase(root, 0);
  });

  it("the docs' Python example scores exactly what the same logic scores in-process", async () => {
    const ext = await runCase(commandSystem(`python3 ${EXAMPLE}`), c.dir);
    const inp = await runCase(minimalTs, c.dir);
    expect(ext.status).toBe('ok');
    expect(inp.status).toBe('ok');
    expect([...ext.answers.entries()]).toEqual([...inp.answers.entries()]);
    expect([...ext.answers.values()].filter((a) => (a as { type: string }).type !== 'unknown').length).toBe(3);
    const golds = readGoldRows(join(c.dir, 'gold.jsonl'));
    const a = golds.map((g) => score(g, ext.answers.get(g.qid)));
    const b = golds.map((g) => score(g, inp.answers.get(g.qid)));
    expect(a).toEqual(b);
    expect(new Set(a.map((r) => r.score)).size).toBeGreaterThan(1);
  });

  it("docs/protocol.md shows the example file's code", () => {
    const doc = readFileSync('docs/protocol.md', 'utf8');
    const block = /```python\n([\s\S]*?)```/.exec(doc)![1];
    expect(readFileSync(EXAMPLE, 'utf8')).toContain(block);
  });

  it('a crash is a broken outcome naming the exit and the end of stderr', async () => {
    const sys = pySystem(root, 'crash', 'm["type"] == "ask"', 'sys.stderr.write("boom: no memory\\n"); sys.exit(3)');
    const o = await runCase(sys, c.dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/exited with code 3/);
    expect(o.reason).toMatch(/boom: no memory/);
  });

  it('a hang past the reply timeout is a broken outcome, and the process is torn down', async () => {
    const pidFile = join(root, 'hang.pid');
    const sys = pySystem(
      root,
      'hang',
      'm["type"] == "ask"',
      `open("${pidFile}", "w").write(str(os.getpid())); time.sleep(600)`,
    );
    const o = await runCase(sys, c.dir, { replyTimeoutMs: 2000 });
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/no reply to ask within 2 s/);
    expect(existsSync(pidFile)).toBe(true); // it hung where meant to
    expect(processesWith(join(root, 'hang.py'))).toEqual([]);
  });

  it('garbage on stdout is a broken outcome', async () => {
    const sys = pySystem(root, 'garbage', 'm["type"] == "observe"', 'print("thinking...", flush=True); continue');
    const o = await runCase(sys, c.dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/garbage on stdout in reply to observe \(not JSON\): thinking\.\.\./);
  });

  it('a wrong reply shape, or answers to questions not asked, is a broken outcome', async () => {
    const wrong = pySystem(
      root,
      'wrong',
      'm["type"] == "task"',
      'print(json.dumps({"answers": []}), flush=True); continue',
    );
    expect((await runCase(wrong, c.dir)).reason).toMatch(/the reply to task must be \{"type":"next"\}/);
    const extra = pySystem(
      root,
      'extra',
      'm["type"] == "ask"',
      'print(json.dumps({"answers": [{"qid": "ffffffffffffffff", "answer": {"type": "unknown"}}]}), flush=True); continue',
    );
    expect((await runCase(extra, c.dir)).reason).toMatch(/answered ffffffffffffffff, which this ask did not ask/);
  });

  it('an in-process system that throws or hangs is broken too', async () => {
    const thrower: InProcessSystem = {
      ...minimalTs,
      name: 't',
      open: () =>
        ({
          ...(minimalTs.open({} as never) as object),
          ask: async () => {
            throw new Error('oops');
          },
        }) as never,
    };
    const o = await runCase(thrower, c.dir);
    expect(o.status).toBe('broken');
    expect(o.reason).toMatch(/the system threw on ask: oops/);
    const hanger: InProcessSystem = {
      ...minimalTs,
      name: 'h',
      open: () => ({ ...(minimalTs.open({} as never) as object), observe: () => new Promise(() => {}) }) as never,
    };
    const h = await runCase(hanger, c.dir, { replyTimeoutMs: 100 });
    expect(h.reason).toMatch(/no reply to observe within 0\.1 s/);
  });

  it('a run over many cases goes on past broken cases', async () => {
    const cases = [c, await makeCase(root, 1), await makeCase(root, 2)];
    // in-process: refuses to open the second case
    const picky: InProcessSystem = {
      ...minimalTs,
      name: 'picky',
      open: (info) => {
        if (info.cid === cases[1].cid) throw new Error('cannot face this case');
        return minimalTs.open(info);
      },
    };
    const out = await runMany(
      picky,
      cases.map((x) => x.dir),
      { runDir: join(root, 'run-picky'), workers: 2 },
    );
    expect(out.map((o) => o.status)).toEqual(['ok', 'broken', 'ok']);
    expect(out[1].reason).toMatch(/could not open the case: cannot face this case/);
    expect(out[2].answers.size).toBe(5);
    // over a pipe: crashes on the second case (its battery starts at 89), hangs on the third (88), not the fourth
    const ext = pySystem(
      root,
      'fickle',
      'm["type"] == "observe" and m["step"]["k"] == 0 and m["step"]["status"]["battery_pct"] in (88, 89)',
      'sys.exit(1) if m["step"]["status"]["battery_pct"] == 89 else time.sleep(600)',
    );
    const more = [...cases, await makeCase(root, 3)];
    const res = await runMany(
      ext,
      more.map((x) => x.dir),
      { runDir: join(root, 'run-fickle'), workers: 2, replyTimeoutMs: 3000 },
    );
    expect(res.map((o) => o.status)).toEqual(['ok', 'broken', 'broken', 'ok']);
    expect(res[1].reason).toMatch(/exited with code 1/);
    expect(res[2].reason).toMatch(/no reply to observe/);
    expect(res[0].answers.size).toBe(5);
    expect(res[3].answers.size).toBe(5);
  });
});
