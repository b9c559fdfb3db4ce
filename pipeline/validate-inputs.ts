/**
 * Validation of the repository's inputs (jobs and places), shared by `stbench validate` and by every stage that
 * loads them. Collects every issue of every file instead of stopping at the first.
 *
 * Each kind of input is an `InputKind`: which files it claims, which files it checks by default, and how it checks
 * a group of files (a group, so that checks across files, such as one file per id, can run). Adding a kind is
 * adding an entry to `INPUT_KINDS`.
 */
import { basename, dirname, resolve } from 'node:path';
import { InputError, readYamlText, REPO_ROOT, type InputIssue, type LoadedYaml } from '../foundation/index.ts';
import { checkJobFiles as checkJobFilesOnly, listJobFiles } from '../jobs/load.ts';
import { familyIssues } from '../compile/job-families.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import { inPlacesFolder, listPlaceFiles, readPlaceFile, type LoadedPlace } from '../layouts/load.ts';
import { PlaceKind } from '../layouts/place-schema.ts';
import { shippedPlaceIds } from '../jobs/places.ts';
import { crossCheckJobsPlaces } from './validate-cross.ts';

/** The jobs layer's checks and the compile's checks of the families a job asks. */
const checkJobFiles = (files: readonly string[]) => checkJobFilesOnly(files, familyIssues);

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

/** Read several place files and check them against each other (one file per place id). */
export function checkPlaceFiles(files: readonly string[]): {
  places: LoadedPlace[];
  issues: InputIssue[];
  ids: Set<string>;
} {
  const places: LoadedPlace[] = [];
  const issues: InputIssue[] = [];
  const byId = new Map<string, { file: string; locate: LoadedPlace['locate'] }[]>();
  for (const f of files) {
    const r = readPlaceFile(f);
    issues.push(...r.issues);
    if (r.place) places.push(r.place);
    if (r.id) byId.set(r.id.id, [...(byId.get(r.id.id) ?? []), { file: resolve(f), locate: r.id.locate }]);
  }
  for (const [id, list] of byId) {
    if (list.length < 2) continue;
    for (const entry of list) {
      const loc = entry.locate(['id']);
      const others = list.filter((o) => o !== entry).map((o) => o.file);
      issues.push({
        file: entry.file,
        line: loc?.line,
        column: loc?.column,
        path: 'id',
        message: `place id ${id} is also defined in ${others.join(', ')}`,
      });
    }
  }
  const dup = new Set([...byId].filter(([, l]) => l.length > 1).map(([id]) => id));
  return { places: places.filter((p) => !dup.has(p.place.id)), issues, ids: new Set(byId.keys()) };
}

/**
 * Places: files in a folder of places (named `layouts` or `*-places`, or the shipped layouts/: layouts/load.ts
 * inPlacesFolder), or YAML whose top level has `colour_words`. Two files of one place id are an error, and so is a
 * file in a folder of places not named `<id>.yaml`.
 */
export const PLACE_INPUTS: InputKind = {
  name: 'place',
  claims: (file, text) => inPlacesFolder(file) || (text !== undefined && /^colour_words\s*:/m.test(text)),
  defaultFiles: () => listPlaceFiles(),
  check: (files) => checkPlaceFiles(files).issues,
};

/** Jobs against places: run when the whole repository is validated and both load cleanly. */
export function crossCheckRepository(repoRoot: string = REPO_ROOT): InputIssue[] {
  const jobs = checkJobFiles(listJobFiles(repoRoot));
  const places = checkPlaceFiles(listPlaceFiles());
  return crossCheckJobsPlaces(jobs.jobs, places.places);
}

export const INPUT_KINDS: InputKind[] = [JOB_INPUTS, PLACE_INPUTS];

/**
 * Whether jobs run on a place of this id: a shipped place's id (`<kind>_<letter>` in layouts/) or a generated one's
 * (`<kind>_g_<8 hex>`, a held-out place). Another place (an asset showroom, a test input) is a place jobs never run
 * on: it is checked alone.
 */
function jobsRunOn(id: string): boolean {
  const kind = PlaceKind.safeParse(id.slice(0, id.indexOf('_')));
  return kind.success && (shippedPlaceIds(kind.data).includes(id) || /^[a-z]+_g_[0-9a-f]{8}$/.test(id));
}

