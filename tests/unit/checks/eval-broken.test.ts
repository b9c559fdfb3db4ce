/**
 * stbench eval and broken cases: a case whose system broke is listed apart and never scored (no -1 in the headline),
 * the run says how many of the selected cases were scored and exits 1, a plain rerun keeps the broken outcome, and
 * --retry-broken runs the broken cases again.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeCheckBuild, type CheckBuild } from '../../helpers/check-fixture.ts';

let dir: string;
let b: CheckBuild;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-eval-broken-'));
  b = makeCheckBuild({ scripts: 3, seed: 'eval-broken' });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(b.root, { recursive: true, force: true });
});

/** A system that answers unknown to everything, except that it crashes on the cases listed in BAD. */
const SYSTEM = `import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
const bad = readFileSync(process.argv[2], 'utf8');
let first = true;
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.type === 'finish') break;
  if (first && bad.includes(m.robot.sid)) process.exit(3);
  first = false;
  const reply = m.type === 'ask' ? { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) } : { type: 'next' };
  process.stdout.write(JSON.stringify(reply) + '\\n');
}
`;

describe('eval with broken cases', () => {
  it('scores only the cases that did not break, exits 1, and --retry-broken runs them again', async () => {
    const script = join(dir, 'system.mjs');
    const bad = join(dir, 'bad.txt');
    writeFileSync(script, SYSTEM);
    writeFileSync(bad, b.sids[1]);
    const system = `cmd:node ${script} ${bad}`;
    const out = join(dir, 'run');
    const args = ['eval', system, '--local', '--data', b.root, '--out', out];

    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toMatch(/1 of 3 cases broke and are not scored:\n {2}\w+: the system exited with code 3/);
    const r1 = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(r1).toMatchObject({ cases_selected: 3, cases_scored: 2, broken: [{ cid: b.cids[1] }] });
    expect(r1.rows.map((x: { cid: string }) => x.cid)).not.toContain(b.cids[1]);
    // unknown everywhere: no row is scored as a wrong answer (the broken case's questions are not -1s)
    expect(r1.rows.every((x: { reason: string }) => !/invalid answer/.test(x.reason))).toBe(true);
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain(
      'Scored 2 of 3 selected cases; 1 broke and is not scored',
    );

    writeFileSync(bad, '');
    const again = await runCli(args);
    expect(again.code).toBe(1); // the saved broken outcome stands
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).broken).toHaveLength(1);

    const retried = await runCli([...args, '--retry-broken']);
    expect(retried.code, retried.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))).toMatchObject({
      cases_selected: 3,
      cases_scored: 3,
      broken: [],
    });
  });

  it('when every case broke: exit 1, nothing scored, the headline reads no score', async () => {
    const out = join(dir, 'all-broken');
    const r = await runCli(['eval', 'cmd:exit 7', '--local', '--data', b.root, '--out', out]);
    expect(r.code).toBe(1);
    const res = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(res).toMatchObject({ cases_selected: 3, cases_scored: 0, rows: [], layouts: [] });
    expect(res.broken).toHaveLength(3);
    expect(r.stdout).toContain('Scored 0 of 3 selected cases; 3 broke and are not scored');
  });
});
