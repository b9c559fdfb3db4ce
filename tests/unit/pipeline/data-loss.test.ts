/**
 * The five ways a user's data was lost or silently re-rolled (issue 16, items 1-5), each run as a user runs it
 * (the CLI's own entry point) and each checked on every file under the test's folder: export --force onto a folder
 * holding the build, a compile run again, score --out onto its gold, eval --out over a folder that is not a run,
 * and check --data on a downloaded dataset. Each of these tests fails on the code before the fix.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../checks/check.ts';
import { exportDataset } from '../../../pipeline/export.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';
import { diffSnapshots, snapshot } from '../../helpers/tree-snapshot.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { makeBuild } from '../../helpers/export-fixture.ts';
import { gold } from '../../helpers/score-fixture.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-data-loss-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fresh = (name: string) => {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  return d;
};

const qidsOf = (build: string): string[] =>
  readdirSync(join(build, 'private'))
    .filter((d) => existsSync(join(build, 'private', d, 'questions.jsonl')))
    .sort()
    .flatMap((d) =>
      readFileSync(join(build, 'private', d, 'questions.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).qid as string),
    );

describe('1. export --force', () => {
  it('onto the folder that holds the build exits 2 and touches nothing', async () => {
    const p = fresh('p');
    cpSync(await makeBuild(), join(p, 'build'), { recursive: true });
    writeFileSync(join(p, 'my-notes.txt'), 'not a dataset\n');
    const before = snapshot(p);
    const r = await runCli(['export', '--data', join(p, 'build'), '--out', p, '--version', '1.0.0', '--force']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/holds the build folder/);
    expect(diffSnapshots(before, snapshot(p))).toEqual([]);
  });

  it('onto a folder that is not a dataset (a file release.json does not list) exits 2 and touches nothing', async () => {
    const build = await makeBuild();
    const out = join(fresh('notds'), 'dataset');
    await exportDataset({ data: build, out, version: '1.0.0' });
    writeFileSync(join(out, 'thesis-draft.tex'), 'months of work\n');
    const before = snapshot(out);
    const r = await runCli(['export', '--data', build, '--out', out, '--version', '1.0.1', '--force']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/does not list \(thesis-draft\.tex\)/);
    expect(diffSnapshots(before, snapshot(out))).toEqual([]);
  });
});

describe('2. compile run again', () => {
  it('keeps the seed and every question id; another seed needs --seed and names the stale check report', async () => {
    const build = fresh('compiled');
    makeBlankBuild(build, 'data-loss', [{ job: 'helper/1', count: 2, tasks: 2, framesPerTask: 3 }]);
    const first = await runCli(['compile', build, '--workers', '1']);
    expect(first.code, first.stderr).toBe(0);
    const seed = JSON.parse(readFileSync(join(build, '.stbench', 'compile.json'), 'utf8')).settings.seed as string;
    const qids = qidsOf(build);
    expect(qids.length).toBeGreaterThan(0);
    const hash = JSON.parse(readFileSync(join(build, 'compile_report.json'), 'utf8')).compile_hash;
    writeFileSync(join(build, 'check_report.json'), JSON.stringify({ compile_hash: hash }) + '\n');

    const again = await runCli(['compile', build, '--workers', '1']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(build, '.stbench', 'compile.json'), 'utf8')).settings.seed).toBe(seed);
    expect(qidsOf(build)).toEqual(qids);
    expect(JSON.parse(readFileSync(join(build, 'compile_report.json'), 'utf8')).compile_hash).toBe(hash);
    expect(again.stderr).not.toMatch(/seed changed/);

    const other = await runCli(['compile', build, '--workers', '1', '--seed', `${seed}-other`]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr).toMatch(/compile seed changed/);
    expect(other.stderr).toContain(join(build, 'check_report.json'));
    expect(qidsOf(build).filter((q) => qids.includes(q))).toEqual([]);
  });
});

describe('3. score --out', () => {
  const setup = () => {
    const d = fresh('score');
    const g = gold('clear_path', { value: 1 });
    writeFileSync(join(d, 'gold.jsonl'), JSON.stringify(g) + '\n');
    writeFileSync(
      join(d, 'answers.jsonl'),
      JSON.stringify({ qid: g.qid, answer: { type: 'number', value: 1 } }) + '\n',
    );
    return d;
  };

  it('onto the gold file exits 2 and leaves the gold whole', async () => {
    const d = setup();
    const before = snapshot(d);
    const r = await runCli(['score', join(d, 'gold.jsonl'), join(d, 'answers.jsonl'), '--out', join(d, 'gold.jsonl')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is the input .*gold\.jsonl/);
    expect(diffSnapshots(before, snapshot(d))).toEqual([]);
  });

  it('onto a folder exits 2 with a clear error and leaves no temporary file', async () => {
    const d = setup();
    mkdirSync(join(d, 'out'));
    const before = snapshot(d);
    const r = await runCli(['score', join(d, 'gold.jsonl'), join(d, 'answers.jsonl'), '--out', join(d, 'out')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is a folder: give the name of a file/);
    expect(r.stderr).not.toMatch(/EISDIR/);
    expect(diffSnapshots(before, snapshot(d))).toEqual([]);
    expect(readdirSync(d).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });
});

describe('4. eval --out', () => {
  it('over a folder that is not a run exits 2 and leaves its results.json', async () => {
    const b = makeCheckBuild({ scripts: 2, seed: 'data-loss-eval' });
    const out = fresh('someone-elses');
    writeFileSync(join(out, 'results.json'), '{"mine": "a week of runs"}\n');
    writeFileSync(join(out, 'results.md'), '# my results\n');
    const before = snapshot(out);
    const r = await runCli(['eval', 'all_unknown', '--data', b.root, '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/is not a run folder/);
    expect(diffSnapshots(before, snapshot(out))).toEqual([]);
    rmSync(b.root, { recursive: true, force: true });
  });
});

describe('5. check --data on a downloaded dataset', () => {
  it('writes nothing into it, and the dataset still verifies', async () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'data-loss-check' });
    const checked = await runCheck({ data: b.root, B: 50 });
    expect(checked.exitCode).toBe(0);
    const ds = join(fresh('ds'), 'dataset');
    await exportDataset({ data: b.root, out: ds, version: '1.0.0' });
    const before = snapshot(ds);
    const r = await runCli(['check', '--data', ds]);
    expect(r.code, r.stderr).toBe(0);
    expect(diffSnapshots(before, snapshot(ds))).toEqual([]);
    expect((await runCli(['verify', ds])).code).toBe(0);
    rmSync(b.root, { recursive: true, force: true });
  });
});
