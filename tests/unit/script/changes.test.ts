import { describe, expect, it } from 'vitest';
import { stream } from '../../../foundation/index.ts';
import {
  drawChanges,
  drawMoveChances,
  scatterLoose,
  type ChangeWorld,
  type ChangeState,
} from '../../../script/changes.ts';
import { planWalk, walkPosition, walkValid, type WalkInput } from '../../../script/people.ts';

const things = Array.from({ length: 12 }, (_, i) => ({ id: `t${i}`, radius: 0.1, floorOnly: i < 2 }));
const world: ChangeWorld = {
  things,
  surfaces: [{ id: 'table', center: [5, 5], size: [1.2, 0.8], yaw: 30 }],
  doors: [{ id: 'd1', states: ['open', 'closed'] }],
  people: ['p1', 'p2'],
  sampleFloor: (s) => [s.uniform(0, 10), s.uniform(0, 10)],
  floorFree: (x, y) => !(x > 4 && x < 6 && y > 4 && y < 6),
};
const initial: ChangeState = {
  things: Object.fromEntries(things.map((t, i) => [t.id, { rests_on: 'floor', x: i * 0.8, y: 1, yaw: 0 }])),
  doors: { d1: 'open' },
  people: { p1: true, p2: false },
};
const spec = {
  thing_move_p: { min: 0.1, max: 0.6 },
  max_moves_per_gap: 5,
  door_toggle_p: 0.5,
  person_arrive_p: 0.5,
  person_leave_p: 0.5,
};

describe('change model', () => {
  it('moves things by their own coins to free spots, toggles doors, moves people in and out', () => {
    const chances = drawMoveChances(spec, things, stream(1, 'coins'));
    expect(new Set(Object.values(chances)).size).toBe(12); // every thing has its own chance
    let state = initial;
    let moves = 0;
    const kinds = new Set<string>();
    for (let g = 0; g < 30; g++) {
      const r = drawChanges(world, state, spec, chances, stream(1, 'gap', g));
      expect(r.changes.filter((c) => c.kind === 'thing_moved').length).toBeLessThanOrEqual(5);
      for (const c of r.changes) {
        kinds.add(c.kind);
        if (c.kind === 'thing_moved') {
          moves++;
          if (c.to.rests_on === 'floor') expect(world.floorFree(c.to.x, c.to.y, 0.1)).toBe(true);
          if (c.id === 't0' || c.id === 't1') expect(c.to.rests_on).toBe('floor');
        }
      }
      // no two things overlap on one surface
      const ps = Object.values(r.state.things);
      for (let i = 0; i < ps.length; i++)
        for (let j = i + 1; j < ps.length; j++)
          if (ps[i].rests_on === ps[j].rests_on)
            expect(Math.hypot(ps[i].x - ps[j].x, ps[i].y - ps[j].y)).toBeGreaterThanOrEqual(0.2);
      state = r.state;
    }
    expect(moves).toBeGreaterThan(10);
    expect([...kinds].sort()).toEqual(['door', 'person_arrived', 'person_left', 'thing_moved']);
  });
  it('is deterministic and leaves the input state alone', () => {
    const chances = drawMoveChances(spec, things, stream(2, 'coins'));
    const a = drawChanges(world, initial, spec, chances, stream(2, 'gap', 0));
    const b = drawChanges(world, initial, spec, chances, stream(2, 'gap', 0));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(initial.things.t0.x).toBe(0);
  });
});

