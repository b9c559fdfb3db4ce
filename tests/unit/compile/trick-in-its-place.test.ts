/**
 * A trick takes the place of a real question: a where-is family asks a trick only where a real question of it could
 * be asked, so a family whose real questions are scarce is not filled with tricks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jobView, worldFromTimeline } from '../../../compile/ask/index.ts';
import { TRICK_IN_ITS_PLACE } from '../../../compile/candidates.ts';
import { caseWindows } from '../../../compile/cases.ts';
import { type CompiledCase, compileCase, qidSource } from '../../../compile/compile-case.ts';
import { Funnel } from '../../../compile/funnel.ts';
import { readScriptData } from '../../../compile/script-data.ts';
import { SCREENS } from '../../../compile/screens/index.ts';
import { WHERE_IS_FAMILIES } from '../../../compile/trick-share.ts';
import { getJob } from '../../../jobs/load.ts';
import { makeBlankBuild, makeRaycastBuild } from '../../helpers/raycast-build.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const SEED = 'trick-seed';

/** Every case of the build's scripts, compiled with one funnel. */
function compileAll(dir: string, sids: readonly string[], job: string): { cases: CompiledCase[]; funnel: Funnel } {
  const spec = getJob(job);
  const funnel = new Funnel();
  const qid = qidSource(SEED);
  const cases: CompiledCase[] = [];
  for (const sid of sids) {
    const data = readScriptData(dir, sid);
    for (const w of caseWindows(data.plan, data.sid, SEED)) {
      const env = {
        seed: SEED,
        spec,
        view: jobView(spec),
        world: worldFromTimeline(data.timeline),
        place: data.timeline.place,
        funnel,
        screens: SCREENS,
        qid,
      };
      cases.push(compileCase(data, w, env));
    }
  }
  return { cases, funnel };
}

const whereIs = (cs: readonly CompiledCase[]) =>
  cs.flatMap((c) => c.kept).filter((q) => WHERE_IS_FAMILIES.includes(q.family));

describe('a trick takes the place of a real question', () => {
  it('where nothing was ever shown, no where-is question is asked, not even a trick', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-trick-blank-'));
    dirs.push(dir);
    const sids = makeBlankBuild(dir, 'trick-1', [{ job: 'amr/1', count: 2, tasks: 2, framesPerTask: 90 }]);
    const { cases } = compileAll(dir, sids, 'amr/1');
    expect(cases.flatMap((c) => c.kept).length).toBeGreaterThan(0);
    expect(whereIs(cases)).toEqual([]);
  }, 120_000);

  it('every trick asked stands where a real question of its family survived, and takes its place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-trick-real-'));
    dirs.push(dir);
    const sids = await makeRaycastBuild(dir, 'trick-2', [{ job: 'vacuum/2', count: 1, tasks: 3, framesPerTask: 40 }]);
    const { cases, funnel } = compileAll(dir, sids, 'vacuum/2');
    const asked = whereIs(cases);
    const tricks = cases.flatMap((c) =>
      c.kept.filter((q) => q.trick).map((q) => `${c.file.cid}|${q.family}|${q.slot}`),
    );
    expect(asked.length).toBeGreaterThan(tricks.length);
    expect(tricks.length).toBeGreaterThan(0);
    const replaced = funnel.report().dropped.filter((d) => d.screen === TRICK_IN_ITS_PLACE);
    expect(replaced).toHaveLength(tricks.length);
    for (const d of replaced) expect(d.thing).not.toBeNull();
  }, 300_000);
});
