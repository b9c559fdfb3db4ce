/**
 * The perfect reader against the compiler's gold: hand-made situations (a wall ahead, a turned corridor, a thing
 * seen then out of view, a thing never seen, a person walking past, an L-shaped seen floor), each family's gold
 * computed by compile/families, the reader's answer computed by checks/systems/reader from the same frames and
 * world, and the scorer's score_gate required to be 1 (the ceiling check's rule).
 */
import { describe, expect, it } from 'vitest';
import {
  goldRow,
  type AskContext,
  type FamilyOutcome,
  type SeenEntity,
  type WorldView,
} from '../../../../compile/ask/index.ts';
import { approachMem } from '../../../../compile/families/approach-mem.ts';
import { clearPath } from '../../../../compile/families/clear-path.ts';
import { closestApproach } from '../../../../compile/families/closest-approach.ts';
import { closestPerson } from '../../../../compile/families/closest-person.ts';
import { dropZonePeople } from '../../../../compile/families/drop-zone-people.ts';
import { egoMem } from '../../../../compile/families/ego-mem.ts';
import { egoNow } from '../../../../compile/families/ego-now.ts';
import { objectWhere } from '../../../../compile/families/object-where.ts';
import { openHeading } from '../../../../compile/families/open-heading.ts';
import { personMem } from '../../../../compile/families/person-mem.ts';
import { tangleAhead } from '../../../../compile/families/tangle-ahead.ts';
import { taskThings } from '../../../../compile/families/task-things.ts';
import { wayTo } from '../../../../compile/families/way-to.ts';
import { score } from '../../../../checks/score/index.ts';
import { questionForm } from '../../../../compile/question-form.ts';
import { readAnswer } from '../../../../checks/systems/perfect-reader.ts';
import { readerJob } from '../../../../compile/reader/job.ts';
import type { ReaderMemory } from '../../../../compile/reader/memory.ts';
import { getJob } from '../../../../jobs/load.ts';
import type { Solid } from '../../../../layouts/solids.ts';
import { encodeRuns } from '../../../../render/truth/seen-space.ts';
import { box, ctx, frames, job, room, world } from '../../../helpers/compile-fixture.ts';

type JobId = 'helper/1' | 'vacuum/2' | 'amr/1' | 'drone/1';

interface Extra {
  things?: string[];
  people?: string[];
  rooms?: { name: string; polygon: [number, number][] }[];
  assignments?: string[];
}

/** The reader's memory of the same frames and world the gold reads. */
function memoryOf(c: AskContext, jobId: JobId, x: Extra = {}): ReaderMemory {
  const w: WorldView = c.world;
  return {
    job: readerJob(getJob(jobId)),
    world: {
      solidsAt: (t) => w.solidsAt(t),
      personAt: (id, t) => w.personAt(id, t),
      things: (x.things ?? []).map((id) => w.thing(id)!),
      people: (x.people ?? []).map((id) => w.person(id)!),
      rooms: x.rooms ?? [],
    },
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
    assignments: x.assignments ?? ['work'],
  };
}

/** The reader's answer to an outcome's question, scored against its gold: returns the score row. */
function agree(out: FamilyOutcome, c: AskContext, jobId: JobId, x: Extra = {}) {
  if (!out.ok) throw new Error(`the family asks nothing here: ${out.reason}`);
  const gold = goldRow(out.gold, {
    qid: '0123456789abcdef',
    job: jobId,
    layout: 'apartment_a',
    sid: 's',
    cid: 'c',
    length: 'short',
  });
  const kinds = (x.things ?? []).map((id) => c.world.thing(id)!.kind);
  const answer = readAnswer(memoryOf(c, jobId, x), questionForm(out.text, kinds), out.text);
  const row = score(gold, answer);
  expect(
    row.score_gate,
    `${out.family}: gold ${JSON.stringify(gold.value)}, answer ${JSON.stringify(answer)}: ${row.reason}`,
  ).toBeCloseTo(1, 9);
  return { gold, answer, row };
}

const person = (id: string): SeenEntity => ({
  entity: id,
  role: 'person',
  kind: 'person',
  pixels: 3000,
  edge_margin_px: 10,
  brightness: 100,
  colour: 'red',
  contact: null,
});
const seenThing = (id: string, kind: string, x: number, y: number): SeenEntity => ({
  entity: id,
  role: 'thing',
  kind,
  pixels: 1500,
  edge_margin_px: 10,
  brightness: 100,
  colour: 'black',
  contact: { point: [x, y, 0], range_m: 1 },
});