describe('loose things', () => {
  // t4..t7 are loose; t0..t3 and t8..t11 are not
  const looseWorld: ChangeWorld = { ...world, things: things.map((t, i) => ({ ...t, loose: i >= 4 && i < 8 })) };
  it('puts every loose thing down on free floor, away from where it was, and leaves the rest', () => {
    const changes = scatterLoose(looseWorld, initial, stream(3, 'scatter'));
    expect(changes.map((c) => c.kind === 'thing_moved' && c.id).sort()).toEqual(['t4', 't5', 't6', 't7']);
    for (const c of changes) {
      if (c.kind !== 'thing_moved') throw new Error('only moves');
      expect(c.to.rests_on).toBe('floor');
      expect(looseWorld.floorFree(c.to.x, c.to.y, 0.1)).toBe(true);
      expect(Math.hypot(c.to.x - c.from.x, c.to.y - c.from.y)).toBeGreaterThanOrEqual(0.5);
    }
    // the spots differ from script to script (stream) and repeat for the same one
    const again = scatterLoose(looseWorld, initial, stream(3, 'scatter'));
    const other = scatterLoose(looseWorld, initial, stream(4, 'scatter'));
    expect(JSON.stringify(again)).toBe(JSON.stringify(changes));
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(changes));
  });
  it('puts a loose thing with an area down in that area, at the start and when a gap moves it to the floor', () => {
    const packing: [number, number][] = [
      [6, 0],
      [10, 0],
      [10, 3],
      [6, 3],
    ];
    const inArea = (x: number, y: number) => x >= 6 && x <= 10 && y >= 0 && y <= 3;
    // as the script's world does: a point in the area given, else anywhere
    const areaWorld: ChangeWorld = {
      ...looseWorld,
      things: looseWorld.things.map((t, i) => (i === 4 || i === 5 ? { ...t, area: packing, floorOnly: true } : t)),
      sampleFloor: (s, area) => (area ? [s.uniform(6, 10), s.uniform(0, 3)] : [s.uniform(0, 10), s.uniform(0, 10)]),
    };
    let outside = 0;
    for (let seed = 0; seed < 20; seed++) {
      for (const c of scatterLoose(areaWorld, initial, stream(seed, 'scatter'))) {
        if (c.kind !== 'thing_moved') continue;
        if (c.id === 't4' || c.id === 't5') expect(inArea(c.to.x, c.to.y)).toBe(true);
        else if (!inArea(c.to.x, c.to.y)) outside++;
      }
      const chances = Object.fromEntries(areaWorld.things.map((t) => [t.id, 1]));
      for (const c of drawChanges(areaWorld, initial, spec, chances, stream(seed, 'gap', 0)).changes)
        if (c.kind === 'thing_moved' && (c.id === 't4' || c.id === 't5')) expect(inArea(c.to.x, c.to.y)).toBe(true);
    }
    // the loose things without an area go anywhere on the floor
    expect(outside).toBeGreaterThan(20);
  });
  it('keeps a loose thing where it is when no spot is free', () => {
    const walled: ChangeWorld = { ...looseWorld, floorFree: () => false };
    expect(scatterLoose(walled, initial, stream(3, 'scatter'))).toEqual([]);
  });
});

