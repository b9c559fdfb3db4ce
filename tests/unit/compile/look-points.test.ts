/** Look points: from the case id and the plan alone, decision frames first, a mean stop gap of 5 to 7 frames. */
import { devPlace } from '../../../jobs/places.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { caseWindows, windowFrames } from '../../../compile/cases.ts';
import { compileCase, qidSource } from '../../../compile/compile-case.ts';
import { jobView, worldFromTimeline } from '../../../compile/ask/index.ts';
import { Funnel } from '../../../compile/funnel.ts';
import { lookPoints, stopsWanted } from '../../../compile/look-points.ts';
import { parsePlan } from '../../../compile/plan-file.ts';
import { readScriptData, type ScriptData } from '../../../compile/script-data.ts';
import { SCREENS } from '../../../compile/screens/index.ts';
import { getJob } from '../../../jobs/load.ts';
import { scriptHash } from '../../../jobs/job-schema.ts';
import { planBatch } from '../../../script/batch.ts';
import { planDoc } from '../../../script/files.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('look points on full-length plans (no render)', () => {
  it("use decision frames first where the job says so, keep the minimum gap, and stop about once per the job's mean gap", () => {
    let cases = 0;
    for (const id of ['helper/1', 'vacuum/2', 'amr/1', 'drone/1']) {
      let frames = 0,
        stops = 0;
      const job = getJob(id);
      const place = devPlace(job);
      const o = { job, place, seed: 'lp-1', count: 3 };
      for (const s of planBatch(o)) {
        const plan = parsePlan(
          JSON.parse(
            JSON.stringify(planDoc(s.plan, { job, jobHash: scriptHash(job), place, seed: o.seed, index: s.index })),
          ),
          'plan.json',
        );
        for (const w of caseWindows(plan, s.sid, 'lp-seed')) {
          const ks = windowFrames(plan, w);
          const dec = ks.flatMap((sk, k) => (plan.keyframes[sk].decision ? [k] : []));
          const rule = job.look_points;
          const lp = lookPoints(w.cid, ks.length, dec, rule);
          cases++;
          frames += ks.length;
          stops += lp.length;
          expect(lp.length).toBeLessThanOrEqual(stopsWanted(ks.length, rule));
          lp.forEach((k, i) => i > 0 && expect(k - lp[i - 1]).toBeGreaterThanOrEqual(rule.gap_frames.min));
          // decision frames first: a stop off the decision frames only once every decision frame is taken or too close
          const chosenDec = lp.filter((k) => dec.includes(k));
          if (rule.decision_first && chosenDec.length < lp.length) {
            for (const d of dec) expect(chosenDec.some((c) => Math.abs(c - d) < rule.gap_frames.min)).toBe(true);
          }
          // a job that does not take them first (the drone: its decisions are its hovers) draws as if there were none
          if (!rule.decision_first) expect(lookPoints(w.cid, ks.length, [], rule)).toEqual(lp);
          // the same case id and plan, the same stops
          expect(lookPoints(w.cid, ks.length, dec, rule)).toEqual(lp);
        }
      }
      // within a fifth of the job's mean (a case's count is rounded, and the minimum gap may leave fewer)
      const gap = frames / stops;
      expect(gap, id).toBeGreaterThanOrEqual(job.look_points.gap_frames.mean * 0.8);
      expect(gap, id).toBeLessThanOrEqual(job.look_points.gap_frames.mean * 1.2);
    }
    expect(cases).toBeGreaterThan(20);
  }, 120_000);
});

describe('look points do not depend on what is in view', () => {
  it('moving every thing of the world (and what the frames show) leaves the stops unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-lp-'));
    dirs.push(dir);
    const [sid] = makeBlankBuild(dir, 'lp-2', [{ job: 'helper/1', count: 1, tasks: 3, framesPerTask: 10 }]);
    const data = readScriptData(dir, sid);
    // another world: every thing 0.7 m along x, and every thing of the place shown in every frame
    const moved: ScriptData = structuredClone(data);
    for (const evs of Object.values(moved.timeline.things)) for (const e of evs) e.x += 0.7;
    moved.visibility.forEach((r) => {
      r.entities = moved.timeline.place.things.map((t, i) => ({
        truth_id: i + 1,
        entity: t.id,
        role: 'thing',
        kind: t.kind,
        pixels: 5000,
        bbox: [10, 10, 100, 100],
        edge_margin_px: 10,
        brightness: 0.5,
        colour: t.colour,
        colour_share: 1,
        centroid: null,
        extent: null,
        contact: null,
      }));
    });
    const spec = getJob('helper/1');
    const stopsOf = (d: ScriptData) =>
      caseWindows(d.plan, d.sid, 'lp-seed').map((w) => {
        const env = {
          seed: 'lp-seed',
          spec,
          view: jobView(spec),
          world: worldFromTimeline(d.timeline),
          place: d.timeline.place,
          funnel: new Funnel(),
          screens: SCREENS,
          qid: qidSource('lp-seed'),
        };
        return compileCase(d, w, env).lookPoints;
      });
    const a = stopsOf(data);
    expect(a.flat().length).toBeGreaterThan(2);
    expect(stopsOf(moved)).toEqual(a);
  }, 60_000);
});
