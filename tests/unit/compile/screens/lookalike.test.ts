import { describe, expect, it } from 'vitest';
import { noLookalike } from '../../../../compile/screens/no-lookalike.ts';
import { glimpse } from '../../../../compile/screens/glimpse.ts';
import { ctxOf, frame, ref, seen, thingQ } from '../../../helpers/screens-fixture.ts';

describe('no_lookalike', () => {
  const q = thingQ('object_where', ref('brown_bag'), { evidence_frames: [1] });

  it('drops when a member of the look-alike group is in sight at an evidence frame', () => {
    const frames = [frame(0, []), frame(1, [seen('brown_bag'), seen('blue_box', { pixels: 30 })]), frame(2, [])];
    expect(noLookalike.apply(q, ctxOf(frames))).toMatch(/look-alike blue_box/);
  });

  it('keeps when the look-alike was in sight only at other frames', () => {
    const frames = [frame(0, [seen('brown_box')]), frame(1, [seen('brown_bag')]), frame(2, [seen('brown_box')])];
    expect(noLookalike.apply(q, ctxOf(frames))).toBeNull();
  });

  it('drops a thing whose name another seen thing shares, keeps it when the namesake was never seen', () => {
    const q2 = thingQ('ego_mem', ref('grey_remote'), {
      evidence_frames: [0],
      answer_type: 'offset',
      value: { ahead: 1, left: 0 },
    });
    expect(
      noLookalike.apply(
        q2,
        ctxOf([frame(0, [seen('grey_remote')]), frame(1, [seen('grey_remote_2', { pixels: 2000 })])]),
      ),
    ).toMatch(/another grey remote/);
    expect(noLookalike.apply(q2, ctxOf([frame(0, [seen('grey_remote')]), frame(1, [])]))).toBeNull();
  });
});

describe('glimpse', () => {
  const trick = thingQ(
    'way_to',
    { colour: 'brown', kind: 'bag' },
    { knowable: false, value: null, answer_type: 'heading' },
    true,
  );

  it('drops an unknown-gold question when a same-coloured look-alike was only glimpsed', () => {
    const frames = [frame(0, [seen('brown_box', { pixels: 300 })]), frame(1, [])];
    expect(glimpse.apply(trick, ctxOf(frames))).toMatch(/only glimpsed/);
  });

  it("drops when the glimpse was named the question's colour, though the thing is another colour", () => {
    const frames = [frame(0, [seen('blue_box', { pixels: 300, colour: 'brown' })]), frame(1, [])];
    expect(glimpse.apply(trick, ctxOf(frames))).toMatch(/only glimpsed/);
  });

  it('keeps when the look-alike was seen clearly at least once', () => {
    const frames = [frame(0, [seen('brown_box', { pixels: 300 })]), frame(1, [seen('brown_box')]), frame(2, [])];
    expect(glimpse.apply(trick, ctxOf(frames))).toBeNull();
  });

  it('keeps when the glimpsed look-alike has another colour', () => {
    const frames = [frame(0, [seen('blue_box', { pixels: 300 })]), frame(1, [])];
    expect(glimpse.apply(trick, ctxOf(frames))).toBeNull();
  });

  it('keeps when the glimpse came after the ask', () => {
    const frames = [frame(0, []), frame(1, [seen('brown_box', { pixels: 300 })])];
    expect(glimpse.apply(trick, ctxOf(frames, { k: 0, script_k: 0 }))).toBeNull();
  });

  it('leaves knowable golds alone', () => {
    const real = thingQ('object_where', ref('brown_bag'));
    expect(glimpse.apply(real, ctxOf([frame(0, [seen('brown_bag'), seen('brown_box', { pixels: 300 })])]))).toBeNull();
  });
});
