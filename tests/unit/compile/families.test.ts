import { describe, expect, it } from 'vitest';
import { approachMem } from '../../../compile/families/approach-mem.ts';
import { closestApproach } from '../../../compile/families/closest-approach.ts';
import { closestPerson } from '../../../compile/families/closest-person.ts';
import { dropZonePeople } from '../../../compile/families/drop-zone-people.ts';
import type { SeenEntity } from '../../../compile/ask/inputs.ts';
import { openHeading } from '../../../compile/families/open-heading.ts';
import { goldRow } from '../../../compile/ask/outcome.ts';
import { personMem } from '../../../compile/families/person-mem.ts';
import { tangleAhead } from '../../../compile/families/tangle-ahead.ts';
import { taskThings } from '../../../compile/families/task-things.ts';
import { box, ctx, frames, job, room, world } from '../../helpers/compile-fixture.ts';

const ID = (jobId: 'helper/1' | 'vacuum/2' | 'amr/1' | 'drone/1') => ({
  qid: 'aaaaaaaaaaaaaaaa',
  job: jobId,
  layout: 'apartment_a',
  sid: 's',
  cid: 'c',
  length: 'short' as const,
});
const person = (id: string, pixels = 3000): SeenEntity => ({
  entity: id,
  role: 'person',
  kind: 'person',
  pixels,
  edge_margin_px: 10,
  brightness: 100,
  colour: 'red',
  contact: null,
});
const thing = (id: string, kind: string, x: number, y: number): SeenEntity => ({
  entity: id,
  role: 'thing',
  kind,
  pixels: 1500,
  edge_margin_px: 10,
  brightness: 100,
  colour: 'black',
  contact: { point: [x, y, 0], range_m: 1 },
});

describe('open_heading', () => {
  it('picks the heading with the longest seen run, with a 360-entry table', () => {
    const j = job('vacuum/2');
    const solids = room();
    // the vacuum has looked at the floor around (1, 3) from a little way off (its camera cannot see the ring of floor
    // right around its body), then stops there facing east
    const fs = frames(j, solids, [
      { x: 0.3, y: 3, heading: 0, t: 0 },
      { x: 1, y: 1.8, heading: 90, t: 1 },
      { x: 1, y: 4.2, heading: -90, t: 2 },
      { x: 2.2, y: 3, heading: 180, t: 3 },
      ...[45, -45, 135, -135, 90, -90].map((h, k) => ({ x: 1, y: 3, heading: h, t: 4 + k })),
      { x: 1, y: 3, heading: 0, t: 10 },
    ]);
    const out = openHeading(ctx(j, world(solids), fs));
    if (!out.ok) throw new Error(out.reason);
    const t = out.gold.heading_table!;
    expect(t.entries).toHaveLength(360);
    expect(t.room_needed_m).toBeCloseTo(0.35, 9);
    // the corners are farther than the east wall: toward (6, 6) or (6, 0) is longest; the seen range (8 m) bounds it
    expect(Math.abs(out.gold.value as number)).toBeGreaterThan(20);
    expect(Math.abs(out.gold.value as number)).toBeLessThan(45);
    expect(t.best_run_m!).toBeGreaterThan(5);
    expect(t.entries[180].run_m!).toBeCloseTo(6 - 1 - 0.175, 6); // straight ahead
    expect(() => goldRow(out.gold, ID('vacuum/2'))).not.toThrow();
  });
});

