/**
 * Validation of the repository's inputs (jobs and places), shared by `stbench validate` and by every stage that
 * loads them. Collects every issue of every file instead of stopping at the first.
 */
import type { InputIssue } from './core/index.ts';

export interface ValidationReport {
  checked: string[];
  issues: InputIssue[];
}

/** Validate the given files (or everything in jobs/ and layouts/ when none are given). */
export function validateInputs(files: string[]): ValidationReport {
  // filled in by the jobs and places modules
  return { checked: files, issues: [] };
}
