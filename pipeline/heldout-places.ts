/**
 * Held-out places: the places of a release's `heldout` split, generated (layouts/generate/) from seeds the build
 * draws from its own secret. The secret is drawn once per build folder (32 random bytes) and kept with the places
 * under BUILD/.stbench/heldout/, which the export never copies: what is held out is that no one designed, tuned or
 * trained on these places before the release. A maintainer draws a fresh held-out set for a later release by building
 * into a fresh folder. A given secret (`heldoutSecret`'s `given`, for tests and benchmarks) makes the set
 * reproducible; the same secret always gives the same places, byte for byte.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILD_META_DIR,
  InputError,
  pathInside,
  readText,
  sha256,
  UsageError,
  writeFileAtomic,
} from '../foundation/index.ts';
import { placeIdProblem } from '../formats/place-id.ts';
import { robotNeeds } from '../jobs/camera.ts';
import { getJob } from '../jobs/load.ts';
import { PLACE_GENERATORS } from '../layouts/generate/index.ts';
import { getPlace, readPlaceText } from '../layouts/load.ts';
import type { Place, PlaceKind } from '../layouts/place-schema.ts';

/** BUILD/.stbench/heldout: the secret and the held-out places' files (build-only, never exported). */
export const HELDOUT_DIR = join(BUILD_META_DIR, 'heldout');

const secretFile = (build: string) => join(build, HELDOUT_DIR, 'secret');

/**
 * The build's held-out secret: the one kept in the build, else `given`, else 32 fresh random bytes (hex), written
 * into the build before any place is drawn from it. A `given` secret that differs from the kept one is refused.
 */
export function heldoutSecret(build: string, given?: string): string {
  const file = secretFile(build);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (given !== undefined && given !== kept)
      throw new UsageError(
        `${file} holds another held-out secret: this build's held-out places were drawn from it; use a fresh build folder`,
      );
    return kept;
  }
  const secret = given ?? randomBytes(32).toString('hex');
  if (!secret) throw new UsageError('the held-out secret is empty');
  writeFileAtomic(file, `${secret}\n`);
  return secret;
}

/** The seed of the i-th held-out place of a kind (hex; the place id shows 8 hex of its hash, never the seed). */
export function heldoutSeed(secret: string, kind: PlaceKind, i: number): string {
  return sha256(`stbench/heldout\u0000${secret}\u0000${kind}\u0000${i}`);
}

/** Whether a release holds out places of a kind (its generator exists and is held out, layouts/generate/index.ts). */
export function canHoldOut(kind: PlaceKind): boolean {
  return PLACE_GENERATORS[kind]?.heldOut === true;
}

/**
 * The first `count` held-out places of a kind, generated from the secret and written to
 * BUILD/.stbench/heldout/places/<id>.yaml (a file there already must hold the same bytes). Each is checked as
 * `stbench validate` checks a place; a generator that breaks a rule stops the build, naming the file.
 */
export function heldoutPlaces(build: string, kind: PlaceKind, count: number, secret: string): Place[] {
  const gen = PLACE_GENERATORS[kind];
  if (!gen) throw new UsageError(`no generator for ${kind} places yet: its jobs have no held-out split`);
  const robot = robotNeeds(getJob(gen.sizedFor));
  const out: Place[] = [];
  for (let i = 0; i < count; i++) {
    const { id, yaml } = gen.generate(heldoutSeed(secret, kind, i), robot);
    const file = join(build, HELDOUT_DIR, 'places', `${id}.yaml`);
    const read = readPlaceText(yaml, file);
    if (!read.place) throw new InputError(read.issues);
    keepPlaceFile(file, yaml, 'holds another place than the secret generates now (another generator version?)');
    out.push(read.place.place);
  }
  return out;
}

/** BUILD/.stbench/places: the places a user named to `stbench script --place` (build-only, never exported). */
export const NAMED_PLACES_DIR = join(BUILD_META_DIR, 'places');

/**
 * Keep a place's file in a build (a held-out place, a place named to `stbench script --place`), so that every later
 * stage reads the place the scripts were planned in: written once; a file there already must hold the same bytes.
 */
export function keepPlaceFile(file: string, yaml: string, other: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') !== yaml)
    throw new InputError({ file, path: '', message: `${other}; use a fresh build` });
  if (!existsSync(file)) writeFileAtomic(file, yaml);
}

/**
 * A place a build's scripts run in: a held-out place or a named place (`script --place`) from the build's own files,
 * else a shipped place by its id. The id is read from the build (a case's or a script's `layout`), so it is held to
 * the place-id pattern (formats/place-id.ts) and the file found by it to the build's root (foundation/inside-root.ts)
 * before anything is read: `../../outside` is refused (InputError, exit 2), never joined onto the build.
 */
export function buildPlace(build: string, id: string): Place {
  const bad = placeIdProblem(id);
  if (bad) throw new InputError({ file: build, path: 'layout', message: bad });
  const rels = [`${HELDOUT_DIR}/places/${id}.yaml`, `${NAMED_PLACES_DIR}/${id}.yaml`];
  const rel = rels.find((r) => existsSync(join(build, r)));
  if (!rel) return getPlace(id);
  const file = pathInside(build, rel, { file: join(build, rel), path: '' });
  const read = readPlaceText(readText(file), file);
  if (!read.place) throw new InputError(read.issues);
  return read.place.place;
}
