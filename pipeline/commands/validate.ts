/**
 * `stbench validate [FILES...]`: check job and place files against their schemas, and the cross-checks between
 * them. With no files, every job in jobs/ and every place in layouts/. Every error is printed at once with
 * file:line:column and the field path; exit 2 on any error.
 */
import type { Command } from 'commander';
import { basename, dirname, resolve } from 'node:path';
import { InputError, type InputIssue } from '../../foundation/index.ts';
import { validateInputs } from '../validate-inputs.ts';

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check job specs (jobs/*.yaml) and places (layouts/*.yaml) against their schemas and each other')
    .argument('[files...]', 'job or place YAML files (default: every job and place in the repository)')
    .action((files: string[]) => {
      const report = validateInputs(files.map((f) => resolve(f)));
      if (report.issues.length) throw new InputError(report.issues);
      process.stdout.write(`ok: ${report.checked.map((f) => `${basename(dirname(f))}/${basename(f)}`).join(', ')}\n`);
    });
}

export type { InputIssue };
