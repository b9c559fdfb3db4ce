import { describe, expect, it } from 'vitest';
import { getPlace } from '../../../layouts/load.ts';
import { personSolids } from '../../../layouts/person-figure.ts';
import { emptyTimeline, solidsAt, type Timeline } from '../../../layouts/timeline.ts';
import { InputError } from '../../../foundation/index.ts';
import {
  buildShotList,
  checkSolidsConstant,
  entitiesAt,
  renderMaterial,
  renderWorld,
  truthEntities,
  type FrameSpec,
} from '../../../render/build-shot-list.ts';
import { parseShotList, resolvedMoves } from '../../../render/shot-list.ts';
import { parseShard, selectScripts } from '../../../render/script-inputs.ts';
import { resolveSamples } from '../../../render/quality.ts';
import { checkPlace } from '../../../layouts/place-rules.ts';

const place = getPlace('apartment_a');
/** the solids of a person's figure (layouts/person-figure.ts) */
const PARTS = personSolids(place.people[0], { x: 0, y: 0, heading: 0, walking: false, phase: 0, speed: 0 }).length;
const CAM = { width: 640, height: 480, hfov_deg: 80 };
const frame = (index: number, t: number): FrameSpec => ({
  index,
  t,
  camera: { position: [1, 1, 1.3], yaw_deg: 0, pitch_deg: -20 },
});

/** router moves to the floor at t = 5; resident_1 walks away and leaves at t = 6; bedroom door closes at t = 5. */
function shiftTimeline(): Timeline {
  const tl = emptyTimeline(place, 20);
  const r = tl.things.router[0];
  tl.things.router.push({ t: 5, x: 2.0, y: 2.5, z: 0, yaw: 30, rests_on: 'floor' });
  expect(r.rests_on).toBe('tv_console');
  tl.people.resident_1 = [{ t0: 0, t1: 6, from: [5.3, 3], to: [3.0, 3] }];
  tl.doors.bedroom_door.push({ t: 5, state: 'closed' });
  return tl;
}

const FRAMES = [frame(0, 0), frame(1, 2), frame(2, 5), frame(3, 7), frame(4, 8)];

