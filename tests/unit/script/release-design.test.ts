/**
 * What the release-shaped design asks of the scripts and places: no two scripts of a job start in one world (the
 * unobserved history before the first task), people sometimes brush past the robot (a person gap of 0 at a frame the
 * camera sees them) but never walk through it, a person who hands the helper or the tote robot its task (where a job
 * has a hand-off) stands touching its front through the closest_approach horizon, the drone hovers at a drop point on the heading it flew in on, and the
 * tote robot meets floor things whose contact with the floor its camera sees.
 */
import { devPlace } from '../../../jobs/places.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getJob } from '../../../jobs/load.ts';
import { cameraFromBase, inImage, intrinsics, project } from '../../../layouts/camera.ts';
import { bodyAt, pointToFootprint } from '../../../layouts/geometry/index.ts';
import { getPlace } from '../../../layouts/load.ts';
import { personAt } from '../../../layouts/timeline.ts';
import { planBatch } from '../../../script/batch.ts';
import { bodyShape, REACH_M } from '../../../script/plan-script.ts';
import { makeRaycastBuild } from '../../helpers/raycast-build.ts';

describe('the world a script starts in', () => {
  for (const id of ['helper/1', 'vacuum/2', 'amr/1']) {
    it(`${id}: scripts start in worlds that differ from each other and from the place as authored`, () => {
      const job = getJob(id);
      const place = devPlace(job);
      const scripts = planBatch({ job, place, seed: 'start-world', count: 3, tasks: 2, maxFrames: 20 });
      const start = scripts.map((s) =>
        Object.fromEntries(
          Object.entries(s.plan.timeline.things).map(([tid, evs]) => [
            tid,
            `${evs[0].rests_on}@${evs[0].x.toFixed(2)},${evs[0].y.toFixed(2)}`,
          ]),
        ),
      );
      const authored = Object.fromEntries(place.things.map((t) => [t.id, t]));
      for (const w of start) {
        const moved = Object.entries(w).filter(([tid, at]) => {
          const a = authored[tid];
          return at !== `${a.rests_on}@${a.position.x.toFixed(2)},${a.position.y.toFixed(2)}`;
        }).length;
        expect(moved, id).toBeGreaterThanOrEqual(Math.ceil(place.things.length * 0.2));
      }
      for (let i = 1; i < start.length; i++) {
        const differ = Object.keys(start[0]).filter((tid) => start[0][tid] !== start[i][tid]).length;
        expect(differ, id).toBeGreaterThanOrEqual(Math.ceil(place.things.length * 0.2));
      }
    });
  }
});

describe('where moved things go', () => {
  it("downtown: no moved thing rests on a surface above a person's reach (a roof)", () => {
    const job = getJob('drone/1');
    const place = devPlace(job);
    const surfaceTop = new Map(place.fixed.filter((f) => f.surface !== undefined).map((f) => [f.id, f.surface!]));
    const scripts = planBatch({ job, place, seed: 'reach', count: 4, tasks: 2, maxFrames: 20 });
    let moved = 0;
    for (const { plan } of scripts)
      for (const evs of Object.values(plan.timeline.things))
        for (const e of evs) {
          const top = surfaceTop.get(e.rests_on);
          if (top !== undefined) expect(top, e.rests_on).toBeLessThanOrEqual(REACH_M);
          moved++;
        }
    expect(moved).toBeGreaterThan(0);
    // the place offers roofs as surfaces, so the rule is what keeps things off them
    expect([...surfaceTop.values()].some((h) => h > REACH_M)).toBe(true);
  });
});

