/**
 * What of a case's stream the API loop keeps in the model's context (`--context`): `all` (every frame, the
 * default) or `last:N` (the images of the last N frames; every earlier frame keeps its text, the header line, the
 * briefs and the questions, with a note that its image was dropped). Recorded with the results.
 */
import { UsageError } from '../../foundation/index.ts';

export type ContextPolicy = { kind: 'all' } | { kind: 'last'; n: number };

export const DEFAULT_CONTEXT: ContextPolicy = { kind: 'all' };

/** `all` or `last:N` (N a whole number from 1). */
export function parseContext(v: string): ContextPolicy {
  if (v === 'all') return { kind: 'all' };
  const m = /^last:(\d+)$/.exec(v);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 1_000_000) return { kind: 'last', n: Number(m[1]) };
  throw new UsageError(`--context takes all or last:N (N frames, at least 1), not ${JSON.stringify(v)}`);
}

export function contextName(c: ContextPolicy): string {
  return c.kind === 'all' ? 'all' : `last:${c.n}`;
}
