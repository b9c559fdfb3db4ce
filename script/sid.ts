/**
 * Script ids: 16 hex characters from a seeded stream of (build seed, job id, index), so the same job, seed and
 * index always give the same sid and different jobs never share a stream.
 */
import { hexId } from '../foundation/index.ts';

export function scriptSid(seed: string | number, jobId: string, index: number): string {
  return hexId(seed, 'script-sid', `${jobId}#${index}`);
}

/** The sids of a batch; a clash (vanishingly rare) is resolved by redrawing with a suffix. */
export function scriptSids(seed: string | number, jobId: string, count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let sid = scriptSid(seed, jobId, i);
    for (let r = 1; seen.has(sid); r++) sid = hexId(seed, 'script-sid', `${jobId}#${i}/${r}`);
    seen.add(sid);
    out.push(sid);
  }
  return out;
}
