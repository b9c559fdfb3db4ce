/** A steel drum, built by the drum asset: a turned wall with rolling hoops and chimes, bungs or a clamping ring on top. */
import { asset } from '../kinds/drum.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('drum', 'cylinder', asset);
