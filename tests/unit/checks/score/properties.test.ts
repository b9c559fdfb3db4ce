/** Properties of the scorer over seeded random inputs, malformed answers, and the heading table's wrap. */
import { describe, expect, it } from 'vitest';
import { stream } from '../../../../foundation/index.ts';
import { parseAnswer } from '../../../../checks/score/answer.ts';
import { headingIndex, nearestWholeHeading } from '../../../../checks/score/heading-lookup.ts';
import { score } from '../../../../checks/score/score.ts';
import { listCredit } from '../../../../checks/score/list-credit.ts';
import { creditOf, quarters } from '../../../../checks/score/credit.ts';

/** The list credit by trying every one-to-one assignment (each thing takes one place within 4M, or none). */
function bruteForce(
  things: { x: number; y: number; pixel_m: number }[],
  places: { x: number; y: number }[],
  M: number,
): number {
  let best = -1;
  const used = new Set<number>();
  const go = (i: number, sum: number, k: number) => {
    if (i === things.length) {
      best = Math.max(best, sum / (things.length + (places.length - k) / 2));
      return;
    }
    go(i + 1, sum, k);
    places.forEach((p, j) => {
      const e = Math.hypot(p.x - things[i].x, p.y - things[i].y);
      if (used.has(j) || e > 4 * M) return;
      used.add(j);
      go(i + 1, sum + creditOf(quarters(e, M, things[i].pixel_m, e <= M ? 1 : 0)), k + 1);
      used.delete(j);
    });
  };
  go(0, 0, 0);
  return best;
}
import { gold, table } from '../../../helpers/score-fixture.ts';

const rng = stream('test', 'score-properties');
const NUMBER_FAMILIES = ['clear_path', 'closest_person', 'closest_approach', 'approach_mem'] as const;

function randomNumberGold() {
  const family = rng.pick(NUMBER_FAMILIES);
  return gold(family, {
    value: rng.uniform(-0.2, 8),
    clearance_m: rng.pick([0.1, 0.15, 0.45, 2.4]),
    pixel_m: rng.uniform(0.002, 0.1),
  });
}

describe('bounds and exact answers', () => {
  it('numbers: within [-1, 1] except catastrophes (-2 corridor, -3 person); exact scores +1', () => {
    for (let i = 0; i < 2000; i++) {
      const g = randomNumberGold();
      const a = (g.value as number) + rng.uniform(-5, 5);
      const r = score(g, { type: 'number', value: a });
      expect(r.score_gate).toBeGreaterThanOrEqual(-1);
      expect(r.score_gate).toBeLessThanOrEqual(1);
      if (r.catastrophe) expect(r.score).toBe(g.family === 'clear_path' ? -2 : -3);
      else expect(r.score).toBe(r.score_gate);
      expect(score(g, { type: 'number', value: g.value as number }).score).toBe(1);
    }
  });

  it('offsets and places: within [-1, 1], exact +1', () => {
    for (let i = 0; i < 1000; i++) {
      const o = { ahead: rng.uniform(-5, 5), left: rng.uniform(-5, 5) };
      const go = gold('ego_mem', { value: o, pixel_m: rng.uniform(0.002, 0.05) });
      const r = score(go, { type: 'offset', ahead: o.ahead + rng.uniform(-3, 3), left: o.left + rng.uniform(-3, 3) });
      expect(Math.abs(r.score)).toBeLessThanOrEqual(1);
      expect(score(go, { type: 'offset', ...o }).score).toBe(1);
      const p = { x: rng.uniform(-10, 10), y: rng.uniform(-10, 10) };
      const gp = gold(rng.pick(['object_where', 'person_mem'] as const), {
        value: p,
        length_m: rng.uniform(0, 2),
        top_above_camera: rng.coin(0.5),
      });
      const rp = score(gp, { type: 'place', x: p.x + rng.uniform(-4, 4), y: p.y + rng.uniform(-4, 4) });
      expect(Math.abs(rp.score)).toBeLessThanOrEqual(1);
      expect(score(gp, { type: 'place', ...p }).score).toBe(1);
    }
  });

  it('lists: within [-1, 1] (or -3 for a missed hazard); the exact list scores +1', () => {
    for (let i = 0; i < 300; i++) {
      const things = Array.from({ length: rng.int(0, 6) }, () => ({
        x: rng.uniform(0, 8),
        y: rng.uniform(0, 8),
        pixel_m: 0.01,
        hazard: rng.coin(0.3),
      }));
      const g = gold('tangle_ahead', { job: 'vacuum/2', value: things });
      const places = Array.from({ length: rng.int(0, 8) }, () => ({ x: rng.uniform(0, 8), y: rng.uniform(0, 8) }));
      const r = score(g, { type: 'list', places });
      if (r.catastrophe) expect(r.score).toBe(-3);
      else expect(Math.abs(r.score)).toBeLessThanOrEqual(1 + 1e-12);
      expect(score(g, { type: 'list', places: things.map(({ x, y }) => ({ x, y })) }).score).toBeCloseTo(1, 12);
    }
  });
});

