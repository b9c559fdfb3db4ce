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
 * - inside a released dataset (a folder whose release.json has the format stbench.release), or the dataset itself:
 *   a dataset is read-only to every command but export, which may replace the dataset it writes (`datasetOk`);
 * - a build (a folder holding `.stbench/`) or inside one, unless it is the build the command is the stage of
 *   (`owns`), and then only where that stage writes (`owns.paths`);
 * - one of the command's inputs (files or folders, ids resolved to their files by the caller), inside an input
 *   folder, or (for a folder) a folder that holds an input; the folder a command owns (`owns.dir`) is exempt;
 * - for a folder: an existing folder that holds something and is not the command's own (`owned` says why not).
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './errors.ts';
import { BUILD_META_DIR } from './manifest.ts';

/** The file at a dataset's root that makes it one, and the format its first bytes name. */
export const DATASET_FILE = 'release.json';
const DATASET_FORMAT = /"format"\s*:\s*"stbench\.release\//;

/** The most links followed in one path (the system's own limit, ELOOP, is 40). */
const MAX_LINK_HOPS = 40;

/** An input with the option or argument that named it, for messages (`{ path: data, as: '--data' }`). */
export interface NamedInput {
  path: string;
  as: string;
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

/**
 * The real path of a path that may not exist yet, resolved as the system would: component by component from the
 * root, every symbolic link followed (a dangling one too: a write through it would land at its target), the part
 * that does not exist appended as it is.
 */
export function realPathOf(path: string): string {
  // not resolve(): a `..` after a link leads out of the link's target, as the system reads it, not back up the path
  const parts = (isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`).split(sep).filter(Boolean);
  let cur: string = sep;
  let hops = 0;
  while (parts.length) {
    const part = parts.shift()!;
    if (part === '.') continue;
    if (part === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, part);
    const st = lstatOrNull(next);
    if (st?.isSymbolicLink() && hops < MAX_LINK_HOPS) {
      hops++;
      let target: string;
      try {
        target = readlinkSync(next);
      } catch {
        cur = next;
        continue;
      }
      if (isAbsolute(target)) cur = sep;
      parts.unshift(...target.split(sep).filter(Boolean));
      continue;
    }
    cur = next;
  }
  // an existing path: the system's own answer (the same but for a path the loop could not read)
  try {
    return realpathSync(cur);
  } catch {
    return cur;
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

/** Whether a folder is a build: it holds a `.stbench/` folder (its manifests, plans, locks). */
export function isBuildFolder(dir: string): boolean {
  return lstatOrNull(join(dir, BUILD_META_DIR))?.isDirectory() === true;
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

/** The build folder a path is or lies inside (real path, the innermost), or null. */
export function buildAround(path: string): string | null {
  let d = realPathOf(path);
  for (;;) {
    if (isBuildFolder(d)) return d;
    const up = dirname(d);
    if (up === d) return null;
    d = up;
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
    if (isDatasetFolder(d) && !(d === real && rules.datasetOk) && !rules.insideDatasetOk)
      throw new UsageError(
        d === real
          ? `${said} is the dataset ${d}: a downloaded dataset is read-only to every command but export; write outside it`
          : `${said} lies in the dataset ${d}: a downloaded dataset is read-only to every command but export; write outside it`,
      );
    if (isBuildFolder(d) && d !== own && !inputReals.has(d))
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
        `${said} lies in ${isBuildFolder(own) ? 'the build' : 'the folder'} ${own}, where this command writes only ${listed(paths)}; write outside it`,
      );
  }
  for (const [rin, input] of inputReals) {
    if (rin === own) continue;
    const name = input.as ? `${input.as} ${input.path}` : input.path;
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
