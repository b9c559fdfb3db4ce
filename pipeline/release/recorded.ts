/**
 * The hashes the stages recorded of a build's files, and the files that changed since. Each stage records what it
 * read and wrote with the sha256 of each file: the script stage's manifest (BUILD/.stbench/script-<job>.json,
 * outputs), the render's (BUILD/.stbench/scripts/<sid>/render.json and BUILD/.stbench/render.json, inputs and
 * outputs), the compile's (BUILD/.stbench/compile.json, inputs and outputs), the check's (BUILD/.stbench/check.json,
 * outputs: check_report.json and check.md) and every script's render log (private/<sid>/render_log.json, inputs and
 * outputs). Export holds every file it reads from the build to all of them and refuses a build with a file that
 * changed since a stage recorded it (a pose moved by hand after the compile and the check, a check report edited to
 * keep a question the balance rule dropped), naming each file; and a file it would ship as it is that no stage
 * recorded (unrecordedFiles: a missing record would hold it to nothing), naming the stage to run again. It carries
 * the records of the files it ships as they are into the dataset (release.json `recorded`), so that verify holds a
 * dataset's files to what the stages recorded as well as to release.json's own `files` (an editor who updates the one
 * still meets the other).
 *
 * Every path a record names is held to the root first (foundation/inside-root.ts; recordPathIssues).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILD_META_DIR,
  InputError,
  insideRoot,
  isTempName,
  runSteps,
  type InputIssue,
} from '../../foundation/index.ts';
import { HashCache } from './files.ts';
import { readJsonFile } from './contents.ts';

/** The hashes one stage recorded in one field of one file. */
export interface HashRecord {
  /** who recorded them, as messages say it: `.stbench/compile.json inputs`, `private/<sid>/render_log.json outputs` */
  source: string;
  /** the file the record was read from (absolute) and its field, for the messages about the paths it names */
  file: string;
  field: string;
  /** relative path -> sha256 */
  hashes: Record<string, string>;
}

const HEX64 = /^[0-9a-f]{64}$/;
const FIELDS = ['inputs', 'outputs'] as const;

/** The records of one file's `inputs` and `outputs` (`rel`: the file relative to the root, as sources name it). */
function recordsOf(root: string, rel: string, value: unknown, out: HashRecord[], issues: InputIssue[]): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return;
  const file = join(root, rel);
  for (const field of FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (v === undefined) continue;
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      issues.push({ file, path: field, message: 'is not a record of relative path -> sha256' });
      continue;
    }
    const hashes: Record<string, string> = {};
    for (const [p, sha] of Object.entries(v)) {
      if (typeof sha === 'string' && HEX64.test(sha)) hashes[p] = sha;
      else issues.push({ file, path: `${field}[${JSON.stringify(p)}]`, message: 'is not a sha256 (64 hex digits)' });
    }
    out.push({ source: `${rel} ${field}`, file, field, hashes });
  }
}

/** The stage manifests of a build: BUILD/.stbench/<stage>.json and BUILD/.stbench/scripts/<sid>/render.json. */
function manifestFiles(build: string): string[] {
  const meta = join(build, BUILD_META_DIR);
  if (!existsSync(meta)) return [];
  const out: string[] = [];
  for (const e of readdirSync(meta, { withFileTypes: true }))
    if (e.isFile() && e.name.endsWith('.json') && !isTempName(e.name)) out.push(`${BUILD_META_DIR}/${e.name}`);
  const scripts = join(meta, 'scripts');
  if (existsSync(scripts))
    for (const sid of readdirSync(scripts).sort()) {
      const rel = `${BUILD_META_DIR}/scripts/${sid}/render.json`;
      if (existsSync(join(build, rel))) out.push(rel);
    }
  return out.sort();
}