describe('people and the robot', () => {
  for (const id of ['helper/1', 'vacuum/2', 'amr/1']) {
    it(`${id}: some people brush past the body in view, none walks through it`, () => {
      const job = getJob(id);
      const place = devPlace(job);
      const body = bodyShape(job);
      const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
      // a walker meets the helper in one walk in four (people.meet_p 0.25), so 16 tasks may hold no meeting (0 at
      // seed 'meet' once apartment_a seated a resident; 29 over 64 tasks at four seeds): its sample is three times
      const seeds = job.people.meet_p < 0.5 ? ['meet', 'meet-2', 'meet-3'] : ['meet'];
      const scripts = seeds.flatMap((seed) => planBatch({ job, place, seed, count: 8, tasks: 2 }));
      let brushes = 0;
      let sightings = 0;
      for (const { plan } of scripts) {
        for (const f of plan.keyframes) {
          const fp = bodyAt(body.footprint, { x: f.pose.x, y: f.pose.y, yaw_deg: f.pose.heading_deg });
          const cam = cameraFromBase(f.pose, job.camera.mount, f.pitch_deg);
          for (const p of place.people) {
            const at = personAt(plan.timeline.people[p.id] ?? [], f.t);
            if (!at) continue;
            const d = pointToFootprint(at.x, at.y, fp).distance;
            // the person's centre never enters the body
            expect(d, `${plan.sid} k${f.k} ${p.id}`).toBeGreaterThan(0);
            const seen = [0.1, 0.5, 1.0, p.height * 0.9].some((z) => {
              const q = project(k, cam, [at.x, at.y, z]);
              return !!q && inImage(k, q.u, q.v);
            });
            if (!seen) continue;
            sightings++;
            if (d < p.shoulder_width / 2) brushes++;
          }
        }
      }
      expect(sightings).toBeGreaterThan(0);
      expect(brushes, `${brushes} brushes of ${sightings} sightings`).toBeGreaterThan(0);
    }, 120_000);
  }
});

/** A release job (the helper at its parking, the AMR at the loading spot on the packing area's open floor) with a
 * hand-off before every task (`share` 1). */
function withHandoff(id: string): { job: ReturnType<typeof getJob>; place: ReturnType<typeof getPlace> } {
  const job = getJob(id);
  const handoff = job.tasks.handoff;
  if (!handoff) throw new Error(`${id} has no hand-off`);
  return { job: { ...job, tasks: { ...job.tasks, handoff: { ...handoff, share: 1 } } }, place: devPlace(job) };
}

describe('the hand-off that begins a task', () => {
  for (const id of ['helper/1', 'amr/1']) {
    it(`${id}: a person stands touching its front, seen at two frames, from the task start through the horizon`, () => {
      const { job, place } = withHandoff(id);
      const body = bodyShape(job);
      const horizon = job.closest_approach.horizon_s;
      const scripts = planBatch({ job, place, seed: 'handoff', count: 6, tasks: 2 });
      let withPeople = 0;
      let handed = 0;
      for (const { plan } of scripts)
        for (const task of plan.tasks) {
          const h = task.handoff;
          expect(h, `${plan.sid} task ${task.index}`).toBeDefined();
          if (!h) continue;
          // the task starts where it is handed over: the one decision frame of the wait
          const start = plan.keyframes.find((f) => f.task === task.index && f.decision === 'task start');
          expect(start?.t, `${plan.sid} task ${task.index}`).toBeCloseTo(h.t, 6);
          const fp = bodyAt(body.footprint, { x: start!.pose.x, y: start!.pose.y, yaw_deg: start!.pose.heading_deg });
          const before = plan.keyframes.filter((f) => f.t >= h.t0 && f.t < h.t).map((f) => f.t);
          // people who could hand it over: present and not seated (a seated person stays in their seat)
          const present = place.people.filter((p) => !p.at?.sits_on && personAt(plan.timeline.people[p.id] ?? [], h.t));
          if (present.length) withPeople++;
          const toucher = present.find((p) => {
            const track = plan.timeline.people[p.id] ?? [];
            const at = personAt(track, h.t)!;
            if (pointToFootprint(at.x, at.y, fp).distance >= p.shoulder_width / 2) return false;
            // standing still there at an earlier frame of the wait, and on to the horizon's end
            const still = (t: number) => {
              const q = personAt(track, t);
              return !!q && Math.hypot(q.x - at.x, q.y - at.y) < 1e-6;
            };
            return before.some(still) && [0.5, 1, 2, 3, 4, horizon].every((dt) => still(h.t + dt));
          });
          if (toucher) {
            handed++;
            // and off again before the robot sets off
            const q = personAt(plan.timeline.people[toucher.id] ?? [], h.t1);
            expect(pointToFootprint(q!.x, q!.y, fp).distance, `${plan.sid} task ${task.index}`).toBeGreaterThan(
              toucher.shoulder_width / 2,
            );
          }
        }
      expect(withPeople).toBeGreaterThan(0);
      // measured: about two hand-offs in three where anyone is about (16 scripts a job: helper 23 of 37, AMR 28 of 44)
      expect(handed, `${handed} hand-offs of ${withPeople} with people about`).toBeGreaterThanOrEqual(withPeople / 3);
    }, 120_000);
  }
});

