/**
 * The one rule for a path read from a build or dataset (a downloaded dataset, and a build someone handed over, are
 * untrusted input): the path is relative to the folder's root, goes straight down from it (no `..` segment, no
 * absolute path, no NUL, no backslash, not empty), and its real path, every symbolic link followed, lies inside the
 * real path of the root. Every reader asks it before it reads: of a path the folder names (a case's frames, an
 * index entry, release.json's files and results, a render log's or a stage manifest's records) and of a file it
 * reads by its fixed name (robot.json, gold.jsonl: a link there may lead anywhere). A path that breaks it is an
 * InputError (exit 2) naming the file the path was read from and the field:
 * `BUILD/private/<cid>/case.json: frames[3].rgb: ../../etc/hostname lies outside the build (...)`.
 *
 * The check is made on the path as the readers use it (`join(root, rel)`); a link replaced between the check and the
 * read is not guarded against (nobody else writes a build or dataset while a command reads it).
 */
import { join, relative, resolve } from 'node:path';
import { InputError, type InputIssue } from './errors.ts';
import { folderKind } from './folder-kind.ts';
import { realPathOf, sameOrInside } from './real-path.ts';

/** Where a path was read from: the file (absolute, as messages print it), its line, and the field. */
export interface PathSource {
  file: string;
  line?: number;
  /** the field path (`frames[3].rgb`, `files["a/b.json"]`; '' for the file itself) */
  path: string;
}

/** The folder a root is, in messages: the dataset (folder-kind.ts: a damaged one too) or the build. */
export function rootWord(root: string): string {
  return folderKind(root)?.kind === 'dataset' ? 'the dataset' : 'the build';
}

/**
 * Why a path's text alone breaks the rule (null when it does not): empty, a NUL, a backslash, absolute, a `..`
 * segment. `word` names the root in the message (`the dataset`).
 */
export function pathTextProblem(rel: unknown, word = 'the build or dataset'): string | null {
  if (typeof rel !== 'string') return `is not a path (a path ${word} names is a string relative to its root)`;
  const said = JSON.stringify(rel);
  if (rel.length === 0) return `is empty (a path ${word} names is relative to its root)`;
  if (rel.includes('\u0000')) return `${said} holds a NUL character (no path ${word} names does)`;
  if (rel.startsWith('/') || /^[A-Za-z]:/.test(rel))
    return `${said} lies outside ${word} (an absolute path; a path it names is relative to its root)`;
  if (rel.includes('\\')) return `${said} holds a backslash (a path ${word} names separates its folders with /)`;
  let depth = 0;
  let up = false;
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      up = true;
      depth--;
      if (depth < 0) return `${said} lies outside ${word} (its .. climbs out of it)`;
    } else depth++;
  }
  if (up) return `${said} holds a .. segment (a path ${word} names goes straight down from its root)`;
  return null;
}

/**
 * A checker for one root (its real path and its word found once): `check(rel, from)` returns the issue of a path
 * the root names (null when it may be read), `checkFile(abs, from)` that of a file the reader found by its fixed
 * name under the root.
 */
export function insideRoot(root: string): {
  word: string;
  check: (rel: unknown, from: PathSource) => InputIssue | null;
  checkFile: (abs: string, from?: PathSource) => InputIssue | null;
} {
  const absRoot = resolve(root);
  const realRoot = realPathOf(absRoot);
  const word = rootWord(absRoot);
  const check = (rel: unknown, from: PathSource): InputIssue | null => {
    const text = pathTextProblem(rel, word);
    if (text) return { ...from, message: text };
    const real = realPathOf(join(absRoot, rel as string));
    if (!sameOrInside(real, realRoot))
      return {
        ...from,
        message: `${JSON.stringify(rel)} lies outside ${word} (a symbolic link on the way leads to ${real})`,
      };
    return null;
  };
  const checkFile = (abs: string, from?: PathSource): InputIssue | null => {
    const rel = relative(absRoot, resolve(abs));
    return check(rel, from ?? { file: resolve(abs), path: '' });
  };
  return { word, check, checkFile };
}

/** The issue of one path a root names, or null (see insideRoot). */
export function pathIssue(root: string, rel: unknown, from: PathSource): InputIssue | null {
  return insideRoot(root).check(rel, from);
}

/** The absolute path of a path a root names; an InputError (exit 2) naming `from` when it breaks the rule. */
export function pathInside(root: string, rel: string, from: PathSource): string {
  const issue = pathIssue(root, rel, from);
  if (issue) throw new InputError(issue);
  return join(resolve(root), rel);
}

/** Throw the issues at once (InputError, exit 2) when there are any. */
export function throwIssues(issues: readonly InputIssue[]): void {
  if (issues.length) throw new InputError([...issues]);
}
