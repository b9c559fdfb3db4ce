/**
 * The sandbox an external system (`cmd:`, `FILE.py:Class`) runs in unless `--local`: bubblewrap (`bwrap`), one
 * fresh sandbox per case. It shows the system an allow-list and nothing else:
 *
 * - read-only: /usr and the top-level /bin, /sbin, /lib* (links into /usr on a merged-/usr system), a few files of
 *   /etc that programs read to start (SYSTEM_ETC: the dynamic linker's cache, users and groups by name, the time
 *   zone, the public CA certificates; not /etc as a whole, which holds host keys and secrets), the install folders
 *   of the `node` and `python3` on PATH where they lie outside /usr (nvm, pyenv, a virtual environment), and the
 *   system's own code folders (a `cmd:`'s `--code` folder, by default the working folder; a Python agent's file's
 *   folder and the runner's, checks/harness/python/);
 * - read-only, the case's stage folder (the frames sent so far, under the paths it is sent);
 * - read-write, its state folder (STBENCH_STATE_DIR) and a private /tmp (a tmpfs, gone with the sandbox);
 * - a fresh /proc of its own process namespace and a minimal /dev (null, zero, random, urandom, tty, shm, pts).
 *
 * Everything else is absent: the build or dataset (private/ and its gold), the run folder, the user's home, other
 * processes, the network (`--unshare-all`: no interface but a down loopback). A code folder is shown whole, so it is
 * checked first (`checkCodeFolders`, on real paths: every link resolved): one that holds a build, a dataset or a
 * case's gold anywhere below it, lies inside a build or dataset, holds or lies inside the data folder or the run
 * folder, or holds the temporary folder (every case's frames and state) is refused with a usage error that names
 * what it holds and how to give another; so is one too large to check whole. The root is remounted read-only, so a
 * write anywhere but the state folder and /tmp fails. The sandbox dies with its parent (`--die-with-parent`) and,
 * being its own PID namespace, all of it dies with its first process: killing the harness's process group
 * (subprocess-link.ts) ends every process the system started. `--new-session` detaches it from any terminal.
 *
 * The environment is passed as to a plain process, but for PATH (the interpreters' folders first), HOME and TMPDIR
 * (both the private /tmp). A sandbox is used only where bwrap is on PATH and passes a probe (starting `/bin/sh -c
 * true` in a sandbox of the same shape); `requireSandbox` says why not otherwise, for the usage error.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  type Dirent,
  existsSync,
  lstatSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import {
  BUILD_META_DIR,
  DATASET_FILE,
  isDatasetFolder,
  realPathOf,
  sameOrInside,
  UsageError,
} from '../../foundation/index.ts';

/** How an external system was run, as results.json and run.json record it. */
export type SandboxMode = 'bwrap' | 'none' | 'in_process';

