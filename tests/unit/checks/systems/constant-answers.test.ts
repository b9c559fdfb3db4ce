/** The constant answers a form-reading system could learn: a place most lists hold makes a list that beats unknown. */
import { describe, expect, it } from 'vitest';
import { bestConstant, candidates } from '../../../../checks/systems/constant-answers.ts';
import { score } from '../../../../checks/score/index.ts';
import { gold } from '../../../helpers/score-fixture.ts';

const thing = (x: number, y: number) => ({ x, y, pixel_m: 0.01, hazard: false });
const list = (...things: ReturnType<typeof thing>[]) =>
  gold('task_things', { kind: 'reuse', ability: 'relevance', column: 'memory', value: things });

describe('constant answers for lists', () => {
  // a box by the start of every route is in 6 lists of 10; the others hold one thing each, never twice
  const box = thing(5.6, 2.5);
  const golds = [
    ...Array.from({ length: 4 }, () => list(box)),
    list(box, thing(1, 1)),
    list(box, thing(2, 7)),
    list(thing(9, 3)),
    list(),
    list(),
    list(thing(3, 8)),
  ];
  const mean = (a: unknown) => golds.reduce((s, g) => s + score(g, a).score_gate, 0) / golds.length;

  it('offers the commonest list and the places in half or a third of the lists, besides unknown and the empty list', () => {
    const cs = candidates('list', golds) as { type: string; places?: { x: number; y: number }[] }[];
    expect(cs[0]).toEqual({ type: 'unknown' });
    expect(cs[1]).toEqual({ type: 'list', places: [] });
    // the commonest list is the box alone (4 of 10); the box is the only place in half (or a third) of them
    expect(cs.slice(2)).toEqual([
      { type: 'list', places: [{ x: 5.6, y: 2.5 }] },
      { type: 'list', places: [{ x: 5.6, y: 2.5 }] },
      { type: 'list', places: [{ x: 5.6, y: 2.5 }] },
    ]);
  });

  it('so the best constant lists the box, and beats unknown, which the empty list never did', () => {
    const best = bestConstant('list', golds);
    expect(best.answer).toEqual({ type: 'list', places: [{ x: 5.6, y: 2.5 }] });
    expect(best.mean_gate).toBeGreaterThan(mean({ type: 'unknown' }));
    expect(mean({ type: 'list', places: [] })).toBeLessThan(mean({ type: 'unknown' }));
  });

  it('where no place recurs, no list constant beats unknown', () => {
    const spread = [list(thing(1, 1)), list(thing(4, 4)), list(thing(8, 2))];
    expect(candidates('list', spread).length).toBeGreaterThan(2);
    expect(bestConstant('list', spread).answer).toEqual({ type: 'unknown' });
  });
});
