/**
 * Place generators by kind of place: a seed and the robot a place is sized for give a place's YAML (its id
 * <kind>_g_<8 hex>). Every kind of place can be generated; `stbench place new` reads this table.
 */
import type { PlaceKind } from '../place-schema.ts';
import { generateApartment } from './apartment.ts';
import { generateDowntown } from './downtown.ts';
import { generateWarehouse, type GeneratedPlace, type RobotNeeds } from './warehouse.ts';

export type { GeneratedPlace, RobotNeeds } from './warehouse.ts';
export { APARTMENT_GENERATOR_VERSION, apartmentId, generateApartment } from './apartment.ts';
export { DOWNTOWN_GENERATOR_VERSION, downtownId, generateDowntown } from './downtown.ts';
export { generateWarehouse, WAREHOUSE_GENERATOR_VERSION, warehouseId } from './warehouse.ts';

export interface PlaceGenerator {
  /** the job whose body and clearance size the place's ways (its id; layouts/ does not read jobs) */
  sizedFor: string;
  generate(seed: string, robot: RobotNeeds): GeneratedPlace;
}

/** The generator of each kind of place; undefined: that kind cannot be generated yet. */
export const PLACE_GENERATORS: Record<PlaceKind, PlaceGenerator | undefined> = {
  warehouse: { sizedFor: 'amr/1', generate: generateWarehouse },
  apartment: { sizedFor: 'helper/1', generate: generateApartment },
  downtown: { sizedFor: 'drone/1', generate: generateDowntown },
};
