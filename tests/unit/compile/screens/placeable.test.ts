import { describe, expect, it } from 'vitest';
import { needAtGold, placeable } from '../../../../compile/screens/placeable.ts';
import { ctxOf, frame, gold, ref, seen, thingQ } from '../../../helpers/screens-fixture.ts';

describe('placeable', () => {
  const frames = (contact = true) => [frame(0, [seen('green_plate', contact ? {} : { contact: null })]), frame(1, [])];

  it('drops a place question whose evidence sighting shows no contact point, keeps one that does', () => {
    const q = thingQ('object_where', ref('green_plate'));
    expect(placeable.apply(q, ctxOf(frames(false)))).toMatch(/meets the floor/);
    expect(placeable.apply(q, ctxOf(frames(true)))).toBeNull();
  });

  it('drops p > N/2 and keeps p = N/2 (place: N = R)', () => {
    expect(placeable.apply(thingQ('object_where', ref('green_plate'), { pixel_m: 0.51 }), ctxOf(frames()))).toMatch(
      /N\/2/,
    );
    expect(placeable.apply(thingQ('object_where', ref('green_plate'), { pixel_m: 0.5 }), ctxOf(frames()))).toBeNull();
  });

  it('uses the need at the gold: max(C, d/10) for numbers and offsets', () => {
    expect(
      needAtGold(gold({ family: 'clear_path', answer_type: 'number', value: 0.3, clearance_m: 0.15 })),
    ).toBeCloseTo(0.15);
    expect(needAtGold(gold({ family: 'clear_path', answer_type: 'number', value: 4, clearance_m: 0.15 }))).toBeCloseTo(
      0.4,
    );
    expect(
      needAtGold(gold({ family: 'ego_now', answer_type: 'offset', value: { ahead: 3, left: 4 }, clearance_m: 0.1 })),
    ).toBeCloseTo(0.5);
    const cp = {
      family: 'clear_path' as const,
      target: { type: 'direction' as const, direction: 'ahead' as const },
      trick: false,
      text: 'x',
    };
    expect(
      placeable.apply(
        { ...cp, gold: gold({ family: 'clear_path', answer_type: 'number', value: 2, pixel_m: 0.11 }) },
        ctxOf(frames()),
      ),
    ).toMatch(/N\/2 = 0.100/);
    expect(
      placeable.apply(
        { ...cp, gold: gold({ family: 'clear_path', answer_type: 'number', value: 2, pixel_m: 0.1 }) },
        ctxOf(frames()),
      ),
    ).toBeNull();
  });

  it('checks every list item against M/2', () => {
    const lq = (p: number) => ({
      family: 'task_things' as const,
      target: { type: 'none' as const },
      trick: false,
      text: 'x',
      gold: gold({
        family: 'task_things',
        answer_type: 'list',
        match_m: 0.5,
        value: [
          { x: 1, y: 1, pixel_m: 0.01, hazard: false },
          { x: 2, y: 2, pixel_m: p, hazard: false },
        ],
      }),
    });
    expect(placeable.apply(lq(0.3), ctxOf(frames()))).toMatch(/list item at \(2, 2\)/);
    expect(placeable.apply(lq(0.25), ctxOf(frames()))).toBeNull();
  });

  it('leaves unknown golds alone', () => {
    expect(
      placeable.apply(
        thingQ('object_where', ref('green_plate'), { knowable: false, value: null, pixel_m: 5 }),
        ctxOf([frame(0, [])]),
      ),
    ).toBeNull();
  });
});
