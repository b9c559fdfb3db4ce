/**
 * Reading JSON Lines: every non-empty line parsed, each problem (not JSON, a field the schema refuses) reported with
 * its file, line and field, all of them at once.
 */
import type { z } from 'zod';
import { InputError, pathString, type InputIssue } from './errors.ts';
import { MAX_JSON_BYTES } from './limits.ts';
import { readTextFile } from './text-file.ts';

export interface JsonlLine {
  /** 1-based line number */
  line: number;
  text: string;
  value: unknown;
}

/**
 * The non-empty lines of JSONL text, parsed (by `parse`, default JSON.parse); lines that are not JSON become issues.
 */
export function jsonlLines(
  text: string,
  file: string,
  issues: InputIssue[],
  parse: (text: string) => unknown = JSON.parse,
): JsonlLine[] {
  const out: JsonlLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      out.push({ line: i + 1, text: raw, value: parse(raw) });
    } catch (e) {
      issues.push({ file, line: i + 1, path: '', message: `not JSON: ${(e as Error).message}` });
    }
  });
  return out;
}

/** The lines of JSONL text that pass the schema; the others become issues naming line and field. */
export function jsonlRows<T>(
  text: string,
  schema: z.ZodType<T>,
  file: string,
  issues: InputIssue[],
): (JsonlLine & { row: T })[] {
  const out: (JsonlLine & { row: T })[] = [];
  for (const l of jsonlLines(text, file, issues)) {
    const r = schema.safeParse(l.value);
    if (r.success) out.push({ ...l, row: r.data });
    else
      for (const iss of r.error.issues)
        issues.push({ file, line: l.line, path: pathString(iss.path), message: iss.message });
  }
  return out;
}

/** A JSON or JSONL file's text, or an InputError naming it (missing, a folder, over MAX_JSON_BYTES, not UTF-8). */
export function readText(file: string): string {
  return readTextFile(file, { maxBytes: MAX_JSON_BYTES, what: 'a JSON or JSONL file' });
}

/** Every row of a JSONL file against a schema; throws one InputError listing every bad line. */
export function readJsonlWith<T>(file: string, schema: z.ZodType<T>): T[] {
  const issues: InputIssue[] = [];
  const rows = jsonlRows(readText(file), schema, file, issues);
  if (issues.length) throw new InputError(issues);
  return rows.map((r) => r.row);
}
