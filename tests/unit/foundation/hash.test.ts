/** canonicalJson sorts keys at every level, so equal data hashes equally whatever order it was built in. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashJson, sha256 } from '../../../foundation/index.ts';

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    const v = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } };
    expect(canonicalJson(v)).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('drops undefined fields and keeps null', () => {
    expect(canonicalJson({ b: undefined, a: null })).toBe('{"a":null}');
  });

  it('gives the same text and hash for the same data built in another order', () => {
    const one: Record<string, unknown> = {};
    one.x = 1;
    one.y = { q: 2, p: [1, 2] };
    const two: Record<string, unknown> = {};
    two.y = { p: [1, 2], q: 2 };
    two.x = 1;
    expect(JSON.stringify(one)).not.toBe(JSON.stringify(two));
    expect(canonicalJson(one)).toBe(canonicalJson(two));
    expect(hashJson(one)).toBe(hashJson(two));
    expect(hashJson({ x: 1 })).not.toBe(hashJson({ x: 2 }));
    expect(hashJson(one)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes with sha256', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
