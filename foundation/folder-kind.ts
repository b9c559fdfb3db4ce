/**
 * What a folder is to stbench: the one predicate every rule that asks it uses (the output-path rule, the sandbox's
 * code-folder check, the check's and eval's data root, the rule on paths a root names, export --force). A folder is
 *
 * - a **dataset** when its release.json is an stbench release: a regular file of at most MAX_JSON_BYTES that parses
 *   as JSON and whose `format` starts with `stbench.release/`, whatever its key order. A release.json that is not
 *   one (truncated, not JSON, too large, not a file, another format) beside scripts/ and private/ makes a damaged
 *   dataset, protected all the same (`release: null`);
 * - a **build** when it holds `.stbench/` (the stages' manifests, plans and locks) or a `private/` holding a case's
 *   or a script's folder (one with case.json, questions.jsonl, gold.jsonl, timeline.json, render_log.json,
 *   visibility.jsonl or perception_ids.jsonl): a build copied without its dot-folders is a build;
 * - stbench output that carries the gold or the scores: a **site** `stbench view` wrote (its mark `.stbench-view`, or
 *   index.html with assets/view.js: every case page shows the gold); a **run** folder (run.json or results.json, or
 *   answers/ holding a case's answers file: an oracle's answers are the gold, results.json scores every question);
 *   a **check**'s output (a folder holding check_report.json; and `.stbench-check/` itself, where a check of a
 *   dataset keeps its systems' answers while it runs: the folder, not the one it lies in, so that the user's folder
 *   of reports is not one). A run.json, results.json or check_report.json counts when its `format` is stbench's or
 *   it cannot be read as JSON at all (a user's own results.json of another format does not).
 *
 * The first that holds, in this order. Every file is found by its name and read only where the name is there; a
 * link is followed (the answer is about where reads and writes through the folder land). Nothing here refuses: the
 * callers decide (`describeKind` names the folder in their messages).
 */
import { type Dirent, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MAX_JSON_BYTES } from './limits.ts';
import { BUILD_META_DIR } from './manifest.ts';
import { realPathOf } from './real-path.ts';

/** The file at a dataset's root that makes it one, and the start of the format it names. */
export const DATASET_FILE = 'release.json';
export const RELEASE_FORMAT_PREFIX = 'stbench.release/';
/** The file that marks a folder as a site stbench view wrote. */
export const VIEW_SITE_MARK = '.stbench-view';
/** The format of a run's answers/<cid>.json (checks/harness/run-many.ts writes it). */
export const CASE_ANSWERS_FORMAT = 'stbench-case-answers/1';
/** Where a check of a dataset with `--out DIR/REPORT` keeps its systems' answers while it runs: DIR/.stbench-check/. */
export const DATASET_CHECK_DIR = '.stbench-check';
/** The files that make a folder under private/ a case's or a script's. */
export const CASE_FOLDER_FILES: readonly string[] = [
  'case.json',
  'questions.jsonl',
  'gold.jsonl',
  'timeline.json',
  'render_log.json',
  'visibility.jsonl',
  'perception_ids.jsonl',
];

/** Subfolders of a private/ looked into; one with more is a build's (nobody else keeps a thousand folders there). */
const MAX_PRIVATE_LOOKS = 1000;
/** answers/*.json files read to find one in the answers format. */
const MAX_ANSWERS_LOOKS = 20;

export type FolderKind =
  | {
      kind: 'dataset';
      dir: string;
      /** the parsed release.json; null for a damaged dataset */
      release: Record<string, unknown> | null;
    }
  | { kind: 'build'; dir: string; by: 'meta' | 'private' }
  | { kind: 'site'; dir: string }
  | { kind: 'run'; dir: string; by: string }
  | { kind: 'check'; dir: string; by: 'check_report.json' | 'answers' };

/** What reading a JSON file that names its format found. */
export type StbenchJson =
  | { state: 'absent' }
  | { state: 'unreadable'; why: string }
  | { state: 'other'; value: unknown }
  | { state: 'stbench'; value: Record<string, unknown> };

/** The last answers, by path and the file's identity and size and time: a dataset's release.json is parsed once. */
const cache = new Map<string, { sig: string; result: StbenchJson }>();
const MAX_CACHED = 256;

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * A JSON file stbench may have written, read within MAX_JSON_BYTES: `stbench` when it parses to an object whose
 * `format` is a string starting with `formatPrefix`, `other` when it parses to anything else, `unreadable` when it
 * is not a regular file, too large, or not JSON, `absent` when nothing (or a folder) is there.
 */
