/**
 * Loading places: layouts/<id>.yaml parsed against the place schema, then checked (references, fit, overlaps,
 * sites), every issue with file:line and field path. A place's hash is the hash of its canonical JSON.
 */
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  hashJson,
  InputError,
  parseYamlWith,
  readYamlText,
  zodIssues,
  type InputIssue,
  type LoadedYaml,
} from '../foundation/index.ts';
import { checkPlace } from './place-rules.ts';
import { Place } from './place-schema.ts';

/** The folder holding the shipped places. */
export const LAYOUTS_DIR = dirname(fileURLToPath(import.meta.url));

export interface LoadedPlace {
  file: string;
  place: Place;
  /** sha256 of the place's canonical JSON (after defaults) */
  hash: string;
  locate(path: readonly (string | number)[]): { line: number; column: number } | undefined;
}

/**
 * Whether a file lies in a folder of places: the shipped layouts/ (however the path reaches it, links resolved), or
 * any folder named `layouts` or `<anything>-places`, as `stbench validate` reads them (a file there is a place
 * whatever it holds). Wherever a place file lies, it is named `<id>.yaml` (readPlaceText): a place is found by its id.
 */
export function inPlacesFolder(file: string): boolean {
  const dir = dirname(resolve(file));
  const folder = basename(dir);
  if (folder === 'layouts' || folder.endsWith('-places')) return true;
  try {
    return realpathSync(dir) === realpathSync(LAYOUTS_DIR);
  } catch {
    return false;
  }
}

/** Load and check one place file; throws an InputError listing every issue. */
export function loadPlaceFile(path: string): LoadedPlace {
  const r = readPlaceFile(path);
  if (!r.place) throw new InputError(r.issues);
  return r.place;
}

/**
 * Read and check one place file once: the place when it is valid, every issue, and its id wherever the YAML parses
 * (so that two files of one id are reported even when one of them has other problems).
 */
export function readPlaceFile(path: string): ReadPlace {
  const file = resolve(path);
  let text: string;
  try {
    text = readYamlText(file);
  } catch (e) {
    if (e instanceof InputError) return { issues: e.issues };
    throw e;
  }
  return readPlaceText(text, file);
}

/** What reading a place gives: the place when it is valid, every issue, its id wherever the YAML parses. */
export interface ReadPlace {
  place?: LoadedPlace;
  issues: InputIssue[];
  id?: { id: string; locate: LoadedPlace['locate'] };
}

/** Read and check a place's YAML text as if it were the file `file` (a generated place before it is written). */
export function readPlaceText(text: string, file: string): ReadPlace {
  let raw: LoadedYaml<unknown>;
  try {
    raw = parseYamlWith(text, file, z.unknown());
  } catch (e) {
    if (e instanceof InputError) return { issues: e.issues };
    throw e;
  }
  const rawId = (raw.value as Record<string, unknown> | null)?.id;
  const id = typeof rawId === 'string' ? { id: rawId, locate: raw.locate } : undefined;
  const res = Place.safeParse(raw.value);
  if (!res.success) return { issues: zodIssues(res.error, file, (p) => raw.locate(p as (string | number)[])), id };
  const place = res.data;
  const issues = checkPlace(place, file, raw.locate);
  // in every folder, not only a folder of places: a place is found by its id (layouts/, STBENCH_PLACES, a build's
  // .stbench/places/), and a file named otherwise would be one place under two names
  if (basename(file) !== `${place.id}.yaml`) {
    const loc = raw.locate(['id']);
    issues.unshift({
      file,
      line: loc?.line,
      column: loc?.column,
      path: 'id',
      message: `the file of place ${place.id} must be named ${place.id}.yaml, not ${basename(file)} (a place is found by its id)`,
    });
  }
  if (issues.length) return { issues, id };
  return { place: { file, place, hash: placeHash(place), locate: raw.locate }, issues: [], id };
}

/** The issues of one place file (empty when it is valid). */
export function validatePlaceFile(path: string): InputIssue[] {
  return readPlaceFile(path).issues;
}

/** sha256 of a place's canonical JSON. */
export function placeHash(place: Place): string {
  return hashJson(place);
}

/** The place files in a folder (default: the shipped layouts/), sorted. */
export function listPlaceFiles(dir = LAYOUTS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(dir, f));
}

/** Load every place of a folder; throws one InputError with the issues of all files. */
export function loadAllPlaces(dir = LAYOUTS_DIR): LoadedPlace[] {
  const out: LoadedPlace[] = [];
  const issues: InputIssue[] = [];
  for (const f of listPlaceFiles(dir)) {
    try {
      out.push(loadPlaceFile(f));
    } catch (e) {
      if (e instanceof InputError) issues.push(...e.issues);
      else throw e;
    }
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

const cache = new Map<string, LoadedPlace>();

/** A shipped place by id (layouts/<id>.yaml), loaded once per process. */
export function getLoadedPlace(id: string): LoadedPlace {
  let p = cache.get(id);
  if (!p) {
    if (!/^[a-z]+_[a-z]$/.test(id))
      throw new InputError({ file: id, path: '', message: 'not a place id (<kind>_<letter>)' });
    const file = join(LAYOUTS_DIR, `${id}.yaml`);
    if (!existsSync(file)) {
      throw new InputError({
        file,
        path: '',
        message: `no such place "${id}" (known: ${listPlaceFiles()
          .map((f) => basename(f, '.yaml'))
          .join(', ')})`,
      });
    }
    p = loadPlaceFile(file);
    cache.set(id, p);
  }
  return p;
}

/** A shipped place by id. */
export function getPlace(id: string): Place {
  return getLoadedPlace(id).place;
}