describe('monotone in the error on each side', () => {
  it('numbers: the gate score never rises as the answer moves away from the gold', () => {
    for (let i = 0; i < 200; i++) {
      const g = randomNumberGold();
      const v = g.value as number;
      for (const dir of [1, -1]) {
        let prev = Infinity;
        for (let k = 0; k <= 300; k++) {
          const s = score(g, { type: 'number', value: v + dir * k * 0.01 }).score_gate;
          expect(s).toBeLessThanOrEqual(prev + 1e-12);
          prev = s;
        }
      }
    }
  });
  it('places: the gate score never rises with distance', () => {
    const g = gold('object_where', { value: { x: 1, y: 2 }, length_m: 1.4, top_above_camera: true });
    let prev = Infinity;
    for (let k = 0; k <= 500; k++) {
      const s = score(g, { type: 'place', x: 1 + k * 0.01, y: 2 }).score_gate;
      expect(s).toBeLessThanOrEqual(prev + 1e-12);
      prev = s;
    }
  });
});

describe('unknown', () => {
  it('scores 0 where an answer exists and +1 where unknown is right, never a catastrophe', () => {
    for (let i = 0; i < 200; i++) {
      const g = randomNumberGold();
      const r = score(g, { type: 'unknown' });
      expect([r.score, r.score_gate, r.catastrophe]).toEqual([0, 0, null]);
    }
    const u = gold('object_where', { knowable: false, value: null });
    expect(score(u, { type: 'unknown' }).score).toBe(1);
    expect(score(u, { type: 'place', x: 0, y: 0 }).score).toBe(-1);
  });
});

describe('malformed answers score as wrong answers with a reason', () => {
  const g = gold('clear_path', { value: 1 });
  const cases: [string, unknown, RegExp][] = [
    ['missing', undefined, /missing/],
    ['null', null, /not null/],
    ['a string', '0.5', /not string/],
    ['no type', { value: 1 }, /no type/],
    ['wrong type', { type: 'place', x: 1, y: 1 }, /wrong type/],
    ['NaN', { type: 'number', value: NaN }, /not finite/],
    ['Infinity', { type: 'number', value: Infinity }, /not finite/],
    ['string number', { type: 'number', value: '1' }, /not a number/],
    ['missing field', { type: 'number' }, /value is missing/],
    ['made-up type', { type: 'guess' }, /wrong type/],
  ];
  for (const [name, a, why] of cases) {
    it(name, () => {
      const r = score(g, a);
      expect([r.s, r.score_gate, r.score, r.answered]).toEqual([0, -1, -1, 'invalid']);
      expect(r.reason).toMatch(why);
    });
  }
  it('a list over 200 places, a heading outside [-360, 360], a list item without y', () => {
    expect(parseAnswer({ type: 'list', places: Array.from({ length: 201 }, () => ({ x: 0, y: 0 })) })).toMatchObject({
      type: 'invalid',
    });
    expect(parseAnswer({ type: 'list', places: Array.from({ length: 200 }, () => ({ x: 0, y: 0 })) })).toMatchObject({
      type: 'list',
    });
    expect(parseAnswer({ type: 'heading', deg: 360.5 })).toMatchObject({ type: 'invalid' });
    expect(parseAnswer({ type: 'heading', deg: -360 })).toEqual({ type: 'heading', deg: -360 });
    expect(parseAnswer({ type: 'list', places: [{ x: 1 }] })).toEqual({
      type: 'invalid',
      reason: 'places[0].y is missing',
    });
    expect(parseAnswer({ type: 'offset', ahead: 1, left: -Infinity })).toMatchObject({ type: 'invalid' });
  });
});

