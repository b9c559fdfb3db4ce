/**
 * Validation of the repository's inputs (jobs and places), shared by `stbench validate` and by every stage that
 * loads them. Collects every issue of every file instead of stopping at the first.
 *
 * Each kind of input is an `InputKind`: which files it claims, which files it checks by default, and how it checks
 * a group of files (a group, so that checks across files, such as one file per id, can run). Adding a kind is
 * adding an entry to `INPUT_KINDS`.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { REPO_ROOT, type InputIssue } from './core/index.ts';
import { checkJobFiles, listJobFiles, loadAllJobs } from '../jobs/load.ts';
import { listPlaceFiles, loadAllPlaces, validatePlaceFile } from '../layouts/load.ts';
import { crossCheckJobsPlaces } from './validate-cross.ts';
import { InputError } from './core/index.ts';

export interface ValidationReport {
  checked: string[];
  issues: InputIssue[];
}

export interface InputKind {
  name: string;
  /** whether this kind checks the file (by its folder, or by its text when the folder says nothing) */
  claims(file: string, text: string | undefined): boolean;
  /** the files checked when `validate` is given none */
  defaultFiles(repoRoot: string): string[];
  /** every issue of the given files, alone and against each other */
  check(files: string[]): InputIssue[];
}

/** Job specs: files in a folder named `jobs` (or `*-jobs`), or YAML whose top level has `robot_class`. */
export const JOB_INPUTS: InputKind = {
  name: 'job',
  claims: (file, text) => {
    const folder = basename(dirname(file));
    if (folder === 'jobs' || folder.endsWith('-jobs')) return true;
    return text !== undefined && /^robot_class\s*:/m.test(text);
  },
  defaultFiles: (root) => listJobFiles(root),
  check: (files) => checkJobFiles(files).issues,
};

/**
 * Every kind of input `validate` knows, tried in order.
 * PLACES HOOK: the place kind (layouts/<name>.yaml) goes here, claiming files in a folder named `layouts`, with the
 * cross-checks between jobs and places (a job's layout and site roles exist in its place) in its `check`.
 */
/**
 * Places: files in a folder named `layouts` (or `*-places`), or YAML whose top level has `colour_words`. With the
 * whole repository checked, the jobs are also checked against the places.
 */
export const PLACE_INPUTS: InputKind = {
  name: 'place',
  claims: (file, text) => {
    const folder = basename(dirname(file));
    if (folder === 'layouts' || folder.endsWith('-places')) return true;
    return text !== undefined && /^colour_words\s*:/m.test(text);
  },
  defaultFiles: () => listPlaceFiles(),
  check: (files) => files.flatMap((f) => validatePlaceFile(f)),
};

/** Jobs against places: run when the whole repository is validated and both load cleanly. */
export function crossCheckRepository(repoRoot: string = REPO_ROOT): InputIssue[] {
  try {
    return crossCheckJobsPlaces(loadAllJobs(repoRoot), loadAllPlaces());
  } catch (e) {
    if (e instanceof InputError) return []; // their own issues are reported by their kinds
    throw e;
  }
}

export const INPUT_KINDS: InputKind[] = [JOB_INPUTS, PLACE_INPUTS];

/** Validate the given files (or every job and place of the repository when none are given). */
export function validateInputs(files: string[], repoRoot: string = REPO_ROOT): ValidationReport {
  const groups = new Map<InputKind, string[]>();
  const issues: InputIssue[] = [];
  if (files.length === 0) {
    for (const kind of INPUT_KINDS) groups.set(kind, kind.defaultFiles(repoRoot));
  } else {
    for (const file of files) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      const kind = INPUT_KINDS.find((k) => k.claims(file, text));
      if (!kind) {
        issues.push({
          file,
          path: '',
          message: text === undefined ? 'cannot read the file' : 'not a job or place file (jobs go in jobs/, places in layouts/)',
        });
        continue;
      }
      groups.set(kind, [...(groups.get(kind) ?? []), file]);
    }
  }
  const checked: string[] = [];
  for (const [kind, group] of groups) {
    checked.push(...group);
    issues.push(...kind.check(group));
  }
  if (files.length === 0 && issues.length === 0) issues.push(...crossCheckRepository(repoRoot));
  return { checked, issues };
}
