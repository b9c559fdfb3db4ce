/** Named seeded streams: the same (seed, purpose, id) gives the same sequence; other purposes and ids are independent. */
import { describe, expect, it } from 'vitest';
import { HEX_ID, hexId, isHexId, stream, streamKey } from '../../../foundation/index.ts';

const draws = (seed: string | number, purpose: string, id: string | number, n = 20) => {
  const s = stream(seed, purpose, id);
  return Array.from({ length: n }, () => s.next());
};

function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((x, y) => x + y, 0) / n;
  const mb = b.reduce((x, y) => x + y, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

describe('stream', () => {
  it('repeats the same sequence for the same (seed, purpose, id)', () => {
    expect(draws(7, 'gaps', 'script-3')).toEqual(draws(7, 'gaps', 'script-3'));
    const a = stream('s', 'ids', 1);
    const b = stream('s', 'ids', 1);
    expect([a.int(0, 100), a.pick(['x', 'y', 'z']), a.shuffle([1, 2, 3, 4, 5]), a.coin(0.5), a.hexId()]).toEqual([
      b.int(0, 100),
      b.pick(['x', 'y', 'z']),
      b.shuffle([1, 2, 3, 4, 5]),
      b.coin(0.5),
      b.hexId(),
    ]);
  });

  it('differs between seeds, purposes and ids', () => {
    const base = draws(7, 'gaps', 'a');
    expect(draws(8, 'gaps', 'a')).not.toEqual(base);
    expect(draws(7, 'moves', 'a')).not.toEqual(base);
    expect(draws(7, 'gaps', 'b')).not.toEqual(base);
    // the key separates its parts, so shifting text between purpose and id gives another stream
    expect(streamKey(1, 'ab', 'c')).not.toBe(streamKey(1, 'a', 'bc'));
  });

  it('gives first values over many ids that are distinct, uniform and uncorrelated across purposes', () => {
    const n = 2000;
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < n; i++) {
      a.push(stream(42, 'move-p', `thing-${i}`).next());
      b.push(stream(42, 'door', `thing-${i}`).next());
    }
    expect(new Set(a).size).toBe(n);
    const mean = a.reduce((x, y) => x + y, 0) / n;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
    // ten equal bins each hold about a tenth
    const bins = new Array(10).fill(0);
    for (const x of a) bins[Math.floor(x * 10)]++;
    for (const c of bins) expect(Math.abs(c - n / 10)).toBeLessThan(n / 10 / 3);
    expect(Math.abs(correlation(a, b))).toBeLessThan(0.1);
    // neighbouring ids are not correlated either
    expect(Math.abs(correlation(a.slice(0, -1), a.slice(1)))).toBeLessThan(0.1);
  });

  it('keeps int within its inclusive range and refuses empty ranges and lists', () => {
    const s = stream(1, 'int');
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const v = s.int(2, 6);
      expect(Number.isInteger(v) && v >= 2 && v <= 6).toBe(true);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5, 6]);
    expect(() => s.int(3, 2)).toThrow();
    expect(() => s.pick([])).toThrow();
    expect(() => stream(1, '')).toThrow();
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = Array.from({ length: 30 }, (_, i) => i);
    const out = stream(3, 'shuffle').shuffle(input);
    expect(out).not.toEqual(input);
    expect([...out].sort((x, y) => x - y)).toEqual(input);
    expect(input[0]).toBe(0);
  });

  it('draws uniform values inside [lo, hi)', () => {
    const s = stream(5, 'uniform');
    for (let i = 0; i < 200; i++) {
      const v = s.uniform(600, 10800);
      expect(v >= 600 && v < 10800).toBe(true);
    }
  });
});

describe('hexId', () => {
  it('is 16 lowercase hex characters, repeatable, and distinct over many ids', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const h = hexId('build', 'sid', i);
      expect(h).toMatch(HEX_ID);
      expect(h).toMatch(/^[0-9a-f]{16}$/);
      expect(isHexId(h)).toBe(true);
      ids.add(h);
    }
    expect(ids.size).toBe(1000);
    expect(hexId('build', 'sid', 5)).toBe(hexId('build', 'sid', 5));
    expect(hexId('build', 'cid', 5)).not.toBe(hexId('build', 'sid', 5));
    expect(isHexId('0B29B8DC4F4D5002')).toBe(false);
    expect(isHexId('0b29b8dc4f4d5002')).toBe(true);
  });
});
