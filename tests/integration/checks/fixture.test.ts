/**
 * The check on the shared fixture (a real Blender-rendered build, compiled here): the perfect reader, reading the
 * frames' truth through its own code, scores 1 on every question of every family (the ceiling instrument), and no
 * scripted system is broken.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck, readBuildQuestions, type CheckResult } from '../../../checks/check.ts';
import { CEILING } from '../../../checks/gates.ts';
import { compileBuild } from '../../../compile/compile.ts';
import { fixtureCopy } from '../../helpers/shared-build.ts';

let dir: string;
let build: string;
let result: CheckResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-check-fx-'));
  build = join(dir, 'build');
  await fixtureCopy(build);
  compileBuild(build, { seed: 'fixture-compile' });
  result = await runCheck({ data: build, workers: 2 });
}, 1_800_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('check on the fixture', () => {
  it('the perfect reader scores 1 on every question of every family', () => {
    const { golds } = readBuildQuestions(build);
    expect(golds.length).toBeGreaterThan(0);
    const below = result.report.broken.filter((b) => b.what === 'ceiling');
    expect(below, below.map((b) => `${b.qid}: ${b.why}`).join('\n')).toEqual([]);
    // every family asked has its ceiling reading at 1
    for (const f of result.report.families)
      if (f.systems[CEILING] !== undefined) expect(f.systems[CEILING], `${f.job} ${f.family}`).toBeCloseTo(1, 9);
  });

  it('reports the exposure of every place its scripts ran in, from the rendered frames', () => {
    const places = new Set(readBuildQuestions(build).golds.map((g) => g.layout));
    const rows = result.report.exposure ?? [];
    expect(rows.map((e) => e.place).sort()).toEqual([...places].sort());
    for (const e of rows) {
      expect(e.frames).toBeGreaterThan(0);
      expect(e.luma_p01).toBeLessThanOrEqual(e.luma_p50);
      expect(e.luma_p50).toBeLessThanOrEqual(e.luma_p99);
    }
    expect(result.markdown).toContain('## Exposure');
    for (const e of rows) expect(result.markdown).toMatch(new RegExp(`\\| ${e.place} \\| ${e.frames} \\|`));
  });

  it('no scripted system or gate is broken', () => {
    expect(result.report.broken).toEqual([]);
  });
});