describe('clear_path: a wall ahead', () => {
  const j = job('helper/1');
  const face = 2 + 0.17 + 0.307;
  const solids = [...room(), box('cabinet', [face + 0.25, 3, 0.4], [0.5, 2, 0.8])];
  const w = world(solids);

  it('reads the run to a face it sees now, and from memory behind', () => {
    const fs = frames(j, solids, [
      { x: 3.5, y: 3, heading: -180 },
      { x: 1.0, y: 3, heading: 0 },
      { x: 2.0, y: 3, heading: 0 },
    ]);
    const ahead = agree(clearPath(ctx(j, w, fs), 'ahead'), ctx(j, w, fs), 'helper/1');
    expect(ahead.answer).toEqual({ type: 'number', value: expect.closeTo(0.307, 6) });
    const back = agree(clearPath(ctx(j, w, fs), 'back'), ctx(j, w, fs), 'helper/1');
    expect(back.gold.knowable).toBe(true);
  });

  it('says unknown where the floor was never seen (under the nose; behind)', () => {
    const one = frames(j, solids, [{ x: 2.0, y: 3, heading: 0 }]);
    const r = agree(clearPath(ctx(j, w, one), 'ahead'), ctx(j, w, one), 'helper/1');
    expect(r.gold.knowable).toBe(false);
    expect(r.answer).toEqual({ type: 'unknown' });
    const two = frames(j, solids, [
      { x: 1.0, y: 3, heading: 0 },
      { x: 2.0, y: 3, heading: 0 },
    ]);
    expect(agree(clearPath(ctx(j, w, two), 'back'), ctx(j, w, two), 'helper/1').gold.knowable).toBe(false);
  });

  it('turns in place first for left and right', () => {
    const fs = frames(j, solids, [
      { x: 2.0, y: 3, heading: 90 },
      { x: 2.0, y: 3, heading: -90 },
      { x: 2.0, y: 1.5, heading: 90 },
      { x: 2.0, y: 4.5, heading: -90 },
      { x: 2.0, y: 3, heading: 0 },
    ]);
    for (const d of ['left', 'right'] as const)
      expect(agree(clearPath(ctx(j, w, fs), d), ctx(j, w, fs), 'helper/1').gold.knowable).toBe(true);
  });

  it("counts only the current task's frames", () => {
    const fs = frames(j, solids, [
      { x: 1.0, y: 3, heading: 0, task: 0 },
      { x: 2.0, y: 3, heading: 0, task: 1 },
    ]);
    expect(agree(clearPath(ctx(j, w, fs), 'ahead'), ctx(j, w, fs), 'helper/1').gold.knowable).toBe(false);
  });
});

describe('open_heading', () => {
  it('finds the longest seen run in an open room', () => {
    const j = job('vacuum/2');
    const solids = room();
    const fs = frames(j, solids, [
      { x: 0.3, y: 3, heading: 0, t: 0 },
      { x: 1, y: 1.8, heading: 90, t: 1 },
      { x: 1, y: 4.2, heading: -90, t: 2 },
      { x: 2.2, y: 3, heading: 180, t: 3 },
      ...[45, -45, 135, -135, 90, -90].map((h, k) => ({ x: 1, y: 3, heading: h, t: 4 + k })),
      { x: 1, y: 3, heading: 0, t: 10 },
    ]);
    const r = agree(openHeading(ctx(j, world(solids), fs)), ctx(j, world(solids), fs), 'vacuum/2');
    expect(r.gold.knowable).toBe(true);
  });

  it('follows a turned corridor', () => {
    const j = job('helper/1');
    // a corridor 1 m wide turned 30° from +x, walls 4 m long, the helper in it facing +x
    const wall = (name: string, off: number): Solid => {
      const a = (30 * Math.PI) / 180;
      return {
        name,
        owner: name,
        role: 'fixed',
        shape: 'box',
        center: [2.5 + 2 * Math.cos(a) - off * Math.sin(a), 2 + 2 * Math.sin(a) + off * Math.cos(a), 0.5],
        size: [4, 0.1, 1],
        yaw_deg: 30,
        material: 'grey',
      };
    };
    const solids = [...room(), wall('side_a', 0.55), wall('side_b', -0.55)];
    const fs = frames(j, solids, [
      { x: 1.5, y: 1.42, heading: 30, t: 0 },
      { x: 2.5, y: 2, heading: -150, t: 1 },
      { x: 2.5, y: 2, heading: 0, t: 2 },
    ]);
    const out = openHeading(ctx(j, world(solids), fs));
    const r = agree(out, ctx(j, world(solids), fs), 'helper/1');
    if (r.gold.knowable) expect(Math.abs(Math.abs((r.gold.value as number) - 30) % 180)).toBeLessThan(20);
  });
});

