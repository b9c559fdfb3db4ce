/**
 * The truth a build-side instrument may read for a case (the perfect reader, the map reader): the case file (which
 * maps case frames to script frames), the script's visibility records and its timeline. Read once per script and
 * kept for the process (scripted systems run many cases of one script). Never a gold file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaseFile } from '../../formats/case-schema.ts';
import { parseTimeline, type Timeline } from '../../layouts/timeline.ts';
import { InputError, pathString } from '../../foundation/index.ts';
import { readVisibility, type VisibilityRecord } from '../../render/truth/records.ts';

export interface ScriptTruth {
  /** visibility records by script frame k */
  visibility: Map<number, VisibilityRecord>;
  /** the timeline, when the build has one */
  timeline: Timeline | null;
}

const scriptCache = new Map<string, ScriptTruth>();

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError({ file, path: '', message: `cannot read JSON: ${(e as Error).message}` });
  }
}

/** private/<cid>/case.json. */
export function readCaseFile(root: string, cid: string): CaseFile {
  const file = join(root, 'private', cid, 'case.json');
  const r = CaseFile.safeParse(readJson(file));
  if (!r.success)
    throw new InputError(r.error.issues.map((i) => ({ file, path: pathString(i.path), message: i.message })));
  return r.data;
}

/** A script's visibility records and timeline (cached by root and sid). */
export function scriptTruth(root: string, sid: string): ScriptTruth {
  const key = `${root}\u0000${sid}`;
  const hit = scriptCache.get(key);
  if (hit) return hit;
  const visFile = join(root, 'private', sid, 'visibility.jsonl');
  const visibility = new Map<number, VisibilityRecord>();
  if (existsSync(visFile)) for (const r of readVisibility(visFile)) visibility.set(r.k, r);
  const tlFile = join(root, 'private', sid, 'timeline.json');
  const timeline = existsSync(tlFile) ? parseTimeline(readJson(tlFile), tlFile) : null;
  const out = { visibility, timeline };
  scriptCache.set(key, out);
  return out;
}

/** Forget cached scripts (tests that rewrite a build). */
export function clearTruthCache(): void {
  scriptCache.clear();
}
