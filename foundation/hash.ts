/** Content hashes and a canonical JSON form, so that the same data always hashes the same. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hashFile(path: string): string {
  return sha256(readFileSync(path));
}

/** JSON with object keys sorted at every level; numbers as JSON writes them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

export function hashJson(value: unknown): string {
  return sha256(canonicalJson(value));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sortKeys(x);
    }
    return out;
  }
  return v;
}
