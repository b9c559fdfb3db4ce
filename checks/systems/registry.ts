/**
 * The in-process systems by name, and `resolveSystem`, which turns a SYSTEM argument into a system:
 * `claude:`, `codex:`, `openai:` and `anthropic:` are models (model-systems.ts), `cmd:<shell command>` is an
 * external program, `FILE.py:Class` an agent written as a Python class (checks/harness/python-agent.ts), anything
 * else a registered name. An external system runs in the sandbox
 * (checks/harness/sandbox.ts) unless `local`; where none can start, resolving it is a usage error that says why.
 * A sandboxed system's code folders (a `cmd:`'s `code`, by default the working folder; a Python agent's file's
 * folder) are checked before any case runs (checkCodeFolders), against `hidden` too (the data and run folders).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../foundation/index.ts';
import {
  checkCodeFolders,
  CODE_FLAG_HELP,
  commandSystem,
  type CodeFolder,
  type HiddenFolder,
  isPythonAgentSpec,
  pythonAgentSystem,
  requireSandbox,
  type HarnessSystem,
  type InProcessSystem,
} from '../harness/index.ts';
import { allUnknown } from './all-unknown.ts';
import { currentView } from './current-view.ts';
import { detectionsMemory } from './detections-memory.ts';
import { formAdversary } from './form-adversary.ts';
import { layoutPrior } from './layout-prior.ts';
import { mapReader } from './map-reader.ts';
import { otherStream } from './other-stream.ts';
import { pathLog } from './path-log.ts';
import { perfectReader } from './perfect-reader.ts';
import { priors } from './priors.ts';
import { wordingSystem } from './wording.ts';
import { parseModelSpec } from '../agents/model-spec.ts';
import { modelSystem, type ModelSettings } from './model-systems.ts';

/** Every in-process system, by name: the floor, the ceiling, the memories, the shortcuts and the diagnostic. */
export const SYSTEMS: ReadonlyMap<string, InProcessSystem> = new Map(
  [
    allUnknown,
    perfectReader,
    detectionsMemory,
    currentView,
    pathLog,
    priors,
    otherStream,
    wordingSystem,
    layoutPrior,
    formAdversary,
    mapReader,
  ].map((s) => [s.name, s]),
);

export const COMMAND_PREFIX = 'cmd:';

export interface ResolveOptions extends Omit<ModelSettings, 'local' | 'code'> {
  /** `--local`: run an external system as a plain process, not in the sandbox (in-process systems need neither) */
  local?: boolean;
  /** `--code DIR`: the folder of a `cmd:` system's own code, where its command runs (default: the working folder) */
  code?: string;
  /** folders the system must not see (the data folder, the run folder): no code folder may hold or lie inside one */
  hidden?: readonly HiddenFolder[];
}

/** A system from its name on the command line. */
export function resolveSystem(spec: string, opts: ResolveOptions = {}): HarnessSystem {
  const model = parseModelSpec(spec);
  if (model) return modelSystem(model, opts);
  for (const [flag, v] of [
    ['--reasoning', opts.reasoning],
    ['--context', opts.context],
    ['--base-url', opts.baseUrl],
    ['--prices', opts.prices],
  ] as const)
    if (v !== undefined)
      throw new UsageError(`${flag} applies to a model (claude:, codex:, openai:, anthropic:), and ${spec} is not one`);
  const sandbox = (name: string) => (opts.local ? {} : { sandbox: requireSandbox(name) });
  if (spec.startsWith(COMMAND_PREFIX)) {
    const command = spec.slice(COMMAND_PREFIX.length).trim();
    if (!command) throw new UsageError('cmd: needs a command, e.g. "cmd:python3 my_system.py"');
    const code = opts.code === undefined ? undefined : codeFlag(opts.code);
    const folder: CodeFolder = {
      dir: code ?? process.cwd(),
      name: "the system's code folder",
      from: code ? '--code' : 'the working folder',
      help: CODE_FLAG_HELP,
    };
    const extra = { ...(code ? { cwd: code } : {}), codeDirs: [folder], ...sandbox(spec) };
    // shown whole in the sandbox: checked now, before any case runs (and again as each case starts)
    if (extra.sandbox) checkCodeFolders([folder], { hidden: opts.hidden });
    return commandSystem(command, extra);
  }
  const sys = SYSTEMS.get(spec);
  const agent = !sys && isPythonAgentSpec(spec);
  if (!sys && !agent)
    throw new UsageError(
      `unknown system ${JSON.stringify(spec)}: use a model (claude:sonnet, codex:<model>, openai:<model>, anthropic:<model>), one of ${[...SYSTEMS.keys()].join(', ')}, cmd:<command> for an external program, or FILE.py:Class for a Python agent`,
    );
  if (opts.code !== undefined)
    throw new UsageError(
      `--code names the code folder of a cmd: system, and ${spec} is not one: ${sys ? "a scripted system runs in stbench's own process" : "a Python agent's code folder is its file's folder"}`,
    );
  return sys ?? pythonAgentSystem(spec, { ...sandbox(spec), hidden: opts.hidden });
}

/** `--code DIR`: an existing folder; its absolute path. */
function codeFlag(dir: string): string {
  const abs = resolve(dir);
  if (!existsSync(abs))
    throw new UsageError(`--code ${dir}: no such folder (give the folder that holds the system's code)`);
  if (!statSync(abs).isDirectory())
    throw new UsageError(`--code ${dir} is not a folder (give the folder that holds the system's code)`);
  return abs;
}
