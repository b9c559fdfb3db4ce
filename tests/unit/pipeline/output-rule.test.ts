/**
 * The output-path rule held by the commands the malformed-input corpus does not name: eval, script, export, build,
 * render and compile write into no build they are not the stage of (here a build's private/), and eval writes no
 * run inside its data. Each refusal exits 2 and leaves nothing behind. What a build and a dataset are is the one
 * predicate's answer (foundation/folder-kind.ts): a dataset whose release.json has sorted keys, a build copied
 * without its .stbench/; and a check of a dataset leaves no .stbench/ beside its report (that would make the
 * user's folder a build, refused to every later output).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../checks/check.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { makeBuild } from '../../helpers/export-fixture.ts';
import { diffSnapshots, snapshot } from '../../helpers/tree-snapshot.ts';

let dir: string;
let other: string;
let checked: string;
let exportable: string;
let cid: string;
/** copies of `checked`, without its .stbench/: a dataset (release.json's format first), one with sorted keys, a build */
let ds: string;
let dsSorted: string;
let bare: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-output-rule-'));
  // someone's build: its .stbench/ makes it one
  other = join(dir, 'other');
  mkdirSync(join(other, '.stbench'), { recursive: true });
  mkdirSync(join(other, 'private'));
  // a build inside its private/ (a stage run on it would write into the outer build)
  mkdirSync(join(other, 'private', 'inner', '.stbench'), { recursive: true });
  const made = makeCheckBuild({ scripts: 2, seed: 'output-rule' });
  checked = made.root;
  cid = made.cids[0];
  exportable = await makeBuild();
  const copy = (name: string) => {
    const to = join(dir, name);
    cpSync(checked, to, { recursive: true, filter: (src) => !src.split('/').includes('.stbench') });
    return to;
  };
  ds = copy('ds');
  writeFileSync(join(ds, 'release.json'), JSON.stringify({ format: 'stbench.release/1', files: {} }));
  dsSorted = copy('ds-sorted');
  // as a tool that sorts keys writes it: `files` first, its entries pushing `format` far from the start
  const files = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`scripts/s${i}/robot.json`, '0123456789abcdef'.repeat(4)]),
  );
  writeFileSync(join(dsSorted, 'release.json'), JSON.stringify({ files, format: 'stbench.release/1' }, null, 2));
  bare = copy('bare-build');
}, 120_000);
afterAll(() => {
  for (const d of [dir, checked, exportable]) rmSync(d, { recursive: true, force: true });
});

const refusedInto = async (argv: string[], re: RegExp) => {
  const before = readdirSync(join(other, 'private')).sort();
  const r = await runCli(argv);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toMatch(re);
  expect(readdirSync(join(other, 'private')).sort()).toEqual(before);
  expect(readdirSync(join(other, 'private', 'inner')).sort()).toEqual(['.stbench']);
};
const inOther = /lies in the build .*\/other, which this command does not write/;

describe('every command that writes obeys the output-path rule', () => {
  it('eval: no run inside its data, nor inside another build', async () => {
    const out = join(checked, 'runs', 'mine');
    const r = await runCli(['eval', 'all_unknown', '--data', checked, '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/runs\/mine lies inside the input folder/);
    expect(existsSync(join(checked, 'runs'))).toBe(false);
    await refusedInto(['eval', 'all_unknown', '--data', checked, '--out', join(other, 'private', 'run')], inOther);
  });

  it('script: no build inside another build', async () => {
    await refusedInto(
      [
        'script',
        '--job',
        'helper/1',
        '--count',
        '1',
        '--seed',
        '1',
        '--max-frames',
        '4',
        '--out',
        join(other, 'private', 'b2'),
      ],
      inOther,
    );
  });

  it('export: no dataset inside another build', async () => {
    await refusedInto(
      ['export', '--data', exportable, '--out', join(other, 'private', 'ds'), '--version', '1.0.0'],
      inOther,
    );
  });

  it('build: neither the build nor its dataset inside another build, even for a dry run', async () => {
    await refusedInto(['build', '--preset', 'demo', '--out', join(other, 'private', 'b3'), '--dry-run'], inOther);
    await refusedInto(
      ['build', '--preset', 'demo', '--out', join(dir, 'b4'), '--dataset', join(other, 'private', 'ds'), '--dry-run'],
      inOther,
    );
  });

  it('render and compile: not on a build that lies inside another build', async () => {
    const inner = join(other, 'private', 'inner');
    await refusedInto(['render', inner, '--engine', 'raycast'], inOther);
    await refusedInto(['compile', inner, '--workers', '1'], inOther);
  });
});

describe('what a build or a dataset is, as the rule reads it', () => {
  it('no write into a dataset whose release.json has sorted keys, nor into a build copied without .stbench/', async () => {
    const into = join(dsSorted, 'scripts', 'x.png');
    const r1 = await runCli(['map', 'apartment_a', '--out', into]);
    expect(r1.code, r1.stderr).toBe(2);
    expect(r1.stderr).toMatch(/scripts\/x\.png lies in the dataset .*\/ds-sorted: a downloaded dataset is read-only/);
    expect(existsSync(into)).toBe(false);
    const gold = join(bare, 'private', cid, 'gold.jsonl');
    const before = readFileSync(gold);
    const r2 = await runCli(['map', 'apartment_a', '--out', gold]);
    expect(r2.code, r2.stderr).toBe(2);
    expect(r2.stderr).toMatch(/gold\.jsonl lies in the build .*\/bare-build, which this command does not write/);
    expect(readFileSync(gold)).toEqual(before);
  });

  it("a check of a dataset with --out leaves no .stbench/ in the report's folder, and a later output there is accepted", async () => {
    const reports = join(dir, 'reports');
    mkdirSync(reports);
    const data = snapshot(ds);
    // one system is enough to show where its answers go (the CLI runs them all, the same way)
    const r = await runCheck({ data: ds, out: join(reports, 'r.json'), systems: ['all_unknown'], B: 20 });
    expect(r.reportPath).toBe(join(reports, 'r.json'));
    // the report and check.md, and nothing else: the answers were kept beside them only while the check ran
    expect(readdirSync(reports).sort()).toEqual(['r.json', 'r.md']);
    expect(diffSnapshots(data, snapshot(ds))).toEqual([]);
    const m = await runCli(['map', 'apartment_a', '--out', join(reports, 'map.png')]);
    expect(m.code, m.stderr).toBe(0);
    expect(existsSync(join(reports, 'map.png'))).toBe(true);
  });
});
