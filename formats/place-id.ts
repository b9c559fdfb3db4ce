/**
 * A place's id, the one pattern every reader holds it to: the place schema (layouts/place-schema.ts, a place file's
 * `id`) and every file of a build or dataset that names a place (a case's and a gold row's `layout`, robot.json's,
 * an index entry's). An authored place is `<kind>_<letter>` (apartment_a), a generated one `<kind>_g_<8 hex>` (of
 * its seed's hash, layouts/generate/). A place is found by its id (`layouts/<id>.yaml`, a build's
 * `.stbench/heldout/places/<id>.yaml`), so an id read from a build is never anything else: not `../../outside`.
 *
 * The pattern lives here, below layouts/, because the stage contracts (formats/) check it too.
 */
import { z } from 'zod';

/** The kinds of place (layouts/place-schema.ts PlaceKind). */
export const PLACE_KINDS = ['apartment', 'warehouse', 'downtown'] as const;

/** `<kind>_<letter>` or `<kind>_g_<8 hex>`. */
export const PLACE_ID = new RegExp(`^(${PLACE_KINDS.join('|')})_([a-z]|g_[0-9a-f]{8})$`);

export const PLACE_ID_RULE = 'must look like <kind>_<letter> (a generated place: <kind>_g_<8 hex>)';

/** A place id (the message names the rule). */
export const PlaceId = z.string().regex(PLACE_ID, PLACE_ID_RULE);

/** Why `id` is not a place id (null when it is one). */
export function placeIdProblem(id: unknown): string | null {
  if (typeof id === 'string' && PLACE_ID.test(id)) return null;
  return `${JSON.stringify(id) ?? String(id)} is not a place id: it ${PLACE_ID_RULE}`;
}