describe('people: a person walking past', () => {
  const j = job('amr/1');
  const solids = room();
  const steady = (_id: string, t: number) => ({ x: 5 - 0.5 * t, y: 3 });
  const walker = (_id: string, t: number) => (t >= 0 && t <= 20 ? { x: 5 - 1 * Math.min(t, 4), y: 3 } : undefined);
  const x = { people: ['p1'] };

  it('closest_person', () => {
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 2, entities: [person('p1')] },
      { x: 1, y: 3, heading: 90, t: 4 },
    ]);
    const c = ctx(j, world(solids, { personAt: walker }), fs);
    agree(closestPerson(c), c, 'amr/1', x);
  });

  it('closest_approach and approach_mem extrapolate the seen track', () => {
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 1, entities: [person('p1')] },
    ]);
    const c = ctx(j, world(solids, { personAt: steady }), fs);
    agree(closestApproach(c), c, 'amr/1', x);
    const later = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 1, entities: [person('p1')] },
      { x: 1, y: 3, heading: 180, t: 2 },
    ]);
    const c2 = ctx(j, world(solids, { personAt: steady }), later);
    agree(approachMem(c2), c2, 'amr/1', x);
    // a person further off, passing by at y = 5
    const passing = (_id: string, t: number) => ({ x: 5 - 0.8 * t, y: 5 });
    const c3 = ctx(j, world(solids, { personAt: passing }), fs);
    const r = agree(closestApproach(c3), c3, 'amr/1', x);
    expect(r.gold.value as number).toBeGreaterThan(1);
  });

  it('person_mem: seen, and never seen', () => {
    const fs = frames(j, solids, [
      { x: 1, y: 3, heading: 0, t: 0, entities: [person('p1')] },
      { x: 1, y: 3, heading: 0, t: 1, entities: [person('p1')] },
      { x: 1, y: 3, heading: 180, t: 2 },
    ]);
    const c = ctx(
      j,
      world(solids, {
        personAt: steady,
        person: (id) => ({ id, colour: id === 'p1' ? 'red' : 'blue', radius_m: 0.2 }),
      }),
      fs,
    );
    agree(personMem(c, { id: 'p1', colour: 'red' }), c, 'amr/1', { people: ['p1', 'p2'] });
    const none = agree(personMem(c, { id: 'p2', colour: 'blue' }), c, 'amr/1', { people: ['p1', 'p2'] });
    expect(none.gold.knowable).toBe(false);
  });

  it('drop_zone_people', () => {
    const d = job('drone/1');
    const fs = frames(d, solids, [
      { x: 3, y: 3, heading: 0, t: 0, entities: [person('p1'), person('p2'), person('p3')] },
    ]);
    const at = (id: string) => (id === 'p1' ? { x: 5, y: 3 } : id === 'p2' ? { x: 3, y: 8 } : { x: 3, y: 7.02 });
    const c = ctx(d, world(solids, { personAt: at }), fs);
    const r = agree(dropZonePeople(c), c, 'drone/1', { people: ['p1', 'p2', 'p3'] });
    expect(r.answer).toEqual({ type: 'list', places: [{ x: 5, y: 3 }] });
  });
});

