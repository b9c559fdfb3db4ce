/**
 * The `stbench` command: one subcommand per stage. Each command module registers itself on the program;
 * errors are printed here with the exit code their kind calls for (2 bad input or usage, 1 a failed check).
 */
import { Command, CommanderError } from 'commander';
import { clip, exitCodeOf, InputError, issueLines, TOOL_VERSION } from '../foundation/index.ts';
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

/**
 * Print an error the way every command does: an InputError as its issues (the first MAX_PRINTED_ISSUES, then a
 * count), anything else as one line (long lines cut); the stack only with STBENCH_DEBUG set.
 */
export function reportError(e: unknown): void {
  if (e instanceof InputError) {
    for (const l of issueLines(e.issues)) process.stderr.write(`${l}\n`);
    process.stderr.write(`stbench: ${e.issues.length} error${e.issues.length === 1 ? '' : 's'}\n`);
    return;
  }
  const message = (e as Error)?.message ?? String(e);
  const lines = message.split('\n');
  const shown = lines.slice(0, 60).map((l) => clip(l, 2000));
  if (lines.length > shown.length) shown.push(`... and ${lines.length - shown.length} more lines`);
  process.stderr.write(`stbench: ${shown.join('\n')}\n`);
  if (process.env.STBENCH_DEBUG) process.stderr.write(`${(e as Error)?.stack}\n`);
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
    reportError(e);
    return exitCodeOf(e);
  }
}
