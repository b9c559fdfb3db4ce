/**
 * A release's splits: `dev`, the scripts on the shipped places (their maps are public), and `heldout`, the scripts on
 * places generated from the build's own secret, which no one designed, tuned or trained on before the release
 * (docs/places.md, "Held-out places"). Results are reported per split and per place, never pooled across splits.
 */
import { z } from 'zod';

export const Split = z.enum(['dev', 'heldout']);
export type Split = z.infer<typeof Split>;
