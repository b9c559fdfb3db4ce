/**
 * Error reporting shared by every stage: an input problem names its file, line, column and field path
 * (`file:line:column: field.path: what is wrong`), every problem of a file is reported at once, and the exit
 * code says what kind of failure it was.
 */

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
  return `${where}: ${i.path || '(file)'}: ${i.message}`;
}

/** Bad input: one or more issues; exit code 2. */
export class InputError extends Error {
  readonly issues: InputIssue[];
  readonly exitCode = EXIT.usage;
  constructor(issues: InputIssue[] | InputIssue) {
    const list = Array.isArray(issues) ? issues : [issues];
    super(list.map(formatIssue).join('\n'));
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
