/**
 * The sandbox an external system (`cmd:`, `FILE.py:Class`) runs in unless `--local`: bubblewrap (`bwrap`), one
 * fresh sandbox per case. It shows the system an allow-list and nothing else:
 *
 * - read-only: /usr and the top-level /bin, /sbin, /lib* (links into /usr on a merged-/usr system), a few files of
 *   /etc that programs read to start (SYSTEM_ETC: the dynamic linker's cache, users and groups by name, the time
 *   zone, the public CA certificates; not /etc as a whole, which holds host keys and secrets), what the `node` and
 *   `python3` on PATH need where they lie outside /usr (nvm, pyenv, a virtual environment and its base: each
 *   prefix's bin/, lib/ (lib64, ...) and include/, never the prefix whole; checked like code folders, once, by
 *   findSandbox), and the system's own code folders (a `cmd:`'s `--code` folder, by default the working folder; a
 *   Python agent's file's folder and the runner's, checks/harness/python/);
 * - read-only, the case's stage folder (the frames sent so far, under the paths it is sent);
 * - read-write, its state folder (STBENCH_STATE_DIR) and a private /tmp (a tmpfs, gone with the sandbox);
 * - a fresh /proc of its own process namespace and a minimal /dev (null, zero, random, urandom, tty, shm, pts).
 *
 * Everything else is absent: the build or dataset (private/ and its gold), the run folder, the user's home, other
 * processes, the network (`--unshare-all`: no interface but a down loopback). A code folder is shown whole, so it is
 * checked first (`checkCodeFolders`, on real paths: every link resolved): one that holds a build, a dataset, a view
 * site, a run folder, a check's output (foundation/folder-kind.ts) or a case's gold anywhere below it, lies inside
 * one, holds or lies inside the data folder or the run folder, or holds the temporary folder (every case's frames
 * and state) is refused with a usage error that names
 * what it holds and how to give another; so is one too large to check whole. The root is remounted read-only, so a
 * write anywhere but the state folder and /tmp fails. The sandbox dies with its parent (`--die-with-parent`) and,
 * being its own PID namespace, all of it dies with its first process: killing the harness's process group
 * (subprocess-link.ts) ends every process the system started. `--new-session` detaches it from any terminal.
 *
 * The environment is an allow-list too (SANDBOX_ENV: locale, terminal, time zone, Python's start-up settings), with
 * PATH (the interpreters' folders first), HOME and TMPDIR (both the private /tmp), STBENCH_STATE_DIR and the
 * system's own variables (the case token); no secret or host path of the harness's. A sandbox is used only where
 * bwrap is on PATH, passes a probe (starting `/bin/sh -c true` in a sandbox of the same shape) and the interpreter
 * folders pass the check; `requireSandbox` says why not otherwise, for the usage error. A --local system runs in a
 * PID namespace of its own where bwrap can make one, and nothing else changes for it (localSpawn).
 *
 * A model's CLI (`claude:`, `codex:`; checks/agents/) runs in a second shape of the same sandbox, cliSandboxSpawn
 * (mode `bwrap_net`): the same system folders and interpreters, but the host's network (it must reach its model's
 * API; /etc/resolv.conf shown), its own install folder read-only (its package and the packages it names, checked
 * like code folders), the case's folder read-write (the MCP relay's socket), and a private home on a tmpfs holding
 * only its login (read-only where the CLI only reads it, a copy where it rewrites it); its environment adds the
 * model's keys, endpoints and proxy (CLI_MODEL_ENV). No code folder, stage or state folder: the CLI sees the case
 * only through the two tools, served from the harness over the socket.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  type Dirent,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { describeKind, folderKind, kindAround, realPathOf, sameOrInside, UsageError } from '../../foundation/index.ts';

/**
 * How a system was run, as results.json and run.json record it: `bwrap` in the sandbox without network, `bwrap_net`
 * in the sandbox with the network (a model's CLI: no build, data or user files), `harness_loop` a model called from
 * stbench's own process through the two tools, `none` a plain process (--local), `in_process` a scripted system.
 */
export type SandboxMode = 'bwrap' | 'bwrap_net' | 'harness_loop' | 'none' | 'in_process';

/** A sandbox that passed its probe. */
export interface Sandbox {
  kind: 'bwrap';
  /** the bwrap executable */
  bwrap: string;
  /** the parts of the interpreters' installs outside /usr, bound read-only (interpreterParts; checked when found) */
  interpreters: InterpreterPart[];
  /** their bin folders, first on the sandbox's PATH */
  pathFirst: string[];
}

