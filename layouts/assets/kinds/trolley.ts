/** A platform trolley: a flat deck on four castors with a push handle (two tubes and a grip) at one end. */
import { z } from 'zod';
import { type AssetDef, drawPick } from '../asset.ts';
import { wheeled } from '../wheeled.ts';

const Params = z
  .object({
    /** the deck: the body's, or black rubber-topped */
    deck: z.enum(['body', 'rubber']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'trolley',
  summary: 'a platform trolley: a flat deck on four castors, a push handle of two tubes and a grip at one end',
  params: Params,
  sizes: () => ({ min: [0.6, 0.4, 0.6], max: [1.6, 1.0, 1.2] }),
  variants: [{}, { deck: 'body' }, { deck: 'rubber' }],
  build([L, W, H], p, rng) {
    const deck = drawPick(rng, ['body', 'rubber'] as const, p.deck);
    return { parts: wheeled({ L, W, H, tiers: 1, deckMaterial: deck === 'rubber' ? 'plastic_black' : 'body' }, rng) };
  },
};
