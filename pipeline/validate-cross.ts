/**
 * Cross-checks between jobs and places: a job's kind of place has at least one place, and every site role the job
 * names (its home, its hand-off site and each task kind's sites or surfaces) is played by at least one site of each
 * place of that kind.
 */
import type { InputIssue, LoadedYaml } from '../foundation/index.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import type { LoadedPlace } from '../layouts/load.ts';
import { sitesForRole } from '../layouts/sites.ts';

/** Issues of jobs against the places (each issue located in the job file). */
export function crossCheckJobsPlaces(
  jobs: readonly LoadedYaml<JobSpec>[],
  places: readonly LoadedPlace[],
): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const j of jobs) {
    const add = (path: (string | number)[], message: string) => {
      const loc = j.locate(path);
      issues.push({
        file: j.file,
        line: loc?.line,
        column: loc?.column,
        path: path.map((p, i) => (typeof p === 'number' ? `[${p}]` : (i ? '.' : '') + p)).join(''),
        message,
      });
    };
    const mine = places.filter((p) => p.place.kind === j.value.place_kind).map((p) => p.place);
    if (!mine.length) {
      add(
        ['place_kind'],
        `no place of kind "${j.value.place_kind}" in layouts/ (known: ${places.map((p) => p.place.id).join(', ')})`,
      );
      continue;
    }
    for (const place of mine) {
      const need = (path: (string | number)[], role: string) => {
        if (sitesForRole(place, role).length === 0)
          add(path, `place ${place.id} has no site playing the role "${role}"`);
      };
      need(['tasks', 'home'], j.value.tasks.home);
      if (j.value.tasks.handoff) need(['tasks', 'handoff', 'site'], j.value.tasks.handoff.site);
      j.value.tasks.kinds.forEach((k, i) => {
        const rec = k as { sites?: string[]; surfaces?: string[] };
        rec.sites?.forEach((r, n) => need(['tasks', 'kinds', i, 'sites', n], r));
        rec.surfaces?.forEach((r, n) => need(['tasks', 'kinds', i, 'surfaces', n], r));
      });
    }
  }
  return issues;
}