/** The top-level system folders, bound read-only (or recreated as the links they are). */
export const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** What of /etc a program reads to start; each bound read-only where it exists. */
export const SYSTEM_ETC = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/passwd',
  '/etc/group',
  '/etc/nsswitch.conf',
  '/etc/hosts',
  '/etc/mime.types',
  '/etc/ssl/certs',
  '/etc/ssl/openssl.cnf',
  '/etc/ca-certificates',
];

/** How long the probe may take. */
const PROBE_TIMEOUT_MS = 15_000;

const INSTALL_HINT = 'install bubblewrap (Debian: apt-get install bubblewrap, which pipeline/setup.sh does)';

/** An executable named `name` on PATH, or null. */
export function onPath(name: string, path = process.env.PATH ?? ''): string | null {
  for (const d of path.split(delimiter)) {
    if (!d) continue;
    const f = join(d, name);
    try {
      accessSync(f, constants.X_OK);
      if (lstatSync(f).isDirectory()) continue;
      return f;
    } catch {
      /* not here */
    }
  }
  return null;
}

const underSystem = (p: string) => SYSTEM_DIRS.some((d) => sameOrInside(p, d));

/** The folders of an interpreter's install prefix that it needs to run (its libraries, its headers). */
const PREFIX_PARTS = /^(bin|include|lib|lib32|lib64|libx32)$/;

/**
 * The most entries the check reads below one interpreter folder (a Python's lib/ with its site-packages, torch and
 * CUDA libraries included, runs to a few hundred thousand); checked once per process (findSandbox), not per case.
 */
export const MAX_INTERPRETER_ENTRIES = 1_000_000;

/** What of an interpreter's install outside /usr is shown: a folder (checked) or a file, at its real path and at `at`. */
export interface InterpreterPart {
  real: string;
  at: string;
  /** a folder, checked like a code folder; else a file (a virtual environment's pyvenv.cfg, a loose node) */
  folder: boolean;
  /** what it belongs to, for messages: "python3 (/tmp/v/bin/python3 on PATH)" */
  of: string;
}

/**
 * The parts of the node and python3 installs a command would run, where outside /usr (nvm, pyenv, a virtual
 * environment and its base install, a node in ~/bin), and their bin folders for PATH. Never a prefix whole: only its
 * bin/, lib/ (lib32, lib64, libx32) and include/ (a virtual environment's own pyvenv.cfg too), where they exist; a
 * node kept in a folder not named bin shows that file alone. So a node in ~/bin shows ~/bin and ~/lib, not the home
 * folder, and `python3 -m venv .` at a project's root shows the venv's folders, not the project.
 */
export function interpreterParts(path = process.env.PATH ?? ''): { parts: InterpreterPart[]; pathFirst: string[] } {
  const parts = new Map<string, InterpreterPart>(); // by where shown
  const pathFirst: string[] = [];
  const add = (at: string, folder: boolean, of: string) => {
    let real: string;
    try {
      real = realpathSync(at);
      if (statSync(real).isDirectory() !== folder) return;
    } catch {
      return;
    }
    if (underSystem(real)) return;
    for (const p of new Set([real, resolve(at)])) if (!parts.has(p)) parts.set(p, { real, at: p, folder, of });
  };
  const prefix = (p: string, of: string) => {
    for (const e of entriesOf(p)) if (PREFIX_PARTS.test(e.name)) add(join(p, e.name), true, of);
  };
  // node: the one running stbench and the one on PATH (its prefix's lib/ holds npm and the global modules)
  for (const n of [process.execPath, onPath('node', path)]) {
    if (!n) continue;
    const real = realpathSync(n);
    if (underSystem(real)) continue;
    const of = `node (${n})`;
    const bin = dirname(real);
    if (basename(bin) === 'bin') {
      add(bin, true, of);
      prefix(dirname(bin), of);
    } else add(real, false, of); // a node kept loose (~/node): the file alone, not the folder around it
    if (!pathFirst.includes(bin)) pathFirst.push(bin);
  }
  // python3: ask it (a pyenv shim is a script; a virtual environment has a base install besides its own)
  const py = onPath('python3', path);
  if (py) {
    const r = spawnSync(
      py,
      ['-c', 'import json, sys; print(json.dumps([sys.executable, sys.prefix, sys.base_prefix]))'],
      {
        encoding: 'utf8',
        timeout: PROBE_TIMEOUT_MS,
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, PATH: path },
      },
    );
    try {
      const [exe, pre, base] = JSON.parse(r.stdout) as string[];
      const of = `python3 (${py})`;
      // a virtual environment's bin/ is its own even where its python3 links into /usr
      if (exe && !underSystem(realpathSync(dirname(exe)))) {
        add(dirname(exe), true, of);
        if (!pathFirst.includes(dirname(exe))) pathFirst.push(dirname(exe));
      }
      for (const p of new Set([pre, base])) if (p) prefix(p, of);
      if (pre && pre !== base) add(join(pre, 'pyvenv.cfg'), false, of);
    } catch {
      /* a python3 that does not answer: a command using it fails inside as outside */
    }
  }
  // parents before the folders inside them, so that no bind hides another
  const sorted = [...parts.values()].sort((a, b) => a.at.split('/').length - b.at.split('/').length);
  return { parts: sorted, pathFirst };
}

