/**
 * The one output-path rule: every command runs it on each path it is told to write (`--out`, `--dataset`, the
 * BUILD of a stage, the file a command names inside an output folder) before it writes anything. The path is
 * resolved fully first (every symbolic link in it followed, dangling ones too, as the system would follow them), and
 * then it is refused (UsageError, exit 2, nothing touched) when it is:
 *
 * - a symbolic link itself, dangling or not (lstat; a link inside the path is followed knowingly: every comparison
 *   below is made on real paths). A build folder (a stage's BUILD, `script --out`, `build --out`) may be a link to a
 *   folder that exists (`linkOk`): it is the user's working folder, read and written as the folder it leads to;
 * - for a file: an existing folder, or anything that is not a regular file; for a folder: an existing file; a path
 *   whose folder is a file;
 * - inside a released dataset, or the dataset itself (a damaged one too; what a dataset and a build are is
 *   folder-kind.ts's one answer): a dataset is read-only to every command but export, which may replace the dataset
 *   it writes (`datasetOk`);
 * - a build (a folder holding `.stbench/`, or a private/ of case or script folders) or inside one, unless it is the
 *   build the command is the stage of (`owns`), and then only where that stage writes (`owns.paths`);
 * - one of the command's inputs (files or folders, ids resolved to their files by the caller), inside an input
 *   folder, or (for a folder) a folder that holds an input; the folder a command owns (`owns.dir`) is exempt;
 * - for a folder: an existing folder that holds something and is not the command's own (`owned` says why not).
 */
import { existsSync, lstatSync, readdirSync, type Stats } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { UsageError } from './errors.ts';
import { folderKind } from './folder-kind.ts';
import { realPathOf, sameOrInside } from './real-path.ts';

/** An input with the option or argument that named it, for messages (`{ path: data, as: '--data' }`). */
export interface NamedInput {
  path: string;
  as: string;
  /**
   * A folder the output may neither be, lie in, nor hold, refused in these words: `--out X lies inside AS PATH` (the
   * folder itself too) and `--out X holds AS PATH` (export's build: `as` "the build folder").
   */
  keepClear?: boolean;
}

export interface OutputRules {
  /** the option that named the path, for messages (`--out`) */
  flag: string;
  /** the command's inputs (files or folders; an id already resolved to its file) */
  inputs?: readonly (string | NamedInput)[];
  /**
   * The folder the command is the stage of (the build `script`, `render`, `compile` and `check` write, a run
   * folder whose view/ `view` writes): it may write there, and only under `paths` (relative to it; default: anywhere).
   */
  owns?: { dir: string; paths?: readonly string[] };
  /** may the output lie inside a dataset? (only export's own temporary folder does) */
  insideDatasetOk?: boolean;
  /** may the output be a dataset folder itself? (export replacing the dataset it wrote) */
  datasetOk?: boolean;
  /** may the output be a symbolic link to an existing folder? (a build folder: followed, never replaced) */
  linkOk?: boolean;
  /** what the folder is, for messages (`build folder`; default `folder`) */
  what?: string;
}

