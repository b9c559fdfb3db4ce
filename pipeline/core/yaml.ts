/**
 * YAML loading that keeps line numbers: syntax errors, duplicate keys and schema errors all come back as
 * InputIssues with file:line:column and the field path, every issue of the file at once.
 */
import { readFileSync } from 'node:fs';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { InputError, pathString, type InputIssue } from './errors.ts';

export interface LoadedYaml<T> {
  file: string;
  value: T;
  /** line and column of a field path in the source (1-based), for cross-checks made after parsing */
  locate(path: readonly (string | number)[]): { line: number; column: number } | undefined;
}

/** Parse YAML text; on syntax errors throw an InputError listing them all. */
export function parseYamlText(text: string, file: string): { doc: Document; lc: LineCounter; data: unknown } {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  const issues: InputIssue[] = [];
  for (const err of doc.errors) {
    const pos = lc.linePos(err.pos[0]);
    issues.push({ file, line: pos.line, column: pos.col, path: '', message: `YAML: ${firstLine(err.message)}` });
  }
  if (issues.length) throw new InputError(issues);
  return { doc, lc, data: doc.toJS({ maxAliasCount: 100 }) };
}

function firstLine(s: string): string {
  return s.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function locator(doc: Document, lc: LineCounter) {
  return (path: readonly (string | number | symbol)[]): { line: number; column: number } | undefined => {
    // walk down as far as the path exists; point at the key of the deepest pair found, or the node
    let node: unknown = doc.contents;
    let best: [number, number] | undefined = rangeOf(node);
    for (const seg of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
        if (!pair) break;
        best = rangeOf(pair.key) ?? best;
        node = pair.value;
      } else if (node && typeof node === 'object' && 'items' in node && Array.isArray((node as { items: unknown[] }).items)) {
        const item = (node as { items: unknown[] }).items[Number(seg)];
        if (item === undefined) break;
        best = rangeOf(item) ?? best;
        node = item;
      } else break;
    }
    if (!best) return undefined;
    const p = lc.linePos(best[0]);
    return { line: p.line, column: p.col };
  };
}

function rangeOf(n: unknown): [number, number] | undefined {
  const r = (n as Node | undefined)?.range;
  return r ? [r[0], r[1]] : undefined;
}

/** Turn zod issues into InputIssues located in the YAML source. */
export function zodIssues(
  error: z.ZodError,
  file: string,
  locate: (path: readonly (string | number | symbol)[]) => { line: number; column: number } | undefined,
): InputIssue[] {
  const out: InputIssue[] = [];
  for (const iss of error.issues) {
    const basePath = iss.path as (string | number)[];
    if (iss.code === 'unrecognized_keys') {
      for (const key of iss.keys) {
        const p = [...basePath, key];
        const loc = locate(p);
        out.push({ file, line: loc?.line, column: loc?.column, path: pathString(p), message: 'unknown field' });
      }
      continue;
    }
    const loc = locate(basePath);
    out.push({ file, line: loc?.line, column: loc?.column, path: pathString(basePath), message: iss.message });
  }
  return out;
}

/** Parse YAML text against a zod schema; every problem reported at once with file:line. */
export function parseYamlWith<S extends z.ZodType>(text: string, file: string, schema: S): LoadedYaml<z.output<S>> {
  const { doc, lc, data } = parseYamlText(text, file);
  const locate = locator(doc, lc);
  const res = schema.safeParse(data);
  if (!res.success) throw new InputError(zodIssues(res.error, file, locate));
  return { file, value: res.data, locate: (p) => locate(p) };
}

export function loadYamlWith<S extends z.ZodType>(file: string, schema: S): LoadedYaml<z.output<S>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError({ file, path: '', message: `cannot read: ${(e as Error).message}` });
  }
  return parseYamlWith(text, file, schema);
}