/**
 * Check the interpreter folders as code folders are checked (checkCodeFolders: no build, dataset or gold inside or
 * around them), throwing its UsageError, which says what to do.
 */
function checkInterpreterParts(parts: readonly InterpreterPart[]): void {
  const folders = new Map<string, InterpreterPart>();
  for (const p of parts) if (p.folder && !folders.has(p.real)) folders.set(p.real, p);
  checkCodeFolders(
    [...folders.values()].map((p) => ({
      dir: p.real,
      name: 'the interpreter folder',
      from: `part of ${p.of}, shown to every sandboxed system`,
      help: 'move the build or dataset out of it, or put a node or python3 installed elsewhere first on PATH',
    })),
    { maxEntries: MAX_INTERPRETER_ENTRIES },
  );
}

/**
 * A folder of a system's own code, shown whole (read-only) in the sandbox, and what a refusal says of it: `name` and
 * `from` say which folder it is ("the system's code folder", "the working folder"), `help` how to give another.
 * A plain string is a `cmd:`'s folder.
 */
export interface CodeFolder {
  dir: string;
  name: string;
  from: string;
  help: string;
}

/** A folder the system must not see: no code folder may hold it or lie inside it. */
export interface HiddenFolder {
  path: string;
  /** what it is, for messages: "the data folder (--data)" */
  what: string;
}

/** How a `cmd:` system is told to name its own code folder, for the refusals. */
export const CODE_FLAG_HELP =
  "keep the system's code in a folder of its own, outside any build or dataset, and name it with --code DIR (the command runs there)";

/** A code folder given as a plain path: a `cmd:`'s. */
export function codeFolder(d: string | CodeFolder): CodeFolder {
  return typeof d === 'string'
    ? { dir: d, name: "the system's code folder", from: 'its working folder', help: CODE_FLAG_HELP }
    : d;
}

/**
 * The most entries (files, folders, links) the check reads below one code folder: a folder with more is refused as
 * too large to check, never checked in part (a code folder is shown whole).
 */
export const MAX_CODE_ENTRIES = 50_000;

/** A folder's entries; none where it cannot be read (a folder around the code folder, looked at for what it is). */
function entriesOf(dir: string): Dirent[] {
  return listing(dir) ?? [];
}

