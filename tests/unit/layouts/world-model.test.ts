import { describe, expect, it } from 'vitest';
import { getPlace, loadAllPlaces, placeHash } from '../../../layouts/load.ts';
import { overlappingPairs, solidsOverlap } from '../../../layouts/overlap.ts';
import type { Place } from '../../../layouts/place-schema.ts';
import { extentAlong } from '../../../layouts/solids.ts';
import { sitesForRole } from '../../../layouts/sites.ts';
import { emptyTimeline, parseTimeline, solidsAt, worldAt, type Timeline } from '../../../layouts/timeline.ts';
import { placeSolids } from '../../../layouts/world.ts';

const places = loadAllPlaces();

describe('shipped places', () => {
  it('are exactly apartment_a, downtown_a and warehouse_a', () => {
    expect(places.map((p) => p.place.id)).toEqual(['apartment_a', 'downtown_a', 'warehouse_a']);
  });

  for (const { place } of places) {
    it(`${place.id}: no two solids overlap, in any door state`, () => {
      const solids = placeSolids(place);
      const pairs = overlappingPairs(solids, 0.001, (a, b) => a.owner === b.owner && a.role === 'thing');
      expect(pairs.map(([a, b]) => `${a.name} x ${b.name}`)).toEqual([]);
      for (const d of place.doors) {
        for (const st of d.states) {
          const s2 = placeSolids(place, { ...worldAt(emptyTimeline(place, 10), 0), doors: { [d.id]: st } });
          const leaf = s2.find((s) => s.name === `door:${d.id}`)!;
          expect(s2.filter((s) => s !== leaf && solidsOverlap(leaf, s)).map((s) => s.name)).toEqual([]);
        }
      }
    });
  }

  it('apartment_a has the required content', () => {
    const p = getPlace('apartment_a');
    expect(p.rooms.length).toBeGreaterThanOrEqual(5);
    expect(p.doors.length).toBeGreaterThanOrEqual(3);
    expect(p.things.filter((t) => t.shape === 'cord').length).toBeGreaterThanOrEqual(6);
    for (const g of ['bag_box', 'towel_clothes']) {
      const members = p.things.filter((t) => t.lookalike_group === g);
      const kinds = new Set(members.map((t) => t.kind));
      expect(kinds.size).toBeGreaterThanOrEqual(2);
      for (const k of kinds)
        expect(new Set(members.filter((t) => t.kind === k).map((t) => t.colour)).size).toBeGreaterThanOrEqual(2);
    }
    for (const role of ['dock', 'parking', 'surfaces']) expect(sitesForRole(p, role).length).toBeGreaterThan(0);
  });

  it('downtown_a buildings are all taller than 20 m and there are at least twelve', () => {
    const b = getPlace('downtown_a').fixed.filter((f) => f.kind === 'building');
    expect(b.length).toBeGreaterThanOrEqual(12);
    expect(new Set(b.map((x) => x.size[2])).size).toBeGreaterThanOrEqual(3);
    expect(Math.min(...b.map((x) => x.size[2]))).toBeGreaterThan(20);
  });

  it('warehouse_a aisles are at least 1.50 m wide', () => {
    const p = getPlace('warehouse_a');
    const aisles = p.rooms.filter((r) => r.id.startsWith('aisle_'));
    expect(aisles.length).toBeGreaterThanOrEqual(4);
    for (const a of aisles) {
      const ys = a.polygon.map((q) => q[1]);
      const width = Math.max(...ys) - Math.min(...ys);
      expect(width).toBeGreaterThanOrEqual(1.5);
      // nothing fixed inside the aisle's rectangle (a solid's exact extent across: a rack's tilted braces too)
      const solids = placeSolids(p).filter((s) => s.role === 'fixed' && s.center[0] > 4 && s.center[0] < 20);
      for (const s of solids) {
        const [lo, hi] = extentAlong(s, 0, 1, 0);
        expect(s.center[1] + hi <= Math.min(...ys) + 1e-9 || s.center[1] + lo >= Math.max(...ys) - 1e-9, s.name).toBe(
          true,
        );
      }
    }
  });
});

