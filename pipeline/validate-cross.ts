/**
 * Cross-checks between jobs and places: a job's kind of place has at least one place, and the job can work on each
 * place of that kind: every site role it names is played by a site, its body passes a doorway, fits at its home and
 * reaches every site it needs, and nothing stands over a site it uses (script/job-on-place.ts, the check the script
 * stage runs before it plans).
 */
import type { InputIssue, LoadedYaml } from '../foundation/index.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import type { LoadedPlace } from '../layouts/load.ts';
import { jobOnPlaceIssues } from '../script/job-on-place.ts';

/** Issues of jobs against the places (each issue located in the job file). */
export function crossCheckJobsPlaces(
  jobs: readonly LoadedYaml<JobSpec>[],
  places: readonly LoadedPlace[],
): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const j of jobs) {
    const mine = places.filter((p) => p.place.kind === j.value.place_kind).map((p) => p.place);
    if (!mine.length) {
      const loc = j.locate(['place_kind']);
      issues.push({
        file: j.file,
        line: loc?.line,
        column: loc?.column,
        path: 'place_kind',
        message: `no place of kind "${j.value.place_kind}" in layouts/ (known: ${places.map((p) => p.place.id).join(', ')})`,
      });
      continue;
    }
    for (const place of mine) issues.push(...jobOnPlaceIssues(j, place));
  }
  return issues;
}