/** A folder's entries, or null where it cannot be listed. */
function listing(dir: string): Dirent[] | null {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

/**
 * Check the folders a system's code is shown from: each (a real path, every link resolved) must not be /, be or lie
 * inside a build, a dataset or stbench output that carries the gold or the scores (a view site, a run folder, a
 * check's output: foundation/folder-kind.ts), hold one (or a case's gold.jsonl) anywhere below it, hold or lie
 * inside a hidden folder (the data folder, the run folder), or hold the temporary folder (where every case's frames
 * and state folder are made).
 * The walk below a folder reads at most `maxEntries` entries and follows no link (a link to a folder outside the
 * code folders leads nowhere in the sandbox); a larger folder is refused as too large to check. Throws a UsageError
 * (exit 2) that names the folder, what it holds and how to give another; returns the folders' real paths.
 */
export function checkCodeFolders(
  dirs: readonly (string | CodeFolder)[],
  rules: { hidden?: readonly HiddenFolder[]; maxEntries?: number } = {},
): string[] {
  const max = rules.maxEntries ?? MAX_CODE_ENTRIES;
  const hidden = (rules.hidden ?? []).map((h) => ({ what: h.what, real: realPathOf(h.path) }));
  const temp = realPathOf(tmpdir());
  return dirs.map((d) => {
    const c = codeFolder(d);
    const abs = resolve(c.dir);
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      throw new UsageError(`${c.name} ${abs} (${c.from}) does not exist; ${c.help}`);
    }
    if (!statSync(real).isDirectory()) throw new UsageError(`${c.name} ${abs} (${c.from}) is not a folder; ${c.help}`);
    const said = `${c.name} ${real} (${c.from})`;
    const refuse = (why: string): never => {
      throw new UsageError(
        `${said} ${why}: the sandbox shows a system its code folder whole, so it would see the gold; ${c.help}`,
      );
    };
    if (real === '/') refuse('is the root of the filesystem');
    // what carries the gold: a build, a dataset, a view site, a run folder, a check's output (foundation/folder-kind.ts)
    const around = kindAround(real);
    if (around) refuse(`${around.dir === real ? 'is' : 'lies inside'} ${describeKind(around)}`);
    for (const h of hidden) {
      if (sameOrInside(h.real, real)) refuse(`holds ${h.what} ${h.real}`);
      if (sameOrInside(real, h.real)) refuse(`lies inside ${h.what} ${h.real}`);
    }
    if (sameOrInside(temp, real)) refuse(`holds the temporary folder ${temp}, where every case's frames and state are`);
    // the walk: every folder below, breadth first, no link followed
    const queue = [real];
    let seen = 0;
    for (let i = 0; i < queue.length; i++) {
      const dir = queue[i];
      // a folder that cannot be listed may still be entered by name: what it holds cannot be checked
      const entries = listing(dir) ?? refuse(`holds ${dir}, a folder that cannot be listed to check`);
      seen += entries.length;
      if (seen > max)
        refuse(
          `holds more than ${max} files and folders, too many to check for builds and datasets (the sandbox would show them all)`,
        );
      if (dir !== real) {
        const k = folderKind(dir, entries);
        if (k) refuse(`holds ${describeKind(k)}`);
      }
      if (entries.some((e) => e.name === 'gold.jsonl' && !e.isDirectory()))
        refuse(`holds a case's gold, ${join(dir, 'gold.jsonl')}`);
      for (const e of entries) if (e.isDirectory()) queue.push(join(dir, e.name));
    }
    return real;
  });
}

/** What a sandbox of the given shape is; one place, used by the probe and every case. */
export interface SandboxPlan {
  /** the command, run as /bin/sh -c COMMAND */
  command: string;
  /** read-only: the system's own code (checked by checkCodeFolders, shown at its real path and as given) */
  codeDirs: readonly (string | CodeFolder)[];
  /** the working folder (inside a code folder; else the first code folder) */
  cwd?: string;
  /** read-only: the case's frames */
  stageDir?: string;
  /** read-write: STBENCH_STATE_DIR (none for the probe) */
  stateDir?: string;
  /** folders no code folder may hold or lie inside (the data folder, the run folder) */
  hidden?: readonly HiddenFolder[];
  /**
   * the code folders' real paths from an earlier checkCodeFolders of the same folders against the same hidden
   * folders in this run (subprocess-link.ts checks once per system and data folder): not walked again
   */
  checked?: readonly string[];
  /** the harness's environment, of which the system gets only what SANDBOX_ENV allows */
  env: NodeJS.ProcessEnv;
  /** the system's own variables (CommandSystem.env, the case token), passed whole */
  systemEnv?: Record<string, string>;
}

/**
 * What of the harness's environment a sandboxed system gets, by name: the locale, the terminal, the time zone, and
 * the few variables that set how Python starts (its home where it needs one, hash seed, I/O encoding, UTF-8 mode,
 * buffering, bytecode writing). Nothing else: no secret (HF_TOKEN, AWS_*, *_API_KEY), no host path (PWD, OLDPWD,
 * HOME, STBENCH_PLACES, PYTHONPATH, VIRTUAL_ENV) and no variable that makes an interpreter load code from the host
 * (NODE_OPTIONS, PYTHONSTARTUP, LD_PRELOAD). PATH, HOME and TMPDIR are set (sandboxSpawn), and the system's own
 * variables and STBENCH_STATE_DIR added.
 */