describe('things: seen then out of view, never seen', () => {
  const j = job('helper/1');
  const bin = (x: number, y: number): Solid => box('grey_bin', [x, y, 0.1], [0.2, 0.2, 0.2], 'thing', 'grey_bin');
  const seenBin = (cx: number, cy: number): SeenEntity => ({
    entity: 'grey_bin',
    role: 'thing',
    kind: 'bin',
    pixels: 2000,
    edge_margin_px: 20,
    brightness: 120,
    colour: 'grey',
    contact: { point: [cx, cy, 0], range_m: 1 },
  });
  const solids = [...room(), bin(3, 3.5)];
  const ref = { id: 'grey_bin', colour: 'grey', kind: 'bin' };
  const x = { things: ['grey_bin'] };

  it('ego_now of a thing in view', () => {
    const fs = frames(j, solids, [{ x: 2, y: 3, heading: 30, entities: [seenBin(2.9, 3.45)] }]);
    const c = ctx(j, world(solids), fs);
    agree(egoNow(c, ref), c, 'helper/1', x);
  });

  it('ego_mem and object_where as last seen, the thing moved while unseen', () => {
    const moved = [...room(), bin(5, 1)];
    const w = world(solids, { solidsAt: (t) => (t < 100 ? solids : moved) });
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 0, t: 0, task: 0, entities: [seenBin(2.9, 3.45)] },
      { x: 1, y: 3, heading: 180, t: 200, task: 1 },
    ]);
    const c = ctx(j, w, fs);
    agree(egoMem(c, ref), c, 'helper/1', x);
    const ow = agree(objectWhere(c, ref), c, 'helper/1', x);
    expect(ow.answer).toEqual({ type: 'place', x: 3, y: 3.5 });
  });

  it('unknown for a thing never seen and for one that does not exist', () => {
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 180 },
      { x: 2, y: 3, heading: 90 },
    ]);
    const c = ctx(j, world(solids), fs);
    for (const out of [
      egoMem(c, ref),
      objectWhere(c, ref),
      wayTo(c, ref),
      egoMem(c, { colour: 'green', kind: 'box' }),
      wayTo(c, { colour: 'green', kind: 'box' }),
    ]) {
      const r = agree(out, c, 'helper/1', x);
      expect(r.answer).toEqual({ type: 'unknown' });
    }
  });
});

describe('way_to on an L-shaped seen floor', () => {
  const j = job('helper/1');
  const bin = (x: number, y: number): Solid => box('grey_bin', [x, y, 0.1], [0.2, 0.2, 0.2], 'thing', 'grey_bin');
  const seenBin = (cx: number, cy: number): SeenEntity => ({
    entity: 'grey_bin',
    role: 'thing',
    kind: 'bin',
    pixels: 2000,
    edge_margin_px: 20,
    brightness: 120,
    colour: 'grey',
    contact: { point: [cx, cy, 0], range_m: 1 },
  });
  const seenL = () => {
    const fl = new Uint8Array(60 * 60);
    for (let iy = 0; iy < 60; iy++)
      for (let ix = 0; ix < 60; ix++) {
        const x = (ix + 0.5) / 10,
          y = (iy + 0.5) / 10;
        if ((y > 0.4 && y < 1.6 && x > 0.4 && x < 4.6) || (x > 3.4 && x < 4.6 && y > 0.4 && y < 5.6))
          fl[iy * 60 + ix] = 1;
      }
    return fl;
  };

  for (const [x, y, heading] of [
    [1, 1, 90],
    [1.5, 1, -30],
    [4, 2.5, 0],
    [2.5, 1.1, 180],
  ] as const) {
    it(`sets off along the L from (${x}, ${y}) facing ${heading}°`, () => {
      const solids = [...room(), bin(4, 5.2)];
      const fs = frames(j, solids, [
        { x: 4, y: 4.5, heading: 90, t: 0, entities: [seenBin(4, 5.1)], seen: 'none' },
        { x, y, heading, t: 30, seen: 'none' },
      ]);
      fs[0].seen = { floor: encodeRuns(seenL()), obstacle: [] };
      const c = ctx(j, world(solids), fs);
      const r = agree(wayTo(c, { id: 'grey_bin', colour: 'grey', kind: 'bin' }), c, 'helper/1', {
        things: ['grey_bin'],
      });
      expect(r.gold.knowable).toBe(true);
    });
  }
});

