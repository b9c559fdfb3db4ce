import { describe, expect, it } from 'vitest';
import {
  EDGE_MARGIN_PX,
  LIT_FLOOR,
  MIN_PIXELS,
  recognizable,
  shownColour,
} from '../../../../compile/screens/recognizable.ts';
import { ctxOf, frame, ref, seen, thingQ } from '../../../helpers/screens-fixture.ts';

const ask = (frames: ReturnType<typeof frame>[], ev = [0]) =>
  recognizable.apply(thingQ('object_where', ref('green_plate'), { evidence_frames: ev }), ctxOf(frames));

describe('recognizable', () => {
  it('keeps a clear, lit, framed thing whose colour its frames show', () => {
    expect(ask([frame(0, [seen('green_plate')]), frame(1, [])])).toBeNull();
  });

  it(`drops below ${MIN_PIXELS} px at the evidence frame and keeps exactly ${MIN_PIXELS}`, () => {
    expect(ask([frame(0, [seen('green_plate', { pixels: MIN_PIXELS - 1 })]), frame(1, [])])).toMatch(/px </);
    expect(ask([frame(0, [seen('green_plate', { pixels: MIN_PIXELS })]), frame(1, [])])).toBeNull();
  });

  it('drops an unlit thing and keeps one just at the floor', () => {
    expect(ask([frame(0, [seen('green_plate', { brightness: LIT_FLOOR - 0.5 })]), frame(1, [])])).toMatch(/not lit/);
    expect(ask([frame(0, [seen('green_plate', { brightness: LIT_FLOOR })]), frame(1, [])])).toBeNull();
  });

  it("drops a thing at the frame's edge and keeps one at the margin", () => {
    expect(ask([frame(0, [seen('green_plate', { edge_margin_px: EDGE_MARGIN_PX - 1 })]), frame(1, [])])).toMatch(
      /edge/,
    );
    expect(ask([frame(0, [seen('green_plate', { edge_margin_px: EDGE_MARGIN_PX })]), frame(1, [])])).toBeNull();
  });

  it('reads only the evidence frames: a glimpse elsewhere does not drop', () => {
    const frames = [frame(0, [seen('green_plate', { pixels: 200 })]), frame(1, [seen('green_plate')]), frame(2, [])];
    expect(ask(frames, [1])).toBeNull();
    expect(ask(frames, [0])).toMatch(/evidence frame 0/);
  });

  it('drops when most clear frames show another colour word, keeps when most show its own', () => {
    const white = (k: number) => frame(k, [seen('green_plate', { colour: 'white' })]);
    const green = (k: number) => frame(k, [seen('green_plate')]);
    expect(ask([white(0), white(1), green(2), frame(3, [])])).toMatch(/colour word "green"/);
    expect(ask([green(0), white(1), green(2), frame(3, [])])).toBeNull();
    // a tie is not "most"
    expect(ask([green(0), white(1), frame(2, [])])).toMatch(/colour word/);
  });

  it('counts colour votes of clear sightings only when there are any', () => {
    const frames = [
      frame(0, [seen('green_plate')]),
      frame(1, [seen('green_plate', { pixels: 100, colour: 'white' })]),
      frame(2, [seen('green_plate', { pixels: 90, colour: 'white' })]),
    ];
    expect(shownColour(frames, 'green_plate').word).toBe('green');
  });

  it('leaves unknown golds and questions naming no thing alone', () => {
    expect(
      recognizable.apply(
        thingQ('object_where', { colour: 'red', kind: 'bag' }, { knowable: false, value: null }, true),
        ctxOf([frame(0, [])]),
      ),
    ).toBeNull();
    const cp = {
      ...thingQ('clear_path', ref('green_plate')),
      target: { type: 'direction' as const, direction: 'ahead' as const },
    };
    expect(recognizable.apply(cp, ctxOf([frame(0, [])]))).toBeNull();
  });
});