describe('buildShotList', () => {
  it('builds a valid job with every solid of the shift and truth ids on the entities', () => {
    const { job, entities } = buildShotList({
      sid: 's1',
      place,
      timeline: shiftTimeline(),
      frames: FRAMES,
      camera: CAM,
    });
    expect(() => parseShotList(job)).not.toThrow();
    expect(job.entities).toEqual(entities);
    const names = new Set(job.objects.map((o) => o.name));
    for (const s of solidsAt(shiftTimeline(), 0)) expect(names.has(s.name)).toBe(true);
    // structure has id 0, things / people / doors / fixed their entity's id
    const idOf = new Map(entities.map((e) => [`${e.role}:${e.entity}`, e.truth_id]));
    for (const o of job.objects) {
      if (o.role === 'wall' || o.role === 'floor' || o.role === 'ceiling') expect(o.truth_id).toBe(0);
      else expect(o.truth_id).toBe(idOf.get(`${o.role}:${o.owner}`));
    }
    expect(job.objects.find((o) => o.name === 'thing:router/body')!.truth_id).toBeGreaterThan(0);
    expect(Object.keys(job.materials).sort()).toEqual([...new Set(job.objects.map((o) => o.material))].sort());
  });

  it('moves a moved thing, closes a door, walks a person and hides them once gone', () => {
    const { job } = buildShotList({ sid: 's1', place, timeline: shiftTimeline(), frames: FRAMES, camera: CAM });
    const names = (i: number) => job.frames[i].moves.map((m) => m.name);
    expect(job.frames[0].moves).toEqual([]);
    // frame 1 (t=2): only the walking person's parts move
    expect(names(1).length).toBeGreaterThan(0);
    expect(names(1).every((n) => n.startsWith('person:resident_1/'))).toBe(true);
    // frame 2 (t=5): router to the floor (every part of it, where the world has it then), the bedroom door closes
    const router = job.frames[2].moves.filter((m) => m.name.startsWith('thing:router/'));
    const want = solidsAt(shiftTimeline(), 5).filter((x) => x.owner === 'router');
    expect(router.map((m) => m.name)).toEqual(want.map((x) => x.name));
    for (const [k, m] of router.entries()) {
      expect(m.center[0]).toBeCloseTo(want[k].center[0], 9);
      expect(m.center[1]).toBeCloseTo(want[k].center[1], 9);
      expect(m.center[2]).toBeCloseTo(want[k].center[2], 9);
      expect(m.yaw_deg).toBe(want[k].yaw_deg);
      expect(m.hidden).toBe(false);
    }
    // its body about the spot it was put down at, turned by its yaw
    const body = router.find((m) => m.name === 'thing:router/body')!;
    expect(Math.hypot(body.center[0] - 2.0, body.center[1] - 2.5)).toBeLessThan(0.05);
    expect(body.yaw_deg).toBe(30);
    expect(names(2)).toContain('door:bedroom_door');
    // frame 3 (t=7): the person has left: every part hidden
    const hidden = job.frames[3].moves.filter((m) => m.hidden);
    const parts = job.objects.filter((o) => o.owner === 'resident_1');
    expect(parts.length).toBe(PARTS);
    expect(hidden.map((m) => m.name).sort()).toEqual(parts.map((p) => p.name).sort());
    // frame 4 (t=8): nothing changes
    expect(job.frames[4].moves).toEqual([]);
    // resolved, the last frame still has the router on the floor and the person hidden
    const last = resolvedMoves(job)[4];
    expect(last.find((m) => m.name === 'thing:router/body')!.center[0]).toBeCloseTo(body.center[0], 9);
    expect(last.filter((m) => m.hidden).length).toBe(PARTS);
  });

  it('hides a person who arrives later until they arrive', () => {
    const tl = emptyTimeline(place, 20);
    tl.people.resident_2 = [{ t0: 4, t1: 10, from: [3, 3], to: [3, 3], heading: 90 }];
    const { job } = buildShotList({ sid: 's2', place, timeline: tl, frames: FRAMES, camera: CAM });
    const parts = job.objects.filter((o) => o.owner === 'resident_2');
    expect(parts.length).toBe(PARTS);
    expect(job.frames[0].moves.filter((m) => m.name.startsWith('person:resident_2/')).every((m) => m.hidden)).toBe(
      true,
    );
    expect(
      job.frames[2].moves.filter((m) => m.name.startsWith('person:resident_2/')).every((m) => m.hidden === false),
    ).toBe(true);
    expect(job.frames[2].moves.filter((m) => m.name.startsWith('person:resident_2/')).length).toBe(PARTS);
  });

  it('keeps every solid the same size over the shift', () => {
    const tl = shiftTimeline();
    const { job } = buildShotList({ sid: 's1', place, timeline: tl, frames: FRAMES, camera: CAM });
    for (const f of FRAMES)
      for (const s of solidsAt(tl, f.t)) expect(job.objects.find((o) => o.name === s.name)!.size).toEqual(s.size);
  });

  it('refuses a solid that changes size, naming it and the time', () => {
    const tl = emptyTimeline(place, 20);
    const at0 = solidsAt(tl, 0);
    const at5 = solidsAt(tl, 5).map((x) =>
      x.name === 'thing:router/body'
        ? { ...x, size: [x.size[0] * 2, x.size[1], x.size[2]] as [number, number, number] }
        : x,
    );
    expect(() => checkSolidsConstant([at0, at0], [0, 5], 'timeline.json')).not.toThrow();
    let err: unknown;
    try {
      checkSolidsConstant([at0, at5], [0, 5], 'timeline.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    const i = (err as InputError).issues[0];
    expect(i.file).toBe('timeline.json');
    expect(i.path).toBe('frames[1]');
    expect(i.message).toMatch(/thing:router\/body.*size.*t = 5/);
  });

  it('assigns truth ids deterministically, sorted by owner id', () => {
    const a = truthEntities(place);
    const b = truthEntities(
      structuredClone({ ...place, things: [...place.things].reverse(), fixed: [...place.fixed].reverse() }),
    );
    expect(a).toEqual(b);
    expect(a.map((e) => e.truth_id)).toEqual(a.map((_, i) => i + 1));
    const owners = a.map((e) => e.entity);
    expect(owners).toEqual([...owners].sort());
    const router = a.find((e) => e.entity === 'router')!;
    expect(router).toMatchObject({
      role: 'thing',
      kind: place.things.find((t) => t.id === 'router')!.kind,
      colour: place.things.find((t) => t.id === 'router')!.colour,
    });
    expect(router.support).toMatchObject({ kind: 'surface', on: 'tv_console' });
    expect(a.find((e) => e.entity === 'resident_1')).toMatchObject({
      role: 'person',
      kind: 'person',
      colour: 'blue',
      support: { kind: 'floor', top_z: 0 },
    });
    // the support follows the timeline
    const tl = shiftTimeline();
    expect(entitiesAt(a, tl, 6).find((e) => e.entity === 'router')!.support).toEqual({ kind: 'floor', top_z: 0 });
    expect(entitiesAt(a, tl, 1).find((e) => e.entity === 'router')!.support).toMatchObject({
      kind: 'surface',
      on: 'tv_console',
    });
  });

  it('gives the same job for the same inputs', () => {
    const a = buildShotList({ sid: 's1', place, timeline: shiftTimeline(), frames: FRAMES, camera: CAM }).job;
    const b = buildShotList({ sid: 's1', place, timeline: shiftTimeline(), frames: FRAMES, camera: CAM }).job;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('maps place materials onto the renderer', () => {
    expect(
      renderMaterial({
        colour: [0.1, 0.2, 0.3],
        roughness: 0.4,
        metallic: 0,
        pattern: { kind: 'carpet', colour2: [0, 0, 0], scale: 0.1 },
      }),
    ).toEqual({
      base_rgb: [0.1, 0.2, 0.3],
      roughness: 0.4,
      metallic: 0,
      pattern: 'fabric',
      pattern_rgb: [0, 0, 0],
      pattern_scale: 0.1,
    });
  });
});

describe('shards and presets', () => {
  it('splits sorted scripts by index modulo n', () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    expect(selectScripts(all, undefined, parseShard('0/2'))).toEqual(['a', 'c', 'e']);
    expect(selectScripts(all, undefined, parseShard('1/2'))).toEqual(['b', 'd']);
    expect(selectScripts(all, ['d', 'a'], parseShard('1/2'))).toEqual(['d']);
    expect(() => parseShard('2/2')).toThrow(/--shard/);
    expect(() => selectScripts(all, ['zz'])).toThrow(/zz/);
  });
  it('resolves samples from the preset or the override', () => {
    expect(resolveSamples('test').samples).toBeLessThanOrEqual(2);
    expect(resolveSamples('final', 5)).toEqual({ quality: 'final', samples: 5 });
    expect(() => resolveSamples('ultra')).toThrow(/--quality/);
  });
});

describe('the sky', () => {
  const withSky = (sky: 'flat' | 'physical', items = place.lights.items) => ({
    ...place,
    lights: { world: { ...place.lights.world, sky }, items },
  });
  it("a physical sky carries the place's sun; a flat one none", () => {
    const sun = place.lights.items.find((l) => l.type === 'sun')!;
    expect(renderWorld(withSky('physical')).sky).toEqual({
      sun_elevation_deg: sun.elevation,
      sun_azimuth_deg: sun.azimuth,
    });
    expect(renderWorld(withSky('flat')).sky).toBeUndefined();
    expect(renderWorld(withSky('physical')).strength).toBe(place.lights.world.strength);
  });
  it('the place rules refuse a physical sky without its one sun', () => {
    const noSun = withSky(
      'physical',
      place.lights.items.filter((l) => l.type !== 'sun'),
    );
    const issues = checkPlace(noSun, 'x.yaml', () => undefined);
    expect(issues.map((i) => i.path)).toContain('lights.world.sky');
    expect(
      checkPlace(withSky('physical'), 'x.yaml', () => undefined).filter((i) => i.path.startsWith('lights')),
    ).toEqual([]);
  });
});
