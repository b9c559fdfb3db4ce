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
  if (env && env.split(',').includes(point)) {
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

export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = tempNameFor(path);
  const fd = openSync(tmp, 'w');
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
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  faultPoint('atomic:before-rename');
  renameSync(tmp, path);
  faultPoint('atomic:after-rename');
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

/** Remove temporary files left by an interrupted writer in a folder (not recursive). */
export function sweepTemps(dir: string): number {
  let n = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (isTempName(name)) {
      rmSync(join(dir, name), { force: true, recursive: true });
      n++;
    }
  }
  return n;
}