export function readStbenchJson(file: string, formatPrefix: string): StbenchJson {
  const st = statOrNull(file);
  if (!st || st.isDirectory()) return { state: 'absent' };
  if (!st.isFile()) return { state: 'unreadable', why: 'is not a regular file' };
  if (st.size > MAX_JSON_BYTES) return { state: 'unreadable', why: `is larger than ${MAX_JSON_BYTES} bytes` };
  const sig = `${formatPrefix}:${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.sig === sig) return hit.result;
  let result: StbenchJson;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const format = value && typeof value === 'object' ? (value as { format?: unknown }).format : undefined;
    result =
      typeof format === 'string' && format.startsWith(formatPrefix)
        ? { state: 'stbench', value: value as Record<string, unknown> }
        : { state: 'other', value };
  } catch (e) {
    result = { state: 'unreadable', why: `is not readable JSON (${(e as Error).message})` };
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(file, { sig, result });
  return result;
}

/** A folder's release.json, read as folderKind reads it. */
export function readRelease(dir: string): StbenchJson {
  return readStbenchJson(join(dir, DATASET_FILE), RELEASE_FORMAT_PREFIX);
}

/** A folder's entries, or null where it cannot be listed. */
function listing(dir: string): Dirent[] | null {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

/** Whether `dir` (a private/ folder) holds a case's or a script's folder. */
function privateHoldsCases(dir: string): boolean {
  let looked = 0;
  for (const e of listing(dir) ?? []) {
    if (!e.isDirectory()) continue;
    if (++looked > MAX_PRIVATE_LOOKS) return true;
    if ((listing(join(dir, e.name)) ?? []).some((f) => CASE_FOLDER_FILES.includes(f.name))) return true;
  }
  return false;
}

/** Whether `dir` (an answers/ folder) holds a case's answers file. */
function holdsCaseAnswers(dir: string): boolean {
  let looked = 0;
  for (const e of listing(dir) ?? []) {
    if (!e.name.endsWith('.json') || e.isDirectory()) continue;
    if (++looked > MAX_ANSWERS_LOOKS) return false;
    if (readStbenchJson(join(dir, e.name), CASE_ANSWERS_FORMAT).state === 'stbench') return true;
  }
  return false;
}

/**
 * What `dir` is to stbench (see the module comment), or null. `entries`: its listing where the caller read it
 * already (the names present are taken from it; each is still stat'ed through any link).
 */
export function folderKind(dir: string, entries?: readonly Dirent[]): FolderKind | null {
  const names = entries ? new Set(entries.map((e) => e.name)) : null;
  const typeOf = (name: string): 'file' | 'dir' | 'other' | null => {
    if (names && !names.has(name)) return null;
    const st = statOrNull(join(dir, name));
    return !st ? null : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  };
  const named = (file: string, prefix: string) =>
    typeOf(file) !== null && ['stbench', 'unreadable'].includes(readStbenchJson(join(dir, file), prefix).state);
  if (typeOf(DATASET_FILE)) {
    const r = readRelease(dir);
    if (r.state === 'stbench') return { kind: 'dataset', dir, release: r.value };
    if (r.state !== 'absent' && typeOf('scripts') === 'dir' && typeOf('private') === 'dir')
      return { kind: 'dataset', dir, release: null };
  }
  if (typeOf(BUILD_META_DIR) === 'dir') return { kind: 'build', dir, by: 'meta' };
  if (typeOf('private') === 'dir' && privateHoldsCases(join(dir, 'private')))
    return { kind: 'build', dir, by: 'private' };
  if (
    typeOf(VIEW_SITE_MARK) ||
    (typeOf('index.html') === 'file' && statOrNull(join(dir, 'assets', 'view.js'))?.isFile())
  )
    return { kind: 'site', dir };
  for (const [file, prefix] of [
    ['run.json', 'stbench.run/'],
    ['results.json', 'stbench-results/'],
  ] as const)
    if (named(file, prefix)) return { kind: 'run', dir, by: file };
  if (typeOf('answers') === 'dir' && holdsCaseAnswers(join(dir, 'answers')))
    return { kind: 'run', dir, by: 'answers/' };
  if (named('check_report.json', 'stbench.check_report/')) return { kind: 'check', dir, by: 'check_report.json' };
  if (basename(dir) === DATASET_CHECK_DIR) return { kind: 'check', dir, by: 'answers' };
  return null;
}

/** Whether a kind is a build or a dataset (what the output-path rule keeps every other command out of). */
export const isBuildOrDataset = (k: FolderKind | null): k is Extract<FolderKind, { kind: 'build' | 'dataset' }> =>
  k?.kind === 'build' || k?.kind === 'dataset';

/** The innermost folder that `path` (its real path) is or lies inside whose kind passes `which` (default: any). */
export function kindAround(path: string, which: (k: FolderKind) => boolean = () => true): FolderKind | null {
  for (let d = realPathOf(path); ; d = dirname(d)) {
    const k = folderKind(d);
    if (k && which(k)) return k;
    if (dirname(d) === d) return null;
  }
}

/** The folder and what makes it what it is, for messages: `the build DIR (a folder with .stbench/)`. */
export function describeKind(k: FolderKind): string {
  switch (k.kind) {
    case 'dataset':
      return k.release
        ? `the dataset ${k.dir}`
        : `the dataset ${k.dir} (its ${DATASET_FILE} is not a release's, beside scripts/ and private/)`;
    case 'build':
      return k.by === 'meta'
        ? `the build ${k.dir} (a folder with ${BUILD_META_DIR}/)`
        : `the build ${k.dir} (its private/ holds cases or scripts)`;
    case 'site':
      return `the site ${k.dir} that stbench view wrote (its case pages show the gold)`;
    case 'run':
      return `the run folder ${k.dir} (its ${k.by}: a system's answers and their scores)`;
    case 'check':
      return k.by === 'answers'
        ? `the check answers ${k.dir} (the scripted systems' answers of a check of a dataset)`
        : `the check output ${k.dir} (its check_report.json: the scripted systems' scores)`;
  }
}
