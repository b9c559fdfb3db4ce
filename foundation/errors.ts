/**
 * Error reporting shared by every stage: an input problem names its file, line, column and field path
 * (`file:line:column: field.path: what is wrong`), every problem of a file is reported at once, and the exit
 * code says what kind of failure it was.
 */

import { MAX_MESSAGE_CHARS, MAX_PATH_CHARS, MAX_PRINTED_ISSUES } from './limits.ts';
export const EXIT = {
  ok: 0,
  /** a check or gate failed, or a broken instrument */
  failed: 1,
  /** bad input or bad usage */
  usage: 2,
} as const;

export interface InputIssue {
  file: string;
  line?: number;
  column?: number;
  /** dotted field path, e.g. `camera.pitch_deg` or `things[3].size` ('' for the whole file) */
  path: string;
  message: string;
}

export function formatIssue(i: InputIssue): string {
  const where = i.line !== undefined ? `${i.file}:${i.line}:${i.column ?? 1}` : i.file;
  return `${where}: ${clip(i.path, MAX_PATH_CHARS) || '(file)'}: ${clip(i.message, MAX_MESSAGE_CHARS)}`;
}

/** A text cut to `max` characters, saying how much was left out (a 1 MB bad value is never echoed whole). */
export function clip(text: string, max: number = MAX_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}... (${text.length - max} more characters)`;
}

/** The lines a list of issues prints as: the first MAX_PRINTED_ISSUES, then a count of the rest. */
export function issueLines(issues: readonly InputIssue[], max: number = MAX_PRINTED_ISSUES): string[] {
  const out = issues.slice(0, max).map(formatIssue);
  if (issues.length > max)
    out.push(`... and ${issues.length - max} more problems (${issues.length} in all; the first ${max} are shown)`);
  return out;
}

/** Bad input: one or more issues; exit code 2. */
export class InputError extends Error {
  readonly issues: InputIssue[];
  readonly exitCode = EXIT.usage;
  constructor(issues: InputIssue[] | InputIssue) {
    const list = Array.isArray(issues) ? issues : [issues];
    super(issueLines(list).join('\n'));
    this.name = 'InputError';
    this.issues = list;
  }
}

/** Bad usage of a command (a missing flag, a conflicting option); exit code 2. */
export class UsageError extends Error {
  readonly exitCode = EXIT.usage;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Writing failed (a full disk, a read-only folder, a path that is a folder): the message names the file and the
 * reason in words, and the writer has left the old file whole. Exit code 1 for a disk that failed, 2 for a path
 * that cannot be written (the user's to change).
 */
export class WriteFailed extends Error {
  readonly exitCode: number;
  readonly code: string | undefined;
  constructor(file: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    super(`cannot write ${file}: ${fsReason(cause)}; the old file, if any, is unchanged`);
    this.name = 'WriteFailed';
    this.code = code;
    this.exitCode = code === 'ENOSPC' || code === 'EIO' || code === 'EDQUOT' ? EXIT.failed : EXIT.usage;
  }
}

/** A file-system error in words, with its code (`no space left on the device (ENOSPC)`). */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const words: Record<string, string> = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the file system is read-only',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'it is a folder',
    ENOTDIR: 'a part of the path is a file, not a folder',
    ENOENT: 'no such file or folder',
    EEXIST: 'it exists already',
    EIO: 'an input/output error of the disk',
    ENAMETOOLONG: 'the name is too long',
    EMFILE: 'too many open files',
  };
  if (code && words[code]) return `${words[code]} (${code})`;
  return (e as Error | undefined)?.message ?? String(e);
}

/** A check that ran and failed (a gate, a broken instrument, a refused export); exit code 1. */
export class CheckFailed extends Error {
  readonly exitCode = EXIT.failed;
  constructor(message: string) {
    super(message);
    this.name = 'CheckFailed';
  }
}

export function exitCodeOf(e: unknown): number {
  if (e && typeof e === 'object' && 'exitCode' in e && typeof (e as { exitCode: unknown }).exitCode === 'number') {
    return (e as { exitCode: number }).exitCode;
  }
  return EXIT.failed;
}

/** Join a field path the way messages print it: a.b[2].c */
export function pathString(path: readonly (string | number | symbol)[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += (out ? '.' : '') + String(p);
  }
  return out;
}