export const SANDBOX_ENV: readonly (string | RegExp)[] = [
  'LANG',
  'LANGUAGE',
  /^LC_[A-Z_]+$/,
  'TERM',
  'TZ',
  'PYTHONHOME',
  'PYTHONHASHSEED',
  'PYTHONIOENCODING',
  'PYTHONUTF8',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
];

/** The variables of `env` that SANDBOX_ENV allows. */
export function allowedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env))
    if (v !== undefined && SANDBOX_ENV.some((a) => (typeof a === 'string' ? a === k : a.test(k)))) out[k] = v;
  return out;
}

/** The PATH inside the sandbox: the interpreters' bin folders first, then `env`'s PATH (else a plain one). */
function sandboxPath(sb: Sandbox, env: NodeJS.ProcessEnv): string {
  return [...sb.pathFirst, ...(env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter)].join(delimiter);
}

/**
 * The interpreters' folders were checked whole when the sandbox was found; here only against the hidden folders
 * (a UsageError where one holds or lies inside a hidden folder).
 */
function checkInterpretersAgainst(sb: Sandbox, hidden: readonly HiddenFolder[] | undefined): void {
  for (const h of hidden ?? []) {
    const hr = realPathOf(h.path);
    for (const p of sb.interpreters)
      if (sameOrInside(hr, p.real) || sameOrInside(p.real, hr))
        throw new UsageError(
          `${h.what} ${hr} ${sameOrInside(hr, p.real) ? 'lies inside' : 'holds'} ${p.real}, part of ${p.of}, which the sandbox shows to the system; move it, or put a node or python3 installed elsewhere first on PATH`,
        );
  }
}

/** bwrap's arguments that show the system folders and SYSTEM_ETC read-only (every sandbox has them). */
function systemBinds(): string[] {
  const a: string[] = [];
  for (const d of SYSTEM_DIRS) {
    let st;
    try {
      st = lstatSync(d);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) a.push('--symlink', readlinkSync(d), d);
    else if (st.isDirectory()) a.push('--ro-bind', d, d);
  }
  for (const f of SYSTEM_ETC) a.push('--ro-bind-try', f, f);
  for (const d of readdirSync('/etc').filter((n) => /^python3(\.\d+)?$/.test(n)))
    a.push('--ro-bind-try', `/etc/${d}`, `/etc/${d}`); // Debian's sitecustomize
  return a;
}

/**
 * The program, arguments and environment that run `plan` in the sandbox; the code folders are checked first
 * (checkCodeFolders: a UsageError where one would show the system a build, a dataset or the data).
 */
export function sandboxSpawn(
  sb: Sandbox,
  plan: SandboxPlan,
): { file: string; args: string[]; env: NodeJS.ProcessEnv; cwd: string } {
  const real = plan.checked ?? checkCodeFolders(plan.codeDirs, { hidden: plan.hidden });
  checkInterpretersAgainst(sb, plan.hidden);
  const a: string[] = ['--unshare-all', '--die-with-parent', '--new-session', ...systemBinds()];
  a.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  for (const p of sb.interpreters) a.push('--ro-bind', p.real, p.at);
  // each code folder at its real path, and where it was given through a link at that path too (the same folder)
  const shown: string[] = [];
  plan.codeDirs.forEach((d, i) => {
    for (const at of new Set([real[i], resolve(codeFolder(d).dir)])) {
      a.push('--ro-bind', real[i], at);
      shown.push(at);
    }
  });
  if (plan.stageDir) a.push('--ro-bind', plan.stageDir, plan.stageDir);
  if (plan.stateDir) a.push('--bind', plan.stateDir, plan.stateDir);
  a.push('--remount-ro', '/');
  const cwd =
    plan.cwd && shown.some((d) => sameOrInside(resolve(plan.cwd!), d)) ? resolve(plan.cwd) : (shown[0] ?? '/');
  a.push('--chdir', cwd, '--', '/bin/sh', '-c', plan.command);
  const path = sandboxPath(sb, plan.env);
  return {
    file: sb.bwrap,
    args: a,
    env: {
      ...allowedEnv(plan.env),
      ...plan.systemEnv,
      PATH: path,
      HOME: '/tmp',
      TMPDIR: '/tmp',
      ...(plan.stateDir ? { STBENCH_STATE_DIR: plan.stateDir } : {}),
    },
    // bwrap itself starts in a folder that surely exists; --chdir sets the system's
    cwd: '/',
  };
}

