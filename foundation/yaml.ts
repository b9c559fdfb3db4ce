/**
 * YAML loading that keeps line numbers: syntax errors, duplicate keys, aliases that cannot be resolved (an unknown
 * anchor, or an alias bomb past the alias budget), control characters in text and schema errors all come back as
 * InputIssues with file:line:column and the field path, every issue of the file at once. Every step is linear in
 * the file's size (duplicate keys are found with a set per mapping, field paths through an index per mapping), and
 * a file over MAX_YAML_BYTES is refused before it is parsed (foundation/text-file.ts).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { InputError, pathString, type InputIssue } from './errors.ts';
import { MAX_YAML_BYTES } from './limits.ts';
import { readTextFile } from './text-file.ts';

/** Alias resolutions a document may make: enough for any sharing a person writes, far too few for a bomb. */
export const MAX_YAML_ALIASES = 100;

export interface LoadedYaml<T> {
  file: string;
  value: T;
  /** line and column of a field path in the source (1-based), for cross-checks made after parsing */
  locate(path: readonly (string | number)[]): { line: number; column: number } | undefined;
}

type Locate = (path: readonly (string | number | symbol)[]) => { line: number; column: number } | undefined;

/** Parse YAML text; on syntax errors, duplicate keys, bad aliases or control characters throw an InputError listing them all. */
export function parseYamlText(
  text: string,
  file: string,
): { doc: Document; lc: LineCounter; data: unknown; locate: Locate } {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: false, prettyErrors: false });
  const issues: InputIssue[] = [];
  const at = (offset: number) => {
    const p = lc.linePos(offset);
    return { line: p.line, column: p.col };
  };
  for (const err of doc.errors) {
    let pos = at(err.pos[0]);
    let message = `YAML: ${firstLine(err.message)}`;
    if (err.code === 'MISSING_CHAR' && /quote/.test(err.message)) {
      // the parser notices a missing closing quote at the end of the file; say where the quote was opened
      const open = openQuoteBefore(doc, err.pos[0]);
      if (open !== undefined) {
        pos = at(open);
        message = `YAML: this quote is never closed (${firstLine(err.message)} at line ${at(err.pos[0]).line})`;
      }
    }
    issues.push({ file, ...pos, path: '', message });
  }
  const locate = locator(doc, lc);
  walkNodes(doc.contents, [], (node, path) => {
    if (!isMap(node)) return;
    const seen = new Set<string>();
    for (const pair of node.items) {
      const k = keyString(pair.key);
      if (k === undefined) continue;
      if (seen.has(k)) {
        const r = rangeOf(pair.key);
        issues.push({
          file,
          ...(r ? at(r[0]) : {}),
          path: pathString([...path, k]),
          message: `YAML: duplicate key "${k}": map keys must be unique`,
        });
      }
      seen.add(k);
    }
  });
  if (issues.length) throw new InputError(issues);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    throw new InputError(aliasIssue(doc, file, at, (e as Error).message));
  }
  const control: InputIssue[] = [];
  walkData(data, [], (s, path) => {
    // eslint-disable-next-line no-control-regex
    const m = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(s);
    if (!m) return;
    const loc = locate(path);
    control.push({
      file,
      line: loc?.line,
      column: loc?.column,
      path: pathString(path),
      message: `holds the control character U+${m[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}: text may not hold control characters`,
    });
  });
  if (control.length) throw new InputError(control);
  return { doc, lc, data, locate };
}

