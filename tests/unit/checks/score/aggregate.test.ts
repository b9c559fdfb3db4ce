/** Aggregation: cells, weights, columns, headline, pooled mean, bootstrap, breakdowns, reports and compare. */
import { describe, expect, it } from 'vitest';
import { aggregate, aggregateLayout, cellKey, columns } from '../../../../checks/score/aggregate.ts';
import { bootstrapOverScripts } from '../../../../checks/score/bootstrap.ts';
import {
  buildResults,
  compare,
  coverageLine,
  resultsMarkdown,
  resultsTable,
  signed,
} from '../../../../checks/score/report.ts';
import type { ResultRow } from '../../../../checks/score/result-row.ts';
import { gold } from '../../../helpers/score-fixture.ts';

let q = 0;
function rows(n: number, over: Partial<ResultRow>, scoreOf: (i: number) => number = () => 0): ResultRow[] {
  return Array.from({ length: n }, (_, i) => {
    const s = scoreOf(i);
    return {
      qid: (q++).toString(16).padStart(16, '0'),
      quarters: null,
      s: (s + 1) / 2,
      score_gate: s,
      score: s,
      catastrophe: null,
      answered: 'value',
      reason: '',
      layout: 'apartment_a',
      job: 'helper/1',
      sid: `s${i % 4}`,
      cid: `c${i % 8}`,
      family: 'clear_path',
      kind: 'harm',
      ability: 'clearance',
      column: 'now',
      length: 'short',
      age_band: 'now',
      task_critical: false,
      knowable: true,
      ...over,
    } as ResultRow;
  });
}

const reference: [string, string, number, number, number][] = [
  ['apartment_a', 'all_unknown', 0.0, 0.067, 0.034],
  ['apartment_a', 'haiku', 0.12, 0.184, 0.152],
  ['apartment_a', 'sonnet', 0.254, 0.317, 0.286],
  ['apartment_a', 'opus', 0.589, 0.544, 0.567],
  ['downtown_a', 'all_unknown', 0.0, 0.263, 0.132],
  ['downtown_a', 'haiku', 0.109, 0.261, 0.185],
  ['downtown_a', 'sonnet', 0.38, 0.351, 0.366],
  ['downtown_a', 'opus', 0.596, 0.632, 0.614],
  ['warehouse_a', 'all_unknown', 0.0, 0.111, 0.056],
  ['warehouse_a', 'haiku', 0.42, 0.127, 0.273],
  ['warehouse_a', 'sonnet', 0.36, 0.254, 0.307],
  ['warehouse_a', 'opus', 0.501, 0.338, 0.419],
];

describe('headline', () => {
  for (const [layout, system, now, mem, quoted] of reference) {
    it(`${layout} ${system}: (now + memory)/2 = ${quoted}`, () => {
      const rs = [
        ...rows(24, { layout, column: 'now', ability: 'distance' }, () => now),
        ...rows(40, { layout, column: 'memory', ability: 'memory' }, () => mem),
      ];
      const [a] = aggregate(rs, { B: 0 });
      expect(a.headline!).toBeCloseTo((now + mem) / 2, 4);
      expect(Math.abs(a.headline! - quoted)).toBeLessThanOrEqual(0.0005 + 1e-9);
    });
  }

  it('weighted and pooled means differ: cells of 5 and 40 questions', () => {
    const rs = [
      ...rows(5, { ability: 'distance', column: 'now' }, () => 1),
      ...rows(40, { ability: 'clearance', column: 'now' }, () => 0),
      ...rows(30, { ability: 'memory', column: 'memory' }, () => 0.5),
    ];
    const [a] = aggregate(rs, { B: 0 });
    // now: w = 0.25 for the 5-question cell, 1 for the 40: (0.25·1 + 1·0)/1.25 = 0.2; column weight 1
    expect(a.now.score).toBeCloseTo(0.2, 12);
    expect(a.memory.score).toBeCloseTo(0.5, 12);
    expect(a.headline).toBeCloseTo(0.35, 12);
    expect(a.weighted_cells_mean).toBeCloseTo((0.25 * 1 + 0 + 0.5) / 2.25, 12);
    expect(a.pooled_mean).toBeCloseTo((5 + 15) / 75, 12);
    expect(a.cells.map((c) => c.w)).toEqual([1, 0.25, 1]);
  });

  it('column weight is the largest cell weight; the dataset counts set the weights, not the scored subset', () => {
    const rs = [
      ...rows(4, { column: 'now', ability: 'distance' }, () => 1),
      ...rows(4, { column: 'memory', ability: 'memory' }, () => 0),
    ];
    const own = columns(rs);
    expect([own.W_now, own.W_memory]).toEqual([0.2, 0.2]);
    expect(own.headline).toBeCloseTo(0.5, 12);
    const ds = columns(rs, {
      [cellKey('helper/1', 'distance', 'now')]: 10,
      [cellKey('helper/1', 'memory', 'memory')]: 30,
    });
    expect([ds.W_now, ds.W_memory]).toEqual([0.5, 1]);
    expect(ds.headline).toBeCloseTo(0.5 / 1.5, 12);
  });

  it('a job with an empty column takes the other; two jobs in one layout share the columns', () => {
    const rs = [
      ...rows(20, { job: 'vacuum/2', column: 'memory', ability: 'relevance' }, () => 0.4),
      ...rows(20, { job: 'helper/1', column: 'now', ability: 'distance' }, () => 0.8),
      ...rows(20, { job: 'helper/1', column: 'memory', ability: 'memory' }, () => 0.2),
    ];
    const [a] = aggregate(rs, { B: 0 });
    expect(a.jobs['vacuum/2'].headline).toBeCloseTo(0.4, 12);
    expect(a.jobs['vacuum/2'].now.score).toBeNull();
    expect(a.jobs['helper/1'].headline).toBeCloseTo(0.5, 12);
    expect(a.memory.score).toBeCloseTo(0.3, 12);
    expect(a.now.score).toBeCloseTo(0.8, 12);
    expect(a.headline).toBeCloseTo(0.55, 12);
    expect(a.breakdowns.job['vacuum/2'].n).toBe(20);
  });

  it('never pools layouts', () => {
    const rs = [...rows(20, { layout: 'apartment_a' }, () => 1), ...rows(20, { layout: 'warehouse_a' }, () => -1)];
    const out = aggregate(rs, { B: 0 });
    expect(out.map((a) => [a.layout, a.headline])).toEqual([
      ['apartment_a', 1],
      ['warehouse_a', -1],
    ]);
  });
});

