/**
 * A place with its things as they were before the asset library built them: one primitive each. A thing of a kind
 * the library builds (layouts/assets/things/) is renamed out of its reach; a thing's kind shapes nothing else in the
 * solids or the picture (its material is its own). For the benches that measure what the things' parts cost.
 */
import { thingAsset } from '../../layouts/assets/thing.ts';
import type { Place } from '../../layouts/place-schema.ts';

export function thingsAsPrimitives(place: Place): Place {
  return { ...place, things: place.things.map((t) => (thingAsset(t) ? { ...t, kind: `${t.kind}~primitive` } : t)) };
}
