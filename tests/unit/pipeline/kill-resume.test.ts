/**
 * Kill tests: script, compile, check and export killed with kill -9 semantics at their fault points (STBENCH_FAULT, exit
 * 137, no cleanup runs), then run again with the same command: the files are the same bytes as an uninterrupted
 * run's (stage manifests without their `updated` time, saved answers without their timings), the question ids are unchanged, and no temporary
 * file is left anywhere under the build or beside the dataset.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';
import { snapshot } from '../../helpers/tree-snapshot.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { makeBuild } from '../../helpers/export-fixture.ts';

const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');

function stbench(args: string[], fault?: { point: string; after?: number }) {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.STBENCH_FAULT;
  delete env.STBENCH_FAULT_AFTER;
  if (fault) {
    env.STBENCH_FAULT = fault.point;
    if (fault.after) env.STBENCH_FAULT_AFTER = String(fault.after);
  }
  return spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 300_000 });
}

/**
 * path -> content of every file: its size and hash, with the two fields that record when or how fast (stage
 * manifests' `updated`, a saved case's `timings`) masked.
 */
function files(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rel, v] of snapshot(root)) {
    if (rel.includes('/answers/') && rel.endsWith('.json')) {
      const { timings: _t, ...rest } = JSON.parse(readFileSync(join(root, rel), 'utf8'));
      out[rel] = JSON.stringify(rest);
    } else if (rel.startsWith('.stbench/') && rel.endsWith('.json')) {
      out[rel] = readFileSync(join(root, rel), 'utf8').replace(/"updated": "[^"]*"/, '"updated": "-"');
    } else out[rel] = v;
  }
  return out;
}

const temps = (root: string) =>
  [...snapshot(root).keys()].filter((p) => p.split('/').some((part) => part.includes('.tmp-')));

const qids = (root: string, cids: readonly string[]) =>
  cids.flatMap((cid) =>
    readFileSync(join(root, 'private', cid, 'questions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l).qid as string),
  );

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-kill-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compile killed and run again', () => {
  it('writes the same bytes and the same qids as an uninterrupted compile, with no temporary file left', () => {
    const base = join(dir, 'compile-base');
    makeBlankBuild(base, 'kill', [{ job: 'helper/1', count: 2, tasks: 2, framesPerTask: 3 }]);
    const clean = join(dir, 'compile-clean');
    cpSync(base, clean, { recursive: true });
    expect(stbench(['compile', clean, '--seed', 'k', '--workers', '1']).status).toBe(0);
    const want = files(clean);
    const cids = Object.keys(want)
      .filter((p) => p.endsWith('/case.json'))
      .map((p) => p.split('/')[1]);
    expect(cids.length).toBeGreaterThan(0);
    for (const fault of [
      { point: 'atomic:before-rename', after: 4 },
      { point: 'atomic:mid-write', after: 9 },
      { point: 'atomic:after-rename', after: 12 },
    ]) {
      const b = join(dir, `compile-${fault.point.replace(':', '-')}`);
      cpSync(base, b, { recursive: true });
      const killed = stbench(['compile', b, '--seed', 'k', '--workers', '1'], fault);
      expect(killed.status, killed.stderr).toBe(137);
      expect(killed.stderr).toContain(`fault hook fired at ${fault.point}`);
      // a rerun without --seed takes the seed the killed run recorded
      const again = stbench(['compile', b, '--workers', '1']);
      expect(again.status, again.stderr).toBe(0);
      expect(files(b)).toEqual(want);
      expect(qids(b, cids)).toEqual(qids(clean, cids));
      expect(temps(b)).toEqual([]);
    }
  }, 240_000);
});

