/**
 * A release's splits: `dev`, the scripts on the shipped places (their maps are public), and `heldout`, the scripts on
 * places generated from the build's own secret, which no one designed, tuned or trained on before the release
 * (docs/places.md, "Held-out places"). Results are reported per split and per place, never pooled across splits.
 */
import { z } from 'zod';

export const Split = z.enum(['dev', 'heldout']);
export type Split = z.infer<typeof Split>;

/** The kind of a place by its id: the part before the first underscore (`apartment_a`, `warehouse_g_31328ccc`). */
export function placeKindOfId(id: string): string {
  const i = id.indexOf('_');
  return i > 0 ? id.slice(0, i) : id;
}

/**
 * The place a check reading is gated on: a dev question's place; a held-out question's kind of place, its generated
 * places pooled (`heldout:warehouse`), since a release holds a handful of scripts on each generated place, too few
 * to gate a family on alone. The splits are never pooled. A row that is already a check place (a family entry of
 * the check report, no split) names it as it is.
 */
export function checkPlace(r: { layout: string; split?: Split }): string {
  return r.split === 'heldout' ? `heldout:${placeKindOfId(r.layout)}` : r.layout;
}
