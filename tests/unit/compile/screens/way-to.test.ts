import { describe, expect, it } from 'vitest';
import { MIN_PROGRESS_M, MIN_TURN_DEG, wayToRoom } from '../../../../compile/screens/way-to-room.ts';
import { ctxOf, frame, ref, thingQ } from '../../../helpers/screens-fixture.ts';

function table(best: number, progress: number, roomy = true) {
  const entries = Array.from({ length: 360 }, (_, i) => ({
    progress_m: i - 180 === best ? progress : 0,
    room_ok: roomy || i - 180 !== best,
    seen_ok: true,
  }));
  return { step_deg: 1 as const, entries, best_progress_m: progress, cell_m: 0.1 };
}
const q = (best: number, progress = 0.8, roomy = true) =>
  thingQ('way_to', ref('green_plate'), {
    answer_type: 'heading',
    value: best,
    pixel_m: 0.1,
    heading_table: table(best, progress, roomy),
  });

describe('way_to_room', () => {
  const ctx = ctxOf([frame(0, [])]);
  it(`drops a best heading under ${MIN_TURN_DEG} deg, keeps one at it`, () => {
    expect(wayToRoom.apply(q(MIN_TURN_DEG - 1), ctx)).toMatch(/not a real turn/);
    expect(wayToRoom.apply(q(-(MIN_TURN_DEG - 1)), ctx)).toMatch(/not a real turn/);
    expect(wayToRoom.apply(q(MIN_TURN_DEG), ctx)).toBeNull();
    expect(wayToRoom.apply(q(-162), ctx)).toBeNull();
  });

  it('drops a best heading without room through seen floor', () => {
    expect(wayToRoom.apply(q(90, 0.8, false), ctx)).toMatch(/no room/);
  });

  it(`drops a best heading gaining under ${MIN_PROGRESS_M} m, keeps one gaining it`, () => {
    expect(wayToRoom.apply(q(90, MIN_PROGRESS_M - 0.01), ctx)).toMatch(/gains/);
    expect(wayToRoom.apply(q(90, MIN_PROGRESS_M), ctx)).toBeNull();
  });

  it('leaves unknown golds and other families alone', () => {
    expect(
      wayToRoom.apply(
        thingQ(
          'way_to',
          { colour: 'red', kind: 'bag' },
          { knowable: false, value: null, answer_type: 'heading' },
          true,
        ),
        ctx,
      ),
    ).toBeNull();
    expect(wayToRoom.apply(thingQ('object_where', ref('green_plate')), ctx)).toBeNull();
  });
});
