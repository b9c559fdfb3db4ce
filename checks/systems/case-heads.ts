/** The cases of a build, from their case.json alone (cid, sid, job, length, whether it asks): no question or gold is read. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseIdsOf } from '../../formats/compile-hash.ts';
import { InputError } from '../../foundation/index.ts';

export interface CaseHead {
  cid: string;
  sid: string;
  job: string;
  length: string;
  /** whether the case asks anything (the screens may drop every question of a case) */
  asks: boolean;
}

const heads = new Map<string, CaseHead[]>();

/** Every case of a build: cid, sid, job, length, asks (from case.json; no gold read). */
export function caseHeads(root: string): CaseHead[] {
  const hit = heads.get(root);
  if (hit) return hit;
  const out = caseIdsOf(root).map((cid) => {
    const file = join(root, 'private', cid, 'case.json');
    let v: { sid?: string; job?: string; length?: string; asks?: unknown[]; end_qids?: unknown[] };
    try {
      v = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new InputError({ file, path: '', message: `cannot read JSON: ${(e as Error).message}` });
    }
    return {
      cid,
      sid: String(v.sid),
      job: String(v.job),
      length: String(v.length),
      asks: Boolean(v.asks?.length || v.end_qids?.length),
    };
  });
  heads.set(root, out);
  return out;
}

/** Forget the cached case lists. */
export function clearCaseHeads(): void {
  heads.clear();
}
