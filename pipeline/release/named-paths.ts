/**
 * The paths a build or dataset names, held to its root before export or verify reads anything else of it
 * (foundation/inside-root.ts: relative, straight down, inside the root with links followed). A build or a downloaded
 * dataset is untrusted input: a case frame `../../etc/hostname`, an index entry, a file release.json lists, a
 * reference row, a render log's or a stage manifest's record, or a symbolic link anywhere in the folder that leads
 * out of it is an InputError (exit 2) naming the file the path was read from and the field, and nothing is read
 * through it; so is a case's or an index entry's `layout` that is not a place id (a place file is found by it). The
 * loaders (checks/harness/load-case.ts, release/contents.ts) apply the same rule to what they read.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { casePathIssues } from '../../formats/case-schema.ts';
import { caseIdsOf } from '../../formats/compile-hash.ts';
import { placeIdProblem } from '../../formats/place-id.ts';
import { InputError, insideRoot, readText, type InputIssue } from '../../foundation/index.ts';
import { listLinks } from './files.ts';
import { buildRecords, recordPathIssues, releaseRecords } from './recorded.ts';

/** The fields of an index entry (private/index/<id>.json) that name a file, whatever their value. */
const INDEX_PATH_FIELDS = new Set(['case', 'questions', 'gold', 'robot', 'pose', 'timeline', 'file', 'path']);

/** A string elsewhere in an index entry that reads as a path into (or out of) the root. */
const looksLikePath = (s: string) => /^(scripts|private)\//.test(s) || s.startsWith('/') || /(^|\/)\.\.(\/|$)/.test(s);

/** JSON that parses, else undefined (its reader reports it with its own message). */
function rawJson(file: string): unknown {
  try {
    return JSON.parse(readText(file));
  } catch {
    return undefined;
  }
}

/** Every path the root names that breaks the rule, and every link in it that leads out of it. */
export function namedPathIssues(root: string): InputIssue[] {
  const inside = insideRoot(root);
  const issues: InputIssue[] = [];
  const push = (i: InputIssue | null) => {
    if (i) issues.push(i);
  };
  // a link anywhere: where it leads (a link that stays inside is for verify to refuse or export to copy)
  const links = new Set(listLinks(root));
  for (const rel of links) push(inside.checkFile(join(root, rel)));
  if (issues.length) return issues; // nothing more is read through a link that leads out
  // the cases: every frame's rgb and depth
  for (const cid of caseIdsOf(root)) {
    const file = join(root, 'private', cid, 'case.json');
    issues.push(...casePathIssues(root, rawJson(file), file));
  }
  // the index entries
  const idx = join(root, 'private', 'index');
  if (existsSync(idx))
    for (const name of readdirSync(idx).sort()) {
      if (!name.endsWith('.json')) continue;
      const file = join(idx, name);
      const walk = (x: unknown, path: string, key: string): void => {
        if (typeof x === 'string') {
          // a place is named by its id, never by a path (formats/place-id.ts)
          const badPlace = key === 'layout' && path === 'layout' ? placeIdProblem(x) : null;
          if (badPlace) push({ file, path, message: badPlace });
          else if (INDEX_PATH_FIELDS.has(key) || looksLikePath(x)) push(inside.check(x, { file, path }));
        } else if (Array.isArray(x)) x.forEach((y, i) => walk(y, `${path}[${i}]`, key));
        else if (x && typeof x === 'object')
          for (const [k, y] of Object.entries(x)) walk(y, path ? `${path}.${k}` : k, k);
      };
      walk(rawJson(file), '', '');
    }
  // what the stages recorded (render logs, and a build's manifests)
  try {
    issues.push(...recordPathIssues(root, buildRecords(root)));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    issues.push(...e.issues);
  }
  // release.json: the files it lists, its reference rows, the records it carries
  const relFile = join(root, 'release.json');
  const release = existsSync(relFile) ? rawJson(relFile) : undefined;
  if (release && typeof release === 'object' && !Array.isArray(release)) {
    const r = release as { files?: unknown; results?: unknown; recorded?: unknown };
    if (r.files && typeof r.files === 'object')
      for (const p of Object.keys(r.files))
        push(inside.check(p, { file: relFile, path: `files[${JSON.stringify(p)}]` }));
    if (Array.isArray(r.results))
      r.results.forEach((e, i) => {
        const f = (e as { file?: unknown } | null)?.file;
        if (typeof f === 'string') push(inside.check(f, { file: relFile, path: `results[${i}].file` }));
      });
    if (r.recorded && typeof r.recorded === 'object' && !Array.isArray(r.recorded)) {
      const recs = Object.entries(r.recorded as Record<string, unknown>).filter(
        (x): x is [string, Record<string, string>] => !!x[1] && typeof x[1] === 'object' && !Array.isArray(x[1]),
      );
      issues.push(...recordPathIssues(root, releaseRecords(root, Object.fromEntries(recs))));
    }
  }
  return issues;
}

/** Throw namedPathIssues (InputError, exit 2) when there are any. */
export function holdNamedPaths(root: string): void {
  const issues = namedPathIssues(root);
  if (issues.length) throw new InputError(issues);
}