describe('placeSolids', () => {
  const p = getPlace('apartment_a');
  const solids = placeSolids(p);

  it('splits walls around openings: pieces beside, a lintel above, a sill under a window', () => {
    const south = solids.filter((s) => s.owner === 'wall_south');
    // two windows: 3 full-height pieces, 2 lintels, 2 sills
    expect(south.length).toBe(7);
    const w = p.walls.find((x) => x.id === 'wall_south')!.openings.find((o) => o.id === 'living_window')!;
    const mid = w.offset + w.width / 2;
    const over = south.filter((s) => Math.abs(s.center[0] - mid) < 1e-9);
    expect(over.map((s) => [s.center[2] - s.size[2] / 2, s.center[2] + s.size[2] / 2]).sort()).toEqual([
      [0, w.sill],
      [w.height, 2.6],
    ]);
    // no wall piece covers a door opening below its top
    const hallNorth = solids.filter((s) => s.owner === 'wall_hall_north');
    const door = p.walls.find((x) => x.id === 'wall_hall_north')!.openings[0];
    for (const s of hallNorth) {
      const x0 = s.center[0] - s.size[0] / 2;
      const x1 = s.center[0] + s.size[0] / 2;
      const overlapsSpan = x1 > door.offset + 1e-9 && x0 < door.offset + door.width - 1e-9;
      if (overlapsSpan) expect(s.center[2] - s.size[2] / 2).toBeGreaterThanOrEqual(door.height - 1e-9);
    }
  });

  it('starts walls at z = 0 above a floor below z = 0', () => {
    for (const s of solids.filter((x) => x.role === 'wall'))
      expect(s.center[2] - s.size[2] / 2).toBeGreaterThanOrEqual(-1e-9);
    for (const s of solids.filter((x) => x.role === 'floor'))
      expect(s.center[2] + s.size[2] / 2).toBeLessThanOrEqual(1e-9);
  });

  it('builds people as figures owned by the person, and things resting on their surface', () => {
    const person = solids.filter((s) => s.owner === 'resident_1');
    const limbs = ['shoe', 'shin', 'thigh', 'upper_arm', 'forearm', 'hand'].flatMap((l) => [`${l}_left`, `${l}_right`]);
    expect(person.map((s) => s.name.split('/')[1]).sort()).toEqual(
      [...limbs, 'pelvis', 'chest', 'neck', 'head', 'hair'].sort(),
    );
    expect(person.every((s) => s.role === 'person')).toBe(true);
    const top = Math.max(...person.map((s) => s.center[2] + s.size[2] / 2));
    expect(top).toBeCloseTo(1.78, 6);
    // the remote is built by the library (layouts/assets/things/remote.ts): its body rests on the console's top
    const remote = solids.find((s) => s.name === 'thing:grey_remote/body')!;
    expect(remote.center[2] - remote.size[2] / 2).toBeCloseTo(0.5, 9);
    expect(remote.material).toBe('plastic@grey');
  });
});

describe('timeline and worldAt', () => {
  const place: Place = getPlace('apartment_a');
  const base = emptyTimeline(place, 600);
  const tl: Timeline = {
    ...base,
    things: {
      ...base.things,
      grey_remote: [
        ...base.things.grey_remote,
        { t: 100, x: 2.45, y: 2.08, z: 0.42, yaw: 0, rests_on: 'coffee_table' },
      ],
    },
    doors: {
      ...base.doors,
      bathroom_door: [
        { t: 0, state: 'closed' },
        { t: 200, state: 'open' },
      ],
    },
    people: {
      ...base.people,
      resident_2: [
        { t0: 50, t1: 60, from: [1, 4.75], to: [8, 4.75] },
        { t0: 60, t1: 90, from: [8, 4.75], to: [8, 4.75] },
      ],
    },
  };

  it('round-trips through its schema and checks', () => {
    expect(parseTimeline(JSON.parse(JSON.stringify(tl)))).toEqual(tl);
    expect(tl.place_hash).toBe(placeHash(place));
    expect(() => parseTimeline({ ...tl, place_hash: '0'.repeat(64) })).toThrow(/place_hash/);
  });

  it('interpolates a person along a leg, heading along it, and standing after it', () => {
    expect(worldAt(tl, 49.9).people.resident_2).toBeUndefined();
    const mid = worldAt(tl, 55).people.resident_2;
    expect(mid.x).toBeCloseTo(4.5, 9);
    expect(mid.y).toBeCloseTo(4.75, 9);
    expect(mid.heading).toBe(0);
    expect(mid.walking).toBe(true);
    expect(mid.speed).toBeCloseTo(0.7, 9);
    expect(mid.phase).toBeCloseTo(((0.7 * 5) / 1.4) % 1, 9);
    const still = worldAt(tl, 70).people.resident_2;
    expect([still.x, still.walking, still.heading]).toEqual([8, false, 0]);
    expect(worldAt(tl, 95).people.resident_2).toBeUndefined();
  });

  it('gives a door its state after an event', () => {
    expect(worldAt(tl, 199.9).doors.bathroom_door).toBe('closed');
    expect(worldAt(tl, 200).doors.bathroom_door).toBe('open');
    const leafBefore = solidsAt(tl, 199).find((s) => s.name === 'door:bathroom_door')!;
    const leafAfter = solidsAt(tl, 201).find((s) => s.name === 'door:bathroom_door')!;
    expect(leafAfter.yaw_deg).not.toBeCloseTo(leafBefore.yaw_deg, 3);
  });

  it('gives a thing its pose after a move, and the solids follow', () => {
    expect(worldAt(tl, 99).things.grey_remote.rests_on).toBe('tv_console');
    const after = worldAt(tl, 100).things.grey_remote;
    expect(after).toEqual({ x: 2.45, y: 2.08, z: 0.42, yaw: 0, rests_on: 'coffee_table' });
    // its parts follow: the body's centre over the new spot, its bottom on the coffee table
    const s = solidsAt(tl, 300).find((x) => x.name === 'thing:grey_remote/body')!;
    expect(s.center[0]).toBeCloseTo(2.45, 9);
    expect(s.center[1]).toBeCloseTo(2.08, 9);
    expect(s.center[2] - s.size[2] / 2).toBeCloseTo(0.42, 9);
  });

  it('is pure: the same time gives the same state', () => {
    expect(JSON.stringify(solidsAt(tl, 57.3))).toBe(JSON.stringify(solidsAt(tl, 57.3)));
  });
});
