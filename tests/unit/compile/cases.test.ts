/** Cases: windows, renumbered steps and a fresh clock; a compile's identity (same seed same bytes, kill and rerun). */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseFile, QuestionRow } from '../../../formats/case-schema.ts';
import { caseBody, caseWindows, windowFrames } from '../../../compile/cases.ts';
import { compileBuild } from '../../../compile/compile.ts';
import { readScriptData } from '../../../compile/script-data.ts';
import { parseClock } from '../../../formats/step.ts';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { caseIdsOf } from '../../../formats/compile-hash.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';

const BIN = join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs');
let dir: string;
let build: string;
let sids: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-compile-'));
  build = join(dir, 'build');
  sids = makeBlankBuild(build, 'cases-1', [
    { job: 'helper/1', count: 2, tasks: 3, framesPerTask: 8 },
    { job: 'vacuum/2', count: 1, tasks: 5, framesPerTask: 6 },
  ]);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tasksOf = (n: number) => ({ tasks: Array.from({ length: n }, (_, i) => ({ frames: [i] })) }) as never;

function filesOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const cid of caseIdsOf(root))
    for (const f of readdirSync(join(root, 'private', cid)))
      out[`${cid}/${f}`] = readFileSync(join(root, 'private', cid, f), 'utf8');
  out['compile_report.json'] = readFileSync(join(root, 'compile_report.json'), 'utf8');
  return out;
}

describe('case windows', () => {
  it('one short and one medium per script, a long one only from 4 tasks, consecutive tasks', () => {
    for (let n = 1; n <= 6; n++) {
      for (const seed of ['a', 'b', 'c']) {
        const ws = caseWindows(tasksOf(n), 'sid', seed);
        expect(ws.map((w) => w.length)).toEqual(
          n === 1 ? ['short'] : n < 4 ? ['short', 'medium'] : ['short', 'medium', 'long'],
        );
        for (const w of ws) {
          const want = { short: [1, 1], medium: [2, 3], long: [4, 6] }[w.length];
          expect(w.tasks.length).toBeGreaterThanOrEqual(want[0]);
          expect(w.tasks.length).toBeLessThanOrEqual(Math.min(want[1], n));
          w.tasks.forEach((t, i) => expect(t).toBe(w.tasks[0] + i));
          expect(w.tasks[w.tasks.length - 1]).toBeLessThan(n);
        }
        expect(new Set(ws.map((w) => w.cid)).size).toBe(ws.length);
      }
    }
  });

  it('a case is delivered as the whole job: k from 0, tasks from 0, a fresh clock, the assignment and the gap', () => {
    const data = readScriptData(build, sids[2]);
    for (const w of caseWindows(data.plan, data.sid, 'seed-x')) {
      const body = caseBody({
        plan: data.plan,
        steps: data.steps,
        window: w,
        job: 'vacuum/2',
        seed: 'seed-x',
      });
      const ks = windowFrames(data.plan, w);
      expect(body.frames.map((f) => f.step.k)).toEqual(ks.map((_, i) => i));
      expect(body.frames.map((f) => f.script_k)).toEqual(ks);
      expect(body.frames[0].step.status.task).toBe(0);
      expect(body.tasks.map((t) => t.index)).toEqual(w.tasks.map((_, i) => i));
      expect(body.tasks[0].unobserved_s).toBe(0);
      body.tasks
        .slice(1)
        .forEach((t, i) => expect(t.unobserved_s).toBeCloseTo(data.plan.tasks[w.tasks[i + 1]].gap_before_s, 0));
      body.tasks.forEach((t) => expect(body.frames[t.start_k].step.status.task).toBe(t.index));
      // fresh clock: not the script's, but the same spacing
      expect(body.frames[0].step.clock).not.toBe(data.steps[ks[0]].clock);
      const last = body.frames.length - 1;
      expect(parseClock(body.frames[last].step.clock) - parseClock(body.frames[0].step.clock)).toBeCloseTo(
        parseClock(data.steps[ks[last]].clock) - parseClock(data.steps[ks[0]].clock),
        5,
      );
      expect(body.tasks.map((t) => t.assignment)).toEqual(w.tasks.map((t) => data.plan.tasks[t].brief));
    }
  });
});

