/**
 * The guard every command runs on the paths it is told to write (`--out` and the like) before it writes anything.
 * It refuses (UsageError, exit 2, nothing touched):
 *
 * - a symbolic link as the output itself (a link inside the path is followed knowingly: every comparison below is
 *   made on real paths);
 * - for a file: an existing folder, or anything that is not a regular file; for a folder: an existing file;
 * - one of the command's inputs (the same file, or a folder that is, holds or lies inside an input folder);
 * - a path inside a released dataset (a folder with an stbench release.json): a dataset is read-only to every command
 *   but export, so `stbench verify` keeps accepting it;
 * - for a folder: an existing folder that holds something and is not the command's own (`owned` says why not).
 */
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UsageError } from './errors.ts';

/** The file at a dataset's root that makes it one, and the format its first bytes name. */
export const DATASET_FILE = 'release.json';
const DATASET_FORMAT = /"format"\s*:\s*"stbench\.release\//;

export interface OutputRules {
  /** the option that named the path, for messages (`--out`) */
  flag: string;
  /** the command's inputs (files or folders) */
  inputs?: readonly string[];
  /** may the output lie inside a dataset? (only export's own temporary folder does) */
  insideDatasetOk?: boolean;
}

export interface FolderRules extends OutputRules {
  /**
   * For an existing folder that holds something: null when the command may write into it (it is its own, e.g. a run
   * folder of the same run), else why not.
   */
  owned?: (dir: string) => string | null;
}

/** The real path of a path that may not exist yet: the deepest existing ancestor resolved, the rest appended. */
export function realPathOf(path: string): string {
  const abs = resolve(path);
  const rest: string[] = [];
  let d = abs;
  for (;;) {
    try {
      const r = realpathSync(d);
      return rest.length ? join(r, ...rest.reverse()) : r;
    } catch {
      const up = dirname(d);
      if (up === d) return abs;
      rest.push(basename(d));
      d = up;
    }
  }
}

/** Whether `inner` is `outer` or lies inside it (real paths). */
export function sameOrInside(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

/** Whether a folder is an stbench dataset: it holds a release.json whose format is stbench.release. */
export function isDatasetFolder(dir: string): boolean {
  const file = join(dir, DATASET_FILE);
  let fd: number | undefined;
  try {
    if (!lstatSync(file).isFile()) return false;
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return DATASET_FORMAT.test(buf.subarray(0, n).toString('utf8'));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The dataset folder a path is or lies inside (real path), or null. */
export function datasetAround(path: string): string | null {
  let d = realPathOf(path);
  for (;;) {
    if (isDatasetFolder(d)) return d;
    const up = dirname(d);
    if (up === d) return null;
    d = up;
  }
}

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

function commonChecks(path: string, rules: OutputRules, kind: 'file' | 'folder'): { abs: string; real: string } {
  const abs = resolve(path);
  const st = lstatOrNull(abs);
  const said = `${rules.flag} ${path}`;
  if (st?.isSymbolicLink())
    throw new UsageError(
      `${said} is a symbolic link: give the path it points to (stbench does not write through a link it was handed)`,
    );
  if (kind === 'file' && st?.isDirectory())
    throw new UsageError(`${said} is a folder: give the name of a file to write`);
  if (kind === 'file' && st && !st.isFile()) throw new UsageError(`${said} is not a regular file`);
  if (kind === 'folder' && st && !st.isDirectory()) throw new UsageError(`${said} is a file, not a folder`);
  const parent = dirname(abs);
  const pst = lstatOrNull(parent);
  if (pst && !pst.isDirectory() && !pst.isSymbolicLink())
    throw new UsageError(`${said}: ${parent} is a file, not a folder`);
  const real = realPathOf(abs);
  for (const input of rules.inputs ?? []) {
    const rin = realPathOf(input);
    if (real === rin)
      throw new UsageError(`${said} is the input ${input}: writing there would destroy it; give another path`);
    if (kind === 'folder' && sameOrInside(rin, real))
      throw new UsageError(`${said} holds the input ${input}; give a folder outside it`);
  }
  if (!rules.insideDatasetOk) {
    const ds = datasetAround(kind === 'file' ? dirname(real) : real);
    if (ds)
      throw new UsageError(
        `${said} lies in the dataset ${ds}: a downloaded dataset is read-only to every command but export; write outside it`,
      );
  }
  return { abs, real };
}

/** Check a file the command will write; returns its absolute path. */
export function checkOutputFile(path: string, rules: OutputRules): string {
  return commonChecks(path, rules, 'file').abs;
}

/** Check a folder the command will write into; returns its absolute path. */
export function checkOutputFolder(path: string, rules: FolderRules): string {
  const { abs } = commonChecks(path, rules, 'folder');
  if (existsSync(abs) && readdirSync(abs).length > 0 && rules.owned) {
    const why = rules.owned(abs);
    if (why !== null)
      throw new UsageError(
        `${rules.flag} ${abs} holds files that are not ${why}; nothing was written: give an empty or new folder`,
      );
  }
  return abs;
}
