/** A hand pallet jack, built by the pallet_jack asset: two forks on load rollers, a chassis on steering wheels, a handle. */
import { asset } from '../kinds/pallet-jack.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('pallet_jack', 'box', asset);
