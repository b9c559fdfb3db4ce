/**
 * Atomic file writing: data goes to a temporary name in the target's folder, is flushed, then renamed over the
 * target. A reader sees the old file or the new one, never a partial one.
 *
 * Fault hooks let tests kill a writer at chosen points: set STBENCH_FAULT to a point name
 * (e.g. "atomic:before-rename" or "render:after-rename") and the process exits with code 137 there,
 * as a kill would.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { WriteFailed } from './errors.ts';

export type FaultHandler = (point: string) => void;

let faultHandler: FaultHandler | null = null;

/** Install a programmatic fault handler (tests); it may throw to simulate a crash. */
export function setFaultHandler(h: FaultHandler | null): void {
  faultHandler = h;
}

/** Mark a point where a test may kill the process. */
export function faultPoint(point: string): void {
  if (faultHandler) faultHandler(point);
  const env = process.env.STBENCH_FAULT;
  if (env?.split(',').includes(point)) {
    const countVar = process.env.STBENCH_FAULT_AFTER;
    if (countVar) {
      const n = Number(countVar) - 1;
      process.env.STBENCH_FAULT_AFTER = String(n);
      if (n > 0) return;
    }
    process.stderr.write(`stbench: fault hook fired at ${point}\n`);
    process.exit(137);
  }
}

const TMP_MARK = '.tmp-';

export function tempNameFor(path: string): string {
  return join(dirname(path), `.${basename(path)}${TMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`);
}

export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.includes(TMP_MARK);
}

/**
 * Write a file atomically: the data goes to a temporary name beside the target, is flushed, and is renamed over the
 * target. Whatever fails (the folder cannot be made, the disk is full, the folder is read-only, the target is a
 * folder), the temporary file is removed, the old file is left whole, and a WriteFailed names the file and the reason.
 * Only a kill (or a fault hook) can leave a temporary file behind; the stage that owns the folder sweeps it.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    throw new WriteFailed(path, e);
  }
  const tmp = tempNameFor(path);
  let fd: number;
  try {
    fd = openSync(tmp, 'w');
  } catch (e) {
    throw new WriteFailed(path, e);
  }
  try {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = 0;
    // write in two halves so a fault hook can fire with a partial temporary file on disk
    const half = Math.floor(buf.length / 2);
    off += writeSync(fd, buf, 0, half);
    faultPoint('atomic:mid-write');
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } catch (e) {
    closeQuietly(fd);
    rmSync(tmp, { force: true });
    throw isFsError(e) ? new WriteFailed(path, e) : e;
  }
  try {
    closeSync(fd);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new WriteFailed(path, e);
  }
  faultPoint('atomic:before-rename');
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new WriteFailed(path, e);
  }
  faultPoint('atomic:after-rename');
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    /* closing after a failed write: the write's error is the one reported */
  }
}

function isFsError(e: unknown): boolean {
  return (
    typeof (e as NodeJS.ErrnoException | undefined)?.code === 'string' &&
    /^E[A-Z]+$/.test((e as NodeJS.ErrnoException).code!)
  );
}

export function writeJsonAtomic(path: string, value: unknown, pretty = true): void {
  writeFileAtomic(path, JSON.stringify(value, null, pretty ? 2 : undefined) + '\n');
}

export function jsonlText(rows: readonly unknown[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
}

export function writeJsonlAtomic(path: string, rows: readonly unknown[]): void {
  writeFileAtomic(path, jsonlText(rows));
}

/** The process id a temporary name was made by (null for a name that carries none). */
export function tempOwner(name: string): number | null {
  const m = /\.tmp-(\d+)-[0-9a-f]+$/.exec(name);
  return m ? Number(m[1]) : null;
}

/** Whether a process of this machine is alive. */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove temporary files left by an interrupted writer in a folder (not recursive). With `deadOnly`, a temporary
 * file whose writer (the pid in its name) is still running on this machine is left alone, so that a sweep of a
 * folder other stages also write never breaks a live writer.
 */
export function sweepTemps(dir: string, opts: { deadOnly?: boolean } = {}): number {
  let n = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!isTempName(name)) continue;
    const owner = tempOwner(name);
    if (opts.deadOnly && owner !== null && processAlive(owner)) continue;
    rmSync(join(dir, name), { force: true, recursive: true });
    n++;
  }
  return n;
}