describe('lists', () => {
  it('tangle_ahead: seen region, and blind (unknown)', () => {
    const j = job('vacuum/2');
    const cord = box('cord_1', [1.8, 3.05, 0.005], [0.5, 0.01, 0.01], 'thing', 'cord_1');
    const sock = box('sock_1', [1.5, 4.5, 0.01], [0.1, 0.05, 0.02], 'thing', 'sock_1');
    const sock2 = box('sock_2', [1.6, 2.9, 0.01], [0.1, 0.05, 0.02], 'thing', 'sock_2');
    const solids = [...room(), cord, sock, sock2];
    const w = world(solids, { thing: (id) => ({ id, kind: id.split('_')[0], colour: 'black' }) });
    const fs = frames(j, solids, [
      { x: 0.4, y: 3, heading: 0, t: 0 },
      {
        x: 1,
        y: 3,
        heading: 0,
        t: 2,
        entities: [
          seenThing('cord_1', 'cord', 1.55, 3.05),
          seenThing('sock_1', 'sock', 1.5, 4.48),
          seenThing('sock_2', 'sock', 1.6, 2.9),
        ],
      },
    ]);
    const x = { things: ['cord_1', 'sock_1', 'sock_2'] };
    const r = agree(tangleAhead(ctx(j, w, fs)), ctx(j, w, fs), 'vacuum/2', x);
    expect((r.gold.value as unknown[]).length).toBe(2);
    const blind = agree(tangleAhead(ctx(j, w, fs.slice(1))), ctx(j, w, fs.slice(1)), 'vacuum/2', x);
    expect(blind.answer).toEqual({ type: 'unknown' });
  });

  it('task_things near the route driven', () => {
    const j = job('helper/1');
    const clothes = box('clothes_pile', [2, 3.4, 0.05], [0.3, 0.3, 0.1], 'thing', 'clothes_pile');
    const far = box('far_box', [2, 5.5, 0.1], [0.2, 0.2, 0.2], 'thing', 'far_box');
    const high = box('red_cup', [2.5, 2.8, 0.8], [0.1, 0.1, 0.1], 'thing', 'red_cup');
    // a cable the helper drives over (1 cm high): neither the gold nor the reader lists it
    const cable = box('cable', [2.5, 3.3, 0.005], [0.8, 0.012, 0.01], 'thing', 'cord');
    const solids = [...room(), clothes, far, high, cable];
    const fs = frames(j, solids, [
      {
        x: 1,
        y: 3,
        heading: 0,
        t: 0,
        entities: [
          seenThing('clothes_pile', 'clothes_pile', 2, 3.25),
          seenThing('far_box', 'box', 2, 5.4),
          seenThing('red_cup', 'cup', 2.5, 2.75),
          seenThing('cable', 'cord', 2.5, 3.3),
        ],
      },
      { x: 3, y: 3, heading: 0, t: 5 },
    ]);
    const c = ctx(j, world(solids), fs);
    const r = agree(taskThings(c), c, 'helper/1', { things: ['clothes_pile', 'far_box', 'red_cup', 'cable'] });
    expect((r.answer as { places: unknown[] }).places).toHaveLength(1);
  });

  it('task_things in the rooms cleaned (the vacuum)', () => {
    const j = job('vacuum/2');
    const cord = box('cord_1', [1, 1, 0.005], [0.5, 0.01, 0.01], 'thing', 'cord_1');
    const sock = box('sock_1', [4.5, 4.5, 0.01], [0.1, 0.05, 0.02], 'thing', 'sock_1');
    const solids = [...room(), cord, sock];
    const w = world(solids, { thing: (id) => ({ id, kind: id.split('_')[0], colour: 'black' }) });
    const fs = frames(j, solids, [
      {
        x: 2,
        y: 2,
        heading: 0,
        t: 0,
        entities: [seenThing('cord_1', 'cord', 1, 1), seenThing('sock_1', 'sock', 4.5, 4.5)],
      },
      { x: 2.5, y: 2, heading: 0, t: 5 },
    ]);
    const rooms = [
      {
        name: 'kitchen',
        polygon: [
          [0, 0],
          [3, 0],
          [3, 3],
          [0, 3],
        ] as [number, number][],
      },
      {
        name: 'hall',
        polygon: [
          [3, 3],
          [6, 3],
          [6, 6],
          [3, 6],
        ] as [number, number][],
      },
    ];
    const c = ctx(j, w, fs);
    const r = agree(taskThings(c, { roomsCleaned: [rooms[0].polygon] }), c, 'vacuum/2', {
      things: ['cord_1', 'sock_1'],
      rooms,
      assignments: ['clean the kitchen'],
    });
    expect((r.answer as { places: unknown[] }).places).toHaveLength(1);
  });
});
