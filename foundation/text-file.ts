/**
 * Reading a user's text file (YAML, JSON, JSONL): refused early, before it is parsed, when it is not a file, is
 * larger than the limit for its kind (foundation/limits.ts), or is not UTF-8 text (UTF-16 or UTF-32 with or
 * without a byte-order mark, a NUL byte, a byte sequence that is not UTF-8), each with file:line:column and a hint.
 * A UTF-8 byte-order mark is dropped.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { fsReason, InputError } from './errors.ts';

/** "1.5 MiB" */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1 << 20) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1 << 30) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  return `${(n / (1 << 30)).toFixed(1)} GiB`;
}

/** 1-based line and column of a byte offset in a buffer (columns count bytes). */
function lineCol(buf: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < buf.length; i++) {
    if (buf[i] === 0x0a) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** The offset of the first byte that breaks UTF-8, or -1 when the buffer is valid UTF-8. */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const b = buf[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) (need = 1), (min = 0x80);
    else if (b >= 0xe0 && b <= 0xef) (need = 2), (min = 0x800);
    else if (b >= 0xf0 && b <= 0xf4) (need = 3), (min = 0x10000);
    else return i;
    if (i + need >= n) return i; // cut short by the end of the file
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** Why the bytes are not UTF-8 text (null when they are), with where. */
function encodingProblem(buf: Uint8Array): { offset: number; message: string } | null {
  const at = (i: number) => buf[i];
  if (
    buf.length >= 4 &&
    ((at(0) === 0xff && at(1) === 0xfe && at(2) === 0 && at(3) === 0) ||
      (at(0) === 0 && at(1) === 0 && at(2) === 0xfe && at(3) === 0xff))
  ) {
    return {
      offset: 0,
      message: 'the file is UTF-32 text (it starts with a UTF-32 byte-order mark); save it as UTF-8',
    };
  }
  if (buf.length >= 2 && ((at(0) === 0xff && at(1) === 0xfe) || (at(0) === 0xfe && at(1) === 0xff))) {
    return {
      offset: 0,
      message: 'the file is UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8',
    };
  }
  const nul = buf.indexOf(0);
  if (nul >= 0) {
    // every other byte NUL at the start: UTF-16 without a byte-order mark
    const head = Math.min(buf.length, 64);
    let zeros = 0;
    for (let i = 0; i < head; i++) if (buf[i] === 0) zeros++;
    if (head >= 8 && zeros >= head / 3)
      return { offset: 0, message: 'the file looks like UTF-16 text (every other byte is 0); save it as UTF-8' };
    return {
      offset: nul,
      message: 'holds a NUL byte (0x00): not a text file, or not UTF-8; a text field may not hold control characters',
    };
  }
  const bad = firstInvalidUtf8(buf);
  if (bad >= 0)
    return {
      offset: bad,
      message: `byte 0x${buf[bad].toString(16).padStart(2, '0')} is not UTF-8: save the file as UTF-8 (is it Latin-1 or Windows-1252?)`,
    };
  return null;
}

export interface ReadTextOptions {
  /** the largest size accepted, bytes */
  maxBytes: number;
  /** what the file is, for the messages ("a job or place file") */
  what?: string;
}

/** The bytes of a file, refused (InputError) when it is missing, not a file, or over the size limit. */
export function readBytesChecked(file: string, opts: ReadTextOptions): Buffer {
  let size: number;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new InputError({ file, path: '', message: 'is a folder, not a file' });
    if (!st.isFile()) throw new InputError({ file, path: '', message: 'is not a regular file' });
    size = st.size;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError({ file, path: '', message: `cannot read: ${fsReason(e)}` });
  }
  if (size > opts.maxBytes) {
    throw new InputError({
      file,
      path: '',
      message: `is ${formatBytes(size)}, over the limit of ${formatBytes(opts.maxBytes)} for ${opts.what ?? 'this kind of file'}; nothing was read`,
    });
  }
  // read at most the limit plus one byte, so a file that grows after the stat is still bounded
  const buf = Buffer.alloc(Math.min(size, opts.maxBytes) + 1);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new InputError({ file, path: '', message: `cannot read: ${fsReason(e)}` });
  }
  let got = 0;
  try {
    for (;;) {
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
      if (got === buf.length) break;
    }
  } catch (e) {
    throw new InputError({ file, path: '', message: `cannot read: ${fsReason(e)}` });
  } finally {
    closeSync(fd);
  }
  if (got > opts.maxBytes)
    throw new InputError({
      file,
      path: '',
      message: `is over the limit of ${formatBytes(opts.maxBytes)} for ${opts.what ?? 'this kind of file'}`,
    });
  return buf.subarray(0, got);
}

/** The UTF-8 text of a user's file; InputError for anything that is not (see the module comment). */
export function readTextFile(file: string, opts: ReadTextOptions): string {
  return decodeText(readBytesChecked(file, opts), file);
}

/** UTF-8 bytes as text, the byte-order mark dropped; InputError with line and column where they are not UTF-8. */
export function decodeText(buf: Uint8Array, file: string): string {
  const p = encodingProblem(buf);
  if (p) {
    const lc = p.offset === 0 ? { line: 1, column: 1 } : lineCol(buf, p.offset);
    throw new InputError({ file, line: lc.line, column: lc.column, path: '', message: p.message });
  }
  const text = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
