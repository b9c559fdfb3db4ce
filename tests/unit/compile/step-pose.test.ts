/**
 * Golds are read from the pose the robot reports (the step: position to 0.1 mm, heading to 0.01 degree), the pose
 * every reader of the case is given. Read from the plan's unrounded pose instead, a drive that grazes an edge can
 * change its answer by metres between the two (on the release-shaped build: a clear_path 1 m off, open_heading
 * golds whose best heading had a third less room for the reader): a broken ceiling. Here such a drive, built by
 * hand, and the frames the compiler reads.
 */
import { describe, expect, it } from 'vitest';
import { caseFrameViews } from '../../../compile/frame-views.ts';
import { goldRow } from '../../../compile/ask/index.ts';
import { clearPath } from '../../../compile/families/clear-path.ts';
import type { ScriptData } from '../../../compile/script-data.ts';
import { score } from '../../../checks/score/index.ts';
import { questionForm } from '../../../compile/question-form.ts';
import { readAnswer } from '../../../checks/systems/perfect-reader.ts';
import { readerJob } from '../../../compile/reader/job.ts';
import { getJob } from '../../../jobs/load.ts';
import { box, ctx, frames, job, room, world } from '../../helpers/compile-fixture.ts';

describe('the pose a gold is read from', () => {
  it('is the step the robot reports, not the plan it was rendered from', () => {
    const plan = {
      keyframes: [
        { k: 0, t: 0, task: 0, pose: { x: 1.00004, y: 2.00004, z: 0, heading_deg: 65.4151 }, decision: null },
      ],
      tasks: [{ things: [] }],
    };
    const steps = [{ k: 0, pose: { pos: [1.0, 2.0, 0], heading_deg: 65.42 } }];
    const visibility = [
      {
        k: 0,
        t: 0,
        camera: { position: [1, 2, 0.08], yaw_deg: 65.4151, pitch_deg: 0 },
        entities: [],
        seen: { grid: { x0: 0, y0: 0, cell: 0.1, nx: 1, ny: 1 }, floor: [], obstacle: [] },
      },
    ];
    const data = { sid: 's', plan, steps, visibility } as unknown as ScriptData;
    const [v] = caseFrameViews(data, { cid: 'c', sid: 's', length: 'short', tasks: [0] });
    expect(v.pose).toEqual({ x: 1.0, y: 2.0, z: 0, heading_deg: 65.42 });
  });

  it('matters where a drive grazes an edge: 0.01 degree moves the answer by metres, and the reader agrees with the reported one', () => {
    const j = job('helper/1');
    // the helper (0.33 m across) drives along y = 3; a box's lower edge lies 0.1 mm above the body's edge, 2 m on
    const r = j.bodyWidth_m / 2;
    const solids = [...room(), box('edge', [3.5, 3 + r + 0.0001 + 0.25, 0.2], [1.0, 0.5, 0.4])];
    const w = world(solids);
    const at = (heading: number) =>
      frames(j, solids, [
        { x: 0.6, y: 3, heading },
        { x: 1.0, y: 3, heading },
      ]);
    const exact = clearPath(ctx(j, w, at(0)), 'ahead');
    const rounded = clearPath(ctx(j, w, at(0.01)), 'ahead');
    if (!exact.ok || !rounded.ok) throw new Error('clear_path asks nothing here');
    expect(exact.gold.knowable && rounded.gold.knowable).toBe(true);
    expect(Math.abs((exact.gold.value as number) - (rounded.gold.value as number))).toBeGreaterThan(1);
    // the reader, given the pose the gold was read from, scores 1: the same pose in, the same answer out
    const c = ctx(j, w, at(0.01));
    const memory = {
      job: readerJob(getJob('helper/1')),
      world: { solidsAt: (t: number) => w.solidsAt(t), personAt: () => undefined, things: [], people: [], rooms: [] },
      grid: c.grid,
      frames: c.frames.map((f) => ({
        t: f.t,
        task: f.task,
        pose: { x: f.pose.x, y: f.pose.y, heading_deg: f.pose.heading_deg },
        camera: f.camera,
        entities: f.entities,
        floor: f.seen.floor,
        obstacle: f.seen.obstacle,
      })),
      assignments: ['work'],
    };
    const gold = goldRow(rounded.gold, {
      qid: '0123456789abcdef',
      job: 'helper/1',
      layout: 'apartment_a',
      sid: 's',
      cid: 'c',
      length: 'short',
    });
    const answer = readAnswer(memory as never, questionForm(rounded.text, []), rounded.text);
    expect(score(gold, answer).score_gate).toBeCloseTo(1, 9);
    // and a gold read from the other pose would not be the reader's
    const other = goldRow(exact.gold, {
      qid: '0123456789abcdef',
      job: 'helper/1',
      layout: 'apartment_a',
      sid: 's',
      cid: 'c',
      length: 'short',
    });
    expect(score(other, answer).score_gate).toBeLessThan(0.5);
  });
});