export interface FolderRules extends OutputRules {
  /**
   * For an existing folder that holds something: null when the command may write into it (it is its own, e.g. a run
   * folder of the same run), else why not.
   */
  owned?: (dir: string) => string | null;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

const listed = (paths: readonly string[]) => paths.map((p) => (p === '' ? '.' : p)).join(', ');

function checkPath(path: string, rules: FolderRules, kind: 'file' | 'folder'): { abs: string; real: string } {
  const abs = resolve(path);
  const said = `${rules.flag} ${path}`;
  // the output itself, with every link above it followed
  const self = join(realPathOf(dirname(path)), basename(path));
  const lst = lstatOrNull(self);
  // a build folder may be reached through a link (to a folder that exists); a dangling one never
  if (lst?.isSymbolicLink() && (!rules.linkOk || !existsSync(self)))
    throw new UsageError(
      `${said} is a symbolic link${existsSync(self) ? '' : ' (dangling)'}: give the path it points to (stbench does not write through a link it was handed, nor replace one)`,
    );
  const real = realPathOf(path);
  const st = lstatOrNull(real);
  if (kind === 'file' && st?.isDirectory())
    throw new UsageError(`${said} is a folder: give the name of a file to write`);
  if (kind === 'file' && st && !st.isFile()) throw new UsageError(`${said} is not a regular file`);
  if (kind === 'folder' && st && !st.isDirectory())
    throw new UsageError(`${said} is a file, not a ${rules.what ?? 'folder'}`);
  // the deepest existing folder above the output must be a folder
  for (let d = dirname(real); ; d = dirname(d)) {
    const dst = lstatOrNull(d);
    if (dst) {
      if (!dst.isDirectory()) throw new UsageError(`${said}: ${d} is a file, not a folder`);
      break;
    }
    if (dirname(d) === d) break;
  }
  const own = rules.owns ? realPathOf(rules.owns.dir) : null;
  const inputs = (rules.inputs ?? []).map((i) => (typeof i === 'string' ? { path: i, as: '' } : i));
  // a build named as an input is refused as the input (below), in the words of the option that named it
  const inputReals = new Map(inputs.map((i) => [realPathOf(i.path), i]));
  // the datasets and builds the output is or lies inside, innermost first
  for (let d = kind === 'file' ? dirname(real) : real; ; d = dirname(d)) {
    const k = folderKind(d);
    if (k?.kind === 'dataset' && !(d === real && rules.datasetOk) && !rules.insideDatasetOk)
      throw new UsageError(
        d === real
          ? `${said} is the dataset ${d}: a downloaded dataset is read-only to every command but export; write outside it`
          : `${said} lies in the dataset ${d}: a downloaded dataset is read-only to every command but export; write outside it`,
      );
    if (k?.kind === 'build' && d !== own && !inputReals.has(d))
      throw new UsageError(
        d === real
          ? `${said} is the build ${d}, which this command does not write (a build is written by its own stages only); give another folder`
          : `${said} lies in the build ${d}, which this command does not write (a build is written by its own stages only); write outside it`,
      );
    const up = dirname(d);
    if (up === d) break;
  }
  // in the folder it owns, a command writes only where it writes
  const paths = rules.owns?.paths;
  if (own && paths && sameOrInside(real, own)) {
    const rel = relative(own, real);
    if (rel !== '' && !paths.some((p) => p === '' || sameOrInside(rel, p)))
      throw new UsageError(
        `${said} lies in ${folderKind(own)?.kind === 'build' ? 'the build' : 'the folder'} ${own}, where this command writes only ${listed(paths)}; write outside it`,
      );
  }
  for (const [rin, input] of inputReals) {
    if (rin === own) continue;
    const name = input.as ? `${input.as} ${input.path}` : input.path;
    if (input.keepClear) {
      if (sameOrInside(real, rin)) throw new UsageError(`${said} lies inside ${name}: give a folder outside it`);
      if (sameOrInside(rin, real)) throw new UsageError(`${said} holds ${name}: give a folder outside it`);
      continue;
    }
    if (real === rin)
      throw new UsageError(`${said} is the input ${name}: writing there would destroy it; give another path`);
    if (sameOrInside(real, rin))
      throw new UsageError(
        `${said} lies inside ${input.as ? name : `the input folder ${name}`}: an input is read-only; write outside it`,
      );
    if (kind === 'folder' && sameOrInside(rin, real))
      throw new UsageError(`${said} holds the input ${name}; give a folder outside it`);
  }
  return { abs, real };
}

/**
 * The rule on a path as the system resolves it and, where that differs (a `..` after a link), as `resolve()` spells
 * it too: a command may write either.
 */
function checkBoth(path: string, rules: FolderRules, kind: 'file' | 'folder'): string {
  const abs = checkPath(path, rules, kind).abs;
  if (realPathOf(abs) !== realPathOf(path)) checkPath(abs, rules, kind);
  return abs;
}

/** Check a file the command will write; returns its absolute path. */
export function checkOutputFile(path: string, rules: OutputRules): string {
  return checkBoth(path, rules, 'file');
}

/** Check a folder the command will write into; returns its absolute path. */
export function checkOutputFolder(path: string, rules: FolderRules): string {
  const abs = checkBoth(path, rules, 'folder');
  if (existsSync(abs) && readdirSync(abs).length > 0 && rules.owned) {
    const why = rules.owned(abs);
    if (why !== null)
      throw new UsageError(
        `${rules.flag} ${abs} holds files that are not ${why}; nothing was written: give an empty or new folder`,
      );
  }
  return abs;
}
