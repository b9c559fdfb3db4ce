/**
 * A picking cart, built by the cart asset: two or three tiers on corner posts over four castors, a push handle at its
 * -x end. Its deck and shelves are its own colour (a steel deck on metal tubes would leave none of it).
 */
import { asset } from '../kinds/cart.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('cart', 'box', asset, { shelves: 'body' });
