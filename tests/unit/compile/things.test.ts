import { describe, expect, it } from 'vitest';
import { egoMem } from '../../../compile/families/ego-mem.ts';
import { egoNow } from '../../../compile/families/ego-now.ts';
import { objectWhere } from '../../../compile/families/object-where.ts';
import { goldRow } from '../../../compile/ask/outcome.ts';
import { wayTo } from '../../../compile/families/way-to.ts';
import type { SeenEntity } from '../../../compile/ask/inputs.ts';
import type { Solid } from '../../../layouts/solids.ts';
import { box, ctx, frames, job, room, world } from '../../helpers/compile-fixture.ts';

const j = job('helper/1');
const id = (family: string) => ({
  qid: 'fedcba9876543210',
  job: 'helper/1' as const,
  layout: 'apartment_a',
  sid: 's',
  cid: 'c',
  length: 'short' as const,
  family,
});

/** A 0.2 m box (a grey bin) with its middle at (x, y) on the floor. */
const bin = (x: number, y: number): Solid => box('grey_bin', [x, y, 0.1], [0.2, 0.2, 0.2], 'thing', 'grey_bin');
/** What a frame records of the bin: pixels and the nearest contact point (given). */
const seenBin = (cx: number, cy: number, pixels = 2000): SeenEntity => ({
  entity: 'grey_bin',
  role: 'thing',
  kind: 'bin',
  pixels,
  edge_margin_px: 20,
  brightness: 120,
  colour: 'grey',
  contact: { point: [cx, cy, 0], range_m: 1 },
});

describe('ego_now', () => {
  it('is the contact point of a thing in view, (ahead, left) from the camera', () => {
    const solids = [...room(), bin(3, 3.5)];
    // helper at (2, 3) facing +x: camera over the base at (2, 3, 1.3); the bin's nearest contact point (2.9, 3.45)
    const fs = frames(j, solids, [{ x: 2, y: 3, heading: 0, entities: [seenBin(2.9, 3.45)] }]);
    const out = egoNow(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.text).toBe('Where is the point of the grey bin you can see now that is nearest to your camera?');
    const v = out.gold.value as { ahead: number; left: number };
    expect(v.ahead).toBeCloseTo(0.9, 9);
    expect(v.left).toBeCloseTo(0.45, 9);
    expect(out.gold.column).toBe('now');
    expect(out.gold.ability).toBe('distance');
    expect(() => goldRow(out.gold, id('ego_now'))).not.toThrow();
  });

  it('turns with the camera: facing +y the same point is to the right', () => {
    const solids = [...room(), bin(3, 3.5)];
    const fs = frames(j, solids, [{ x: 2, y: 3, heading: 90, entities: [seenBin(2.9, 3.45)] }]);
    const out = egoNow(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!out.ok) throw new Error(out.reason);
    const v = out.gold.value as { ahead: number; left: number };
    expect(v.ahead).toBeCloseTo(0.45, 9);
    expect(v.left).toBeCloseTo(-0.9, 9);
  });
});

