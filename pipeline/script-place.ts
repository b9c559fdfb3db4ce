/**
 * The place `stbench script` plans a job's scripts in: the first shipped place of the job's kind, or the place named
 * by `--place ID|FILE` (jobs/places.ts: an id in layouts/ or STBENCH_PLACES, or a place file, such as one `stbench
 * place new` wrote). A named place is checked as `stbench validate` checks it: the place rules, its kind against the
 * job's `place_kind`, and the job's cross-checks against it (every site role the job names is played there); every
 * problem is located (exit 2) and nothing is written. The first shipped place is cross-checked against the job the
 * same way.
 *
 * A shipped place named by id or by its file is that place: the scripts are the same bytes as without --place. Any
 * other place's file is kept in the build (BUILD/.stbench/places/<id>.yaml, as the held-out places are kept, and read
 * back by pipeline/heldout-places.ts buildPlace), so that the later stages read the place the scripts were planned in.
 */
import { join } from 'node:path';
import { InputError, type LoadedYaml } from '../foundation/index.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import { devPlace, loadNamedPlace, shippedPlaceIds } from '../jobs/places.ts';
import { getLoadedPlace } from '../layouts/load.ts';
import type { Place } from '../layouts/place-schema.ts';
import { keepPlaceFile, NAMED_PLACES_DIR } from './heldout-places.ts';
import { crossCheckJobsPlaces } from './validate-cross.ts';

export interface ScriptPlace {
  place: Place;
  /** the place's file (an input of the command) */
  file: string;
  /** a place that is not shipped: its text, kept in the build before its scripts are written */
  keep?: string;
}

/** The place a job's scripts are planned in: `arg` (an id or a place file), else the job's first shipped place. */
export function scriptPlace(job: LoadedYaml<JobSpec>, arg: string | undefined, flag = '--place'): ScriptPlace {
  if (arg === undefined) {
    const shipped = getLoadedPlace(devPlace(job.value).id);
    const issues = crossCheckJobsPlaces([job], [shipped]);
    if (issues.length) throw new InputError(issues);
    return { place: shipped.place, file: shipped.file };
  }
  const { loaded, text } = loadNamedPlace(arg, flag);
  const p = loaded.place;
  const at = (path: string) => {
    const loc = loaded.locate([path]);
    return { file: loaded.file, line: loc?.line, column: loc?.column, path };
  };
  if (p.kind !== job.value.place_kind)
    throw new InputError({
      ...at('kind'),
      message: `a ${p.kind} place, but job ${job.value.id} works in ${job.value.place_kind} places (its place_kind, ${job.file}); give a place of that kind`,
    });
  const issues = crossCheckJobsPlaces([job], [loaded]);
  if (issues.length) throw new InputError(issues);
  if (shippedPlaceIds(p.kind).includes(p.id)) {
    // a shipped place's id names that place; a file of that id with other contents is another place
    const shipped = getLoadedPlace(p.id);
    if (shipped.hash !== loaded.hash)
      throw new InputError({
        ...at('id'),
        message: `${p.id} is the id of the shipped place ${shipped.file}, but this file holds another place: give it an id of its own`,
      });
    return { place: shipped.place, file: loaded.file };
  }
  return { place: p, file: loaded.file, keep: text };
}

/** Keep a named place's file in the build (before any of its scripts is written). */
export function keepScriptPlace(build: string, sp: ScriptPlace): void {
  if (sp.keep === undefined) return;
  keepPlaceFile(
    join(build, NAMED_PLACES_DIR, `${sp.place.id}.yaml`),
    sp.keep,
    `holds another place of the id ${sp.place.id} than ${sp.file}`,
  );
}
