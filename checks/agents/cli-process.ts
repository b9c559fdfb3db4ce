/**
 * Starting a model's CLI (Claude Code, Codex) for one case, the same way for every CLI backend: in the verified
 * mode in the sandbox with the network (harness/sandbox.ts cliSandboxSpawn: the CLI's install, its login, the
 * case's folder with the relay's socket, nothing of the build, the data, the run folder or the user's files), with
 * --local as a plain process (sandbox.ts localSpawn) with the user's home and environment, its working folder the
 * case's folder. Either way it leads a process group of its own and carries the case's token (process-tree.ts), so
 * that `kill` ends every process it started, and Ctrl-C does too.
 *
 * Its stdout is read as lines (a CLI's stream-json or JSONL events, each kept in the transcript: cliEvent); its
 * stderr's end is kept for the reason when it fails. A backend's setup, once for all its cases (the CLI found, the
 * sandbox required unless --local, the login's warning, the CLI's version), is cliBackendSetup's.
 *
 * Logins: in the sandbox a CLI's login file is read-only (or a copy), so a CLI that refreshes an OAuth login cannot
 * save the new token, and where the login's refresh token rotates the user's file may then hold one that no longer
 * works: a backend made for a sandboxed CLI on such a file with no key variable set warns once (readOnlyLoginWarning).
 * A login a --local CLI would rewrite in a folder of the case's is a copy (localLoginCopy), never a link to the
 * user's file: a CLI that truncates and rewrites it, or is killed mid-write, never touches the user's file, and a
 * login it refreshed goes back whole.
 */