describe('people', () => {
  const j = job('amr/1');
  const solids = room();
  // a person walking along y = 3 from x = 5 toward -x at 1 m/s, from t = 0 to t = 4
  const walker = (_id: string, t: number) => (t >= 0 && t <= 20 ? { x: 5 - 1 * Math.min(t, 4), y: 3 } : undefined);

  it('closest_person is the smallest gap seen in the task', () => {
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 2, entities: [person('p1')] },
      { x: 1, y: 3, heading: 90, t: 4 },
    ]);
    const out = closestPerson(ctx(j, world(solids, { personAt: walker }), fs));
    if (!out.ok) throw new Error(out.reason);
    // at t = 2 the person (disc r 0.2) stands at x = 3; the AMR (0.8 m long) reaches x = 1.4: gap 3 - 0.2 - 1.4
    expect(out.gold.value as number).toBeCloseTo(1.4, 9);
    expect(out.gold.column).toBe('memory');
    expect(out.gold.catastrophe).toBe('minus3_person');
    expect(() => goldRow(out.gold, ID('amr/1'))).not.toThrow();
  });

  it('closest_approach follows a predictable track; skips one that turns', () => {
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 1, entities: [person('p1')] },
    ]);
    // the person stops at t = 4 (x = 1): the constant-velocity track would go on, so it is not predictable
    expect(closestApproach(ctx(j, world(solids, { personAt: walker }), fs)).ok).toBe(false);
    const steady = (_id: string, t: number) => ({ x: 5 - 0.5 * t, y: 3 });
    const out = closestApproach(ctx(j, world(solids, { personAt: steady }), fs));
    if (!out.ok) throw new Error(out.reason);
    // over t 1..6 the person reaches x = 2: gap 2 - 0.2 - 1.4
    expect(out.gold.value as number).toBeCloseTo(0.4, 9);
    expect(out.text).toContain('next 5 seconds');
  });

  it('approach_mem extrapolates the last-seen track of a person out of view', () => {
    const steady = (_id: string, t: number) => ({ x: 5 - 0.5 * t, y: 3 });
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 1, entities: [person('p1')] },
      { x: 1, y: 3, heading: 180, t: 2 },
    ]);
    const out = approachMem(ctx(j, world(solids, { personAt: steady }), fs));
    if (!out.ok) throw new Error(out.reason);
    // over t 2..7 the person reaches x = 1.5: gap 1.5 - 0.2 - 1.4, negative: inside the body -> 0
    expect(out.gold.value as number).toBe(0);
    expect(out.gold.column).toBe('memory');
    expect(out.text).toContain('the person in the red top');
  });

  it('person_mem is where the person stood when last seen; unknown if never seen', () => {
    const steady = (_id: string, t: number) => ({ x: 5 - 0.5 * t, y: 3 });
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 1, entities: [person('p1')] },
      { x: 1, y: 3, heading: 180, t: 2 },
    ]);
    const out = personMem(ctx(j, world(solids, { personAt: steady }), fs), { id: 'p1', colour: 'red' });
    if (!out.ok) throw new Error(out.reason);
    expect(out.gold.value).toEqual({ x: 4.5, y: 3 });
    const none = personMem(ctx(j, world(solids, { personAt: steady }), fs), { id: 'p2', colour: 'blue' });
    expect(none.ok && !none.gold.knowable).toBe(true);
  });

  it('drop_zone_people lists people in view within the radius', () => {
    const d = job('drone/1');
    const fs = frames(d, solids, [{ x: 3, y: 3, heading: 0, t: 0, entities: [person('p1'), person('p2')] }]);
    const at = (id: string) => (id === 'p1' ? { x: 5, y: 3 } : { x: 3, y: 0.5 + 7.5 });
    const out = dropZonePeople(ctx(d, world(solids, { personAt: at }), fs));
    if (!out.ok) throw new Error(out.reason);
    expect((out.gold.value as { x: number }[]).map((p) => p.x)).toEqual([5]);
  });
});