describe('heading tables', () => {
  it('read the nearest whole degree, wrapping at ±180', () => {
    expect(nearestWholeHeading(179.6)).toBe(-180);
    expect(nearestWholeHeading(-180.4)).toBe(-180);
    expect(nearestWholeHeading(-180.6)).toBe(179);
    expect(nearestWholeHeading(359)).toBe(-1);
    expect(nearestWholeHeading(-359.7)).toBe(0);
    expect(headingIndex(0)).toBe(180);
    expect(headingIndex(-180)).toBe(0);
    expect(headingIndex(179.4)).toBe(359);
  });
  it('open_heading: a heading without room loses the direction quarter; the best heading scores +1', () => {
    const t = {
      ...table((h) => ({ run_m: h === -178 ? 3 : h === 180 - 1 ? 0.1 : 1.5, room_ok: h !== 179 })),
      best_run_m: 3,
      room_needed_m: 0.4,
    };
    const g = gold('open_heading', { value: -178, heading_table: t, pixel_m: 0.02 });
    expect(score(g, { type: 'heading', deg: 182 }).score).toBe(1); // 182 wraps to -178
    const bad = score(g, { type: 'heading', deg: 179 });
    expect(bad.quarters![0]).toBe(0);
    expect(score(g, { type: 'heading', deg: -181 }).quarters![0]).toBe(0); // -181 is 179
  });
  it('way_to: no room or unseen floor scores -1; the best heading +1; regret at N gives +0.5', () => {
    const t = {
      ...table((h) => ({ progress_m: h === 40 ? 0.9 : h === 10 ? 0.7 : 0.2, room_ok: h !== -90, seen_ok: h !== 90 })),
      best_progress_m: 0.9,
      cell_m: 0.1,
    };
    const g = gold('way_to', { kind: 'help', ability: 'memory', column: 'memory', value: 40, heading_table: t });
    expect(score(g, { type: 'heading', deg: 40 }).score).toBe(1);
    expect(score(g, { type: 'heading', deg: 10 }).score).toBeCloseTo(0.5, 9);
    expect(score(g, { type: 'heading', deg: -90 }).score).toBe(-1);
    expect(score(g, { type: 'heading', deg: 90 }).score).toBe(-1);
  });
});

describe('lists', () => {
  it('optimal assignment prefers fewer, better matches when that raises the credit', () => {
    // thing A next to place 0; thing B within 4M of place 0 only; place 1 within 4M of A only (far)
    const things = [
      { x: 0, y: 0, pixel_m: 0.01, hazard: false },
      { x: 1.6, y: 0, pixel_m: 0.01, hazard: false },
    ];
    const r = listCredit(
      things,
      [
        { x: 0.01, y: 0 },
        { x: -1.9, y: 0 },
      ],
      0.5,
    );
    expect(r.matches.map((m) => [m.thing, m.place])).toEqual([[0, 0]]);
    expect(r.s).toBeCloseTo(
      bruteForce(
        things,
        [
          { x: 0.01, y: 0 },
          { x: -1.9, y: 0 },
        ],
        0.5,
      ),
      12,
    );
  });
  it('equals an exhaustive search over one-to-one assignments on random small lists', () => {
    for (let i = 0; i < 300; i++) {
      const things = Array.from({ length: rng.int(1, 4) }, () => ({
        x: rng.uniform(0, 3),
        y: rng.uniform(0, 3),
        pixel_m: rng.uniform(0.005, 0.05),
        hazard: false,
      }));
      const places = Array.from({ length: rng.int(0, 5) }, () => ({ x: rng.uniform(0, 3), y: rng.uniform(0, 3) }));
      expect(listCredit(things, places, 0.5).s).toBeCloseTo(bruteForce(things, places, 0.5), 12);
    }
  });
  it('drop_zone_people uses R when the job has no matching radius', () => {
    const g = gold('drop_zone_people', {
      job: 'drone/1',
      match_m: null,
      reacquire_m: 2,
      value: [{ x: 0, y: 0, pixel_m: 0.05, hazard: false }],
    });
    expect(score(g, { type: 'list', places: [{ x: 1.5, y: 0 }] }).score_gate).toBeGreaterThan(0);
  });
});
