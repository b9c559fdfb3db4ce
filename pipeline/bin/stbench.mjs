#!/usr/bin/env node
// Entry point of the `stbench` command: load the TypeScript sources through tsx, then run the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli.ts');
process.exitCode = await main(process.argv);
