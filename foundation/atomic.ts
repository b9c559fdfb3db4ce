/**
 * Atomic file writing: data goes to a temporary name in the target's folder, is flushed, then renamed over the
 * target. A reader sees the old file or the new one, never a partial one.
 *
 * Fault hooks let tests stop a writer at chosen points (`faultPoint`): set STBENCH_FAULT to a point name (e.g.
 * "atomic:before-rename" or "render:after-rename"; several with commas; STBENCH_FAULT_AFTER=N fires at the Nth
 * time one is reached) and the process exits with code 137 there, as a kill would. With STBENCH_FAULT_SIGNAL set
 * (SIGINT, SIGTERM, SIGHUP), the process sends itself that signal there instead, once, and carries on, as if the
 * signal had come at that moment (foundation/interrupt.ts handles it; its next checkpoint lets that signal in at
 * once, so a test knows where the command stops). With STBENCH_FAULT_HOLD=FILE set, the process says so on stderr
 * (`stbench: fault hook holds at POINT`) and waits there, without turning its event loop, while FILE exists, then
 * carries on: a test sends its signal from outside while the command is held in the middle of its work, then
 * removes FILE (no race with the command's end). With STBENCH_FAULT_ERRNO set (ENOSPC, EIO,
 * EDQUOT, ...), the point throws that file-system error instead, as a full disk would fail the write under way.
 * STBENCH_FAULT_LOG=FILE appends the name of every point reached to FILE (a test counts a command's writes so as to
 * pick the middle or the last one). `setFaultHandler` installs a handler in process (tests); it may throw to
 * simulate a crash or a full disk.
 *
 * Worker threads write through the write gate: the signal path closes it (`closeWriteGate`, on the main thread)
 * and waits for the writes in flight to end (renamed, or failed and removed); a worker that comes to the gate after
 * that waits there until the process ends, so it never leaves a temporary file.
 */
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
  readdirSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isMainThread } from 'node:worker_threads';
import { WriteFailed } from './errors.ts';

export type FaultHandler = (point: string) => void;

let faultHandler: FaultHandler | null = null;
let signalled = false;
let held = false;

/** Install a programmatic fault handler (tests); it may throw to simulate a crash. */
export function setFaultHandler(h: FaultHandler | null): void {
  faultHandler = h;
}

/** A file-system error as the system call would raise it (`ENOSPC: no space left on device, write`). */
export function fsError(code: string, syscall = 'write'): NodeJS.ErrnoException {
  const words: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EIO: 'i/o error',
    EROFS: 'read-only file system',
    EACCES: 'permission denied',
  };
  return Object.assign(new Error(`${code}: ${words[code] ?? 'error'}, ${syscall}`), { code, syscall });
}

/** Whether a fault hook of this thread has sent the process a signal (foundation/interrupt.ts lets it in at once). */
export function faultSignalSent(): boolean {
  return signalled;
}

/** Wait, without turning the event loop, while `file` exists (STBENCH_FAULT_HOLD). */
function holdWhile(point: string, file: string): void {
  process.stderr.write(`stbench: fault hook holds at ${point}\n`);
  const nap = new Int32Array(new SharedArrayBuffer(4));
  while (existsSync(file)) Atomics.wait(nap, 0, 0, 10);
}

/** Mark a point where a test may kill, signal or fail the process (see the module comment). */
export function faultPoint(point: string): void {
  if (faultHandler) faultHandler(point);
  const log = process.env.STBENCH_FAULT_LOG;
  if (log) appendFileSync(log, `${point}\n`);
  const env = process.env.STBENCH_FAULT;
  if (env?.split(',').includes(point)) {
    const countVar = process.env.STBENCH_FAULT_AFTER;
    if (countVar) {
      const n = Number(countVar) - 1;
      process.env.STBENCH_FAULT_AFTER = String(n);
      if (n > 0) return;
    }
    const errno = process.env.STBENCH_FAULT_ERRNO;
    if (errno) throw fsError(errno);
    const hold = process.env.STBENCH_FAULT_HOLD;
    if (hold) {
      if (held) return;
      held = true;
      holdWhile(point, hold);
      return;
    }
    const sig = process.env.STBENCH_FAULT_SIGNAL;
    if (sig) {
      if (signalled) return;
      signalled = true;
      process.stderr.write(`stbench: fault hook sent ${sig} at ${point}\n`);
      process.kill(process.pid, sig);
      return;
    }
    process.stderr.write(`stbench: fault hook fired at ${point}\n`);
    process.exit(137);
  }
}