describe('script killed and run again', () => {
  it('keeps the scripts written before the kill and ends with the bytes of an uninterrupted run', () => {
    const args = (out: string) => [
      'script',
      '--job',
      'helper/1',
      '--count',
      '3',
      '--seed',
      'kill',
      '--tasks',
      '2',
      '--max-frames',
      '6',
      '--out',
      out,
    ];
    const clean = join(dir, 'script-clean');
    expect(stbench(args(clean)).status).toBe(0);
    const want = files(clean);
    const b = join(dir, 'script-killed');
    // 5 files and the manifest a script: killed while writing the third script's files (after 14 renames)
    const killed = stbench(args(b), { point: 'atomic:after-rename', after: 14 });
    expect(killed.status, killed.stderr).toBe(137);
    const written = [...snapshot(b).keys()].filter((p) => p.startsWith('scripts/') && p.endsWith('robot.json'));
    expect(written.length).toBeGreaterThanOrEqual(2); // written as planned, not at the end
    const again = stbench(args(b));
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/\(2 kept from an earlier run\)/);
    expect(files(b)).toEqual(want);
    expect(temps(b)).toEqual([]);
  }, 240_000);
});

describe('check killed and run again', () => {
  it('writes the same report and answers as an uninterrupted check, with no temporary file left', () => {
    const base = makeCheckBuild({ scripts: 3, seed: 'kill-check' }).root;
    const clean = join(dir, 'check-clean');
    cpSync(base, clean, { recursive: true });
    expect(stbench(['check', clean, '--workers', '1']).status).toBe(0);
    const want = files(clean);
    expect(Object.keys(want)).toContain('check_report.json');
    // mid-answers (a system's saved answers for one case) and at the report
    for (const fault of [
      { point: 'atomic:before-rename', after: 5 },
      { point: 'atomic:mid-write', after: 28 },
    ]) {
      const b = join(dir, `check-${fault.after}`);
      cpSync(base, b, { recursive: true });
      const killed = stbench(['check', b, '--workers', '1'], fault);
      expect(killed.status, killed.stderr).toBe(137);
      const again = stbench(['check', b, '--workers', '1']);
      expect(again.status, again.stderr).toBe(0);
      expect(files(b)).toEqual(want);
      expect(temps(b)).toEqual([]);
    }
    rmSync(base, { recursive: true, force: true });
  }, 240_000);
});

describe('export killed and run again', () => {
  it('writes the same dataset as an uninterrupted export at every fault point, with nothing left beside it', async () => {
    const build = await makeBuild();
    const cleanOut = join(dir, 'export-clean', 'dataset');
    expect(stbench(['export', '--data', build, '--out', cleanOut, '--version', '1.0.0']).status).toBe(0);
    const want = files(cleanOut);
    const shippedQids = (root: string) =>
      Object.keys(files(root))
        .filter((p) => p.endsWith('/questions.jsonl'))
        .flatMap((p) =>
          readFileSync(join(root, p), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l).qid as string),
        );
    const points = [
      { point: 'export:after-copy' },
      { point: 'atomic:before-rename', after: 3 },
      { point: 'export:before-rename' },
      { point: 'export:after-rename' },
    ];
    for (const fault of points) {
      const parent = join(dir, `export-${fault.point.replace(':', '-')}`);
      const out = join(parent, 'dataset');
      const killed = stbench(['export', '--data', build, '--out', out, '--version', '1.0.0'], fault);
      expect(killed.status, killed.stderr).toBe(137);
      const again = stbench([
        'export',
        '--data',
        build,
        '--out',
        out,
        '--version',
        '1.0.0',
        ...(fault.point === 'export:after-rename' ? ['--force'] : []),
      ]);
      expect(again.status, again.stderr).toBe(0);
      expect(files(out)).toEqual(want);
      expect(shippedQids(out)).toEqual(shippedQids(cleanOut));
      expect([...snapshot(parent).keys()].filter((p) => !p.startsWith('dataset/'))).toEqual([]);
      expect(temps(parent)).toEqual([]);
    }
    // a --force export over a dataset killed before its rename leaves the old one whole, and resumes
    const out = join(dir, 'export-force', 'dataset');
    expect(stbench(['export', '--data', build, '--out', out, '--version', '0.9.0']).status).toBe(0);
    const old = files(out);
    const killed = stbench(['export', '--data', build, '--out', out, '--version', '1.0.0', '--force'], {
      point: 'export:before-rename',
    });
    expect(killed.status).toBe(137);
    expect(files(out)).toEqual(old);
    expect(stbench(['export', '--data', build, '--out', out, '--version', '1.0.0', '--force']).status).toBe(0);
    expect(files(out)).toEqual(want);
    expect(temps(join(dir, 'export-force'))).toEqual([]);
  }, 240_000);
});
