import { describe, expect, it } from 'vitest';
import {
  trickSharePlan,
  TRICK_SHARE_AIM,
  TRICK_SHARE_MAX,
  TRICK_SHARE_MIN,
  TRICK_SHARE_MIN_QUESTIONS,
  type ShareItem,
} from '../../../compile/trick-share.ts';

function items(job: string, real: number, tricks: number, other = 0): ShareItem[] {
  const out: ShareItem[] = [];
  for (let i = 0; i < real; i++)
    out.push({
      job,
      family: ['ego_mem', 'object_where', 'way_to'][i % 3],
      trick: false,
      task_critical: i % 5 === 0,
      key: `${job}-r${String(i).padStart(3, '0')}`,
    });
  for (let i = 0; i < tricks; i++)
    out.push({
      job,
      family: ['object_where', 'way_to', 'ego_mem'][i % 3],
      trick: true,
      task_critical: false,
      key: `${job}-t${String(i).padStart(3, '0')}`,
    });
  for (let i = 0; i < other; i++)
    out.push({ job, family: 'clear_path', trick: false, task_critical: false, key: `${job}-o${i}` });
  return out;
}

function shareAfter(all: ShareItem[], job: string, seed = 's'): { n: number; t: number } {
  const plan = trickSharePlan(all, seed);
  const gone = new Set(plan.drops.map((d) => d.key));
  const left = all.filter((i) => i.job === job && !gone.has(i.key) && i.family !== 'clear_path');
  return { n: left.length, t: left.filter((i) => i.trick).length };
}

describe('trick_share post-pass', () => {
  it('leaves a share already in the band alone', () => {
    expect(trickSharePlan(items('a', 16, 4, 7), 's').drops).toEqual([]);
  });

  it('drops surplus tricks, the fewest needed, to bring the share down to one in five', () => {
    const all = items('a', 20, 12);
    const { n, t } = shareAfter(all, 'a');
    expect(t / n).toBeLessThanOrEqual(TRICK_SHARE_AIM + 1e-9);
    expect(t / n).toBeGreaterThanOrEqual(TRICK_SHARE_MIN);
    expect(n).toBe(25); // (12 - 7) / (32 - 7) = 0.20; one fewer drop gives 6/26 = 0.23
    expect(trickSharePlan(all, 's').drops.every((d) => d.key.includes('-t'))).toBe(true);
  });

  it('drops real where-is questions, not task-critical first, to raise the share to at least 15%', () => {
    const all = items('a', 36, 3);
    const plan = trickSharePlan(all, 's');
    const { n, t } = shareAfter(all, 'a');
    expect(t / n).toBeGreaterThanOrEqual(TRICK_SHARE_MIN);
    expect(n).toBe(20);
    const critical = new Set(all.filter((i) => i.task_critical).map((i) => i.key));
    expect(plan.drops.filter((d) => critical.has(d.key))).toEqual([]);
  });

  it(`applies only to jobs with at least ${TRICK_SHARE_MIN_QUESTIONS} where-is questions; never drops other families`, () => {
    const all = [...items('small', 18, 0, 30), ...items('big', 30, 0, 5)];
    const plan = trickSharePlan(all, 's');
    expect(plan.jobs.find((j) => j.job === 'small')?.applies).toBe(false);
    expect(plan.drops.every((d) => d.job === 'big' && !d.key.includes('-o'))).toBe(true);
  });

  it('is deterministic for a seed and within the band for many mixes', () => {
    const all = items('a', 40, 1).concat(items('b', 22, 13));
    expect(trickSharePlan(all, 'x')).toEqual(trickSharePlan(all, 'x'));
    for (let real = 17; real < 60; real += 3)
      for (let tricks = 1; tricks < 25; tricks += 2) {
        const mix = items('j', real, tricks);
        if (real + tricks < TRICK_SHARE_MIN_QUESTIONS) continue;
        const { n, t } = shareAfter(mix, 'j', `${real}/${tricks}`);
        expect(t / n, `${real} real, ${tricks} tricks`).toBeGreaterThanOrEqual(TRICK_SHARE_MIN - 1e-9);
        expect(t / n, `${real} real, ${tricks} tricks`).toBeLessThanOrEqual(TRICK_SHARE_MAX + 1e-9);
      }
  });

  it("holds the band per split: a job's held-out questions are brought into it apart from its dev ones", () => {
    // dev alone in the band (4 of 20); held out 8 of 12 tricks: pooled, 12 of 32 (37%) would drop dev tricks too
    const dev = items('a', 16, 4);
    const held = items('a', 4, 8).map((i) => ({ ...i, split: 'heldout' as const, key: `h-${i.key}` }));
    const plan = trickSharePlan([...dev, ...held], 's');
    const gone = new Set(plan.drops.map((d) => d.key));
    expect(dev.some((i) => gone.has(i.key))).toBe(false);
    expect(plan.jobs.map((j) => [j.job, j.split, j.applies])).toEqual([
      ['a', 'dev', true],
      ['a', 'heldout', false],
    ]);
    // at 20 or more held-out where-is questions the band applies to them: 10 of 25 tricks are brought to one in five
    const held2 = items('a', 15, 10).map((i) => ({ ...i, split: 'heldout' as const, key: `h-${i.key}` }));
    const left = held2.filter(
      (i) => !new Set(trickSharePlan([...dev, ...held2], 's').drops.map((d) => d.key)).has(i.key),
    );
    expect(left.filter((i) => i.trick).length / left.length).toBeLessThanOrEqual(TRICK_SHARE_AIM + 1e-9);
    // a dev-only plan is the plan it was before splits
    expect(trickSharePlan(items('a', 20, 12), 's').drops).toEqual(
      trickSharePlan(
        items('a', 20, 12).map((i) => ({ ...i, split: 'dev' as const })),
        's',
      ).drops,
    );
  });
});
