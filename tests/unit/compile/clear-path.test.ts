import { describe, expect, it } from 'vitest';
import { clearPath } from '../../../compile/families/clear-path.ts';
import { goldRow } from '../../../compile/ask/outcome.ts';
import { box, ctx, frames, job, room, world } from '../../helpers/compile-fixture.ts';

const ID = {
  qid: '0123456789abcdef',
  job: 'helper/1' as const,
  layout: 'apartment_a',
  sid: 's',
  cid: 'c',
  length: 'short' as const,
};

describe('clear_path', () => {
  const j = job('helper/1');
  // a cabinet whose face is 0.307 m ahead of the helper's front (body 0.34 m long, base at x = 2)
  const face = 2 + 0.17 + 0.307;
  const solids = [...room(), box('cabinet', [face + 0.25, 3, 0.4], [0.5, 2, 0.8])];
  const w = world(solids);

  it('is the distance to a wall at a known distance, column now when the ask frame sees the face', () => {
    const fs = frames(j, solids, [
      { x: 1.0, y: 3, heading: 0 },
      { x: 2.0, y: 3, heading: 0 },
    ]);
    const out = clearPath(ctx(j, w, fs), 'ahead');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.text).toBe('If you drove straight ahead now, how far could your body go before it touched anything?');
    expect(out.gold.knowable).toBe(true);
    expect(out.gold.value as number).toBeCloseTo(0.307, 6);
    expect(out.gold.column).toBe('now');
    expect(out.gold.age_band).toBe('now');
    expect(out.gold.evidence_frames).toEqual([1]);
    expect(out.gold.catastrophe).toBe('minus2_corridor');
    expect(out.gold.harmful_side).toBe('longer');
    // p at the face's foot, d = 0.477 m from a camera h = 1.30 m up pitched -45°: (d² + h²) / (f h) · cos²(a),
    // a = atan(h / d) - 45° off the axis: 3.2 mm
    const d = 0.477,
      h = 1.3,
      a = Math.atan(h / d) - Math.PI / 4;
    const expected = ((d * d + h * h) / (j.intr.f * h)) * Math.cos(a) ** 2;
    expect(out.gold.pixel_m).toBeCloseTo(expected, 4);
    expect(() => goldRow(out.gold, ID)).not.toThrow();
  });

  it("reads p at the foot of the entity touched, not of the part: a cabinet's raised carcass meets the floor by its legs", () => {
    // the same face, now a carcass from 0.2 m up on a leg set back 0.3 m (the helper's body, 0.9 m tall, meets the
    // carcass): p is read on the floor below the face, as for the cabinet standing on the floor
    const raised = [
      ...room(),
      box('cabinet/carcass', [face + 0.25, 3, 0.5], [0.5, 2, 0.6], 'fixed', 'cabinet'),
      box('cabinet/leg', [face + 0.35, 3, 0.1], [0.1, 0.1, 0.2], 'fixed', 'cabinet'),
    ];
    const pose = [
      { x: 1.0, y: 3, heading: 0 },
      { x: 2.0, y: 3, heading: 0 },
    ];
    const onFloor = clearPath(ctx(j, w, frames(j, solids, pose)), 'ahead');
    const out = clearPath(ctx(j, world(raised), frames(j, raised, pose)), 'ahead');
    expect(out.ok && onFloor.ok).toBe(true);
    if (!out.ok || !onFloor.ok) return;
    expect(out.gold.value as number).toBeCloseTo(0.307, 6);
    expect(out.gold.pixel_m).toBeCloseTo(onFloor.gold.pixel_m, 9);
  });

  it("is unknown when the floor under the camera's nose was never seen", () => {
    const fs = frames(j, solids, [{ x: 2.0, y: 3, heading: 0 }]);
    const out = clearPath(ctx(j, w, fs), 'ahead');
    expect(out.ok && out.gold.knowable).toBe(false);
    if (out.ok) expect(out.gold.value).toBeNull();
  });

  it('reads space seen earlier from memory (back), and is unknown where it was never seen', () => {
    const fs = frames(j, solids, [
      { x: 3.5, y: 3, heading: -180 },
      { x: 1.0, y: 3, heading: 0 },
      { x: 2.0, y: 3, heading: 0 },
    ]);
    const back = clearPath(ctx(j, w, fs), 'back');
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.gold.knowable).toBe(true);
    expect(back.gold.value as number).toBeCloseTo(2 - 0.17, 6);
    expect(back.gold.column).toBe('memory');
    expect(back.gold.evidence_frames).toContain(0);
    expect(back.gold.age_s).toBe(4);
    // without the first frame the floor behind was never seen
    const back2 = clearPath(ctx(j, w, fs.slice(1)), 'back');
    expect(back2.ok && back2.gold.knowable).toBe(false);
  });

  it('turns in place first for left and right', () => {
    const fs = frames(j, solids, [
      { x: 2.0, y: 3, heading: 90 },
      { x: 2.0, y: 3, heading: -90 },
      { x: 2.0, y: 1.5, heading: 90 },
      { x: 2.0, y: 4.5, heading: -90 },
      { x: 2.0, y: 3, heading: 0 },
    ]);
    const left = clearPath(ctx(j, w, fs), 'left');
    expect(left.ok).toBe(true);
    if (!left.ok) return;
    expect(left.text).toContain('90 degrees to your left');
    // turned to face +y, the 0.34 m long body drives to the north wall at y = 6
    expect(left.gold.value as number).toBeCloseTo(6 - 3 - 0.17, 6);
  });
});
