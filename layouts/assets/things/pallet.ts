/** A wooden pallet, built by the pallet asset: deck boards on cross boards and nine blocks, or on three stringers. */
import { asset } from '../kinds/pallet.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('pallet', 'box', asset);
