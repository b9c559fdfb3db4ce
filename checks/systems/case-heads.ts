/**
 * The cases of a build, for the systems that read other cases than their own (other_stream, and the learned shortcut
 * systems' training rows): every case read as eval reads them (checks/harness/every-case.ts, each
 * through loadCase: its files and every path it names held to the root, exit 2 otherwise), never with a plain read.
 * No gold is read here. Cached per build.
 */
import { loadEveryCase, type LoadedCase } from '../harness/index.ts';

export interface CaseHead {
  cid: string;
  sid: string;
  job: string;
  length: string;
  /** whether the case asks anything (the screens may drop every question of a case) */
  asks: boolean;
}

const loaded = new Map<string, LoadedCase[]>();
const heads = new Map<string, CaseHead[]>();

/** Every case of a build, loaded and held to its root (cached). */
export function loadedCases(root: string): LoadedCase[] {
  const hit = loaded.get(root);
  if (hit) return hit;
  const all = loadEveryCase(root).all;
  loaded.set(root, all);
  return all;
}

/** Every case of a build: cid, sid, job, length, asks (from case.json; no gold read). */
export function caseHeads(root: string): CaseHead[] {
  const hit = heads.get(root);
  if (hit) return hit;
  const out = loadedCases(root).map(({ case: c }) => ({
    cid: c.cid,
    sid: c.sid,
    job: c.job,
    length: c.length,
    asks: c.asks.length > 0 || c.end_qids.length > 0,
  }));
  heads.set(root, out);
  return out;
}

/** Forget the cached case lists. */
export function clearCaseHeads(): void {
  loaded.clear();
  heads.clear();
}
