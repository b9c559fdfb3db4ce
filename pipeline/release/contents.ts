/**
 * What a build or a dataset folder holds, read once: its scripts (job, layout, frames), its compiled cases (case.json,
 * and each question's line in questions.jsonl and gold.jsonl, kept as written so a filtered copy keeps the bytes).
 * Export reads a build with it, verify a dataset: the counts of both come from the same reading.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { QuestionRow, type CaseFile } from '../../formats/case-schema.ts';
import { GoldRow } from '../../formats/gold-row.ts';
import { PlaceId, placeIdProblem } from '../../formats/place-id.ts';
import { InputError, insideRoot, jsonlRows, readText, type InputIssue } from '../../foundation/index.ts';
import { readCaseJson } from '../../checks/harness/load-case.ts';
import type { z } from 'zod';
import { caseIdsOf } from '../../formats/compile-hash.ts';
import { Split } from '../../formats/split.ts';
import { familyRowIssues } from '../../compile/family-registry.ts';

export interface ScriptContents {
  sid: string;
  job: string;
  layout: string;
  /** the script's split (robot.json; a script written before splits: dev) */
  split: Split;
  /** rendered frames: the JPEGs under scripts/<sid>/sensors/rgb/ */
  frames: number;
}

/** A line of a JSONL file with its parsed value. */
export interface Line<T> {
  qid: string;
  text: string;
  row: T;
}

export interface CaseContents {
  cid: string;
  /** case.json as parsed JSON (the raw object, so a filtered copy keeps every field) */
  raw: Record<string, unknown>;
  file: CaseFile;
  questions: Line<QuestionRow>[];
  gold: Line<GoldRow>[];
}

export interface Contents {
  root: string;
  scripts: ScriptContents[];
  cases: CaseContents[];
}

/** A JSON file of a build or dataset; a problem goes into `issues` (with its file) and gives undefined. */
export function readJsonFile(file: string, issues: InputIssue[]): unknown {
  try {
    return JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof InputError) issues.push(...e.issues);
    else issues.push({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
    return undefined;
  }
}

function readLines<T>(file: string, schema: z.ZodType<T>, issues: InputIssue[]): Line<T>[] {
  if (!existsSync(file)) {
    issues.push({ file, path: '', message: 'missing' });
    return [];
  }
  return jsonlRows(readText(file), schema, file, issues).map(({ text, value, row }) => ({
    qid: (value as { qid: string }).qid,
    text,
    row,
  }));
}

/** The script ids of a root: the folders under scripts/, sorted. */
export function scriptIdsOf(root: string): string[] {
  const dir = join(root, 'scripts');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => !n.startsWith('.') && statSync(join(dir, n)).isDirectory())
    .sort();
}

function readScript(root: string, sid: string, issues: InputIssue[]): ScriptContents | undefined {
  const file = join(root, 'scripts', sid, 'robot.json');
  const outside = insideRoot(root).checkFile(file);
  if (outside) {
    issues.push(outside);
    return undefined;
  }
  if (!existsSync(file)) {
    issues.push({ file, path: '', message: 'missing: every script has a robot.json' });
    return undefined;
  }
  const robot = readJsonFile(file, issues) as { job?: unknown; layout?: unknown; split?: unknown } | undefined;
  if (!robot) return undefined;
  if (typeof robot.job !== 'string') {
    issues.push({ file, path: 'job', message: 'missing or not a string' });
    return undefined;
  }
  // a place is found by its id (pipeline/heldout-places.ts buildPlace): never a path
  const layout = PlaceId.safeParse(robot.layout);
  if (!layout.success) {
    issues.push({ file, path: 'layout', message: placeIdProblem(robot.layout)! });
    return undefined;
  }
  const rgb = join(root, 'scripts', sid, 'sensors', 'rgb');
  const frames = existsSync(rgb) ? readdirSync(rgb).filter((n) => /^\d{6}\.jpg$/.test(n)).length : 0;
  const split = Split.safeParse(robot.split ?? 'dev');
  if (!split.success) {
    issues.push({ file, path: 'split', message: `not a split (${Split.options.join(' or ')})` });
    return undefined;
  }
  return { sid, job: robot.job, layout: layout.data, split: split.data, frames };
}

function readCase(root: string, cid: string, issues: InputIssue[]): CaseContents | undefined {
  // the one reading of a case.json (checks/harness/load-case.ts): nothing of a case is read when a file of it, or a
  // path it names, leads out of the root or is not its own
  const read = readCaseJson(root, cid, issues);
  if (!read) return undefined;
  const { dir, file, raw } = read;
  const questions = readLines(join(dir, 'questions.jsonl'), QuestionRow, issues);
  const gold = readLines(join(dir, 'gold.jsonl'), GoldRow, issues);
  if (!read.parsed) return undefined;
  const c = read.parsed;
  const qids = questions.map((q) => q.qid);
  const goldQids = gold.map((g) => g.qid);
  if (qids.join() !== goldQids.join()) {
    issues.push({
      file: join(dir, 'gold.jsonl'),
      path: 'qid',
      message: 'the gold rows are not the questions of questions.jsonl, in the same order',
    });
  }
  const asked = [...c.asks.flatMap((a) => a.qids), ...c.end_qids].sort();
  if (asked.join() !== [...qids].sort().join()) {
    issues.push({
      file,
      path: 'asks',
      message: 'asks and end_qids do not name exactly the questions of questions.jsonl',
    });
  }
  gold.forEach((g, i) => {
    if (
      g.row.cid !== cid ||
      g.row.sid !== c.sid ||
      g.row.job !== c.job ||
      g.row.layout !== c.layout ||
      g.row.length !== c.length
    ) {
      issues.push({
        file: join(dir, 'gold.jsonl'),
        line: i + 1,
        path: 'cid',
        message: `the row's cid, sid, job, layout or length is not its case's`,
      });
    }
    for (const x of familyRowIssues(g.row)) issues.push({ file: join(dir, 'gold.jsonl'), line: i + 1, ...x });
  });
  return { cid, raw: raw as Record<string, unknown>, file: c, questions, gold };
}

/** Read every script and case of a build or dataset; every problem of every file is reported at once. */
export function readContents(root: string): Contents {
  const issues: InputIssue[] = [];
  const scripts = scriptIdsOf(root)
    .map((sid) => readScript(root, sid, issues))
    .filter((s): s is ScriptContents => !!s);
  const cases = caseIdsOf(root)
    .map((cid) => readCase(root, cid, issues))
    .filter((c): c is CaseContents => !!c);
  const sids = new Set(scripts.map((s) => s.sid));
  for (const c of cases) {
    if (!sids.has(c.file.sid))
      issues.push({
        file: join(root, 'private', c.cid, 'case.json'),
        path: 'sid',
        message: `names script ${c.file.sid}, which is not under scripts/`,
      });
  }
  if (issues.length) throw new InputError(issues);
  return { root, scripts, cases };
}
