/** `stbench score`, `stbench compare` and `stbench eval compare` end to end, as a user runs them. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildResults } from '../../../../checks/score/report.ts';
import { gold } from '../../../helpers/score-fixture.ts';

const run = (...args: string[]) => spawnSync('node', ['pipeline/bin/stbench.mjs', ...args], { encoding: 'utf8' });

describe('stbench score', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stbench-score-'));
  const g1 = gold('clear_path', { value: 0.307, pixel_m: 0.047 });
  const g2 = gold('object_where', { knowable: false, value: null });
  const g3 = gold('clear_path', { value: 1 });
  const goldFile = join(dir, 'gold.jsonl');
  writeFileSync(goldFile, [g1, g2, g3].map((g) => JSON.stringify(g)).join('\n') + '\n');

  it('writes one scored row per gold row, missing answers scored as invalid', () => {
    const answers = join(dir, 'answers.jsonl');
    writeFileSync(
      answers,
      [
        { qid: g1.qid, answer: { type: 'number', value: 1.0 } },
        { qid: g2.qid, answer: { type: 'unknown' } },
      ]
        .map((a) => JSON.stringify(a))
        .join('\n') + '\n',
    );
    const out = join(dir, 'scored.jsonl');
    const r = run('score', goldFile, answers, '--out', out);
    expect(r.status).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.qid, x.score, x.score_gate])).toEqual([
      [g1.qid, -2, -0.5],
      [g2.qid, 1, 1],
      [g3.qid, -1, -1],
    ]);
    expect(rows[2].reason).toBe('invalid answer: missing');
    expect(r.stderr).toMatch(/scored 3 questions: .*1 missing, 0 invalid, 1 unknown, 1 catastrophes/);
  });

  it('prints JSONL to stdout without --out', () => {
    const answers = join(dir, 'answers2.jsonl');
    writeFileSync(answers, JSON.stringify({ qid: g3.qid, answer: { type: 'number', value: 'far' } }) + '\n');
    const r = run('score', goldFile, answers);
    expect(r.status).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(3);
    expect(rows[2].reason).toMatch(/value is not a number/);
  });

  it('an unknown qid in the answers is an input error naming file:line, and nothing is written', () => {
    const answers = join(dir, 'bad.jsonl');
    writeFileSync(
      answers,
      JSON.stringify({ qid: g1.qid, answer: { type: 'unknown' } }) +
        '\n\n' +
        JSON.stringify({ qid: 'ffffffffffffffff', answer: { type: 'unknown' } }) +
        '\n',
    );
    const out = join(dir, 'never.jsonl');
    const r = run('score', goldFile, answers, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${answers}:3:1: qid: ffffffffffffffff is not a question of the gold file`);
    expect(existsSync(out)).toBe(false);
  });

  it('a bad gold row is an input error naming file:line and field', () => {
    const bad = join(dir, 'badgold.jsonl');
    writeFileSync(bad, JSON.stringify(g1) + '\n' + JSON.stringify({ ...g3, pixel_m: -1 }) + '\n');
    const r = run('score', bad, join(dir, 'answers.jsonl'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${bad}:2:1: pixel_m:`);
  });
});

describe('stbench compare', () => {
  it('prints the paired difference and refuses different compiles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-compare-'));
    const golds = Array.from({ length: 12 }, (_, i) =>
      gold('clear_path', { value: 1, sid: `s${i % 3}`, cid: `c${i % 6}` }),
    );
    const exact = new Map(golds.map((g) => [g.qid, { type: 'number', value: 1 }]));
    const unknown = new Map(golds.map((g) => [g.qid, { type: 'unknown' }]));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    const c = join(dir, 'c.json');
    writeFileSync(
      a,
      JSON.stringify(buildResults({ golds, answers: exact, system: 'exact', compile_hash: 'h', B: 50 })),
    );
    writeFileSync(
      b,
      JSON.stringify(buildResults({ golds, answers: unknown, system: 'all_unknown', compile_hash: 'h', B: 50 })),
    );
    writeFileSync(
      c,
      JSON.stringify(buildResults({ golds, answers: unknown, system: 'all_unknown', compile_hash: 'other', B: 50 })),
    );
    const ok = run('compare', a, b, '--resamples', '100');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('| apartment_a | +1.000 [+1.000, +1.000] | 12 | 3 |');
    const refused = run('compare', a, c);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/different compiles/);
  });
});

describe('stbench eval compare', () => {
  it('compares two run folders as compare compares their results.json, and names a folder that is no run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-eval-compare-'));
    const golds = Array.from({ length: 12 }, (_, i) =>
      gold('clear_path', { value: 1, sid: `s${i % 3}`, cid: `c${i % 6}` }),
    );
    const runs = {
      exact: new Map(golds.map((g) => [g.qid, { type: 'number', value: 1 }])),
      unknown: new Map(golds.map((g) => [g.qid, { type: 'unknown' }])),
    };
    for (const [name, answers] of Object.entries(runs)) {
      mkdirSync(join(dir, name));
      writeFileSync(
        join(dir, name, 'results.json'),
        JSON.stringify(buildResults({ golds, answers, system: name, compile_hash: 'h', B: 50 })),
      );
    }
    const folders = run('eval', 'compare', join(dir, 'exact'), join(dir, 'unknown'), '--resamples', '100');
    expect(folders.status, folders.stderr).toBe(0);
    expect(folders.stdout).toContain('| apartment_a | +1.000 [+1.000, +1.000] | 12 | 3 |');
    const files = run(
      'compare',
      join(dir, 'exact', 'results.json'),
      join(dir, 'unknown', 'results.json'),
      '--resamples',
      '100',
    );
    expect(files.stdout).toBe(folders.stdout);
    mkdirSync(join(dir, 'empty'));
    const noRun = run('eval', 'compare', join(dir, 'exact'), join(dir, 'empty'));
    expect(noRun.status).toBe(2);
    expect(noRun.stderr).toContain('holds no results.json');
  });
});