/**
 * The variables of a model's API that a CLI in the sandbox gets besides SANDBOX_ENV: its keys, its endpoints and
 * the proxy it may need to reach them.
 */
export const CLI_MODEL_ENV: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_BASE_URL',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'CODEX_API_KEY',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
];

/** Set for every model's CLI, sandboxed or not: no self-update, no traffic but the model's. */
export const CLI_QUIET_ENV: Readonly<Record<string, string>> = {
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
};

/** What of /etc a program on the network reads besides SYSTEM_ETC: the resolver's settings. */
export const NET_ETC = ['/etc/resolv.conf', '/etc/host.conf', '/etc/gai.conf'];

/** A CLI's login file, shown in the sandbox. */
export interface CliLogin {
  /** the file on the host (in the user's home); skipped where it does not exist */
  from: string;
  /** where the CLI finds it in the sandbox: an absolute path in the private home or the case's folder */
  to: string;
  /** a copy the CLI may rewrite (written into the sandbox's tmpfs); else bound read-only */
  copy?: boolean;
}

/** What a model's CLI is run with in the sandbox with the network (cliSandboxSpawn). */
export interface CliSandboxPlan {
  /** the CLI's executable, as found on PATH or given; it runs at its real path */
  executable: string;
  args: readonly string[];
  /** read-write: the case's own folder for the CLI (the relay's socket, its MCP config, a Codex home) */
  caseDir?: string;
  /** the user's home folder: a private, empty tmpfs takes its place (HOME) and the CLI's working folder */
  home: string;
  logins?: readonly CliLogin[];
  /** folders the CLI's install folder must not hold or lie inside (the data folder, the run folder) */
  hidden?: readonly HiddenFolder[];
  /** the harness's environment, of which the CLI gets SANDBOX_ENV and CLI_MODEL_ENV */
  env: NodeJS.ProcessEnv;
  /** the backend's own variables, passed whole */
  cliEnv?: Record<string, string>;
}

/** How to start a CLI in the sandbox: `copies` are opened by the caller and passed as file descriptors 3, 4, ... */
export interface CliSpawn {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** host files the sandbox copies in (bwrap --file N): open each and pass it as descriptor 3 + its index */
  copies: string[];
}

/** The most packages cliInstall follows from a CLI's package (its dependencies, their dependencies, ...). */
const MAX_CLI_PACKAGES = 200;

/**
 * What of a CLI's install the sandbox shows: the executable's real path and the folders (or the lone file) it needs
 * outside /usr. Its package root is the nearest folder above the real executable that holds a package.json (never
 * the home folder or /); with it go the packages its package.json names (dependencies and optionalDependencies, found
 * as node finds them: node_modules/<name> in the package's folder or one above it, each at its real path; a CLI's
 * native build is such a package, e.g. Codex's @openai/codex-linux-x64), and theirs. An executable in no package
 * (a native install, ~/.local/share/claude/versions/X) is shown alone.
 */
export function cliInstall(executable: string, home: string): { exe: string; parts: string[] } {
  const exe = realpathSync(executable);
  const parts = new Set<string>();
  let root: string | null = null;
  for (let d = dirname(exe); d !== '/' && d !== home && dirname(d) !== d; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) {
      root = d;
      break;
    }
  }
  if (!root) parts.add(exe);
  else {
    const queue = [root];
    parts.add(root);
    for (let i = 0; i < queue.length && parts.size < MAX_CLI_PACKAGES; i++) {
      let names: string[] = [];
      try {
        const pkg = JSON.parse(readFileSync(join(queue[i], 'package.json'), 'utf8')) as Record<string, unknown>;
        for (const k of ['dependencies', 'optionalDependencies'])
          if (pkg[k] && typeof pkg[k] === 'object') names.push(...Object.keys(pkg[k] as object));
      } catch {
        names = [];
      }
      for (const name of names) {
        for (let d = queue[i]; ; d = dirname(d)) {
          const at = join(d, 'node_modules', name);
          if (existsSync(join(at, 'package.json'))) {
            const r = realpathSync(at);
            if (!parts.has(r)) {
              parts.add(r);
              queue.push(r);
            }
            break;
          }
          if (dirname(d) === d) break;
        }
      }
    }
  }
  return { exe, parts: [...parts].filter((p) => !underSystem(p)) };
}

