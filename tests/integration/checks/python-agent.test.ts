/**
 * The example Python agent (checks/harness/examples/memory_agent.py) through `stbench eval FILE:Class` on the shared
 * fixture (a real Blender-rendered build, compiled here): every selected case is scored, none broken, and its
 * answers come from the state file it kept: each number answer is the distance driven up to the ask, computed here
 * from the case's own steps, each place answer the base position at the ask.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBuild } from '../../../compile/compile.ts';
import type { CaseFile, QuestionRow } from '../../../formats/case-schema.ts';
import { fixtureCopy } from '../../helpers/shared-build.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(REPO, 'pipeline', 'bin', 'stbench.mjs');
const AGENT = 'checks/harness/examples/memory_agent.py:MemoryAgent';

function stbench(...args: string[]) {
  return spawnSync('node', [BIN, ...args], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20 });
}

let dir: string;
let build: string;
let run: string;
let evalRun: ReturnType<typeof stbench>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-py-agent-'));
  build = join(dir, 'build');
  run = join(dir, 'run');
  await fixtureCopy(build);
  compileBuild(build, { seed: 'py-agent' });
  evalRun = stbench('eval', AGENT, '--local', '--data', build, '--select', 'length=short', '--out', run);
}, 1_800_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CaseAnswers {
  system: string;
  status: string;
  answers: Record<string, { type: string; value?: number; x?: number; y?: number }>;
}

describe('the example Python agent through stbench eval', () => {
  it('scores every selected case, none broken, under its py: name', () => {
    expect(evalRun.status, evalRun.stderr).toBe(0);
    const results = JSON.parse(readFileSync(join(run, 'results.json'), 'utf8'));
    expect(results.system).toBe(`py:${AGENT}`);
    expect(results.broken).toEqual([]);
    expect(results.cases_selected).toBeGreaterThan(0);
    expect(results.cases_scored).toBe(results.cases_selected);
    expect(results.rows.length).toBeGreaterThan(0);
    expect(evalRun.stderr).toContain(`py:${AGENT}: scored ${results.cases_scored} of ${results.cases_selected} cases`);
  });

  it('answers from the state it kept: the distance driven and the base position at each ask', () => {
    let moved = 0;
    let places = 0;
    const files = readdirSync(join(run, 'answers'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const saved = JSON.parse(readFileSync(join(run, 'answers', f), 'utf8')) as CaseAnswers;
      expect(saved).toMatchObject({ system: `py:${AGENT}`, status: 'ok' });
      const caseDir = join(build, 'private', f.replace(/\.json$/, ''));
      const c = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8')) as CaseFile;
      const types = new Map(
        readFileSync(join(caseDir, 'questions.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as QuestionRow)
          .map((q) => [q.qid, q.answer_type]),
      );
      const last = c.frames.length - 1;
      const asks = [...c.asks, { k: last, qids: c.end_qids }];
      expect(Object.keys(saved.answers).sort()).toEqual(asks.flatMap((a) => a.qids).sort());
      for (const ask of asks) {
        const poses = c.frames.slice(0, ask.k + 1).map((fr) => fr.step.pose.pos);
        let driven = 0;
        for (let i = 1; i < poses.length; i++)
          driven += Math.hypot(poses[i][0] - poses[i - 1][0], poses[i][1] - poses[i - 1][1]);
        for (const qid of ask.qids) {
          const a = saved.answers[qid];
          if (types.get(qid) === 'number') {
            expect(a.type, qid).toBe('number');
            expect(a.value!, qid).toBeCloseTo(driven, 9);
            if (driven > 0) moved++;
          } else if (types.get(qid) === 'place') {
            expect(a, qid).toEqual({ type: 'place', x: poses[ask.k][0], y: poses[ask.k][1] });
            places++;
          } else expect(a, qid).toEqual({ type: 'unknown' });
        }
      }
    }
    // the check means something: some number answers add up real driving, and some place answers were given
    expect(moved).toBeGreaterThan(0);
    expect(places).toBeGreaterThan(0);
  });
});