/** A sandbox that passed its probe. */
export interface Sandbox {
  kind: 'bwrap';
  /** the bwrap executable */
  bwrap: string;
  /** interpreter install folders outside /usr, bound read-only */
  interpreters: string[];
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

/** Whether `p` is `dir` or inside it. */
export function isInside(p: string, dir: string): boolean {
  const r = relative(dir, p);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

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

const underSystem = (p: string) => SYSTEM_DIRS.some((d) => isInside(p, d));

/** The install folders (and bin folders) of the node and python3 a command would run, where outside /usr. */
function interpreterFolders(): { interpreters: string[]; pathFirst: string[] } {
  const interpreters = new Set<string>();
  const pathFirst: string[] = [];
  const add = (bin: string, prefixes: string[]) => {
    const outside = prefixes.filter((p) => p && !underSystem(p));
    if (!outside.length) return;
    for (const p of outside) interpreters.add(p);
    if (!pathFirst.includes(bin)) pathFirst.push(bin);
  };
  // node: the one running stbench and the one on PATH; its prefix holds lib/node_modules (npm) too
  for (const n of [process.execPath, onPath('node')]) {
    if (!n) continue;
    const real = realpathSync(n);
    add(dirname(real), [dirname(dirname(real))]);
  }
  // python3: ask it (a pyenv shim is a script; a virtual environment has a base install besides its own)
  if (onPath('python3')) {
    const r = spawnSync(
      'python3',
      ['-c', 'import json, sys; print(json.dumps([sys.executable, sys.prefix, sys.base_prefix]))'],
      { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    try {
      const [exe, prefix, base] = JSON.parse(r.stdout) as string[];
      if (exe)
        add(
          dirname(exe),
          [prefix, base].map((p) => (existsSync(p) ? realpathSync(p) : '')),
        );
    } catch {
      /* a python3 that does not answer: a command using it fails inside as outside */
    }
  }
  return { interpreters: [...interpreters], pathFirst };
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

/** Files that make a folder under private/ a case's or a script's: a folder of a build or a dataset. */
const PRIVATE_MARKERS = new Set([
  'case.json',
  'questions.jsonl',
  'gold.jsonl',
  'timeline.json',
  'render_log.json',
  'visibility.jsonl',
  'perception_ids.jsonl',
]);

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

/** Whether `dir` (a `private/` folder) holds a case's or a script's folder. */
function privateHoldsCases(dir: string): boolean {
  let looked = 0;
  for (const e of entriesOf(dir)) {
    if (!e.isDirectory()) continue;
    if (++looked > 1000) return true; // a private/ of a thousand folders is a build's
    if (entriesOf(join(dir, e.name)).some((f) => PRIVATE_MARKERS.has(f.name))) return true;
  }
  return false;
}

/** What makes `dir` a build or a dataset (its entries given where read already), or null. */
function buildOrDataset(dir: string, entries: Dirent[] = entriesOf(dir)): string | null {
  const has = (name: string, what: 'dir' | 'file') =>
    entries.some((e) => e.name === name && (what === 'dir' ? e.isDirectory() : e.isFile()));
  if (has(DATASET_FILE, 'file') && isDatasetFolder(dir)) return `the dataset ${dir}`;
  if (has(BUILD_META_DIR, 'dir')) return `the build ${dir} (a folder with ${BUILD_META_DIR}/)`;
  if (has('private', 'dir') && privateHoldsCases(join(dir, 'private')))
    return `the build ${dir} (its private/ holds cases or scripts)`;
  return null;
}

/**
 * Check the folders a system's code is shown from: each (a real path, every link resolved) must not be /, lie inside
 * a build or a dataset, hold one (or a case's gold.jsonl) anywhere below it, hold or lie inside a hidden folder (the
 * data folder, the run folder), or hold the temporary folder (where every case's frames and state folder are made).
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
    for (let a = real; ; a = dirname(a)) {
      const bd = buildOrDataset(a);
      if (bd) refuse(a === real ? `is ${bd}` : `lies inside ${bd}`);
      if (dirname(a) === a) break;
    }
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
        const bd = buildOrDataset(dir, entries);
        if (bd) refuse(`holds ${bd}`);
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
  /** the environment the system would get as a plain process */
  env: NodeJS.ProcessEnv;
}

/**
 * The program, arguments and environment that run `plan` in the sandbox; the code folders are checked first
 * (checkCodeFolders: a UsageError where one would show the system a build, a dataset or the data).
 */
export function sandboxSpawn(
  sb: Sandbox,
  plan: SandboxPlan,
): { file: string; args: string[]; env: NodeJS.ProcessEnv; cwd: string } {
  const real = checkCodeFolders(plan.codeDirs, { hidden: plan.hidden });
  const a: string[] = ['--unshare-all', '--die-with-parent', '--new-session'];
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
  a.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  for (const d of sb.interpreters) a.push('--ro-bind', d, d);
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
  const cwd = plan.cwd && shown.some((d) => isInside(resolve(plan.cwd!), d)) ? resolve(plan.cwd) : (shown[0] ?? '/');
  a.push('--chdir', cwd, '--', '/bin/sh', '-c', plan.command);
  const path = [...sb.pathFirst, ...(plan.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(delimiter)].join(delimiter);
  return {
    file: sb.bwrap,
    args: a,
    env: {
      ...plan.env,
      PATH: path,
      HOME: '/tmp',
      TMPDIR: '/tmp',
      ...(plan.stateDir ? { STBENCH_STATE_DIR: plan.stateDir } : {}),
    },
    // bwrap itself starts in a folder that surely exists; --chdir sets the system's
    cwd: '/',
  };
}

const probed = new Map<string, { sandbox: Sandbox } | { why: string }>();

/** The sandbox, or why there is none: bwrap not on PATH, or it cannot start one here (e.g. no user namespaces). */
export function findSandbox(): { sandbox: Sandbox } | { why: string } {
  const bwrap = onPath('bwrap');
  if (!bwrap) return { why: `bwrap is not on PATH; ${INSTALL_HINT}` };
  const seen = probed.get(bwrap);
  if (seen) return seen;
  const sb: Sandbox = { kind: 'bwrap', bwrap, ...interpreterFolders() };
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
  probed.set(bwrap, out);
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

/** How a system is run: in process, in the sandbox, or as a plain process. */
export function sandboxMode(system: { kind: 'in_process' } | { kind: 'command'; sandbox?: Sandbox }): SandboxMode {
  if (system.kind === 'in_process') return 'in_process';
  return system.sandbox ? 'bwrap' : 'none';
}
