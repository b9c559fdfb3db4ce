import { describe, expect, it } from 'vitest';
import { stream } from '../../../foundation/index.ts';
import { bandCounts, drawTaskCounts } from '../../../script/mix.ts';
import { drawGap, drawGaps } from '../../../script/gaps.ts';
import { scriptSid, scriptSids } from '../../../script/sid.ts';

const mix = {
  scripts: 16,
  bands: [
    { scripts: 12, tasks: { min: 2, max: 3 } },
    { scripts: 4, tasks: { min: 4, max: 6 } },
  ],
};

describe('release mix', () => {
  it('gives 12 scripts of 2-3 tasks and 4 of 4-6 for 16', () => {
    for (let seed = 0; seed < 20; seed++) {
      const n = drawTaskCounts(mix, 16, stream(seed, 'mix'));
      expect(n.length).toBe(16);
      expect(n.filter((x) => x >= 2 && x <= 3).length).toBe(12);
      expect(n.filter((x) => x >= 4 && x <= 6).length).toBe(4);
    }
  });
  it('scales to other counts and honours a fixed count', () => {
    expect(bandCounts(mix, 4)).toEqual([3, 1]);
    expect(bandCounts(mix, 2)).toEqual([1, 1]);
    expect(bandCounts(mix, 1)).toEqual([1, 0]);
    expect(drawTaskCounts(mix, 3, stream(1, 'mix'), 2)).toEqual([2, 2, 2]);
  });
});

describe('gaps', () => {
  it('stay within 10 minutes to 3 hours', () => {
    const spec = { min_s: 600, max_s: 10800, distribution: 'log_uniform' as const };
    const s = stream(3, 'gaps');
    const gs = Array.from({ length: 500 }, () => drawGap(spec, s));
    expect(Math.min(...gs)).toBeGreaterThanOrEqual(600);
    expect(Math.max(...gs)).toBeLessThanOrEqual(10800);
    expect(gs.filter((g) => g < 1800).length).toBeGreaterThan(100); // log-uniform favours short gaps
    expect(drawGaps(spec, 4, stream(1, 'g')).length).toBe(3);
  });
});

describe('sids', () => {
  it('are 16 hex, stable and distinct per job', () => {
    expect(scriptSid(7, 'helper/1', 0)).toMatch(/^[0-9a-f]{16}$/);
    expect(scriptSid(7, 'helper/1', 0)).toBe(scriptSid(7, 'helper/1', 0));
    expect(scriptSid(7, 'helper/1', 0)).not.toBe(scriptSid(7, 'amr/1', 0));
    expect(new Set(scriptSids(7, 'helper/1', 64)).size).toBe(64);
  });
});
