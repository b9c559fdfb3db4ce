/**
 * Numbers typed on the command line (`--workers 4`, `--timeout 30`): each checked whole (or finite), within a range
 * whose upper end says why it is there, so that `--workers 1e9` or `--size 99999999` is a usage error (exit 2), not a
 * run that forks a billion processes or allocates a picture of the moon.
 */
import { UsageError } from './errors.ts';

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
  if (!/^\s*[+]?\d+\s*$/.test(v) || !Number.isSafeInteger(n) || n < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got ${JSON.stringify(v)}`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max} (${why}), got ${n}`);
  return n;
}

/** A finite number `--name` in (0, max] (`why` says why max). */
export function positiveFlag(name: string, v: string, max: number, why: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${name} must be a positive number, got ${JSON.stringify(v)}`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max} (${why}), got ${n}`);
  return n;
}

/** `--workers`: 1 to MAX_WORKERS. */
export function workersFlag(v: string, name = 'workers'): number {
  return wholeFlag(name, v, 1, MAX_WORKERS, 'more than the cores of any one machine')!;
}
