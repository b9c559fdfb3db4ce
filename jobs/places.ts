/**
 * The places a job works in. A job names the kind of place it works in (`place_kind`), never a place: its dev places
 * are the shipped places of that kind (layouts/<kind>_<letter>.yaml, sorted by id), and a release's held-out places
 * are generated places of that kind (pipeline/heldout-places.ts). Nothing in code names a particular place.
 *
 * A place named on the command line (`stbench map PLACE`, `stbench script --place PLACE`) is a file or an id: a path
 * (it holds a `/`, ends in .yaml or names an existing file) is read as it is; an id is looked up in layouts/ and then
 * in each folder of STBENCH_PLACES (separated like PATH; where `stbench place new` wrote, say). Either is read and
 * checked as `stbench validate` checks a place.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, delimiter, join, resolve, sep } from 'node:path';
import { InputError, readYamlText, UsageError } from '../foundation/index.ts';
import { getPlace, LAYOUTS_DIR, listPlaceFiles, readPlaceText, type LoadedPlace } from '../layouts/load.ts';
import type { Place, PlaceKind } from '../layouts/place-schema.ts';
import type { JobSpec } from './job-schema.ts';

/** The ids of the shipped places of a kind, sorted. */
export function shippedPlaceIds(kind: PlaceKind): string[] {
  return listPlaceFiles()
    .map((f) => basename(f, '.yaml'))
    .filter((id) => new RegExp(`^${kind}_[a-z]$`).test(id));
}

/** The job's dev places: every shipped place of its kind; an error when there is none. */
export function devPlaces(job: Pick<JobSpec, 'id' | 'place_kind'>): Place[] {
  const ids = shippedPlaceIds(job.place_kind);
  if (!ids.length)
    throw new InputError({
      file: `jobs/${job.id}`,
      path: 'place_kind',
      message: `no shipped place of kind "${job.place_kind}" in layouts/ (a job runs on the places of its kind)`,
    });
  return ids.map(getPlace);
}

/** The job's first dev place (tools and tests that need one place of the job's kind). */
export function devPlace(job: Pick<JobSpec, 'id' | 'place_kind'>): Place {
  return devPlaces(job)[0];
}

/** The folders a place id is looked up in after layouts/: STBENCH_PLACES, separated like PATH. */
export function extraPlaceDirs(): string[] {
  return (process.env.STBENCH_PLACES ?? '')
    .split(delimiter)
    .filter((d) => d.trim() !== '')
    .map((d) => resolve(d));
}

/** What a place id looks like: <kind>_<letter> (shipped) or <kind>_g_<8 hex> (generated). */
const PLACE_ID = /^[a-z]+_([a-z]|g_[0-9a-f]{8})$/;

/** Whether a place argument is a path (read as it is) rather than an id. */
export function isPlacePath(arg: string): boolean {
  return arg.includes(sep) || arg.includes('/') || /\.ya?ml$/.test(arg) || existsSync(arg);
}

/**
 * The file a place argument names: a path as given (resolved); an id's file in layouts/ or an STBENCH_PLACES folder.
 * An unknown id, or an id two folders hold, is refused (exit 2) naming where it was looked for.
 */
export function namedPlaceFile(arg: string, flag: string): string {
  if (isPlacePath(arg)) return resolve(arg);
  const dirs = [LAYOUTS_DIR, ...extraPlaceDirs()];
  const where = `layouts/${extraPlaceDirs().length ? ` and STBENCH_PLACES (${extraPlaceDirs().join(', ')})` : ''}`;
  if (!PLACE_ID.test(arg))
    throw new UsageError(
      `${flag} ${JSON.stringify(arg)}: not a place id (<kind>_<letter>, or <kind>_g_<8 hex> for a generated place) nor a place file`,
    );
  const files = dirs
    .map((d) => join(d, `${arg}.yaml`))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
  if (!files.length) {
    const known = listPlaceFiles().map((f) => basename(f, '.yaml'));
    throw new UsageError(
      `${flag} ${arg}: no such place in ${where} (shipped: ${known.join(', ')}); give a place id or a place file (stbench place new writes one)`,
    );
  }
  if (files.length > 1)
    throw new InputError({
      file: files[1],
      path: 'id',
      message: `place id ${arg} is also defined in ${files[0]}: ${flag} ${arg} names one place; remove one or give the file`,
    });
  return files[0];
}

/**
 * Read a place named on the command line (ID or FILE) and check it as `stbench validate` checks a place file; a
 * place asked for by id must hold that id. Every problem is located in the place file (exit 2). Gives the place and
 * the text it was read from.
 */
export function loadNamedPlace(arg: string, flag: string): { loaded: LoadedPlace; text: string } {
  const file = namedPlaceFile(arg, flag);
  const text = readYamlText(file);
  const r = readPlaceText(text, file);
  if (!r.place) throw new InputError(r.issues);
  if (!isPlacePath(arg) && r.place.place.id !== arg) {
    const loc = r.place.locate(['id']);
    throw new InputError({
      file,
      line: loc?.line,
      column: loc?.column,
      path: 'id',
      message: `${flag} ${arg} was looked up by id, but this file holds the place ${r.place.place.id}`,
    });
  }
  return { loaded: r.place, text };
}