/** The render logs of a build or dataset: private/<sid>/render_log.json of every script folder. */
function renderLogFiles(root: string): string[] {
  const scripts = join(root, 'scripts');
  if (!existsSync(scripts)) return [];
  return readdirSync(scripts)
    .filter((sid) => !sid.startsWith('.'))
    .sort()
    .map((sid) => `private/${sid}/render_log.json`)
    .filter((rel) => existsSync(join(root, rel)));
}

/**
 * What the stages of a build recorded: its stage manifests' and its render logs' inputs and outputs. Every file is
 * first held to the root (a manifest that is a link out of the build is not read); problems are InputErrors.
 */
export function buildRecords(build: string): HashRecord[] {
  const issues: InputIssue[] = [];
  const out: HashRecord[] = [];
  const inside = insideRoot(build);
  for (const rel of [...manifestFiles(build), ...renderLogFiles(build)]) {
    const outside = inside.check(rel, { file: join(build, rel), path: '' });
    if (outside) {
      issues.push(outside);
      continue;
    }
    const v = readJsonFile(join(build, rel), issues);
    recordsOf(build, rel, v, out, issues);
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

/** Only the render logs' `inputs` of a dataset (verify reads their outputs with the frames, checkRenderLogs). */
export function renderLogInputRecords(dataset: string): HashRecord[] {
  const issues: InputIssue[] = [];
  const out: HashRecord[] = [];
  for (const rel of renderLogFiles(dataset)) {
    const v = readJsonFile(join(dataset, rel), issues);
    if (v && typeof v === 'object' && !Array.isArray(v))
      recordsOf(dataset, rel, { inputs: (v as Record<string, unknown>).inputs }, out, issues);
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

/** release.json `recorded` as records (source: `release.json recorded[...]`). */
export function releaseRecords(dataset: string, recorded: Record<string, Record<string, string>> | undefined) {
  return Object.entries(recorded ?? {}).map(
    ([key, hashes]): HashRecord => ({
      source: `release.json recorded[${JSON.stringify(key)}]`,
      file: join(dataset, 'release.json'),
      field: `recorded[${JSON.stringify(key)}]`,
      hashes,
    }),
  );
}

/** Every path the records name that breaks the rule of foundation/inside-root.ts, naming the record's file and field. */
export function recordPathIssues(root: string, records: readonly HashRecord[]): InputIssue[] {
  const inside = insideRoot(root);
  const out: InputIssue[] = [];
  for (const r of records)
    for (const p of Object.keys(r.hashes)) {
      const issue = inside.check(p, { file: r.file, path: `${r.field}[${JSON.stringify(p)}]` });
      if (issue) out.push(issue);
    }
  return out;
}

/** The file at a build's root that ships as it is: the check's report (the check records it). */
export const SHIPPED_ROOT_FILES = ['check_report.json'] as const;

/**
 * The files a command reads from a root and holds to the records: check_report.json, and the files under scripts/ or
 * private/, never build-only (`.stbench/`, id masks) or a temporary file. A stage's record of its own settings files
 * (the renderer's code) or of BUILD/.stbench is not about a file that ships.
 */
export function heldToRecords(rel: string): boolean {
  if ((SHIPPED_ROOT_FILES as readonly string[]).includes(rel)) return true;
  const parts = rel.split('/');
  if (parts[0] !== 'scripts' && parts[0] !== 'private') return false;
  if (parts.some((p) => p === BUILD_META_DIR || isTempName(p))) return false;
  return !(parts[0] === 'private' && parts[2] === 'ids');
}

/**
 * One line per file that differs from what a record says, or is missing though a record names it (only where its
 * script or case is still there: a script removed whole is another matter, reported by the readers), naming every
 * record it disagrees with: `scripts/<sid>/sensors/pose.jsonl: sha256 differs from what .stbench/compile.json inputs
 * recorded`. `held(rel)` says which files to hold (default: heldToRecords). Each file is hashed once (`hashes`: the
 * command's cache, shared with its other passes).
 */
export function changedSinceRecorded(
  root: string,
  records: readonly HashRecord[],
  held: (rel: string) => boolean = heldToRecords,
  hashes: HashCache = new HashCache(),
): string[] {
  return runSteps(changedSinceRecordedSteps(root, records, held, hashes));
}

/** changedSinceRecorded a file a step (a command lets a signal in between: foundation/interrupt.ts). */
export function* changedSinceRecordedSteps(
  root: string,
  records: readonly HashRecord[],
  held: (rel: string) => boolean = heldToRecords,
  hashes: HashCache = new HashCache(),
): Generator<void, string[]> {
  const want = new Map<string, { sha: string; source: string }[]>();
  for (const r of records)
    for (const [p, sha] of Object.entries(r.hashes))
      if (held(p)) (want.get(p) ?? want.set(p, []).get(p)!).push({ sha, source: r.source });
  const out: string[] = [];
  for (const p of [...want.keys()].sort()) {
    yield;
    const abs = join(root, p);
    const list = want.get(p)!;
    if (!existsSync(abs)) {
      const id = p.split('/')[1] ?? '';
      const owner = existsSync(join(root, 'scripts', id)) || existsSync(join(root, 'private', id));
      if (owner) out.push(`${p}: missing, though ${list.map((x) => x.source).join(', ')} recorded it`);
      continue;
    }
    const now = hashes.hash(abs);
    const off = list.filter((x) => x.sha !== now);
    if (off.length)
      out.push(
        `${p}: sha256 differs from what ${off.map((x) => x.source).join(', ')} recorded (${off[0].sha.slice(0, 12)}, now ${now.slice(0, 12)})`,
      );
  }
  return out;
}

/** The stage that writes a file a build ships as it is, by its path (null: no stage writes such a file). */
const WRITER: [RegExp, string][] = [
  [/^check_report\.json$/, 'check'],
  [/^private\/index\/[^/]+\.json$/, 'compile'],
  [/^scripts\/[^/]+\/(robot\.json|sensors\/camera\.json|sensors\/pose\.jsonl)$/, 'script'],
  [/^private\/[^/]+\/timeline\.json$/, 'script'],
  [/^scripts\/[^/]+\/(sensors\/rgb|perception)\/[^/]+$/, 'render'],
  [/^private\/[^/]+\/(depth\/[^/]+|visibility\.jsonl|perception_ids\.jsonl|render_log\.json)$/, 'render'],
];

/** The stage that writes `rel` (`stbench render`), or null where none does. */
export function stageWriting(rel: string): string | null {
  const hit = WRITER.find(([re]) => re.test(rel));
  return hit ? `stbench ${hit[1]}` : null;
}

/**
 * One line per file of `shipped` (the files export ships as they are) that no record names, inputs or outputs of a
 * stage manifest or a render log: such a file would be held to nothing, so it is refused, naming the stage to run
 * again (`scripts/<sid>/robot.json: no stage recorded it: rerun stbench script`).
 */
export function unrecordedFiles(shipped: readonly string[], records: readonly HashRecord[]): string[] {
  const named = new Set(records.flatMap((r) => Object.keys(r.hashes)));
  return shipped
    .filter((rel) => !named.has(rel))
    .map((rel) => {
      const stage = stageWriting(rel);
      return stage
        ? `${rel}: no stage recorded it: rerun ${stage}`
        : `${rel}: no stage recorded it, and no stage writes such a file: remove it from the build`;
    });
}

/**
 * The records to carry into a dataset: each manifest record of the build cut to the files that ship as they are
 * (`shipped`); render logs ship themselves and are left out. Keys: the record's source (`.stbench/compile.json
 * inputs`).
 */
export function carriedRecords(
  records: readonly HashRecord[],
  shipped: ReadonlySet<string>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const r of records) {
    if (!r.source.startsWith(`${BUILD_META_DIR}/`)) continue;
    const kept = Object.entries(r.hashes)
      .filter(([p]) => shipped.has(p))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (kept.length) out[r.source] = Object.fromEntries(kept);
  }
  return out;
}
