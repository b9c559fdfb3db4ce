/**
 * A platform trolley, built by the trolley asset: a flat deck on four castors, a push handle of two tubes and a grip
 * at its -x end. Its deck is its own colour (a rubber deck on metal tubes would leave none of it).
 */
import { asset } from '../kinds/trolley.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('trolley', 'box', asset, { deck: 'body' });
