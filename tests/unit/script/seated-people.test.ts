/**
 * A person the place seats (`at.sits_on`): the place rules accept them on a seat and name what is wrong otherwise;
 * a script keeps them sitting where they are the whole script (one leg, its seat and heading), their figure sits on
 * the seat, the robot's route and the things put down keep clear of them, and the people families' gap reaches over
 * their legs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gapToPerson, peopleInfo } from '../../../compile/ask/people.ts';
import { getJob } from '../../../jobs/load.ts';
import { bodyAt } from '../../../layouts/geometry/index.ts';
import { readPlaceText } from '../../../layouts/load.ts';
import { extentAlong } from '../../../layouts/solids.ts';
import { personAt, solidsAt } from '../../../layouts/timeline.ts';
import { planBatch } from '../../../script/batch.ts';
import { bodyShape } from '../../../script/plan-script.ts';
import { poseAt } from '../../../script/trajectory.ts';

const FILE = 'layouts/apartment_a.yaml';
const TEXT = readFileSync(FILE, 'utf8');
/** apartment_a with one more person, on the couch's left seat facing the tv unless `at` says otherwise */
const withSitter = (at = '{ x: 1.95, y: 2.95, heading: -90, sits_on: couch_seat }') =>
  readPlaceText(
    TEXT.replace(
      /^people:\n/m,
      `people:\n  - { id: sitter, colour: yellow, trousers: beige, height: 1.72, shoulder_width: 0.42, at: ${at} }\n`,
    ),
    FILE,
  );

describe('seated people', () => {
  it('the place rules accept a person on a seat and name a missing seat, a seat with no surface and an overlap', () => {
    const ok = withSitter();
    expect(ok.issues).toEqual([]);
    const msg = (at: string) =>
      withSitter(at)
        .issues.map((i) => `${i.path}: ${i.message}`)
        .join('\n');
    expect(msg('{ x: 1.95, y: 2.95, heading: -90, sits_on: sofa }')).toMatch(
      /people\[0\]\.at\.sits_on: unknown fixed id "sofa"/,
    );
    expect(msg('{ x: 9.7, y: 3.3, heading: -90, sits_on: chair_1 }')).toMatch(/chair_1 has no seat/);
    // too far back on the seat: the thighs would go into the cushion
    expect(msg('{ x: 1.95, y: 3.2, heading: -90, sits_on: couch_seat }')).toMatch(
      /person:sitter\/thigh_\w+ overlaps fixed:couch_seat/,
    );
  });

  it('sits the whole script where the place seats them, clear of the robot and of what is put down', () => {
    const place = withSitter().place!.place;
    const couchTop = place.fixed.find((f) => f.id === 'couch_seat')!.surface!;
    const job = getJob('vacuum/2');
    const body = bodyShape(job);
    const [sitter] = peopleInfo(place).filter((p) => p.id === 'sitter');
    expect(Math.hypot(...sitter.reach!)).toBeGreaterThan(0.3);
    for (const { plan } of planBatch({ job, place, seed: 'seated', count: 2, tasks: 2 })) {
      const tl = plan.timeline;
      expect(tl.people.sitter).toEqual([
        { t0: 0, t1: tl.duration_s, from: [1.95, 2.95], to: [1.95, 2.95], heading: -90, seat: couchTop },
      ]);
      expect(plan.walks.sitter).toBeUndefined();
      for (const t of [0, tl.duration_s / 2]) {
        expect(personAt(tl.people.sitter, t)).toMatchObject({ x: 1.95, y: 2.95, walking: false, seat: couchTop });
        const pelvis = solidsAt(tl, t).find((s) => s.name === 'person:sitter/pelvis')!;
        expect(pelvis.center[2] + extentAlong(pelvis, 0, 0, 1)[0]).toBeCloseTo(couchTop, 9);
      }
      // the robot's body never touches the seated figure (its legs included)
      for (const m of plan.motions)
        for (const f of [0, 0.5, 1]) {
          const p = poseAt(m, m.t0 + f * (m.t1 - m.t0));
          const fp = bodyAt(body.footprint, { x: p.x, y: p.y, yaw_deg: p.heading_deg });
          expect(gapToPerson(fp, { x: 1.95, y: 2.95 }, sitter), JSON.stringify([p, sitter.reach])).toBeGreaterThan(0);
        }
      // nothing is put down on the seat where the person sits
      for (const evs of Object.values(tl.things))
        for (const e of evs.filter((x) => x.rests_on === 'couch_seat')) {
          const fp = { kind: 'circle' as const, cx: e.x, cy: e.y, r: 0.01 };
          expect(gapToPerson(fp, { x: 1.95, y: 2.95 }, sitter), `${e.x} ${e.y}`).toBeGreaterThan(0);
        }
    }
  }, 120_000);

  it('measures a seated person’s gap over their legs, a standing one’s from their disc', () => {
    const fp = { kind: 'circle' as const, cx: 0, cy: -0.8, r: 0.1 };
    const standing = { id: 'a', colour: 'red', radius_m: 0.2 };
    expect(gapToPerson(fp, { x: 0, y: 0 }, standing)).toBeCloseTo(0.5, 9);
    // seated facing -y, their reach 0.4 m toward the body: 0.4 m nearer
    expect(gapToPerson(fp, { x: 0, y: 0 }, { ...standing, reach: [0, -0.4] })).toBeCloseTo(0.1, 9);
    // facing away: as far as standing
    expect(gapToPerson(fp, { x: 0, y: 0 }, { ...standing, reach: [0, 0.4] })).toBeCloseTo(0.5, 9);
    expect(gapToPerson(fp, { x: 0, y: 0 }, { ...standing, reach: [0, -0.8] })).toBe(0);
  });
});