describe('compile identity', () => {
  let first: Record<string, string>;
  it('writes schema-valid cases, an index entry per script and case, and the same bytes for the same seed', () => {
    const r = compileBuild(build, { seed: 'one' });
    expect(r.questions).toBeGreaterThan(0);
    first = filesOf(build);
    for (const cid of caseIdsOf(build)) {
      CaseFile.parse(JSON.parse(readFileSync(join(build, 'private', cid, 'case.json'), 'utf8')));
      for (const line of readFileSync(join(build, 'private', cid, 'questions.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)) {
        expect(Object.keys(JSON.parse(line)).sort()).toEqual(['answer_type', 'qid', 'text']);
        QuestionRow.parse(JSON.parse(line));
      }
    }
    const index = readdirSync(join(build, 'private', 'index'))
      .map((n) => n.replace('.json', ''))
      .sort();
    expect(index).toEqual([...sids, ...caseIdsOf(build)].sort());
    const report = JSON.parse(first['compile_report.json']);
    expect(report.compile_seed).toBe('one');
    expect(report.compile_hash).toMatch(/^[0-9a-f]{64}$/);
    for (const c of report.funnel.counts)
      expect(c.candidates).toBe(c.kept + Object.values(c.drops as Record<string, number>).reduce((a, b) => a + b, 0));

    compileBuild(build, { seed: 'one' });
    expect(filesOf(build)).toEqual(first);
  }, 120_000);

  it('a different seed gives different qids, and the earlier cases are gone', () => {
    compileBuild(build, { seed: 'two' });
    const qids = (files: Record<string, string>) =>
      Object.entries(files)
        .filter(([k]) => k.endsWith('questions.jsonl'))
        .flatMap(([, v]) =>
          v
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l).qid as string),
        );
    const a = new Set(qids(first));
    const b = qids(filesOf(build));
    expect(b.length).toBeGreaterThan(0);
    expect(b.filter((q) => a.has(q))).toEqual([]);
    const cidsNow = new Set(caseIdsOf(build));
    for (const k of Object.keys(first)) if (k.includes('/')) expect(cidsNow.has(k.split('/')[0])).toBe(false);
  }, 120_000);

  it('a compile killed part-way and run again keeps its seed and its qids', () => {
    const killed = join(dir, 'killed');
    const clean = join(dir, 'clean');
    cpSync(build, killed, { recursive: true });
    rmSync(join(killed, '.stbench', 'compile.json'));
    const r = spawnSync('node', [BIN, 'compile', killed], {
      env: { ...process.env, STBENCH_FAULT: 'atomic:after-rename', STBENCH_FAULT_AFTER: '6' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(137);
    const seed = JSON.parse(readFileSync(join(killed, '.stbench', 'compile.json'), 'utf8')).settings.seed as string;
    expect(seed).not.toBe('two');
    execFileSync('node', [BIN, 'compile', killed], { encoding: 'utf8' });
    expect(JSON.parse(readFileSync(join(killed, 'compile_report.json'), 'utf8')).compile_seed).toBe(seed);
    cpSync(build, clean, { recursive: true });
    compileBuild(clean, { seed });
    expect(filesOf(killed)).toEqual(filesOf(clean));
  }, 180_000);

  it('refuses a build whose truth was made from another timeline', () => {
    const other = join(dir, 'other');
    cpSync(build, other, { recursive: true });
    const tl = join(other, 'private', sids[0], 'timeline.json');
    const v = JSON.parse(readFileSync(tl, 'utf8'));
    v.duration_s += 1;
    writeFileSync(tl, JSON.stringify(v) + '\n');
    expect(() => compileBuild(other, { seed: 'x' })).toThrow(/another timeline/);
  });

  it('refuses a build whose render is incomplete', () => {
    const other = join(dir, 'incomplete');
    cpSync(build, other, { recursive: true });
    rmSync(join(other, 'private', sids[1], 'render_log.json'));
    expect(() => compileBuild(other, { seed: 'x' })).toThrow(/incomplete/);
  });
});
