/**
 * The in-process systems by name, and `resolveSystem`, which turns a SYSTEM argument into a system:
 * `cmd:<shell command>` is an external program, `FILE.py:Class` an agent written as a Python class
 * (checks/harness/python-agent.ts), anything else a registered name. An external system runs in the sandbox
 * (checks/harness/sandbox.ts) unless `local`; where none can start, resolving it is a usage error that says why.
 */
import { UsageError } from '../../foundation/index.ts';
import {
  commandSystem,
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

export interface ResolveOptions {
  /** `--local`: run an external system as a plain process, not in the sandbox (in-process systems need neither) */
  local?: boolean;
}

/** A system from its name on the command line. */
export function resolveSystem(spec: string, opts: ResolveOptions = {}): HarnessSystem {
  const sandbox = (name: string) => (opts.local ? {} : { sandbox: requireSandbox(name) });
  if (spec.startsWith(COMMAND_PREFIX)) {
    const command = spec.slice(COMMAND_PREFIX.length).trim();
    if (!command) throw new UsageError('cmd: needs a command, e.g. "cmd:python3 my_system.py"');
    return commandSystem(command, sandbox(spec));
  }
  const sys = SYSTEMS.get(spec);
  if (sys) return sys;
  if (isPythonAgentSpec(spec)) return pythonAgentSystem(spec, sandbox(spec));
  throw new UsageError(
    `unknown system ${JSON.stringify(spec)}: use one of ${[...SYSTEMS.keys()].join(', ')}, cmd:<command> for an external program, or FILE.py:Class for a Python agent`,
  );
}