const installChecked = new Map<string, true>();

/**
 * How a model's CLI (Claude Code, Codex) runs in the verified mode: in a sandbox of its own that shares the
 * machine's network (it must reach its model's API) and nothing else of it. Like sandboxSpawn, but:
 *
 * - the network namespace is the host's (`--share-net`: no --unshare-net), with /etc/resolv.conf (NET_ETC) shown;
 *   the user, PID, IPC and UTS namespaces are still its own;
 * - read-only: the system folders, SYSTEM_ETC, the node and python3 installs (Sandbox.interpreters; the relay is a
 *   `node -e` script), and the CLI's own install (cliInstall: its package root and the packages it names, checked
 *   like code folders: none may hold or lie inside a build, a dataset or a hidden folder);
 * - read-write: the case's folder (the relay's socket: a socket needs a writable folder; the CLI's MCP config), a
 *   private /tmp, and a private home: an empty tmpfs at the user's home folder's path (HOME, and the working
 *   folder), holding only the CLI's login, bound read-only where the CLI only reads it, copied in where it rewrites
 *   it (`logins`);
 * - the environment: SANDBOX_ENV, the model's keys, endpoints and proxy (CLI_MODEL_ENV), CLI_QUIET_ENV, PATH,
 *   HOME, TMPDIR and the backend's own variables.
 *
 * Never the build, the data folder, the run folder, the working folder or the rest of the home. One function that
 * every CLI backend calls (checks/agents/cli-process.ts).
 */
export function cliSandboxSpawn(sb: Sandbox, plan: CliSandboxPlan): CliSpawn {
  const home = resolve(plan.home);
  if (home === '/' || underSystem(home))
    throw new UsageError(
      `the home folder ${home} cannot be hidden behind a private one (it is / or a system folder); set HOME to a folder of your own`,
    );
  const { exe, parts } = cliInstall(plan.executable, home);
  const folders = parts.filter((p) => statSync(p).isDirectory());
  const key = JSON.stringify([folders, (plan.hidden ?? []).map((h) => h.path)]);
  if (!installChecked.has(key)) {
    checkCodeFolders(
      folders.map((dir) => ({
        dir,
        name: "the CLI's install folder",
        from: `of ${plan.executable}, shown to the CLI in the sandbox`,
        help: 'install the CLI outside any build, dataset or run folder (npm install -g), or name another with its executable',
      })),
      { hidden: plan.hidden },
    );
    installChecked.set(key, true);
  }
  checkInterpretersAgainst(sb, plan.hidden);
  const a: string[] = ['--unshare-all', '--share-net', '--die-with-parent', '--new-session', ...systemBinds()];
  for (const f of NET_ETC) a.push('--ro-bind-try', f, f);
  a.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', home);
  for (const p of sb.interpreters) a.push('--ro-bind', p.real, p.at);
  for (const p of parts) a.push('--ro-bind', p, p);
  if (plan.caseDir) a.push('--bind', plan.caseDir, plan.caseDir);
  const copies: string[] = [];
  for (const l of plan.logins ?? []) {
    if (!existsSync(l.from)) continue;
    if (l.copy) {
      a.push('--perms', '0600', '--file', String(3 + copies.length), l.to);
      copies.push(l.from);
    } else a.push('--ro-bind', l.from, l.to);
  }
  a.push('--remount-ro', '/', '--chdir', home, '--', exe, ...plan.args);
  const model: Record<string, string> = {};
  for (const k of CLI_MODEL_ENV) if (plan.env[k] !== undefined) model[k] = plan.env[k]!;
  const path = sandboxPath(sb, plan.env);
  return {
    file: sb.bwrap,
    args: a,
    env: {
      ...allowedEnv(plan.env),
      ...model,
      ...CLI_QUIET_ENV,
      ...plan.cliEnv,
      PATH: path,
      HOME: home,
      TMPDIR: '/tmp',
    },
    cwd: '/',
    copies,
  };
}

const probed = new Map<string, { sandbox: Sandbox } | { why: string }>();

/**
 * The sandbox, or why there is none: bwrap not on PATH, it cannot start one here (e.g. no user namespaces), or an
 * interpreter folder it would show holds a build, a dataset or gold (interpreterParts, checked here whole, once for
 * each PATH).
 */
