/**
 * Named seeded random streams. Every random choice in the project comes from a stream derived from
 * (seed, purpose, id), so that the same inputs give the same bytes and streams of different purposes are
 * independent of each other.
 */
import seedrandom from 'seedrandom';

export interface Stream {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [lo, hi) */
  uniform(lo: number, hi: number): number;
  /** integer in [lo, hi] inclusive */
  int(lo: number, hi: number): number;
  /** one element of a non-empty array */
  pick<T>(items: readonly T[]): T;
  /** a shuffled copy */
  shuffle<T>(items: readonly T[]): T[];
  /** true with probability p */
  coin(p: number): boolean;
  /** 16 lowercase hex characters */
  hexId(): string;
  /** the key this stream was derived from */
  readonly key: string;
}

/** Derive the key of a stream; exposed so that records can say where their randomness came from. */
export function streamKey(seed: string | number, purpose: string, id: string | number = ''): string {
  if (purpose === '') throw new Error('a random stream needs a purpose');
  // JSON keeps the parts apart: ('a/b', 'c') and ('a', 'b/c') give different keys
  return `stbench:${JSON.stringify([String(seed), purpose, String(id)])}`;
}

export function stream(seed: string | number, purpose: string, id: string | number = ''): Stream {
  const key = streamKey(seed, purpose, id);
  const prng = seedrandom(key);
  const next = () => prng.quick();
  const s: Stream = {
    key,
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => {
      if (hi < lo) throw new Error(`int(${lo}, ${hi}): empty range`);
      return lo + Math.floor(next() * (hi - lo + 1));
    },
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)];
    },
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    coin: (p) => next() < p,
    hexId: () => {
      let out = '';
      for (let i = 0; i < 4; i++) out += (prng.int32() >>> 0).toString(16).padStart(8, '0').slice(0, 4);
      return out;
    },
  };
  return s;
}

/** A 16-hex id drawn from the stream (seed, purpose, id). */
export function hexId(seed: string | number, purpose: string, id: string | number = ''): string {
  return stream(seed, purpose, id).hexId();
}

export const HEX_ID = /^[0-9a-f]{16}$/;

export function isHexId(s: unknown): s is string {
  return typeof s === 'string' && HEX_ID.test(s);
}

/** A fresh seed for a stage that was given none (recorded in its manifest so the run can be repeated). */
export function freshSeed(): string {
  return Array.from({ length: 4 }, () =>
    Math.floor(Math.random() * 0x10000)
      .toString(16)
      .padStart(4, '0'),
  ).join('');
}

/** The longest seed accepted: seeds are names, recorded in manifests and printed in reports. */
export const MAX_SEED_CHARS = 200;

/**
 * A seed given on the command line, checked: not empty or blank, at most MAX_SEED_CHARS characters, no control
 * characters (it is recorded in manifests and printed). Returns the seed as given; throws `bad(message)` otherwise.
 */
export function checkSeed(seed: string, bad: (message: string) => Error): string {
  if (seed.trim() === '') throw bad('a seed may not be empty or blank (give a word or a number, e.g. --seed 42)');
  if (seed.length > MAX_SEED_CHARS)
    throw bad(`a seed is at most ${MAX_SEED_CHARS} characters, this one ${seed.length}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(seed)) throw bad('a seed may not hold control characters');
  return seed;
}
