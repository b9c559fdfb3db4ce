/** A picking cart: two or three tiers (a deck and shelves on corner posts) on four castors, a push handle at one end. */
import { z } from 'zod';
import { type AssetDef, drawPick } from '../asset.ts';
import { wheeled } from '../wheeled.ts';

const Params = z
  .object({
    tiers: z.number().int().min(2).max(3).optional(),
    /** the deck and shelves: the body's, or steel */
    shelves: z.enum(['body', 'steel']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'cart',
  summary: 'a picking cart: two or three tiers on corner posts over four castors, a push handle at one end',
  params: Params,
  sizes: () => ({ min: [0.6, 0.4, 0.7], max: [1.4, 0.8, 1.2] }),
  variants: [{}, { tiers: 2, shelves: 'body' }, { tiers: 3, shelves: 'steel' }],
  build([L, W, H], p, rng) {
    const tiers = drawPick(rng, [2, 3, 3] as const, p.tiers as 2 | 3 | undefined);
    const deck = drawPick(rng, ['body', 'steel'] as const, p.shelves);
    return { parts: wheeled({ L, W, H, tiers, deckMaterial: deck === 'steel' ? 'metal_brushed' : 'body' }, rng) };
  },
};