/** The write gate, shared by the main thread and its worker threads: [closed, writes in flight]. */
let gate: Int32Array | null = null;
const CLOSED = 0;
const BUSY = 1;

/** On the main thread: the gate's memory, handed to every worker thread it starts (foundation/worker-pool.ts). */
export function writeGateMemory(): SharedArrayBuffer {
  gate ??= new Int32Array(new SharedArrayBuffer(8));
  return gate.buffer as SharedArrayBuffer;
}

/** On a worker thread: write through the main thread's gate. */
export function joinWriteGate(memory: SharedArrayBuffer): void {
  gate = new Int32Array(memory);
}

/** Before a worker thread makes a temporary file; waits for the end of the process when the gate is closed. */
function enterWrite(): void {
  if (isMainThread || !gate) return;
  Atomics.add(gate, BUSY, 1);
  if (Atomics.load(gate, CLOSED) === 0) return;
  Atomics.sub(gate, BUSY, 1);
  Atomics.notify(gate, BUSY);
  // the process is stopping: this thread writes nothing more and ends with it
  for (;;) Atomics.wait(gate, CLOSED, 1);
}

/** After a worker thread's temporary file is renamed or removed. */
function leaveWrite(): void {
  if (isMainThread || !gate) return;
  Atomics.sub(gate, BUSY, 1);
  Atomics.notify(gate, BUSY);
}

/**
 * On the main thread, on a signal: close the gate and wait (at most `maxMs`) for the worker threads' writes in flight
 * to end. Returns whether they all did.
 */
export function closeWriteGate(maxMs = 3000): boolean {
  if (!isMainThread || !gate) return true;
  Atomics.store(gate, CLOSED, 1);
  const end = Date.now() + maxMs;
  for (let n = Atomics.load(gate, BUSY); n > 0; n = Atomics.load(gate, BUSY)) {
    const left = end - Date.now();
    if (left <= 0) return false;
    Atomics.wait(gate, BUSY, n, Math.min(left, 50));
  }
  return true;
}

const TMP_MARK = '.tmp-';

export function tempNameFor(path: string): string {
  return join(dirname(path), `.${basename(path)}${TMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`);
}

export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.includes(TMP_MARK);
}

/** The file a temporary name (tempNameFor) stands in for; any other path as it is. */
export function tempTarget(path: string): string {
  const name = basename(path);
  const at = name.lastIndexOf(TMP_MARK);
  return isTempName(name) && at > 1 ? join(dirname(path), name.slice(1, at)) : path;
}

/**
 * Write a temporary file of a larger step (a frame's picture under its temporary name, renamed with the frame's other
 * files when the frame is committed): written and flushed; whatever fails, what was written is removed and a
 * WriteFailed names the file the step makes (tempTarget), not the temporary name.
 */
export function writeTempFile(path: string, data: string | Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw new WriteFailed(tempTarget(path), e);
  }
  try {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let off = writeSync(fd, buf, 0, Math.floor(buf.length / 2));
    faultPoint('atomic:mid-write');
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
  } catch (e) {
    closeQuietly(fd);
    rmSync(path, { force: true });
    throw isFsError(e) ? new WriteFailed(tempTarget(path), e) : e;
  }
}

/** How much of a file of `size` bytes to keep so that it ends with a whole line (a writer killed mid-line left a torn one). */
function wholeLines(fd: number, size: number): number {
  const chunk = Buffer.alloc(4096);
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - chunk.length);
    const n = readSync(fd, chunk, 0, end - start, start);
    const nl = chunk.subarray(0, n).lastIndexOf(10);
    if (nl >= 0) return start + nl + 1;
    end = start;
  }
  return 0;
}

/**
 * Append a line (`line` ends with a newline) to a log file so that it is there whole or not at all: a torn last line
 * left by a killed writer is cut off first, the line goes in at the end and is flushed; whatever fails (a full disk),
 * the file is cut back to its length before and a WriteFailed names it.
 */
