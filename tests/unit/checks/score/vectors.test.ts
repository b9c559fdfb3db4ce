/** Every worked vector of SCORING.md, quoted and derived: gate and row scores to the file's 4 decimals. */
import { describe, expect, it } from 'vitest';
import { score } from '../../../../checks/score/score.ts';
import { gold, table } from '../../../helpers/score-fixture.ts';

const k18 = (a: number) =>
  score(gold('clear_path', { value: 0.307, clearance_m: 0.15, pixel_m: 0.047 }), { type: 'number', value: a });
const bag = (off: number) =>
  score(
    gold('object_where', {
      kind: 'reuse',
      ability: 'memory',
      column: 'memory',
      value: { x: 0.88, y: 4.42 },
      pixel_m: 0.0107,
    }),
    { type: 'place', x: 0.88 + off * 0.6, y: 4.42 + off * 0.8 },
  );
const pile = [{ x: 2, y: 3, pixel_m: 0.0128, hazard: false }];
const tt = (places: { x: number; y: number }[], over: Parameters<typeof gold>[1] = {}) =>
  score(gold('task_things', { kind: 'reuse', ability: 'relevance', column: 'memory', value: pile, ...over }), {
    type: 'list',
    places,
  });
const fq = (a: number) => score(gold('clear_path', { value: 1.0, pixel_m: 0.01 }), { type: 'number', value: a });

const cases: [string, () => { score: number; score_gate: number }, number, number?][] = [
  ['CP1', () => k18(0.35), 1.0],
  ['CP2', () => k18(0.164), 0.5206],
  ['CP3', () => k18(0.45), 0.2394],
  ['CP4', () => k18(0.27), 1.0],
  ['CP5', () => k18(1.0), -2.0, -0.5],
  ['GB1', () => score(gold('way_to', { knowable: false, value: null }), { type: 'unknown' }), 1.0],
  ['GB2', () => score(gold('way_to', { knowable: false, value: null }), { type: 'heading', deg: 30 }), -1.0],
  ['BB1', () => bag(0.08), 0.7783],
  ['BB2', () => bag(0.9), 0.5116],
  ['BB3', () => bag(1.2), -0.1],
  ['TT1', () => tt([{ x: 2.1, y: 3 }]), 0.7196],
  ['TT2', () => tt([{ x: 2, y: 3.4 }]), 0.5304],
  ['TT3', () => tt([]), -1.0],
  ['FQ1', () => fq(0.995), 1.0],
  ['FQ2', () => fq(0.85), 0.5],
  ['FQ3', () => fq(0.7), 0.0],
  ['FQ4', () => fq(0.4), -0.5],
  [
    'FQ5',
    () =>
      score(gold('ego_now', { kind: 'situation', ability: 'distance', value: { ahead: -0.3156, left: 0.257 } }), {
        type: 'offset',
        ahead: 0.3156,
        left: 0.257,
      }),
    -1.0,
  ],
  ['UK1', () => score(gold('clear_path', { value: 0.307 }), { type: 'unknown' }), 0.0],
  [
    'DV1',
    () =>
      tt([
        { x: 2.1, y: 3 },
        { x: 5, y: 5 },
      ]),
    0.1464,
  ],
  [
    'DV2',
    () =>
      tt(
        [
          { x: 2.1, y: 3 },
          { x: 5, y: 5 },
        ],
        { dont_care: [{ x: 5, y: 5.1, radius: 0.3 }] },
      ),
    0.7196,
  ],
  ['DV3.0', () => tt([], { value: [] }), 1.0],
  ['DV3.1', () => tt([{ x: 1, y: 1 }], { value: [] }), 0.3333],
  [
    'DV3.2',
    () =>
      tt(
        [
          { x: 1, y: 1 },
          { x: 2, y: 2 },
        ],
        { value: [] },
      ),
    0.0,
  ],
  [
    'DV3.4',
    () =>
      tt(
        [1, 2, 3, 4].map((x) => ({ x, y: 0 })),
        { value: [] },
      ),
    -0.3333,
  ],
  ['DV4', () => tt([{ x: 2.7, y: 3 }]), -0.2],
  ['DV5', () => tt([{ x: 4.1, y: 3 }]), -1.0],
  [
    'DV6',
    () =>
      score(gold('tangle_ahead', { job: 'vacuum/2', value: [{ x: 1, y: 1, pixel_m: 0.01, hazard: true }] }), {
        type: 'list',
        places: [],
      }),
    -3.0,
    -1.0,
  ],
  ['DV7', () => score(gold('closest_approach', { value: 0.0 }), { type: 'number', value: 0.4 }), -3.0, -1.0],
  ['DV8', () => score(gold('closest_approach', { value: 0.5 }), { type: 'number', value: 0.9 }), -0.5],
  [
    'DV9',
    () =>
      score(gold('object_where', { value: { x: 0, y: 0 }, length_m: 1.6, top_above_camera: true }), {
        type: 'place',
        x: 1.3,
        y: 0,
      }),
    0.5174,
  ],
  [
    'DV10',
    () =>
      score(
        gold('open_heading', {
          value: 20,
          pixel_m: 0.02,
          heading_table: {
            ...table((h) => ({ run_m: h === 20 ? 2.0 : 1.7, room_ok: true })),
            best_run_m: 2.0,
            room_needed_m: 0.5,
          },
        }),
        { type: 'heading', deg: -40 },
      ),
    0.25,
  ],
  [
    'DV11',
    () => score(gold('clear_path', { value: 3.0, pixel_m: 0.02 }), { type: 'number', value: 3.5 }),
    -2.0,
    -0.3333,
  ],
  ['DV12', () => score(gold('clear_path', { value: 3.0, pixel_m: 0.02 }), { type: 'number', value: 3.1 }), 0.6006],
];

describe('SCORING.md worked vectors', () => {
  for (const [id, run, want, gate] of cases) {
    it(`${id} scores ${want}`, () => {
      const r = run();
      expect(r.score).toBeCloseTo(want, 4);
      if (gate !== undefined) expect(r.score_gate).toBeCloseTo(gate, 4);
      else expect(r.score_gate).toBeCloseTo(want, 4);
    });
  }
  it('quoted vectors print to 2 decimals as quoted', () => {
    expect(k18(0.164).score.toFixed(2)).toBe('0.52');
    expect(k18(0.45).score.toFixed(2)).toBe('0.24');
    expect(bag(0.08).score.toFixed(2)).toBe('0.78');
    expect(bag(0.9).score.toFixed(2)).toBe('0.51');
    expect(tt([{ x: 2.1, y: 3 }]).score.toFixed(2)).toBe('0.72');
    expect(tt([{ x: 2, y: 3.4 }]).score.toFixed(2)).toBe('0.53');
  });
  it('CP5 is the corridor catastrophe, DV7 the person one, DV6 the hazard one', () => {
    expect(k18(1.0).catastrophe).toBe('minus2_corridor');
    expect(score(gold('closest_approach', { value: 0 }), { type: 'number', value: 0.4 }).catastrophe).toBe(
      'minus3_person',
    );
    expect(score(gold('closest_approach', { value: 0.5 }), { type: 'number', value: 0.9 }).catastrophe).toBeNull();
  });
});
