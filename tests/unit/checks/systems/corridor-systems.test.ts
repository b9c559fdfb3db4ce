/**
 * The systems that answer the corridor questions from maps instead of frames (checks/systems/corridor-answers.ts):
 * with one map the sweep's own answer, with several the median distance and the heading with the most room on
 * average; the layout prior's maps are generated places of the case's kind (a fixed set, none for a kind without a
 * generator).
 */
import { describe, expect, it } from 'vitest';
import type { CaseInfo, SystemSession } from '../../../../checks/harness/index.ts';
import { corridorSystem } from '../../../../checks/systems/corridor-answers.ts';
import { LAYOUT_PRIOR_PLACES, layoutPriorMaps } from '../../../../checks/systems/layout-prior.ts';
import type { Solid } from '../../../../layouts/solids.ts';
import { questionText } from '../../../helpers/question-text.ts';

/** A wall across the way ahead (+x) whose near face is at x = d. */
const wallAt = (d: number): Solid => ({
  name: `wall_${d}`,
  owner: 'structure',
  role: 'wall',
  shape: 'box',
  center: [d + 0.05, 0, 1],
  size: [0.1, 20, 2],
  yaw_deg: 0,
  material: 'plaster',
});
/** A wall beside the way on the left (+y) at y = d. */
const sideWallAt = (d: number): Solid => ({
  ...wallAt(d),
  name: `side_${d}`,
  center: [0, d + 0.05, 1],
  size: [20, 0.1, 2],
});

const RADIUS = 0.2;

async function ask(maps: Solid[][], text: string): Promise<unknown> {
  const sys = corridorSystem({ name: 't', role: 'shortcut', maps: () => maps });
  const s = (await sys.open({} as CaseInfo)) as SystemSession;
  const msg = (x: unknown) => x as never;
  await s.start(msg({ robot: { body: { footprint: { shape: 'circle', diameter_m: 2 * RADIUS }, height_m: 0.3 } } }));
  await s.observe(msg({ step: { pose: { pos: [0, 0, 0], heading_deg: 0 } } }));
  const r = await s.ask(msg({ questions: [{ qid: 'q', text }] }));
  return r.answers[0].answer;
}

describe('corridor answers from maps', () => {
  const ahead = questionText('clear_path', { num: 90 }, 'ahead');

  it('one map: the distance the body can drive before the wall', async () => {
    const a = (await ask([[wallAt(3)]], ahead)) as { type: string; value: number };
    expect(a.type).toBe('number');
    expect(a.value).toBeCloseTo(3 - RADIUS, 1);
  });

  it('several maps: the median of their distances', async () => {
    const a = (await ask([[wallAt(2)], [wallAt(9)], [wallAt(4)]], ahead)) as { value: number };
    expect(a.value).toBeCloseTo(4 - RADIUS, 1);
  });

  it('several maps: the heading with the most room on average', async () => {
    // ahead is blocked near in two maps of three, the left is open in all: the answer points left
    const maps = [[wallAt(1), sideWallAt(30)], [wallAt(1.5)], [wallAt(40)]];
    const a = (await ask(maps, questionText('open_heading'))) as { type: string; deg: number };
    expect(a.type).toBe('heading');
    expect(Math.abs(a.deg)).toBeGreaterThan(45);
  });

  it('no map, or a question of another family: unknown', async () => {
    expect(await ask([], ahead)).toEqual({ type: 'unknown' });
    expect(await ask([[wallAt(3)]], questionText('closest_approach', { num: 5 }))).toEqual({ type: 'unknown' });
  });
});

describe('the layout prior', () => {
  it('holds a fixed set of generated places of each held-out kind, and nothing for another kind', () => {
    const maps = layoutPriorMaps('warehouse')!;
    expect(maps).toHaveLength(LAYOUT_PRIOR_PLACES);
    expect(maps.every((m) => m.some((s) => s.role === 'wall') && m.some((s) => s.role === 'thing'))).toBe(true);
    expect(new Set(maps.map((m) => JSON.stringify(m.filter((s) => s.role === 'wall')))).size).toBeGreaterThan(1);
    expect(layoutPriorMaps('apartment')).toHaveLength(LAYOUT_PRIOR_PLACES);
    expect(layoutPriorMaps('downtown')).toHaveLength(LAYOUT_PRIOR_PLACES);
    expect(layoutPriorMaps('kitchen')).toBeNull();
  });
});
