/** A family whose answer covers the task so far (closest_person) is asked at most once a task in a case. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jobView, worldFromTimeline } from '../../../compile/ask/index.ts';
import { caseWindows } from '../../../compile/cases.ts';
import { compileCase, qidSource } from '../../../compile/compile-case.ts';
import { familyDef } from '../../../compile/family-registry.ts';
import { Funnel } from '../../../compile/funnel.ts';
import { readScriptData, type ScriptData } from '../../../compile/script-data.ts';
import { SCREENS } from '../../../compile/screens/index.ts';
import { getJob } from '../../../jobs/load.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** closest_person questions per (case, task), compiled from frames that show every person in every frame. */
function perTask(data: ScriptData): number[] {
  const spec = getJob('vacuum/2');
  const counts: number[] = [];
  for (const w of caseWindows(data.plan, data.sid, 'once-seed')) {
    const env = {
      seed: 'once-seed',
      spec,
      view: jobView(spec),
      world: worldFromTimeline(data.timeline),
      place: data.timeline.place,
      funnel: new Funnel(),
      screens: SCREENS,
      qid: qidSource('once-seed'),
    };
    const c = compileCase(data, w, env);
    const taskOf = new Map(c.file.asks.flatMap((a) => a.qids.map((q) => [q, c.file.frames[a.k].step.status.task])));
    const n = new Map<number, number>();
    for (const g of c.gold)
      if (g.family === 'closest_person') n.set(taskOf.get(g.qid)!, (n.get(taskOf.get(g.qid)!) ?? 0) + 1);
    counts.push(...n.values());
  }
  return counts;
}

describe('once a task', () => {
  it('closest_person is asked once a task in a case, where without the rule it would be asked again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-once-'));
    dirs.push(dir);
    const [sid] = makeBlankBuild(dir, 'once-1', [{ job: 'vacuum/2', count: 1, tasks: 2, framesPerTask: 90 }]);
    const data: ScriptData = readScriptData(dir, sid);
    // every person of the place in every frame: closest_person can be asked wherever its slot draws it
    data.visibility.forEach((r) => {
      r.entities = data.timeline.place.people.map((p, i) => ({
        truth_id: 1000 + i,
        entity: p.id,
        role: 'person',
        kind: 'person',
        pixels: 5000,
        bbox: [10, 10, 100, 100],
        edge_margin_px: 10,
        brightness: 0.5,
        colour: p.colour,
        colour_share: 1,
        centroid: null,
        extent: null,
        contact: null,
      }));
    });
    const def = familyDef('closest_person');
    expect(def.once_a_task).toBe(true);
    const once = perTask(data);
    expect(once.length).toBeGreaterThan(0);
    expect(Math.max(...once)).toBe(1);
    // the same compile without the rule asks it again later in some task
    (def as { once_a_task: boolean }).once_a_task = false;
    try {
      expect(Math.max(...perTask(data))).toBeGreaterThan(1);
    } finally {
      (def as { once_a_task: boolean }).once_a_task = true;
    }
  }, 120_000);
});
