/** Running many cases: resumable (finished cases are skipped), outcomes written atomically, progress reported. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  caseAnswersPath,
  readCaseAnswers,
  runMany,
  type InProcessSystem,
  type RunProgress,
} from '../../../../checks/harness/index.ts';
import { allUnknown } from '../../../../checks/systems/all-unknown.ts';
import { UsageError } from '../../../../foundation/index.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

/** all_unknown that counts the cases it opens, and breaks on the ones named. */
function counting(opened: string[], breakOn: Set<string> = new Set()): InProcessSystem {
  return {
    kind: 'in_process',
    name: 'all_unknown',
    open: (info) => {
      opened.push(info.cid);
      if (breakOn.has(info.cid)) throw new Error('broken on purpose');
      return allUnknown.open(info);
    },
  };
}

describe('runMany', () => {
  let root: string;
  let cases: SynthCase[];
  beforeAll(async () => {
    root = tempRoot();
    cases = [];
    for (let n = 0; n < 4; n++) cases.push(await makeCase(root, n));
  });

  it('writes each case, skips finished ones on a rerun, and reports progress', async () => {
    const runDir = join(root, 'run1');
    const dirs = cases.map((c) => c.dir);
    const opened: string[] = [];
    const progress: RunProgress[] = [];
    const first = await runMany(counting(opened, new Set([cases[2].cid])), dirs, {
      runDir,
      workers: 3,
      onProgress: (p) => progress.push(p),
    });
    expect(opened.sort()).toEqual(cases.map((c) => c.cid).sort());
    expect(first.map((o) => o.cid)).toEqual(cases.map((c) => c.cid));
    expect(first.map((o) => o.status)).toEqual(['ok', 'ok', 'broken', 'ok']);
    expect(progress.at(-1)).toMatchObject({ done: 4, total: 4, skipped: 0, broken: 1 });
    expect(progress[0]).toMatchObject({ done: 0, last: null });
    const saved = JSON.parse(readFileSync(caseAnswersPath(runDir, cases[0].cid), 'utf8'));
    expect(saved).toMatchObject({
      format: 'stbench-case-answers/1',
      system: 'all_unknown',
      channel: 'rgb_pose',
      cid: cases[0].cid,
      status: 'ok',
    });
    expect(Object.values(saved.answers)).toEqual(Array(5).fill({ type: 'unknown' }));

    // a rerun opens nothing and returns the saved outcomes
    const again: string[] = [];
    const second = await runMany(counting(again), dirs, { runDir });
    expect(again).toEqual([]);
    expect(second.map((o) => [o.cid, o.status, o.answers.size])).toEqual(
      first.map((o) => [o.cid, o.status, o.answers.size]),
    );

    // a lost case runs again, alone
    rmSync(caseAnswersPath(runDir, cases[1].cid));
    const third: string[] = [];
    await runMany(counting(third), dirs, { runDir });
    expect(third).toEqual([cases[1].cid]);

    // broken cases run again only when asked
    const fourth: string[] = [];
    const res = await runMany(counting(fourth), dirs, { runDir, retryBroken: true });
    expect(fourth).toEqual([cases[2].cid]);
    expect(res[2].status).toBe('ok');
    expect(readCaseAnswers(caseAnswersPath(runDir, cases[2].cid)).status).toBe('ok');
  });

  it('refuses a run folder of another system or channel', async () => {
    const runDir = join(root, 'run2');
    await runMany(allUnknown, [cases[0].dir], { runDir });
    const other: InProcessSystem = { ...allUnknown, name: 'other' };
    await expect(runMany(other, [cases[0].dir], { runDir })).rejects.toThrow(UsageError);
    await expect(runMany(allUnknown, [cases[0].dir], { runDir, channel: 'detections' })).rejects.toThrow(
      /holds answers of all_unknown on rgb_pose/,
    );
  });

  it('leaves no file for a case whose build is bad, and says which file is wrong', async () => {
    const runDir = join(root, 'run3');
    const bad = join(root, 'private', 'eeeeeeeeeeeeeeee');
    await expect(runMany(allUnknown, [bad], { runDir })).rejects.toThrow(/case\.json: \(file\): cannot read/);
    expect(existsSync(caseAnswersPath(runDir, 'eeeeeeeeeeeeeeee'))).toBe(false);
  });
});
