/**
 * Reading the scorer's inputs: gold.jsonl (gold rows, checked against the schema) and answer files (one
 * `{"qid": ..., "answer": {...}}` per line). Every problem names the file, line and field; all are reported at once.
 */
import {
  InputError,
  jsonlLines,
  parseJsonNonFinite,
  pathString,
  readText,
  type InputIssue,
} from '../../foundation/index.ts';
import { GoldRow } from '../../formats/gold-row.ts';

/**
 * Non-empty lines of a JSONL file with their 1-based line numbers, parsed; parse errors become issues. With
 * `nonFinite`, the words NaN, Infinity and -Infinity read as numbers (Python writes them), so that one such value
 * makes only its own answer invalid.
 */
export function readJsonlLines(
  file: string,
  issues: InputIssue[],
  opts: { nonFinite?: boolean } = {},
): { line: number; value: unknown }[] {
  return jsonlLines(readText(file), file, issues, opts.nonFinite ? parseJsonNonFinite : JSON.parse);
}

/** Gold rows of a gold.jsonl file; throws InputError on any bad line or repeated qid. */
export function readGoldRows(file: string): GoldRow[] {
  const issues: InputIssue[] = [];
  const rows: GoldRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, value } of readJsonlLines(file, issues)) {
    const r = GoldRow.safeParse(value);
    if (!r.success) {
      for (const i of r.error.issues) issues.push({ file, line, path: pathString(i.path), message: i.message });
      continue;
    }
    const first = seen.get(r.data.qid);
    if (first !== undefined)
      issues.push({ file, line, path: 'qid', message: `qid ${r.data.qid} repeats line ${first}` });
    else seen.set(r.data.qid, line);
    rows.push(r.data);
  }
  if (!issues.length && !rows.length)
    issues.push({ file, path: '', message: 'holds no gold row: an empty gold file has nothing to score against' });
  if (issues.length) throw new InputError(issues);
  return rows;
}

/** Answers by qid; an unknown qid, a repeated one, or a line without qid/answer is an InputError. */
export function readAnswers(file: string, knownQids: ReadonlySet<string>): Map<string, unknown> {
  const issues: InputIssue[] = [];
  const out = new Map<string, unknown>();
  const lineOf = new Map<string, number>();
  for (const { line, value } of readJsonlLines(file, issues, { nonFinite: true })) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      issues.push({ file, line, path: '', message: 'an answer line is an object {"qid": ..., "answer": {...}}' });
      continue;
    }
    const { qid, answer } = value as { qid?: unknown; answer?: unknown };
    if (typeof qid !== 'string') {
      issues.push({ file, line, path: 'qid', message: 'missing or not a string' });
      continue;
    }
    if (!knownQids.has(qid)) {
      issues.push({ file, line, path: 'qid', message: `${qid} is not a question of the gold file` });
      continue;
    }
    if (lineOf.has(qid)) {
      issues.push({ file, line, path: 'qid', message: `${qid} was answered already on line ${lineOf.get(qid)}` });
      continue;
    }
    if (!('answer' in (value as object))) {
      issues.push({ file, line, path: 'answer', message: 'missing' });
      continue;
    }
    lineOf.set(qid, line);
    out.set(qid, answer);
  }
  if (issues.length) throw new InputError(issues);
  return out;
}
