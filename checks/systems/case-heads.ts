/** The cases of a build, from their case.json alone (cid, sid, job, length): no question or gold is read. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseIdsOf } from '../../pipeline/compile-hash.ts';
import { InputError } from '../../pipeline/core/index.ts';

export interface CaseHead {
  cid: string;
  sid: string;
  job: string;
  length: string;
}

const heads = new Map<string, CaseHead[]>();

/** Every case of a build: cid, sid, job, length (from case.json; no gold read). */
export function caseHeads(root: string): CaseHead[] {
  const hit = heads.get(root);
  if (hit) return hit;
  const out = caseIdsOf(root).map((cid) => {
    const file = join(root, 'private', cid, 'case.json');
    let v: { sid?: string; job?: string; length?: string };
    try {
      v = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new InputError({ file, path: '', message: `cannot read JSON: ${(e as Error).message}` });
    }
    return { cid, sid: String(v.sid), job: String(v.job), length: String(v.length) };
  });
  heads.set(root, out);
  return out;
}


/** Forget the cached case lists. */
export function clearCaseHeads(): void {
  heads.clear();
}