export function appendLineWhole(path: string, line: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    throw new WriteFailed(path, e);
  }
  let fd: number;
  try {
    fd = openSync(path, 'a+');
  } catch (e) {
    throw new WriteFailed(path, e);
  }
  let before: number | null = null;
  try {
    const size = fstatSync(fd).size;
    before = wholeLines(fd, size);
    if (before < size) ftruncateSync(fd, before);
    const buf = Buffer.from(line, 'utf8');
    // in two halves, so that a fault hook can fail the append with half a line on disk
    let off = writeSync(fd, buf, 0, Math.floor(buf.length / 2));
    faultPoint('atomic:mid-append');
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } catch (e) {
    if (before !== null)
      try {
        ftruncateSync(fd, before);
      } catch {
        /* the append's error is the one reported */
      }
    closeQuietly(fd);
    throw isFsError(e) ? new WriteFailed(path, e) : e;
  }
  closeNamed(fd, path);
}

/**
 * Write a file atomically: the data goes to a temporary name beside the target, is flushed, and is renamed over the
 * target. Whatever fails (the folder cannot be made, the disk is full, the folder is read-only, the target is a
 * folder), the temporary file is removed, the old file is left whole, and a WriteFailed names the file and the reason.
 * Only a kill (or a fault hook) can leave a temporary file behind; the stage that owns the folder sweeps it.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  writeFilesAtomic([[path, data]]);
}

/** The fault points a group of writes passes (writeFilesAtomic). */
export interface WritePoints {
  /** after every file is flushed under its temporary name (default atomic:before-rename) */
  beforeRename?: string;
  /** after the renames (default atomic:after-rename) */
  afterRename?: string;
}

/**
 * Write several files as one step (a frame's four files): each to its temporary name and flushed, then each renamed
 * onto its target. A failure while writing removes every temporary file of the step and names the file it was
 * writing (WriteFailed); the targets keep their old content. A failed rename names its file and removes the
 * temporary files not yet renamed.
 */
export function writeFilesAtomic(
  files: readonly (readonly [path: string, data: string | Uint8Array])[],
  points: WritePoints = {},
): void {
  for (const [path] of files) {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (e) {
      throw new WriteFailed(path, e);
    }
  }
  enterWrite();
  const temps: string[] = [];
  const removeTemps = (from = 0) => {
    for (const t of temps.slice(from)) rmSync(t, { force: true });
  };
  let at = files[0]?.[0] ?? '';
  try {
    for (const [path, data] of files) {
      at = path;
      const tmp = tempNameFor(path);
      let fd: number;
      try {
        fd = openSync(tmp, 'w');
      } catch (e) {
        throw new WriteFailed(path, e);
      }
      temps.push(tmp);
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
        throw isFsError(e) ? new WriteFailed(path, e) : e;
      }
      closeNamed(fd, path);
    }
    faultPoint(points.beforeRename ?? 'atomic:before-rename');
  } catch (e) {
    removeTemps();
    leaveWrite();
    throw !(e instanceof WriteFailed) && isFsError(e) ? new WriteFailed(at, e) : e;
  }
  for (let i = 0; i < files.length; i++) {
    try {
      renameSync(temps[i], files[i][0]);
    } catch (e) {
      removeTemps(i);
      leaveWrite();
      throw new WriteFailed(files[i][0], e);
    }
  }
  leaveWrite();
  faultPoint(points.afterRename ?? 'atomic:after-rename');
}

/**
 * Copy a file atomically (to a temporary name beside `to`, flushed, renamed); a failure removes the temporary file
 * and names `to` (WriteFailed), whose old content stays.
 */
export function copyFileAtomic(from: string, to: string): void {
  try {
    mkdirSync(dirname(to), { recursive: true });
  } catch (e) {
    throw new WriteFailed(to, e);
  }
  enterWrite();
  const tmp = tempNameFor(to);
  try {
    copyFileSync(from, tmp);
    faultPoint('atomic:mid-write');
    const fd = openSync(tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeQuietly(fd);
    }
    faultPoint('atomic:before-rename');
    renameSync(tmp, to);
  } catch (e) {
    rmSync(tmp, { force: true });
    leaveWrite();
    throw !(e instanceof WriteFailed) && isFsError(e) ? new WriteFailed(to, e) : e;
  }
  leaveWrite();
  faultPoint('atomic:after-rename');
}

/** Close a written file; a failure (a deferred write error) names the file. */
function closeNamed(fd: number, path: string): void {
  try {
    closeSync(fd);
  } catch (e) {
    throw new WriteFailed(path, e);
  }
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
