/**
 * Stage locks: a run of a stage that writes a folder (script, render of a script, compile, check, export, eval)
 * holds a lock file there, so that two runs of one stage on one folder never interleave. The lock file is made with
 * O_EXCL and names its holder (pid, host, what, since). A second run is refused (exit 2) naming the holder; a lock
 * left by a run that was killed (its pid is gone on this machine) is taken over. A lock of another machine cannot be
 * judged, so it is never taken over: the message says which file to remove once that run is gone. A lock path that
 * holds a folder, a link or anything but a file is refused (exit 2, naming it) and left as it is. Locks are
 * re-entrant within one process (`stbench build` runs the stages in turn), released when the run ends however it
 * ends, and on Ctrl-C (foundation/interrupt.ts). Folders made only to hold the lock are removed with it. A lock that
 * cannot be written (a full disk) is removed at once and the error names its file.
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  rmSync,
  type Stats,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { processAlive } from './atomic.ts';
import { InputError, UsageError, WriteFailed } from './errors.ts';
import { onInterrupt } from './interrupt.ts';
import { BUILD_META_DIR } from './manifest.ts';

export interface LockHolder {
  pid: number;
  host: string;
  what: string;
  since: string;
}

export interface Lock {
  file: string;
  release(): void;
}

const held = new Map<string, { count: number; created: string[]; off: () => void }>();

/** The lock file of a stage on a build: BUILD/.stbench/locks/<stage>.lock. */
export function stageLockPath(build: string, stage: string): string {
  return join(build, BUILD_META_DIR, 'locks', `${stage.replace(/[^A-Za-z0-9_.-]/g, '_')}.lock`);
}

function readHolder(file: string): LockHolder | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof v.pid === 'number' && typeof v.host === 'string')
      return { pid: v.pid, host: v.host, what: String(v.what ?? '?'), since: String(v.since ?? '?') };
  } catch {
    /* empty or torn: a run killed while taking the lock */
  }
  return null;
}

/** Make the folders up to `dir`, returning those it made (deepest last). */
function makeDirs(dir: string): string[] {
  const made: string[] = [];
  let d = resolve(dir);
  const missing: string[] = [];
  while (!existsSync(d)) {
    missing.push(d);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new WriteFailed(dir, e);
  }
  for (const m of missing.reverse()) made.push(m);
  return made;
}

/** What the lock path holds when it is not a plain file ('a folder', 'a symbolic link', ...); undefined for a file. */
function notAFile(path: string): string | undefined {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch {
    return undefined; // gone since: the next attempt takes it
  }
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return 'a folder';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** Take the lock `file` for `what` (e.g. "stbench compile"); UsageError when another live run holds it. */
export function acquireLock(file: string, what: string): Lock {
  const path = resolve(file);
  const mine = held.get(path);
  if (mine) {
    mine.count++;
    return { file: path, release: () => release(path) };
  }
  const created = makeDirs(dirname(path));
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        removeDirs(created);
        throw new WriteFailed(path, e);
      }
      // only a file is a lock: a folder, a link or anything else at its path is not stbench's, never removed
      const kind = notAFile(path);
      if (kind) {
        removeDirs(created);
        throw new InputError({
          file: path,
          path: '',
          message: `is ${kind}, not a lock file: stbench keeps its lock of this run here; move it away and run again`,
        });
      }
      const h = readHolder(path);
      const stale = h === null ? attempt === 0 : h.host === hostname() && !processAlive(h.pid);
      if (stale && attempt < 2) {
        rmSync(path, { force: true });
        continue;
      }
      removeDirs(created);
      const who = h ? `${h.what} (pid ${h.pid} on ${h.host}, since ${h.since})` : 'another run';
      const hint = h && h.host !== hostname() ? `; if that run is gone, remove ${path}` : '';
      throw new UsageError(`${dirname(dirname(path))} is in use by ${who}: wait for it to finish${hint}`);
    }
    const holder: LockHolder = { pid: process.pid, host: hostname(), what, since: new Date().toISOString() };
    try {
      writeSync(fd, JSON.stringify(holder) + '\n');
      closeSync(fd);
    } catch (e) {
      // a full disk: no torn lock is left behind, and the message names the file
      try {
        closeSync(fd);
      } catch {
        /* closed already, or the write's error is the one to report */
      }
      rmSync(path, { force: true });
      removeDirs(created);
      throw new WriteFailed(path, e);
    }
    break;
  }
  const off = onInterrupt(() => {
    rmSync(path, { force: true });
    removeDirs(created);
  });
  held.set(path, { count: 1, created, off });
  return { file: path, release: () => release(path) };
}

function release(path: string): void {
  const h = held.get(path);
  if (!h) return;
  if (--h.count > 0) return;
  held.delete(path);
  h.off();
  rmSync(path, { force: true });
  removeDirs(h.created);
  // the build's locks/ folder goes when it is empty, whoever made it
  if (basename(dirname(path)) === 'locks') removeDirs([dirname(path)]);
}

/** Remove folders made for a lock, deepest first, where they are empty now. */
function removeDirs(dirs: readonly string[]): void {
  for (const d of [...dirs].reverse()) {
    try {
      rmdirSync(d);
    } catch {
      return; // not empty (the stage wrote into it) or gone: keep the rest too
    }
  }
}

/** Run `body` holding the lock. */
export async function withLock<T>(file: string, what: string, body: () => Promise<T> | T): Promise<T> {
  const lock = acquireLock(file, what);
  try {
    return await body();
  } finally {
    lock.release();
  }
}

/** Run a synchronous `body` holding the lock. */
export function withLockSync<T>(file: string, what: string, body: () => T): T {
  const lock = acquireLock(file, what);
  try {
    return body();
  } finally {
    lock.release();
  }
}
