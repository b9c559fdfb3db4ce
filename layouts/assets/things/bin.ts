/**
 * A lidded bin, built by the bin asset in its round style (the square one would leave the round footprint): a tapered
 * turned body under a domed lid that overhangs it.
 */
import { asset } from '../kinds/bin.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('bin', 'cylinder', asset, { style: 'round' });