describe('ego_mem and object_where', () => {
  const solids = [...room(), bin(3, 3.5)];

  it('is unknown for a thing with no pixel in the window, worded like a real one', () => {
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 0 },
      { x: 2, y: 3, heading: 180 },
    ]);
    const real = egoMem(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    const trick = egoMem(ctx(j, world(solids), fs), { colour: 'grey', kind: 'bin' });
    expect(real.ok && trick.ok).toBe(true);
    if (!real.ok || !trick.ok) return;
    expect(real.gold.knowable).toBe(false);
    expect(real.gold.value).toBeNull();
    expect(trick.text).toBe(real.text);
    const ow = objectWhere(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    expect(ow.ok && ow.gold.knowable).toBe(false);
  });

  it("carries the last-seen point through the robot's motion", () => {
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 0, t: 0, entities: [seenBin(2.9, 3.45)] },
      { x: 1, y: 3, heading: 180, t: 10 },
    ]);
    const out = egoMem(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!out.ok) throw new Error(out.reason);
    const v = out.gold.value as { ahead: number; left: number };
    // camera at (1, 3) facing -x: the point (2.9, 3.45) is 1.9 m behind and 0.45 m to the right
    expect(v.ahead).toBeCloseTo(-1.9, 9);
    expect(v.left).toBeCloseTo(-0.45, 9);
    expect(out.gold.column).toBe('memory');
    expect(out.gold.evidence_frames).toEqual([0]);
    expect(out.gold.age_s).toBe(10);
    expect(out.gold.age_band).toBe('recent');
  });

  it('keeps the last-seen gold of a thing moved while unseen', () => {
    const moved = [...room(), bin(5, 1)];
    const w = world(solids, { solidsAt: (t) => (t < 100 ? solids : moved) });
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 0, t: 0, task: 0, entities: [seenBin(2.9, 3.45)] },
      { x: 1, y: 3, heading: 180, t: 200, task: 1 },
    ]);
    const ow = objectWhere(ctx(j, w, fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!ow.ok) throw new Error(ow.reason);
    expect(ow.gold.value).toEqual({ x: 3, y: 3.5 });
    expect(ow.gold.length_m).toBeCloseTo(0.2, 9);
    expect(ow.gold.top_above_camera).toBe(false);
    expect(ow.gold.age_band).toBe('earlier');
    expect(ow.text).toBe('Where on the map did you last see the grey bin? Give the middle of it.');
    expect(() => goldRow(ow.gold, id('object_where'))).not.toThrow();
    const em = egoMem(ctx(j, w, fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!em.ok) throw new Error(em.reason);
    expect((em.gold.value as { ahead: number }).ahead).toBeCloseTo(-1.9, 9);
  });

  it("object_where's evidence is the last frame that shows the thing clearly where it was last seen", () => {
    // seen clearly at frame 1, then sliding out at the frame's edge (frame 2) and shrinking away (frame 3)
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 0, t: 0, entities: [seenBin(2.9, 3.45)] },
      { x: 2.2, y: 3, heading: 0, t: 2, entities: [seenBin(2.9, 3.45)] },
      { x: 2.4, y: 3, heading: 0, t: 4, entities: [{ ...seenBin(2.9, 3.45), edge_margin_px: 0 }] },
      { x: 1, y: 3, heading: 0, t: 6, entities: [{ ...seenBin(2.9, 3.45), pixels: 300 }] },
      { x: 1, y: 3, heading: 180, t: 8 },
    ]);
    const ow = objectWhere(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!ow.ok) throw new Error(ow.reason);
    expect(ow.gold.value).toEqual({ x: 3, y: 3.5 });
    expect(ow.gold.evidence_frames).toEqual([1]);
    expect(ow.gold.age_s).toBe(6);
  });

  it('judges a thing moved after its last clear sighting by its last sighting alone', () => {
    const moved = [...room(), bin(5, 1)];
    const w = world(solids, { solidsAt: (t) => (t < 3 ? solids : moved) });
    const fs = frames(j, solids, [
      { x: 2, y: 3, heading: 0, t: 0, entities: [seenBin(2.9, 3.45)] },
      { x: 2, y: 3, heading: -60, t: 4, entities: [{ ...seenBin(4.9, 1.1), pixels: 300 }] },
      { x: 1, y: 3, heading: 180, t: 8 },
    ]);
    const ow = objectWhere(ctx(j, w, fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!ow.ok) throw new Error(ow.reason);
    expect(ow.gold.value).toEqual({ x: 5, y: 1 });
    expect(ow.gold.evidence_frames).toEqual([1]);
  });

  it('asks no ego_mem of a thing in view now', () => {
    const fs = frames(j, solids, [{ x: 2, y: 3, heading: 0, entities: [seenBin(2.9, 3.45)] }]);
    expect(egoMem(ctx(j, world(solids), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' }).ok).toBe(false);
  });
});

describe('way_to on an L-shaped seen floor', () => {
  // an L of seen floor: a corridor along y = 1 (x 0.5..4.5) and one along x = 4 (y 1..5); the rest never seen
  const solids = room();
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
  it('sets off along the L toward a thing seen at its far end, not straight at it', async () => {
    const { encodeRuns } = await import('../../../render/truth/seen-space.ts');
    const things = [...solids, bin(4, 5.2)];
    const fs = frames(j, things, [
      { x: 4, y: 4.5, heading: 90, t: 0, entities: [seenBin(4, 5.1)], seen: 'none' },
      { x: 1, y: 1, heading: 90, t: 30, seen: 'none' },
    ]);
    fs[0].seen = { floor: encodeRuns(seenL()), obstacle: [] };
    const out = wayTo(ctx(j, world(things), fs), { id: 'grey_bin', colour: 'grey', kind: 'bin' });
    if (!out.ok) throw new Error(out.reason);
    expect(out.gold.knowable).toBe(true);
    // facing +y at (1, 1): the bin is up and to the right (about -37°), but the seen floor runs along +x: turn right,
    // toward the corridor's inner corner at (3.4, 1.6) (the shortest route hugs it)
    const best = out.gold.value as number;
    expect(best).toBeGreaterThanOrEqual(-90);
    expect(best).toBeLessThanOrEqual(-60);
    const t = out.gold.heading_table!;
    const at = (rel: number) => t.entries[rel + 180];
    expect(at(best).room_ok && at(best).seen_ok).toBe(true);
    expect(t.best_progress_m!).toBeGreaterThan(0.9);
    expect(t.best_progress_m!).toBeLessThanOrEqual(1 + 1e-9 + 0.15);
    expect(at(-90).progress_m!).toBeGreaterThan(0.8);
    // turning back loses ground
    expect(at(90).progress_m!).toBeLessThan(0);
    // straight at the bin is floor never seen
    expect(at(-37).seen_ok).toBe(false);
    expect(at(0).seen_ok).toBe(false);
    expect(t.cell_m).toBe(0.1);
    expect(out.text).toBe(
      'Which way would you set off now to get to the grey bin? Answer a heading in degrees relative to where you face now (positive = left).',
    );
    expect(() => goldRow(out.gold, id('way_to'))).not.toThrow();
  });

  it('is unknown for a thing never shown (the trick question)', () => {
    const fs = frames(j, solids, [{ x: 1, y: 1, heading: 90 }]);
    const out = wayTo(ctx(j, world(solids), fs), { colour: 'green', kind: 'box' });
    expect(out.ok && !out.gold.knowable && out.gold.value === null).toBe(true);
  });
});
