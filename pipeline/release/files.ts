/**
 * Listing and hashing the files of a folder tree (relative paths with `/`, sorted), and copying one file.
 *
 * A command hashes each file once: the passes of one command (export's check of the build against the stages'
 * records, its hashes of the dataset it writes, and verify's checks of release.json, the render logs and the
 * records) share one HashCache. Hashing a release's files takes tens of seconds, so the passes are written as steps
 * (a generator that yields between files: foundation/interrupt.ts runSteps, runStepsInterruptible), letting a signal
 * in between files.
 */
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { faultPoint, hashFile, runSteps } from '../../foundation/index.ts';

/** Every file under `root` (relative paths, `/`-separated, sorted); `skip(rel)` prunes a path and what is under it. */
export function listFiles(root: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const abs = rel ? join(root, rel) : root;
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** Every symbolic link under `root` (relative paths, sorted); links are not followed. */
export function listLinks(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(rel ? join(root, rel) : root, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) out.push(r);
      else if (e.isDirectory()) walk(r);
    }
  };
  walk('');
  return out.sort();
}

/** What identifies a file's content between two looks within one command: its inode, size and modification time. */
function statKey(abs: string): string {
  const st = statSync(abs);
  return `${st.ino}:${st.size}:${st.mtimeMs}`;
}

/**
 * The sha256 of the files one command reads, each hashed once (by absolute path; a file whose size or modification
 * time changed since is hashed again). Every hash read from the disk passes the fault point `hash:file` first (a
 * test signals a command in the middle of its hashing there).
 */
export class HashCache {
  private readonly known = new Map<string, { key: string; sha: string }>();

  /** sha256 of the file at `abs` (absolute); throws as reading it does. */
  hash(abs: string): string {
    const key = statKey(abs);
    const k = this.known.get(abs);
    if (k && k.key === key) return k.sha;
    faultPoint('hash:file');
    const sha = hashFile(abs);
    this.known.set(abs, { key, sha });
    return sha;
  }

  /** `to` was just copied from `from`: it has the hash `from` has, if that is known and `from` is unchanged. */
  copied(from: string, to: string): void {
    const k = this.known.get(from);
    if (k && k.key === statKey(from)) this.known.set(to, { key: statKey(to), sha: k.sha });
  }
}

/** hashFiles a file a step. */
export function* hashFileSteps(
  root: string,
  rels: readonly string[],
  hashes: HashCache = new HashCache(),
): Generator<void, Record<string, string>> {
  const out: Record<string, string> = {};
  for (const r of rels) {
    yield;
    out[r] = hashes.hash(join(root, r));
  }
  return out;
}

/** sha256 of each listed file, keyed by its relative path. */
export function hashFiles(
  root: string,
  rels: readonly string[],
  hashes: HashCache = new HashCache(),
): Record<string, string> {
  return runSteps(hashFileSteps(root, rels, hashes));
}

/** Copy `from` to `to`, creating the folders. */
export function copyInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}