describe('people walks', () => {
  const area: [number, number][] = [
    [0, 0],
    [10, 0],
    [10, 6],
    [0, 6],
  ];
  const robot = Array.from({ length: 121 }, (_, i) => ({ t: i * 0.5, x: 1 + i * 0.06, y: 3, heading_deg: 0 }));
  const inp = (passNear: boolean): WalkInput => ({
    areas: [area],
    start: [9, 5],
    t0: 0,
    t1: 60,
    speed: { min: 0.8, max: 1.5 },
    personRadius: 0.25,
    bodyRadius: 0.3,
    horizon_s: 5,
    passNear,
    robot,
    frames: robot.filter((_, i) => i % 4 === 0).map((r) => r.t),
    // the robot looks along +x and sees everything ahead of it within 6 m
    sees: (i, p) => {
      const r = robot[i * 4];
      return p[0] > r.x && p[0] - r.x < 6;
    },
    segmentFree: (a, b) => Math.max(a[0], b[0]) < 4.5 || Math.min(a[0], b[0]) > 5.5 || Math.min(a[1], b[1]) > 1.5,
  });
  it('walks straight legs at walking speed, keeps clear of the robot and gives sightings their horizon', () => {
    let near = 0;
    let walked = 0;
    for (let seed = 0; seed < 10; seed++) {
      const w = planWalk(inp(true), stream(seed, 'walk'));
      expect(w).not.toBeNull();
      const { legs, rest } = w!;
      expect(walkValid(inp(true), legs, rest)).toBe(true);
      for (const l of legs) {
        const v = Math.hypot(l.to[0] - l.from[0], l.to[1] - l.from[1]) / (l.t1 - l.t0);
        expect(v).toBeGreaterThanOrEqual(0.8);
        expect(v).toBeLessThanOrEqual(1.5);
      }
      if (legs.length) walked++;
      for (let i = 1; i < legs.length; i++) expect(legs[i].t0).toBe(legs[i - 1].t1);
      const minD = Math.min(
        ...robot.map((r) => {
          const p = walkPosition(legs, r.t, rest);
          return Math.hypot(p[0] - r.x, p[1] - r.y);
        }),
      );
      if (minD < 2.5) near++;
    }
    expect(near).toBeGreaterThan(2);
    expect(walked).toBeGreaterThan(3);
  });
  // a round body of radius 0.3 along the robot's samples: the signed distance of a point to it
  const bodyDistance = (q: [number, number], r: { x: number; y: number }) => Math.hypot(q[0] - r.x, q[1] - r.y) - 0.3;
  // a hall of 14 x 12 m, the robot driving along y = 6 and seeing 40 degrees either side of +x, up to 6 m
  const meeting = (): WalkInput => ({
    ...inp(false),
    areas: [
      [
        [0, 0],
        [14, 0],
        [14, 12],
        [0, 12],
      ],
    ],
    start: [12, 10],
    robot: robot.map((r) => ({ ...r, y: 6 })),
    sees: (i, p) => {
      const r = robot[i * 4];
      const dx = p[0] - r.x,
        dy = p[1] - 6;
      return dx > 0 && Math.hypot(dx, dy) < 6 && Math.abs(Math.atan2(dy, dx)) < (40 * Math.PI) / 180;
    },
    segmentFree: () => true,
    meetP: 1,
    meetRadius: 0.22,
    bodyDistance,
  });
  it('a meeting walk brushes the body at a frame the camera sees it, its centre never inside the body', () => {
    let met = 0;
    for (let seed = 0; seed < 20; seed++) {
      const w = planWalk(meeting(), stream(seed, 'meet'));
      expect(w).not.toBeNull();
      const { legs, rest } = w!;
      // the person's centre keeps outside the body at every moment (sampled finely)
      for (let t = 0; t <= 60; t += 0.05) {
        const r = { x: 1 + (t / 0.5) * 0.06, y: 6 };
        expect(bodyDistance(walkPosition(legs, t, rest), r)).toBeGreaterThan(0);
      }
      const frames = meeting().frames;
      const touching = frames.filter((t, i) => {
        const r = { ...robot[i * 4], y: 6 };
        const q = walkPosition(legs, t, rest);
        return bodyDistance(q, r) < 0.22 && meeting().sees(i, q);
      });
      if (touching.length) met++;
      for (const l of legs) {
        const v = Math.hypot(l.to[0] - l.from[0], l.to[1] - l.from[1]) / (l.t1 - l.t0);
        expect(v).toBeGreaterThanOrEqual(0.8 - 1e-9);
        expect(v).toBeLessThanOrEqual(1.5 + 1e-9);
      }
    }
    // most draws find a meeting (a few fall back to an ordinary walk where none fits)
    expect(met).toBeGreaterThan(10);
  });
  it('a walk through the body is no meeting, and an ordinary walk never touches it', () => {
    // straight through the robot's path at t = 30 s (robot at x = 4.6): the centre enters the body
    const through = [{ t0: 25, t1: 35, from: [4.6, 8] as [number, number], to: [4.6, -2] as [number, number] }];
    expect(walkValid(meeting(), through, [4.6, 8], true)).toBe(false);
    for (let seed = 0; seed < 10; seed++) {
      const w = planWalk(inp(true), stream(seed, 'walk'))!;
      for (const r of robot) expect(bodyDistance(walkPosition(w.legs, r.t, w.rest), r)).toBeGreaterThan(0.25);
    }
  });
  it('rejects a walk whose leg ends right after a sighting', () => {
    const legs = [
      { t0: 0, t1: 10, from: [6, 5] as [number, number], to: [6, 1] as [number, number] },
      { t0: 10, t1: 70, from: [6, 1] as [number, number], to: [0.5, 1] as [number, number] },
    ];
    expect(walkValid(inp(false), legs, [6, 5])).toBe(false);
    expect(walkValid(inp(false), [{ t0: 0, t1: 70, from: [8, 5], to: [8, 1] }], [8, 5])).toBe(true);
  });
});
