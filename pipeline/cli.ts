/**
 * The `stbench` command: one subcommand per stage. Each command module registers itself on the program;
 * errors are printed here with the exit code their kind calls for (2 bad input or usage, 1 a failed check).
 */
import { Command, CommanderError } from 'commander';
import { exitCodeOf, formatIssue, InputError, TOOL_VERSION } from './core/index.ts';
import { commands } from './commands/index.ts';

export function buildProgram(): Command {
  const program = new Command('stbench')
    .description('Build SpatiotemporalBench releases: script, render, compile, check, export.')
    .version(TOOL_VERSION)
    // program options only before the subcommand, so that `export --version X.Y.Z` reaches export
    .enablePositionalOptions()
    .showHelpAfterError()
    .exitOverride();
  for (const register of commands) register(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // help and version exit 0; usage errors exit 2
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof InputError) {
      for (const i of e.issues) process.stderr.write(`${formatIssue(i)}\n`);
      process.stderr.write(`stbench: ${e.issues.length} error${e.issues.length === 1 ? '' : 's'}\n`);
    } else {
      process.stderr.write(`stbench: ${(e as Error).message ?? String(e)}\n`);
      if (process.env.STBENCH_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    }
    return exitCodeOf(e);
  }
}

