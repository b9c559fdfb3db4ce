/**
 * The in-process systems by name, and `resolveSystem`, which turns a SYSTEM argument into a system:
 * `cmd:<shell command>` is an external program, anything else a registered name.
 */
import { UsageError } from '../../pipeline/core/index.ts';
import { commandSystem, type HarnessSystem, type InProcessSystem } from '../harness/index.ts';
import { allUnknown } from './all-unknown.ts';

/** Every in-process system, by name. */
export const SYSTEMS: ReadonlyMap<string, InProcessSystem> = new Map([[allUnknown.name, allUnknown]]);

export const COMMAND_PREFIX = 'cmd:';

/** A system from its name on the command line. */
export function resolveSystem(spec: string): HarnessSystem {
  if (spec.startsWith(COMMAND_PREFIX)) {
    const command = spec.slice(COMMAND_PREFIX.length).trim();
    if (!command) throw new UsageError('cmd: needs a command, e.g. "cmd:python3 my_system.py"');
    return commandSystem(command);
  }
  const sys = SYSTEMS.get(spec);
  if (!sys) throw new UsageError(`unknown system ${JSON.stringify(spec)}: use one of ${[...SYSTEMS.keys()].join(', ')}, or cmd:<command> for an external program`);
  return sys;
}
