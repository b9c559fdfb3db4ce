/**
 * Numbers typed on the command line (`--workers 4`, `--timeout 30`): each checked whole (or finite), within a range
 * whose upper end says why it is there, so that `--workers 1e9` or `--size 99999999` is a usage error (exit 2), not a
 * run that forks a billion processes or allocates a picture of the moon. Every bound is far below 2^53, so a number
 * that passes is a safe integer where a whole number is meant (`--shard 1/99999999999999999999` is refused, not
 * read as 1e20). docs/format.md, "Limits and refusals", lists them.
 */
import { clip, UsageError } from './errors.ts';

/** Worker processes or threads: more than 256 is past the cores of any one machine. */
export const MAX_WORKERS = 256;

/** A whole number `--name` in [min, max] (`why` says why max); undefined stays undefined. */
export function wholeFlag(
  name: string,
  v: string | undefined,
  min: number,
  max: number,
  why: string,
): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\s*[+]?\d+\s*$/.test(v) || n < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got ${JSON.stringify(clip(v, 100))}`);
  // past max, or past 2^53 where a double no longer holds every whole number (99999999999999999999)
  if (n > max || !Number.isSafeInteger(n))
    throw new UsageError(`--${name} must be at most ${max} (${why}), got ${clip(v.trim(), 100)}`);
  return n;
}

/** A finite number `--name` in (0, max] (`why` says why max). */
export function positiveFlag(name: string, v: string, max: number, why: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${name} must be a positive number, got ${JSON.stringify(clip(v, 100))}`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max} (${why}), got ${n}`);
  return n;
}

/** `--workers`: 1 to MAX_WORKERS. */
export function workersFlag(v: string, name = 'workers'): number {
  return wholeFlag(name, v, 1, MAX_WORKERS, 'more than the cores of any one machine')!;
}

/**
 * The most shards a render is split into: 100,000, past the scripts of any build (a release holds 96; one batch
 * at most 10,000), so a shard count beyond it names shards with no script in them.
 */
export const MAX_SHARDS = 100_000;

/** `--shard i/n`: render shard i (0-based) of n, n in 1..MAX_SHARDS, both whole numbers, 0 <= i < n. */
export function shardFlag(v: string, name = 'shard'): { index: number; count: number } {
  const usage = `--${name} must be i/n with 0 <= i < n (e.g. 0/4), got ${JSON.stringify(clip(v, 100))}`;
  const m = /^\s*(\d+)\/(\d+)\s*$/.exec(v);
  if (!m) throw new UsageError(usage);
  const [index, count] = [Number(m[1]), Number(m[2])];
  if (count > MAX_SHARDS || !Number.isSafeInteger(count))
    throw new UsageError(
      `--${name}: n must be at most ${MAX_SHARDS} (past the scripts of any build), got ${clip(m[2], 100)}`,
    );
  if (count < 1 || !(index < count)) throw new UsageError(usage);
  return { index, count };
}