describe('the share of tasks a hand-off begins', () => {
  for (const id of ['helper/1', 'amr/1']) {
    it(`${id}: about its share, a coin per task`, () => {
      const job = getJob(id);
      const share = job.tasks.handoff!.share;
      expect(share).toBeLessThan(1);
      const scripts = planBatch({ job, place: devPlace(job), seed: 'handoff-share', count: 6, tasks: 4 });
      const tasks = scripts.flatMap(({ plan }) => plan.tasks);
      const handed = tasks.filter((t) => t.handoff).length;
      // 24 tasks: the count lies within about three standard deviations of share x 24
      const sd = Math.sqrt(tasks.length * share * (1 - share));
      expect(handed, `${handed} of ${tasks.length}`).toBeGreaterThan(tasks.length * share - 3 * sd);
      expect(handed, `${handed} of ${tasks.length}`).toBeLessThan(tasks.length * share + 3 * sd);
      expect(handed).toBeGreaterThan(0);
      expect(handed).toBeLessThan(tasks.length);
    }, 120_000);
  }
});

describe('the drone at a drop point', () => {
  it('hovers on the heading it flew in on, which differs from visit to visit', () => {
    const job = getJob('drone/1');
    const place = devPlace(job);
    const scripts = planBatch({ job, place, seed: 'hover', count: 4, tasks: 3 });
    const hovers: number[] = [];
    for (const { plan } of scripts) {
      const kfs = plan.keyframes;
      for (let i = 1; i < kfs.length; i++) {
        if (kfs[i].phase !== 'inspecting' || kfs[i - 1].phase !== 'flying') continue;
        // the way it flew from the flight's last frame to the hover (a turn sharper than the keyframe rule's 30
        // degrees in between would have made a frame); every frame of the hover (inspecting, lowering) keeps it
        const a = kfs[i - 1].pose,
          b = kfs[i].pose;
        const bearing = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
        for (let j = i; j < kfs.length && (kfs[j].phase === 'inspecting' || kfs[j].phase === 'lowering'); j++) {
          const off = ((((kfs[j].pose.heading_deg - bearing + 180) % 360) + 360) % 360) - 180;
          expect(
            Math.abs(off),
            `${plan.sid} k${j}: hover ${kfs[j].pose.heading_deg}, flew in on ${bearing}`,
          ).toBeLessThanOrEqual(job.keyframes.turn_deg + 1e-6);
          hovers.push(kfs[j].pose.heading_deg);
        }
      }
    }
    expect(hovers.length).toBeGreaterThanOrEqual(4);
    // turning to the drop point's own heading (0) put every hover within 15 degrees of east
    expect(
      hovers.some((h) => Math.abs(h) > 30),
      hovers.join(', '),
    ).toBe(true);
  }, 120_000);
});

describe('the tote robot and floor things', () => {
  it('sees where floor things meet the floor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-amr-floor-'));
    try {
      const sids = await makeRaycastBuild(dir, 'amr-floor', [{ job: 'amr/1', count: 2, tasks: 2, framesPerTask: 25 }]);
      const floorThings = new Set(
        getPlace('warehouse_a')
          .things.filter((t) => t.rests_on === 'floor' && !t.light_furniture)
          .map((t) => t.id),
      );
      let contacts = 0;
      for (const sid of sids)
        for (const line of readFileSync(join(dir, 'private', sid, 'visibility.jsonl'), 'utf8')
          .trim()
          .split('\n')) {
          const r = JSON.parse(line) as { entities: { entity: string; contact: unknown }[] };
          contacts += r.entities.filter((e) => e.contact && floorThings.has(e.entity)).length;
        }
      expect(contacts).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