function firstLine(s: string): string {
  return s.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** The start of the quoted scalar that runs up to `end` (a quote the parser found unclosed). */
function openQuoteBefore(doc: Document, end: number): number | undefined {
  let best: number | undefined;
  walkNodes(doc.contents, [], (node) => {
    if (
      isScalar(node) &&
      (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') &&
      node.range &&
      node.range[0] <= end &&
      node.range[1] >= end - 1
    ) {
      if (best === undefined || node.range[0] > best) best = node.range[0];
    }
  });
  return best;
}

/** An alias toJS could not resolve, located at the alias (the unknown one, or the first of a bomb). */
function aliasIssue(
  doc: Document,
  file: string,
  at: (o: number) => { line: number; column: number },
  why: string,
): InputIssue[] {
  const unresolved = /Unresolved alias.*?: (\S+)$/.exec(why)?.[1];
  let first: { offset: number; path: (string | number)[]; source: string } | undefined;
  walkNodes(doc.contents, [], (node, path) => {
    if (!isAlias(node) || !node.range) return;
    if (unresolved !== undefined && node.source !== unresolved) return;
    if (!first || node.range[0] < first.offset) first = { offset: node.range[0], path, source: node.source };
  });
  const where = first ? at(first.offset) : { line: 1, column: 1 };
  const path = first ? pathString(first.path) : '';
  if (unresolved !== undefined)
    return [{ file, ...where, path, message: `YAML: the alias *${unresolved} names no anchor defined before it` }];
  if (/Excessive alias count/.test(why)) {
    return [
      {
        file,
        ...where,
        path,
        message: `YAML: the aliases expand past ${MAX_YAML_ALIASES} resolutions (an alias bomb?); write the values out, or share less`,
      },
    ];
  }
  return [{ file, ...where, path, message: `YAML: ${firstLine(why)}` }];
}

function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  if (key === null || key === undefined) return undefined;
  return String(key);
}

/** Visit every node of a document with its field path (map keys and sequence indices). */
function walkNodes(
  node: unknown,
  path: (string | number)[],
  visit: (node: unknown, path: (string | number)[]) => void,
): void {
  if (node === null || node === undefined) return;
  visit(node, path);
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const k = keyString(pair.key);
      if (isAlias(pair.key)) visit(pair.key, path);
      walkNodes(pair.value, k === undefined ? path : [...path, k], visit);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => walkNodes(item, [...path, i], visit));
  }
}

/** Visit every string of parsed data (keys and values) with its field path. */
function walkData(v: unknown, path: (string | number)[], visit: (s: string, path: (string | number)[]) => void): void {
  if (typeof v === 'string') visit(v, path);
  else if (Array.isArray(v)) v.forEach((x, i) => walkData(x, [...path, i], visit));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      visit(k, [...path, k]);
      walkData(x, [...path, k], visit);
    }
  }
}

function locator(doc: Document, lc: LineCounter): Locate {
  // an index per mapping, built on first use: a path is found in time linear in its length
  const index = new WeakMap<object, Map<string, unknown>>();
  const pairsOf = (m: object & { items: unknown[] }) => {
    let ix = index.get(m);
    if (!ix) {
      ix = new Map();
      for (const p of m.items) {
        if (!isPair(p) || !isScalar(p.key)) continue;
        const k = String(p.key.value);
        if (!ix.has(k)) ix.set(k, p);
      }
      index.set(m, ix);
    }
    return ix;
  };
  return (path) => {
    // walk down as far as the path exists; point at the key of the deepest pair found, or the node
    let node: unknown = doc.contents;
    let best: [number, number] | undefined = rangeOf(node);
    for (const seg of path) {
      if (isMap(node)) {
        const pair = pairsOf(node).get(String(seg)) as { key: unknown; value: unknown } | undefined;
        if (!pair) break;
        best = rangeOf(pair.key) ?? best;
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)];
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
  const { data, locate } = parseYamlText(text, file);
  const res = schema.safeParse(data);
  if (!res.success) throw new InputError(zodIssues(res.error, file, locate));
  return { file, value: res.data, locate: (p) => locate(p) };
}

/** A YAML file's text: refused before parsing when it is over MAX_YAML_BYTES or not UTF-8 text. */
export function readYamlText(file: string): string {
  return readTextFile(file, { maxBytes: MAX_YAML_BYTES, what: 'a YAML file' });
}

export function loadYamlWith<S extends z.ZodType>(file: string, schema: S): LoadedYaml<z.output<S>> {
  return parseYamlWith(readYamlText(file), file, schema);
}
