/**
 * A table lamp, built by the table_lamp asset: a turned ceramic body, a short stem and a cone shade as wide as the
 * lamp (a globe shade is narrower than a squat lamp's bounds).
 */
import { asset } from '../kinds/table-lamp.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('lamp', 'cylinder', asset, { shade: 'cone' });
