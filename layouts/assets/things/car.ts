/** A parked car or van, built by the car asset: four wheels, a lower body, bumpers, lights and a glazed cabin, nose at +x. */
import { asset } from '../kinds/car.ts';
import { fixedThing } from '../fixed-thing.ts';

export const thing = fixedThing('car', 'box', asset);
