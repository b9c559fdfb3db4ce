/**
 * The places a job works in. A job names the kind of place it works in (`place_kind`), never a place: its dev places
 * are the shipped places of that kind (layouts/<kind>_<letter>.yaml, sorted by id), and a release's held-out places
 * are generated places of that kind (pipeline/heldout-places.ts). Nothing in code names a particular place.
 */
import { basename } from 'node:path';
import { InputError } from '../foundation/index.ts';
import { getPlace, listPlaceFiles } from '../layouts/load.ts';
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
