/**
 * The sandbox an external system (`cmd:`, `FILE.py:Class`) runs in unless `--local`: bubblewrap (`bwrap`), one
 * fresh sandbox per case. The system sees only what it needs to run and to play the case:
 *
 * - read-only: /usr and the top-level /bin, /sbin, /lib* (links into /usr on a merged-/usr system), a few files of
 *   /etc that programs read to start (SYSTEM_ETC: the dynamic linker's cache, users and groups by name, the time
 *   zone, the public CA certificates; not /etc as a whole, which holds host keys and secrets), the install folders
 *   of the `node` and `python3` on PATH where they lie outside /usr (nvm, pyenv, a virtual environment), and the
 *   system's own code folders (a `cmd:`'s working folder; a Python agent's file's folder and the runner's);
 * - read-only, the case's stage folder (the frames sent so far, under the paths it is sent);
 * - read-write, its state folder (STBENCH_STATE_DIR) and a private /tmp (a tmpfs, gone with the sandbox);
 * - a fresh /proc of its own process namespace and a minimal /dev (null, zero, random, urandom, tty, shm, pts).
 *
 * Everything else is absent: the build or dataset (private/ and its gold), the run folder, the user's home, other
 * processes, the network (`--unshare-all`: no interface but a down loopback). A data folder that lies inside a code
 * folder is covered by an empty tmpfs. The root is remounted read-only, so a write anywhere but the state folder
 * and /tmp fails. The sandbox dies with its parent (`--die-with-parent`) and, being its own PID namespace, all of
 * it dies with its first process: killing the harness's process group (subprocess-link.ts) ends every process the
 * system started. `--new-session` detaches it from any terminal.
 *
 * The environment is passed as to a plain process, but for PATH (the interpreters' folders first), HOME and TMPDIR
 * (both the private /tmp). A sandbox is used only where bwrap is on PATH and passes a probe (starting `/bin/sh -c
 * true` in a sandbox of the same shape); `requireSandbox` says why not otherwise, for the usage error.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UsageError } from '../../foundation/index.ts';

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

/** What a sandbox of the given shape is; one place, used by the probe and every case. */
export interface SandboxPlan {
  /** the command, run as /bin/sh -c COMMAND */
  command: string;
  /** read-only: the system's own code */
  codeDirs: readonly string[];
  /** the working folder (inside a code folder; else the first code folder) */
  cwd?: string;
  /** read-only: the case's frames */
  stageDir?: string;
  /** read-write: STBENCH_STATE_DIR (none for the probe) */
  stateDir?: string;
  /** folders to cover with an empty tmpfs where they lie inside a code folder (the data folder) */
  hide?: readonly string[];
  /** the environment the system would get as a plain process */
  env: NodeJS.ProcessEnv;
}

/** The program, arguments and environment that run `plan` in the sandbox. */
export function sandboxSpawn(
  sb: Sandbox,
  plan: SandboxPlan,
): { file: string; args: string[]; env: NodeJS.ProcessEnv; cwd: string } {
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
  const code = plan.codeDirs.map((d) => resolve(d));
  for (const d of code) {
    if (d === '/')
      throw new UsageError('the sandbox cannot bind / as a system folder: run the system from its own folder');
    a.push('--ro-bind', d, d);
  }
  for (const h of (plan.hide ?? []).map((d) => resolve(d))) {
    const inside = code.find((d) => isInside(d, h));
    if (inside)
      throw new UsageError(
        `the system's folder ${inside} lies inside ${h}, which the sandbox hides from it: run it from a folder outside the data`,
      );
    if (code.some((d) => isInside(h, d)) && existsSync(h)) a.push('--tmpfs', h);
  }
  if (plan.stageDir) a.push('--ro-bind', plan.stageDir, plan.stageDir);
  if (plan.stateDir) a.push('--bind', plan.stateDir, plan.stateDir);
  a.push('--remount-ro', '/');
  const cwd = plan.cwd && code.some((d) => isInside(resolve(plan.cwd!), d)) ? resolve(plan.cwd) : (code[0] ?? '/');
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