/**
 * The cross-checks for what was named: each named job that loads against the places of its kind (the named ones
 * that load, and the shipped ones whose id no named file takes), and each shipped job against a named place of its
 * kind that jobs run on (jobsRunOn). A job whose kind of place has a named place with problems is not
 * cross-checked (its place's problems are reported already).
 */
function crossCheckNamed(
  jobs: { files: readonly string[]; loaded: readonly LoadedYaml<JobSpec>[] },
  places: { files: readonly string[]; loaded: readonly LoadedPlace[]; ids: ReadonlySet<string> },
  repoRoot: string,
): InputIssue[] {
  const namedPlaceFiles = new Set(places.files.map((f) => resolve(f)));
  const shipped = checkPlaceFiles(listPlaceFiles().filter((f) => !namedPlaceFiles.has(resolve(f)))).places.filter(
    (p) => !places.ids.has(p.place.id),
  );
  const runOn = places.loaded.filter((p) => jobsRunOn(p.place.id));
  const goodPlaceIds = new Set(runOn.map((p) => p.place.id));
  // a place id is <kind>_...: a named place with problems leaves its kind's jobs unchecked (its problems are reported)
  const kindOf = (id: string) => id.slice(0, id.indexOf('_'));
  const badKinds = new Set([...places.ids].filter((id) => !goodPlaceIds.has(id)).map(kindOf));
  const goodKinds = new Set([...goodPlaceIds].map(kindOf));
  const checked = jobs.loaded.filter((j) => !badKinds.has(j.value.place_kind));
  if (goodPlaceIds.size) {
    const namedJobs = new Set(jobs.files.map((f) => resolve(f)));
    for (const j of checkJobFiles(listJobFiles(repoRoot).filter((f) => !namedJobs.has(resolve(f)))).jobs)
      if (goodKinds.has(j.value.place_kind) && !badKinds.has(j.value.place_kind)) checked.push(j);
  }
  return crossCheckJobsPlaces(checked, [...runOn, ...shipped]);
}

/** Validate the given files (or every job and place of the repository when none are given). */
export function validateInputs(files: string[], repoRoot: string = REPO_ROOT): ValidationReport {
  const groups = new Map<InputKind, string[]>();
  const issues: InputIssue[] = [];
  if (files.length === 0) {
    for (const kind of INPUT_KINDS) groups.set(kind, kind.defaultFiles(repoRoot));
  } else {
    const unique = [...new Map(files.map((f) => [resolve(f), f])).values()];
    for (const file of unique) {
      let text: string | undefined;
      let unreadable: InputIssue[] | undefined;
      const byFolder = INPUT_KINDS.find((k) => k.claims(file, undefined));
      if (!byFolder) {
        try {
          text = readYamlText(file);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          unreadable = e.issues;
        }
      }
      const kind = byFolder ?? INPUT_KINDS.find((k) => k.claims(file, text));
      if (!kind) {
        issues.push(
          ...(unreadable ?? [
            { file, path: '', message: 'not a job or place file (jobs go in jobs/, places in layouts/)' },
          ]),
        );
        continue;
      }
      groups.set(kind, [...(groups.get(kind) ?? []), file]);
    }
  }
  const checked: string[] = [];
  const jobFiles = groups.get(JOB_INPUTS) ?? [];
  const placeFiles = groups.get(PLACE_INPUTS) ?? [];
  const jobs = checkJobFiles(jobFiles);
  const places = checkPlaceFiles(placeFiles);
  for (const [kind, group] of groups) {
    checked.push(...group);
    if (kind === JOB_INPUTS) issues.push(...jobs.issues);
    else if (kind === PLACE_INPUTS) issues.push(...places.issues);
    else issues.push(...kind.check(group));
  }
  if (files.length === 0) issues.push(...crossCheckJobsPlaces(jobs.jobs, places.places));
  else
    issues.push(
      ...crossCheckNamed(
        { files: jobFiles, loaded: jobs.jobs },
        { files: placeFiles, loaded: places.places, ids: places.ids },
        repoRoot,
      ),
    );
  return { checked, issues };
}