import { type ChildProcessByStdio, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  fsyncSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { onInterrupt, tempNameFor, UsageError } from '../../foundation/index.ts';
import { CASE_TOKEN_VAR, endProcessTree, newCaseToken } from '../harness/process-tree.ts';
import {
  CLI_QUIET_ENV,
  cliSandboxSpawn,
  type CliLogin,
  type HiddenFolder,
  localSpawn,
  onPath,
  type Sandbox,
  type SandboxMode,
} from '../harness/sandbox.ts';
import type { Transcript } from '../harness/transcript.ts';
import type { Reasoning } from './model-spec.ts';

/** The longest stdout line a CLI may write (a tool result with a frame runs to a few hundred KB). */
export const MAX_CLI_LINE = 64 << 20;

/** How much of a CLI's stderr is kept for a failure's reason. */
const STDERR_TAIL = 4000;

/** Variables a --local CLI does not inherit from stbench's environment (a CLI refuses to start inside itself). */
const LOCAL_DROP_ENV = ['CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT', 'CODEX_SANDBOX', 'CODEX_SANDBOX_NETWORK_DISABLED'];

/** How a CLI backend runs its CLI, shared by every case. */
export interface CliHost {
  /** the CLI's executable (its real path) */
  executable: string;
  /** a plain process (--local); else in `sandbox` */
  local: boolean;
  sandbox?: Sandbox;
  /** the user's home folder: where the login is read, and the private home's path in the sandbox */
  home: string;
  /** folders the CLI's install must not hold or lie inside (the data folder, the run folder) */
  hidden?: readonly HiddenFolder[];
}

/** The settings every CLI backend takes (claude-code.ts, codex.ts). */
export interface CliBackendOptions {
  /** passed to the CLI's --model as given */
  model: string;
  reasoning?: Reasoning;
  /** a plain process with the user's home (--local); else in `sandbox` */
  local: boolean;
  sandbox?: Sandbox;
  /** the CLI (default: its name on PATH) */
  executable?: string;
  /** how many times a model that stopped early is told to go on (default 3) */
  maxNudges?: number;
  /** variables added to the CLI's environment, passed whole */
  env?: Record<string, string>;
  /** the user's home, where the login is read (default HOME) */
  home?: string;
  /** folders the CLI's install must not hold or lie inside (the data folder, the run folder) */
  hide?: readonly HiddenFolder[];
  /** where the read-only login's warning goes (default: stderr, once per run) */
  warn?: (line: string) => void;
}

/** What tells one CLI backend's setup from another's. */
export interface CliSpec {
  /** the command on PATH, and the form: the system is `<cli>:<model>` */
  cli: string;
  /** what a missing CLI's refusal says to do */
  installHint: string;
  /** the user's login file, in `home` (readOnlyLoginWarning) */
  loginFile(home: string): string;
  /** the variables that log the CLI in without that file */
  keyVars: readonly string[];
  /** a setting the backend cannot take (said after the system's name), if any */
  problem?: string | null;
}

/**
 * A CLI backend's setup, once for all its cases: its name, the CLI found (a UsageError if not), how it runs (the
 * sandbox, unless --local), the read-only login's warning where one is due, the CLI's version and the sandbox mode.
 */
export function cliBackendSetup(
  opts: CliBackendOptions,
  spec: CliSpec,
): { name: string; host: CliHost; version: string | null; mode: SandboxMode } {
  const name = `${spec.cli}:${opts.model}`;
  const home = opts.home ?? userHome();
  const host: CliHost = {
    executable: findCli(spec.cli, opts.executable, spec.installHint),
    local: opts.local,
    sandbox: opts.sandbox,
    home,
    hidden: opts.hide,
  };
  if (!opts.local && !opts.sandbox) throw new Error(`${name} needs the sandbox unless it runs --local`);
  if (spec.problem) throw new Error(`${name}: ${spec.problem}`);
  warnOnce(
    readOnlyLoginWarning({
      name,
      sandboxed: !opts.local,
      file: spec.loginFile(home),
      keys: spec.keyVars,
      env: { ...process.env, ...opts.env },
    }),
    opts.warn,
  );
  return { name, host, version: cliVersion(host), mode: opts.local ? 'none' : 'bwrap_net' };
}

/** The executable of a CLI: `given` (a path, or a name on PATH), else `name` on PATH; a UsageError if none. */
export function findCli(name: string, given: string | undefined, how: string): string {
  const want = given ?? name;
  let found: string | null;
  if (want.includes('/')) {
    found = resolve(want);
    try {
      accessSync(found, constants.X_OK);
      if (!statSync(found).isFile()) found = null;
    } catch {
      found = null;
    }
  } else found = onPath(want);
  if (!found)
    throw new UsageError(`${want} ${want.includes('/') ? 'is not an executable file' : 'is not on PATH'}; ${how}`);
  return realpathSync(found);
}

/** The user's home folder (HOME, else the password database's). */
export function userHome(env: NodeJS.ProcessEnv = process.env): string {
  const h = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  return resolve(h);
}

/** `word` quoted for /bin/sh. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./=:,@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The program, arguments, environment and working folder of a CLI run (and the files it is handed). */
function plan(
  host: CliHost,
  args: readonly string[],
  o: { caseDir?: string; logins?: readonly CliLogin[]; env?: Record<string, string> },
): { file: string; args: string[]; env: NodeJS.ProcessEnv; cwd: string; copies: string[] } {
  if (host.local) {
    const env: NodeJS.ProcessEnv = { ...process.env, ...CLI_QUIET_ENV, ...o.env };
    for (const k of LOCAL_DROP_ENV) delete env[k];
    const cwd = o.caseDir ?? host.home;
    return { ...localSpawn([host.executable, ...args].map(shellQuote).join(' '), cwd), env, cwd, copies: [] };
  }
  if (!host.sandbox) throw new Error('a CLI backend in the verified mode needs the sandbox (requireSandbox)');
  return cliSandboxSpawn(host.sandbox, {
    executable: host.executable,
    args,
    caseDir: o.caseDir,
    home: host.home,
    logins: o.logins,
    hidden: host.hidden,
    env: process.env,
    cliEnv: o.env,
  });
}

/** `CLI --version`'s first line, run as the cases run it (null where it gave none). */
export function cliVersion(host: CliHost): string | null {
  const p = plan(host, ['--version'], {});
  const r = spawnSync(p.file, p.args, {
    env: p.env,
    cwd: p.cwd,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = (r.stdout ?? '').trim().split('\n')[0]?.trim();
  return r.status === 0 && line ? line : null;
}

/** One case's run of a CLI. */
export interface CliRun {
  /** write a line to its stdin (no-op once its input is closed) */
  write(line: string): void;
  /** close its stdin (again: nothing) */
  endInput(): void;
  /** when it has exited and its output is read: its exit, and the end of its stderr */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; error?: string }>;
  /** end it and every process it started */
  kill(): void;
}

export interface CliRunOptions {
  args: readonly string[];
  /** the case's folder (read-write in the sandbox; the working folder of a --local run) */
  caseDir: string;
  logins?: readonly CliLogin[];
  /** the backend's own variables */
  env?: Record<string, string>;
  /** give it a stdin to write to (else it reads an empty one) */
  input: boolean;
  /** each stdout line, as it comes */
  onLine(line: string): void;
}

/** Start a CLI for a case. */
export function runCli(host: CliHost, o: CliRunOptions): CliRun {
  const token = newCaseToken();
  const p = plan(host, o.args, { caseDir: o.caseDir, logins: o.logins, env: { ...o.env, [CASE_TOKEN_VAR]: token } });
  const fds = p.copies.map((f) => openSync(f, 'r'));
  let child: ChildProcessByStdio<Writable | null, Readable, Readable>;
  try {
    child = spawn(p.file, p.args, {
      cwd: p.cwd,
      env: p.env,
      stdio: [o.input ? 'pipe' : 'ignore', 'pipe', 'pipe', ...fds],
      detached: true,
    }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
  } finally {
    for (const fd of fds) closeSync(fd);
  }
  let ended = false;
  const kill = () => {
    if (child.pid !== undefined) endProcessTree(token, child.pid);
  };
  const offInterrupt = onInterrupt(kill);
  let pending = '';
  let tooLong = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    if (tooLong) return;
    pending += chunk;
    let i: number;
    while ((i = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, i).replace(/\r$/, '');
      pending = pending.slice(i + 1);
      if (line.trim()) o.onLine(line);
    }
    if (pending.length > MAX_CLI_LINE) {
      tooLong = true;
      pending = '';
      kill();
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  child.stdin?.on('error', () => {
    /* EPIPE once it died: its exit says why */
  });
  type Closed = { code: number | null; signal: NodeJS.Signals | null; stderr: string; error?: string };
  const closed = new Promise<Closed>((res) => {
    let done = false;
    const settle = (c: Closed) => {
      if (done) return;
      done = true;
      offInterrupt();
      res(c);
    };
    child.on('error', (e) => {
      // a process that never started emits no close
      if (child.pid === undefined)
        settle({ code: null, signal: null, stderr: '', error: `could not start: ${e.message}` });
    });
    child.on('close', (code, signal) => {
      if (pending.trim() && !tooLong) o.onLine(pending);
      pending = '';
      kill(); // what it left running goes with it
      const error = tooLong ? `wrote a line of over ${MAX_CLI_LINE >> 20} MiB; it was ended` : undefined;
      settle({ code, signal, stderr: stderr.trim(), ...(error ? { error } : {}) });
    });
  });
  return {
    write(line) {
      if (!ended && child.stdin && !child.stdin.destroyed) child.stdin.write(`${line}\n`);
    },
    endInput() {
      if (ended) return;
      ended = true;
      child.stdin?.end();
    },
    closed,
    kill,
  };
}

/** How a CLI's run ended, in words: `exited with code 3; stderr ends: ...`. */
export function exitWords(c: {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  error?: string;
}): string {
  if (c.error) return c.error;
  const how = c.signal ? `was killed by ${c.signal}` : `exited with code ${c.code}`;
  return `${how}${c.stderr ? `; stderr ends: ${c.stderr.slice(-600)}` : ''}`;
}

/**
 * A CLI's stdout line as an event, kept in the transcript as a `cli_event` (withoutImages); a line that is not JSON
 * is kept as its text (its first 2000 characters) and gives undefined.
 */
export function cliEvent(transcript: Transcript, line: string): Record<string, unknown> | undefined {
  let ev: unknown;
  try {
    ev = JSON.parse(line);
  } catch {
    ev = undefined;
  }
  // a line that is not a JSON object (text, null, a number) is kept as text and read as no event
  if (!ev || typeof ev !== 'object' || Array.isArray(ev)) {
    transcript.write({ kind: 'cli_event', text: line.slice(0, 2000) });
    return undefined;
  }
  transcript.write({ kind: 'cli_event', event: withoutImages(ev) });
  return ev as Record<string, unknown>;
}

/**
 * A CLI event as a transcript keeps it: every image's base64 replaced by "[image]" (the frame is in the
 * transcript by its path, from the desk's tool_result).
 */
export function withoutImages(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutImages);
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const image = o.type === 'image' || o.type === 'input_image';
  for (const [k, x] of Object.entries(o)) {
    if (image && (k === 'data' || k === 'image_url') && typeof x === 'string') out[k] = '[image]';
    else if (image && k === 'source' && x && typeof x === 'object') out[k] = { ...(x as object), data: '[image]' };
    else out[k] = withoutImages(x);
  }
  return out;
}

/** Whether a login file holds an OAuth refresh token (a `refreshToken` or `refresh_token` in its JSON): a login the CLI refreshes. */
export function refreshesLogin(file: string): boolean {
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  const has = (o: unknown, depth: number): boolean => {
    if (!o || typeof o !== 'object' || depth > 4) return false;
    for (const [k, x] of Object.entries(o)) {
      if ((k === 'refreshToken' || k === 'refresh_token') && typeof x === 'string' && x) return true;
      if (has(x, depth + 1)) return true;
    }
    return false;
  };
  return has(v, 0);
}

/**
 * The warning for a CLI that would run sandboxed on a file-based OAuth login (`file`, read-only in the sandbox) with
 * none of its `keys` set (in `env`, the harness's environment and the backend's own variables): null where none is
 * due.
 */
export function readOnlyLoginWarning(o: {
  name: string;
  sandboxed: boolean;
  file: string;
  keys: readonly string[];
  env: Record<string, string | undefined>;
}): string | null {
  if (!o.sandboxed || o.keys.some((k) => o.env[k]) || !refreshesLogin(o.file)) return null;
  return (
    `stbench: warning: ${o.name} runs in the sandbox on the OAuth login in ${o.file}, which it can only read: ` +
    'a token it refreshes cannot be saved, and that file may then hold one that no longer works (log in again then). ' +
    `For long runs set ${o.keys.join(' or ')}.`
  );
}

const warned = new Set<string>();

/** Write a warning line to stderr, once per process (a run); or hand it to `sink` (tests). */
export function warnOnce(line: string | null, sink?: (line: string) => void): void {
  if (!line) return;
  if (sink) {
    sink(line);
    return;
  }
  if (warned.has(line)) return;
  warned.add(line);
  process.stderr.write(`${line}\n`);
}

/**
 * A --local CLI's login, copied from the user's file `from` to `to` (in the case's folder) if it exists. `sync()`,
 * after each run of the CLI: a copy the CLI changed (a refreshed login) that is still whole JSON goes back to the
 * user's file atomically (a temporary file beside it, mode 0600 or the file's own, renamed over it), but only while
 * the user's file is still what was copied: a login changed meanwhile (another case's refresh, a new login) stays.
 * It returns why a changed login could not go back (null: nothing to do, or done).
 */
export function localLoginCopy(from: string, to: string): { sync(): string | null } {
  let base: Buffer;
  try {
    base = readFileSync(from);
  } catch {
    return { sync: () => null };
  }
  writeFileSync(to, base, { mode: 0o600, flag: 'wx' });
  return {
    sync() {
      let now: Buffer;
      let current: Buffer;
      try {
        now = readFileSync(to);
        if (now.equals(base)) return null;
        JSON.parse(now.toString('utf8')); // a copy cut short is never carried back
        current = readFileSync(from);
      } catch {
        return null;
      }
      if (!current.equals(base)) return null;
      try {
        replaceWhole(realpathSync(from), now);
      } catch (e) {
        return `the login the CLI refreshed could not be written back to ${from}: ${(e as Error).message}`;
      }
      base = now;
      return null;
    },
  };
}

/** Replace a file by new bytes atomically, keeping its permissions (a temporary file beside it, renamed over it). */
function replaceWhole(file: string, data: Buffer): void {
  const mode = statSync(file).mode & 0o777;
  const tmp = tempNameFor(file);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'wx', mode);
    for (let off = 0; off < data.length; ) off += writeSync(fd, data, off, data.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, file);
  } catch (e) {
    if (fd !== null) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
}