describe('rates', () => {
  it('catastrophe rate over harm answers, full credit, bands and abstention', () => {
    const rs = [
      ...rows(3, { kind: 'harm', catastrophe: 'minus2_corridor' }, () => -2),
      ...rows(5, { kind: 'harm' }, () => 1),
      ...rows(2, { kind: 'harm', answered: 'unknown' }, () => 0),
      ...rows(4, { kind: 'reuse', knowable: false, answered: 'unknown', column: 'memory', ability: 'memory' }, () => 1),
      ...rows(1, { kind: 'reuse', knowable: false, column: 'memory', ability: 'memory' }, () => -1),
    ];
    const [a] = aggregate(rs, { B: 0 });
    expect(a.catastrophes).toMatchObject({ harm_answers: 10, catastrophes: 3, rate: 0.3 });
    expect(a.full_credit).toMatchObject({ answerable: 10, full: 5, rate: 0.5 });
    expect(a.full_credit.bands.unknown).toBe(2);
    expect(a.full_credit.bands['[-1,-0.5)']).toBe(3);
    expect(a.abstention).toEqual({
      unknowable: 5,
      unknown_answers: 6,
      recall: 0.8,
      precision: 4 / 6,
      unknown_rate_on_answerable: 0.2,
    });
  });
});

describe('bootstrap', () => {
  const rs = [
    ...rows(60, { column: 'now', ability: 'distance' }, (i) => ((i * 37) % 11) / 10 - 0.5),
    ...rows(60, { column: 'memory', ability: 'memory', job: 'helper/1' }, (i) => ((i * 13) % 7) / 7),
    ...rows(40, { column: 'memory', ability: 'relevance', job: 'vacuum/2', sid: 'v' }, (i) => (i % 3) / 3).map(
      (r, i) => ({ ...r, sid: `v${i % 5}` }),
    ),
  ];
  it('is reproducible from a seed, changes with it, and covers the point estimate', () => {
    const a = aggregateLayout('apartment_a', rs, { B: 500, seed: 7 });
    const b = aggregateLayout('apartment_a', rs, { B: 500, seed: 7 });
    const c = aggregateLayout('apartment_a', rs, { B: 500, seed: 8 });
    expect(a.headline_ci).toEqual(b.headline_ci);
    expect(a.headline_ci).not.toEqual(c.headline_ci);
    expect(a.headline_ci!.lo).toBeLessThan(a.headline!);
    expect(a.headline_ci!.hi).toBeGreaterThan(a.headline!);
    expect(a.now.ci!.lo).toBeLessThanOrEqual(a.now.score!);
    expect(a.jobs['vacuum/2'].headline_ci!.lo).toBeLessThanOrEqual(a.jobs['vacuum/2'].headline!);
  });
  it("is stratified: every resample keeps each job's number of scripts", () => {
    const groups = [
      { stratum: 'a', rows: [1] },
      { stratum: 'a', rows: [2] },
      { stratum: 'b', rows: [3] },
    ];
    const seen = new Set<string>();
    bootstrapOverScripts(
      groups,
      (sample) => {
        expect(sample.filter((g) => g.stratum === 'a')).toHaveLength(2);
        expect(sample.filter((g) => g.stratum === 'b')).toHaveLength(1);
        seen.add(sample.map((g) => g.rows[0]).join(','));
        return { x: 0 };
      },
      { B: 100, seed: 1 },
    );
    expect(seen.size).toBeGreaterThan(1);
  });
  it('a constant score gives a zero-width interval', () => {
    const [a] = aggregate(
      rows(40, {}, () => 0),
      { B: 200 },
    );
    expect(a.headline_ci).toEqual({ lo: 0, hi: 0 });
  });
});

