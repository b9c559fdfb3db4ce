import { describe, expect, it } from 'vitest';
import { Funnel } from '../../../../compile/funnel.ts';
import { funnelAddsUp } from '../../../helpers/screens-fixture.ts';
import { SCREENS } from '../../../../compile/screens/index.ts';

describe('the funnel', () => {
  it('adds up after keeps, drops and a post-pass retraction', () => {
    const f = new Funnel();
    const d = (family: string, screen: string) => ({
      job: 'helper/1',
      family,
      sid: 's',
      cid: 'c',
      k: 3,
      thing: 'x',
      screen,
      reason: 'r',
    });
    f.keep('helper/1', 'ego_mem');
    f.keep('helper/1', 'ego_mem');
    f.drop(d('ego_mem', 'recognizable'));
    f.drop(d('ego_mem', 'family'));
    f.keep('amr/1', 'object_where');
    f.retract(d('ego_mem', 'trick_share'));
    const r = f.report();
    expect(funnelAddsUp(r)).toEqual([]);
    const em = r.counts.find((c) => c.family === 'ego_mem')!;
    expect(em).toMatchObject({ candidates: 4, kept: 1, drops: { family: 1, recognizable: 1, trick_share: 1 } });
    expect(() => f.retract({ ...d('ego_mem', 'trick_share'), job: 'drone/1' })).toThrow(/nothing kept/);
  });

  it('lists the screens in the order compile applies them', () => {
    expect(SCREENS.map((s) => s.name)).toEqual([
      'given_away',
      'recognizable',
      'no_lookalike',
      'glimpse',
      'placeable',
      'way_to_room',
    ]);
  });
});