describe('lists', () => {
  it('tangle_ahead lists the brush-catchable things seen in the region ahead, cords as hazards', () => {
    const j = job('vacuum/2');
    const cord = box('cord_1', [1.8, 3.05, 0.005], [0.5, 0.01, 0.01], 'thing', 'cord_1');
    const sock = box('sock_1', [1.5, 4.5, 0.01], [0.1, 0.05, 0.02], 'thing', 'sock_1');
    const solids = [...room(), cord, sock];
    const w = world(solids, { thing: (id) => ({ id, kind: id.split('_')[0], colour: 'black' }) });
    const fs = frames(j, solids, [
      { x: 0.4, y: 3, heading: 0, t: 0 },
      {
        x: 1,
        y: 3,
        heading: 0,
        t: 2,
        entities: [thing('cord_1', 'cord', 1.55, 3.05), thing('sock_1', 'sock', 1.5, 4.48)],
      },
    ]);
    const out = tangleAhead(ctx(j, w, fs));
    // without the approach the floor right in front of the body was never seen: unknown
    const blind = tangleAhead(ctx(j, w, fs.slice(1)));
    expect(blind.ok && blind.gold.knowable).toBe(false);
    if (!out.ok) throw new Error(out.reason);
    // the region: 0..1.175 m ahead, 0.275 m to each side: the cord (middle 0.8 m ahead) is in, the sock is not
    const items = out.gold.value as { x: number; y: number; hazard: boolean }[];
    expect(items).toHaveLength(1);
    expect(items[0].x).toBeCloseTo(1.8, 9);
    expect(items[0].y).toBeCloseTo(3.05, 9);
    expect(items[0].hazard).toBe(true);
    expect(out.gold.catastrophe).toBe('minus3_hazard');
    expect(out.text).toBe(
      'Which things on the floor within 1 m ahead of your body could your brush catch? List where each one is on the map.',
    );
    expect(() => goldRow(out.gold, ID('vacuum/2'))).not.toThrow();
  });

  it('task_things lists floor things seen near the route driven, but a cable the body drives over', () => {
    const j = job('helper/1');
    expect(j.taskThings.drives_over_m).toBeGreaterThan(0.01);
    const clothes = box('clothes_pile', [2, 3.4, 0.05], [0.3, 0.3, 0.1], 'thing', 'clothes_pile');
    const far = box('far_box', [2, 5.5, 0.1], [0.2, 0.2, 0.2], 'thing', 'far_box');
    // a cable 1 cm high beside the route: in view and near, but the helper drives over it
    const cable = box('cable', [2.5, 2.6, 0.005], [0.8, 0.012, 0.01], 'thing', 'cord');
    const solids = [...room(), clothes, far, cable];
    const fs = frames(j, solids, [
      {
        x: 1,
        y: 3,
        heading: 0,
        t: 0,
        entities: [
          thing('clothes_pile', 'clothes_pile', 2, 3.25),
          thing('far_box', 'box', 2, 5.4),
          thing('cable', 'cord', 2.5, 2.6),
        ],
      },
      { x: 3, y: 3, heading: 0, t: 5 },
    ]);
    const out = taskThings(ctx(j, world(solids), fs));
    if (!out.ok) throw new Error(out.reason);
    expect(out.gold.value).toEqual([expect.objectContaining({ x: 2, y: 3.4, hazard: false })]);
    expect(out.gold.task_critical).toBe(true);
    expect(() => goldRow(out.gold, ID('helper/1'))).not.toThrow();
  });

  it('task_things places each thing from its clearest sighting there, not its last glimpse', () => {
    const j = job('helper/1');
    const clothes = box('clothes_pile', [2, 3.4, 0.05], [0.3, 0.3, 0.1], 'thing', 'clothes_pile');
    const solids = [...room(), clothes];
    const sees = [thing('clothes_pile', 'clothes_pile', 2, 3.25)];
    // seen close up first (0.8 m), then once more from 1.9 m off on the way out
    const near = { x: 1.2, y: 3, heading: 0, t: 0, entities: sees };
    const far = { x: 0.1, y: 3, heading: 0, t: 5, entities: sees };
    const both = taskThings(ctx(j, world(solids), frames(j, solids, [near, far])));
    const lastOnly = taskThings(ctx(j, world(solids), frames(j, solids, [far])));
    const nearOnly = taskThings(ctx(j, world(solids), frames(j, solids, [near])));
    if (!both.ok || !lastOnly.ok || !nearOnly.ok) throw new Error('not asked');
    expect(lastOnly.gold.pixel_m).toBeGreaterThan(nearOnly.gold.pixel_m * 1.5);
    expect(both.gold.pixel_m).toBeCloseTo(nearOnly.gold.pixel_m, 12);
    expect(both.gold.evidence_frames).toEqual([0]);
    expect(both.gold.value).toEqual(nearOnly.gold.value);
  });
});