describe('results and compare', () => {
  const golds = [
    ...Array.from({ length: 30 }, (_, i) => gold('clear_path', { value: 1, sid: `s${i % 5}`, cid: `c${i % 10}` })),
    ...Array.from({ length: 30 }, (_, i) =>
      gold('object_where', {
        value: { x: 0, y: 0 },
        column: 'memory',
        ability: 'memory',
        kind: 'reuse',
        knowable: i % 3 !== 0,
        ...(i % 3 === 0 ? { value: null } : {}),
        sid: `s${i % 5}`,
        cid: `c${i % 10}`,
      }),
    ),
  ];
  const perfect = new Map(
    golds.map((g) => [
      g.qid,
      g.knowable
        ? g.family === 'clear_path'
          ? { type: 'number', value: 1 }
          : { type: 'place', x: 0, y: 0 }
        : { type: 'unknown' },
    ]),
  );
  const unknown = new Map(golds.map((g) => [g.qid, { type: 'unknown' }]));
  const A = buildResults({ golds, answers: perfect, system: 'perfect', compile_hash: 'h1', B: 200 });
  const U = buildResults({ golds, answers: unknown, system: 'all_unknown', compile_hash: 'h1', B: 200 });

  it('results hold one aggregate per layout, every row, the lead over all_unknown', () => {
    expect(A.layouts).toHaveLength(1);
    expect(A.rows).toHaveLength(60);
    expect(A.layouts[0].headline).toBe(1);
    expect(U.layouts[0].now.score).toBe(0);
    expect(U.layouts[0].memory.score).toBeCloseTo(1 / 3, 12);
    expect(A.layouts[0].lead_over_all_unknown!.memory).toBeCloseTo(2 / 3, 12);
    expect(U.layouts[0].lead_over_all_unknown).toEqual({ now: 0, memory: 0, headline: 0 });
  });

  it('results.md has the card table and coverage line', () => {
    const table = resultsTable([U, A]);
    expect(table.split('\n')[0]).toBe(
      '| Layout | System | Headline (95% interval) | now (interval) over N | memory (interval) over N | Own path | Cases scored | Channel | Arm |',
    );
    expect(table).toContain('| apartment_a | all_unknown | +0.167 [');
    expect(table).toContain('+0.000 [+0.000, +0.000] over 30');
    expect(table).toContain('| - | 10 | rgb_pose | correct brief, during on |');
    expect(coverageLine([U, A])).toBe('Coverage: all_unknown: 10 of 10 cases; perfect: 10 of 10 cases.');
    expect(resultsMarkdown(A)).toContain('Abstention: recall 100.0% of 10 unknowable questions');
    expect(signed(-0.0001)).toBe('+0.000');
    expect(signed(-0.079)).toBe('-0.079');
  });

  it('compare gives the paired difference and refuses other compiles or cases', () => {
    const d = compare(A, U, { B: 200 });
    expect(d[0].difference).toBeCloseTo(1 - U.layouts[0].headline!, 12);
    expect(d[0].ci!.lo).toBeLessThanOrEqual(d[0].difference!);
    expect(d[0].ci!.hi).toBeGreaterThanOrEqual(d[0].difference!);
    expect(() => compare(A, { ...U, compile_hash: 'h2' })).toThrow(/different compiles/);
    const fewer = buildResults({ golds: golds.slice(1), answers: unknown, system: 'x', compile_hash: 'h1', B: 10 });
    expect(() => compare(A, fewer)).toThrow(/different cases/);
  });
});
