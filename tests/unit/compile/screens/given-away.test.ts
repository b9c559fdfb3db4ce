import { describe, expect, it } from 'vitest';
import { givenAway } from '../../../../compile/screens/given-away.ts';
import { ctxOf, frame, ref, seen, step, thingQ } from '../../../helpers/screens-fixture.ts';

describe('given_away', () => {
  const frames = [frame(0, [seen('grey_remote'), seen('table_lamp')]), frame(1, []), frame(2, [])];
  const log = (subgoals: string[], assignments = ['patrol the hall']) => ({
    steps: subgoals.map((s, k) => step(k, s)),
    assignments,
  });

  it('drops light furniture, keeps other things', () => {
    expect(givenAway.apply(thingQ('object_where', ref('table_lamp')), ctxOf(frames))).toMatch(/light furniture/);
    expect(givenAway.apply(thingQ('object_where', ref('grey_remote')), ctxOf(frames))).toBeNull();
  });

  it("drops a thing the robot's subgoal named by the ask, keeps it when named only later", () => {
    const l = log([
      'going to the hall',
      'going to the tv console to pick up the grey remote',
      'carrying it to the shoe rack',
    ]);
    expect(givenAway.apply(thingQ('ego_mem', ref('grey_remote')), ctxOf(frames, { log: l }))).toMatch(
      /log names grey remote/,
    );
    expect(
      givenAway.apply(thingQ('ego_mem', ref('grey_remote')), ctxOf(frames, { k: 0, script_k: 0, log: l })),
    ).toBeNull();
  });

  it('drops a thing the assignment names (trick or not), keeps another', () => {
    const l = log(['waiting', 'going', 'going'], ['carry the grey remote from the tv console to the shoe rack']);
    expect(givenAway.apply(thingQ('object_where', ref('grey_remote')), ctxOf(frames, { log: l }))).toMatch(
      /carry the grey remote/,
    );
    expect(givenAway.apply(thingQ('object_where', ref('green_plate')), ctxOf(frames, { log: l }))).toBeNull();
  });

  it('reads end questions against the whole log', () => {
    const l = log(['going', 'going', 'dropping the green plate at the sink']);
    expect(
      givenAway.apply(thingQ('object_where', ref('green_plate')), ctxOf(frames, { k: null, script_k: null, log: l })),
    ).toMatch(/green plate/);
  });
});
