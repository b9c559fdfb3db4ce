/**
 * The output-path rule held by the commands the malformed-input corpus does not name: eval, script, export, build,
 * render and compile write into no build they are not the stage of (here a build's private/), and eval writes no
 * run inside its data. Each refusal exits 2 and leaves nothing behind.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { makeBuild } from '../../helpers/export-fixture.ts';

let dir: string;
let other: string;
let checked: string;
let exportable: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-output-rule-'));
  // someone's build: its .stbench/ makes it one
  other = join(dir, 'other');
  mkdirSync(join(other, '.stbench'), { recursive: true });
  mkdirSync(join(other, 'private'));
  // a build inside its private/ (a stage run on it would write into the outer build)
  mkdirSync(join(other, 'private', 'inner', '.stbench'), { recursive: true });
  checked = makeCheckBuild({ scripts: 2, seed: 'output-rule' }).root;
  exportable = await makeBuild();
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