export function findSandbox(): { sandbox: Sandbox } | { why: string } {
  const bwrap = onPath('bwrap');
  if (!bwrap) return { why: `bwrap is not on PATH; ${INSTALL_HINT}` };
  // which node and python3 a command runs depends on PATH (and on pyenv's choice)
  const key = JSON.stringify([bwrap, process.env.PATH, process.env.PYENV_VERSION, process.cwd()]);
  const seen = probed.get(key);
  if (seen) return seen;
  const { parts, pathFirst } = interpreterParts();
  try {
    checkInterpreterParts(parts);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const out = { why: e.message };
    probed.set(key, out);
    return out;
  }
  const sb: Sandbox = { kind: 'bwrap', bwrap, interpreters: parts, pathFirst };
  const s = sandboxSpawn(sb, { command: 'true', codeDirs: [], env: process.env });
  const r = spawnSync(s.file, s.args, {
    env: s.env,
    cwd: s.cwd,
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let out: { sandbox: Sandbox } | { why: string };
  if (r.error) out = { why: `${bwrap} could not run: ${r.error.message}` };
  else if (r.status !== 0) {
    const tail = (r.stderr ?? '').trim().split('\n').slice(-3).join(' ');
    out = {
      why: `${bwrap} cannot start a sandbox here (${tail || `exit ${r.status ?? r.signal}`}); it needs unprivileged user namespaces`,
    };
  } else out = { sandbox: sb };
  probed.set(key, out);
  return out;
}

/** The sandbox for an external system; without one a usage error (exit 2) that says why and names --local. */
export function requireSandbox(system: string): Sandbox {
  const f = findSandbox();
  if ('sandbox' in f) return f.sandbox;
  throw new UsageError(
    `cannot run ${system} in a sandbox: ${f.why}. The sandbox keeps an external system from the gold, the network and the rest of the machine; pass --local to run it unsandboxed, as a plain process`,
  );
}

/** Set to 0, the variable that runs --local systems without a PID namespace of their own (localSpawn). */
export const LOCAL_PIDNS_VAR = 'STBENCH_LOCAL_PIDNS';

const localProbed = new Map<string, boolean>();

/** bwrap's arguments for a --local system: the whole filesystem, devices and network as they are; its own PIDs. */
function localArgs(cwd: string, command: string): string[] {
  return [
    ...['--dev-bind', '/', '/', '--proc', '/proc'],
    ...['--unshare-pid', '--die-with-parent', '--new-session', '--chdir', cwd, '--', '/bin/sh', '-c', command],
  ];
}

/**
 * How a --local system, a plain process, is started: `/bin/sh -c COMMAND` in `cwd`, inside a PID namespace of its
 * own where bwrap is on PATH and starts one here (probed once) and LOCAL_PIDNS_VAR is not 0. bwrap shows it the whole
 * filesystem where it is (`--dev-bind / /`: every file, device and mount, read-write as for the user), the network
 * and the environment as they are, and hides nothing; it gets a /proc of its own namespace (its own processes, their
 * numbers as it sees them). What changes: its processes end when its first process does or when the harness kills
 * bwrap (every process of the namespace dies with the namespace's first), so none escapes the teardown, not even one
 * that cleared its environment and left its parent; and, unprivileged, setuid programs (sudo) do not work in it. The
 * run is still recorded as sandbox `none`. Without bwrap, the tree and token teardown (process-tree.ts) is all.
 */
export function localSpawn(command: string, cwd = process.cwd()): { file: string; args: string[] } {
  const plain = { file: '/bin/sh', args: ['-c', command] };
  if (process.env[LOCAL_PIDNS_VAR] === '0') return plain;
  const bwrap = onPath('bwrap');
  if (!bwrap) return plain;
  let works = localProbed.get(bwrap);
  if (works === undefined) {
    const r = spawnSync(bwrap, localArgs('/', 'true'), { timeout: PROBE_TIMEOUT_MS, stdio: 'ignore' });
    works = !r.error && r.status === 0;
    localProbed.set(bwrap, works);
  }
  return works ? { file: bwrap, args: localArgs(resolve(cwd), command) } : plain;
}

/** How a system is run: in process, in the sandbox, or as a plain process. */
export function sandboxMode(
  system: { kind: 'in_process'; mode?: SandboxMode } | { kind: 'command'; sandbox?: Sandbox },
): SandboxMode {
  if (system.kind === 'in_process') return system.mode ?? 'in_process';
  return system.sandbox ? 'bwrap' : 'none';
}
