import { describe, expect, it } from 'vitest';
import { auditCase, changeAudit, changeAuditMarkdown, windowGaps } from '../../../../compile/change-audit.ts';
import type { Timeline } from '../../../../layouts/timeline.ts';
import { frame, seen } from '../../../helpers/screens-fixture.ts';

// frames at t = 2k; task 0 = k 0..2 (t 0..4), task 1 = k 3..5 (t 6..10), task 2 = k 6..7 (t 12..14)
const tasks = [0, 0, 0, 1, 1, 1, 2, 2];
const ev = (t: number, x: number, y = 0) => ({ t, x, y, z: 0, yaw: 0, rests_on: 'floor' });
const timeline = {
  things: {
    brown_bag: [ev(0, 1), ev(5, 3)], // moved in the first gap: seen before (k1) and after (k4)
    green_plate: [ev(0, 2), ev(11, 4)], // moved in the second gap: seen before only
    grey_remote: [ev(0, 5), ev(7, 6)], // moved during task 1 (carried): not a world change
    blue_box: [ev(0, 7), ev(5, 7)], // an event that moves nothing
  },
  doors: {
    door_1: [
      { t: 0, state: 'open' },
      { t: 11, state: 'closed' },
    ],
  },
} as unknown as Timeline;

const frames = tasks.map((task, k) => {
  const ents = [];
  if (k === 1 || k === 4) ents.push(seen('brown_bag'));
  if (k === 4) ents.push(seen('green_plate'));
  if (k === 5 || k === 7) ents.push({ ...seen('door_1'), role: 'door', kind: 'door' });
  return frame(k, ents, task);
});

describe('change audit', () => {
  it('finds the gaps between tasks', () => {
    expect(windowGaps(frames)).toEqual([
      { after_task: 0, t0: 4, t1: 6 },
      { after_task: 1, t0: 10, t1: 12 },
    ]);
  });

  it('counts the changes in the gaps and which were seen before and after', () => {
    const a = auditCase(timeline, frames, { cid: 'c', job: 'helper/1' });
    expect(a.changes.map((c) => [c.entity, c.seen_before, c.seen_after])).toEqual([
      ['brown_bag', true, true],
      ['door_1', true, true],
      ['green_plate', true, false],
    ]);
    const rows = changeAudit([a, auditCase(timeline, frames.slice(0, 3), { cid: 'd', job: 'helper/1' })]);
    expect(rows).toEqual([
      {
        job: 'helper/1',
        medium_cases: 2,
        changes: 3,
        seen_both: 2,
        seen_before_only: 1,
        seen_after_only: 0,
        seen_neither: 0,
      },
    ]);
    expect(changeAuditMarkdown(rows)).toContain('| helper/1 | 2 | 3 | 2 | 1 | 0 | 0 |');
  });

  it('a sighting at the old spot must come after the previous change', () => {
    const tl = { things: { brown_bag: [ev(0, 1), ev(5, 3), ev(11, 5)] }, doors: {} } as unknown as Timeline;
    // seen only at k1, before the first move: the second move's old spot (from t 5 on) was never seen
    const fr = tasks.map((task, k) => frame(k, k === 1 ? [seen('brown_bag')] : [], task));
    const a = auditCase(tl, fr, { cid: 'c', job: 'j' });
    expect(a.changes.map((c) => [c.t, c.seen_before, c.seen_after])).toEqual([
      [5, true, false],
      [11, false, false],
    ]);
  });
});
