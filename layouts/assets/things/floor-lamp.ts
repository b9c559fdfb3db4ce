/**
 * A floor lamp, built by the floor_lamp asset: a shade on a thin pole over a disc or dome base; at most 0.4 m across,
 * where a globe shade (0.4 m at most) still fills the lamp's bounds.
 */
import { asset } from '../kinds/floor-lamp.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('floor_lamp', 'cylinder', asset, {}, { min: [0.22, 0.22, 1.2], max: [0.4, 0.4, 2.0] });
