/**
 * An agent written as a Python class (docs/protocol.md, "An agent as a Python class"): the SYSTEM `FILE.py:Class`
 * is a subprocess system running `python3 -B checks/harness/python/run_agent.py FILE Class`, a fresh process per
 * case, over the same line protocol as `cmd:`. The runner imports the file, makes one instance of the class (a
 * subclass of `System` from checks/harness/python/system_shim.py) and turns each message into a call of it.
 *
 * The file is imported once up front (`run_agent.py --check`), so a missing class, one that does not subclass
 * System, or a file that does not import is a usage error before any case runs, not a broken outcome per case.
 *
 * In a sandbox (sandbox.ts) the agent sees, read-only, its file's folder and the runner's (checks/harness/python/,
 * with the shim; never the rest of the repository), and runs in its file's folder. Its folder is checked first
 * (sandbox.ts checkCodeFolders): one that holds or lies inside a build or dataset, or holds the data or run folder,
 * is a usage error before any of its code runs; the up-front check runs in the same sandbox, so no code of the agent
 * runs outside it. As a plain process (--local), whatever the check started is ended with it: in a PID namespace of
 * its own where bwrap can make one (sandbox.ts localSpawn), else by its token (process-tree.ts).
 */
import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../foundation/index.ts';
import { CASE_TOKEN_VAR, endProcessTree, newCaseToken } from './process-tree.ts';
import { localSpawn, sandboxSpawn, type CodeFolder, type HiddenFolder, type Sandbox } from './sandbox.ts';
import type { CommandSystem } from './system.ts';

/** The runner script (it puts system_shim.py, beside it, on the agent's sys.path). */
export const PYTHON_RUNNER = fileURLToPath(new URL('./python/run_agent.py', import.meta.url));

/** The prefix of a Python agent's system name in run folders and results: `py:FILE.py:Class`. */
export const PYTHON_PREFIX = 'py:';

/** How long importing the agent for the up-front check may take. */
const CHECK_TIMEOUT_MS = 120_000;

const INSTALL_HINT = 'install it (Debian: apt-get install python3, which pipeline/setup.sh does)';

/** Whether a SYSTEM argument is meant as `FILE.py:Class` (a scripted system's name has no ':', '/' or '.'). */
export function isPythonAgentSpec(spec: string): boolean {
  return /[:/.]/.test(spec);
}

/** A word quoted for /bin/sh. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The folder of the runner and the shim, shown to a sandboxed agent (read-only). */
const RUNNER_FOLDER: CodeFolder = {
  dir: dirname(PYTHON_RUNNER),
  name: "the Python agent runner's folder",
  from: 'checks/harness/python',
  help: 'keep builds and datasets out of checks/harness/python/ in the stbench repository',
};

/**
 * The subprocess system for `FILE.py:Class`; a UsageError (exit 2) names what is wrong with it. With a sandbox, its
 * folders are checked against the build and dataset rule and against `hidden` (the data and run folders).
 */
export function pythonAgentSystem(
  spec: string,
  opts: { sandbox?: Sandbox; hidden?: readonly HiddenFolder[] } = {},
): CommandSystem {
  const i = spec.lastIndexOf(':');
  const file = i >= 0 ? spec.slice(0, i) : spec;
  const cls = i >= 0 ? spec.slice(i + 1) : '';
  if (!file.endsWith('.py'))
    throw new UsageError(
      `${JSON.stringify(file)} is not a .py file: a Python agent is given as FILE.py:Class, e.g. my_agent/agent.py:MyAgent`,
    );
  if (!cls) throw new UsageError(`${spec} names no class: give the agent's class after a colon, as ${file}:MyAgent`);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(cls))
    throw new UsageError(`${JSON.stringify(cls)} is not a Python class name (in ${spec}): use FILE.py:ClassName`);
  const abs = resolve(file);
  if (!existsSync(abs)) throw new UsageError(`${file} not found (the Python agent ${spec})`);
  if (!statSync(abs).isFile()) throw new UsageError(`${file} is not a file (the Python agent ${spec})`);

  const codeDirs: CodeFolder[] = [
    {
      dir: dirname(abs),
      name: "the Python agent's folder",
      from: "its file's folder",
      help: `keep the agent's file, and what it imports, in a folder of its own, outside any build or dataset (then give FOLDER/${basename(abs)}:${cls})`,
    },
    RUNNER_FOLDER,
  ];
  // in a sandbox, the folders are checked (sandboxSpawn) before any code of the agent runs, even its import
  const r = checkAgent(abs, cls, codeDirs, opts.sandbox, opts.hidden);
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' || r.status === 127)
    throw new UsageError(`python3 not found on PATH: a Python agent (${spec}) runs with python3; ${INSTALL_HINT}`);
  if (r.error) throw new UsageError(`checking the Python agent ${spec} failed: ${r.error.message}`);
  if (r.status !== 0) {
    const tail = r.stderr.trim().split('\n').slice(-20).join('\n');
    throw new UsageError(`the Python agent ${spec} cannot run:\n${tail || `python3 exited with code ${r.status}`}`);
  }
  return {
    kind: 'command',
    name: `${PYTHON_PREFIX}${spec}`,
    command: ['python3', '-B', PYTHON_RUNNER, abs, cls].map(shellQuote).join(' '),
    codeDirs,
    ...(opts.sandbox ? { sandbox: opts.sandbox, cwd: dirname(abs) } : {}),
  };
}

/** `run_agent.py --check FILE Class`, as a plain process or in the sandbox the agent will run in. */
function checkAgent(
  abs: string,
  cls: string,
  codeDirs: CodeFolder[],
  sandbox: Sandbox | undefined,
  hidden: readonly HiddenFolder[] | undefined,
) {
  const argv = ['python3', '-B', PYTHON_RUNNER, '--check', abs, cls];
  const opts: SpawnSyncOptionsWithStringEncoding = {
    encoding: 'utf8',
    timeout: CHECK_TIMEOUT_MS,
    stdio: ['ignore', 'ignore', 'pipe'],
  };
  if (!sandbox) {
    // what the import started (a process left running) ends with the check: with its PID namespace where bwrap makes
    // one (sandbox.ts localSpawn), else by its token
    const token = newCaseToken();
    const how = localSpawn(argv.map(shellQuote).join(' '));
    try {
      return spawnSync(how.file, how.args, { ...opts, env: { ...process.env, [CASE_TOKEN_VAR]: token } });
    } finally {
      endProcessTree(token);
    }
  }
  const stateDir = mkdtempSync(join(tmpdir(), 'stbench-state-'));
  try {
    const s = sandboxSpawn(sandbox, {
      command: argv.map(shellQuote).join(' '),
      codeDirs,
      cwd: dirname(abs),
      stateDir,
      hidden,
      env: process.env,
    });
    return spawnSync(s.file, s.args, { ...opts, env: s.env, cwd: s.cwd });
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}
