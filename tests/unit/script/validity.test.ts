import { devPlace } from '../../../jobs/places.ts';
import { describe, expect, it } from 'vitest';
import { getJob } from '../../../jobs/load.ts';
import { bodyAt, bodyToSolid, pointToFootprint } from '../../../layouts/geometry/index.ts';
import { personAt, solidsAt } from '../../../layouts/timeline.ts';
import { planBatch } from '../../../script/batch.ts';
import { bodyShape } from '../../../script/plan-script.ts';
import { homeSite } from '../../../script/sites.ts';

const JOBS = ['vacuum/2', 'helper/1', 'amr/1', 'drone/1'];
const SEEDS = ['v1', 'v2', 'v3'];

describe.each(JOBS)('scripts of %s', (jobId) => {
  const job = getJob(jobId);
  const place = devPlace(job);
  const body = bodyShape(job);
  const home = homeSite(place, job.tasks.home);
  const batches = SEEDS.map((seed) => planBatch({ job, place, seed, count: 2, tasks: 3 }));
  const scripts = batches.flat();

  // people may brush past the body (their disc overlaps it: a person gap of 0), never stand inside it (where the
  // body's height band reaches down to theirs)
  it('never puts the body inside an obstacle, nor a person inside the body, at a keyframe', () => {
    for (const { plan } of scripts) {
      for (const k of plan.keyframes) {
        const pose = { x: k.pose.x, y: k.pose.y, yaw_deg: k.pose.heading_deg };
        const solids = solidsAt(plan.timeline, k.t).filter(
          (s) => s.role !== 'floor' && s.role !== 'ceiling' && s.role !== 'person',
        );
        for (const s of solids) {
          const d = bodyToSolid(body.footprint, pose, s, body.zBand).distance;
          if (d <= 0)
            throw new Error(`${plan.sid} k${k.k} (t ${k.t.toFixed(1)}): the body meets ${s.name} (${d.toFixed(3)} m)`);
        }
        for (const [id, legs] of Object.entries(plan.timeline.people)) {
          const at = personAt(legs, k.t);
          if (!at) continue;
          // a person below a flying body (the drone at 15 m over the street) is not inside it
          const tall = place.people.find((p) => p.id === id)?.height ?? 2;
          if (body.zBand[0] > tall) continue;
          const d = pointToFootprint(at.x, at.y, bodyAt(body.footprint, pose)).distance;
          if (d <= 0)
            throw new Error(
              `${plan.sid} k${k.k} (t ${k.t.toFixed(1)}): ${id} stands inside the body (${d.toFixed(3)} m)`,
            );
        }
      }
    }
  });

  it('reaches every site of every task and ends each task at home', () => {
    for (const { plan } of scripts)
      for (const t of plan.tasks) {
        expect(t.reached, `${plan.sid} task ${t.index}: ${t.brief}`).toBe(true);
        const last = plan.keyframes.filter((k) => k.task === t.index).pop()!;
        expect(Math.hypot(last.pose.x - home.position[0], last.pose.y - home.position[1])).toBeLessThan(0.6);
      }
  });

  it('parks the robot 10 minutes to 3 hours between tasks, and the world changes meanwhile', () => {
    let changes = 0;
    for (const { plan } of scripts) {
      expect(plan.gaps.length).toBe(plan.tasks.length - 1);
      for (const g of plan.gaps) {
        expect(g.t1 - g.t0).toBeGreaterThanOrEqual(600);
        expect(g.t1 - g.t0).toBeLessThanOrEqual(10800);
        for (const c of g.changes) {
          expect(c.t).toBeGreaterThan(g.t0);
          expect(c.t).toBeLessThan(g.t1);
        }
        changes += g.changes.length;
      }
      // no keyframe falls in a gap
      for (const k of plan.keyframes) expect(plan.gaps.some((g) => k.t > g.t0 + 1e-6 && k.t < g.t1 - 1e-6)).toBe(false);
    }
    expect(changes).toBeGreaterThan(0);
  });

  it('walks people at 0.8 to 1.5 m/s on straight legs inside the people areas', () => {
    for (const { plan } of scripts)
      for (const legs of Object.values(plan.timeline.people))
        for (const l of legs) {
          const d = Math.hypot(l.to[0] - l.from[0], l.to[1] - l.from[1]);
          if (d === 0) continue;
          const v = d / (l.t1 - l.t0);
          expect(v).toBeGreaterThanOrEqual(0.8 - 1e-3);
          expect(v).toBeLessThanOrEqual(1.5 + 1e-3);
        }
  });

  // the vacuum's rule in vacuum-2.yaml samples about 2.3 times denser than its own target allows (docs/scripts.md)
  // the card's tasks have no hand-off: a task's frames count from its start (where a hand-off ends its wait)
  it('lands its frames per task within 25% of the release average', () => {
    const per = scripts.flatMap(({ plan }) =>
      plan.tasks.map((t) => plan.keyframes.filter((k) => k.task === t.index && k.t >= (t.handoff?.t ?? 0)).length),
    );
    const mean = per.reduce((a, b) => a + b, 0) / per.length;
    const target = job.keyframes.target_per_task.value;
    expect(mean).toBeGreaterThanOrEqual(target * 0.75);
    expect(mean).toBeLessThanOrEqual(target * 1.25);
  });

  it.runIf(jobId === 'vacuum/2')('covers at least 80% of the reachable floor of every room it finishes', () => {
    let rooms = 0;
    for (const { plan } of scripts)
      for (const t of plan.tasks)
        for (const [room, c] of Object.entries(t.coverage)) {
          if (room === t.unfinished_room) continue;
          rooms++;
          expect(c.fraction, `${plan.sid} task ${t.index} ${room}`).toBeGreaterThanOrEqual(0.8);
        }
    expect(rooms).toBeGreaterThan(0);
  });

  it('marks decision frames at every task start (a hand-off: where it is handed the task)', () => {
    for (const { plan } of scripts)
      for (const t of plan.tasks) {
        const first = plan.keyframes.find((k) => k.task === t.index)!;
        const start = plan.keyframes.filter((k) => k.task === t.index && k.decision === 'task start');
        expect(start, `${plan.sid} task ${t.index}`).toHaveLength(1);
        if (t.handoff) expect(start[0].t).toBeCloseTo(t.handoff.t, 6);
        else expect(first.decision).toBe('task start');
      }
  });
});
