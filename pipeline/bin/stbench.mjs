#!/usr/bin/env node
// Entry point of the `stbench` command: load the TypeScript sources through tsx, then run the CLI. An error that
// escapes every command (a crash in a callback) is reported as one line like any other, never as a stack trace
// (STBENCH_DEBUG=1 shows it), and exits 1.
import { register } from 'tsx/esm/api';

register();
// Ctrl-C, SIGTERM and SIGHUP end every command with 128 + the signal's number, from its first moment
// (foundation/interrupt.ts)
const { catchSignals, runCleanups } = await import('../../foundation/interrupt.ts');
catchSignals();
const { main, reportError } = await import('../cli.ts');
const crash = (e) => {
  reportError(e);
  // what a signal would remove goes here too: temporary folders, locks, a system's process group
  runCleanups();
  process.exit(typeof e?.exitCode === 'number' ? e.exitCode : 1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
process.exitCode = await main(process.argv);
