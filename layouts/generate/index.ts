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
  /**
   * whether a release holds out places of this kind (pipeline/heldout-places.ts) and the check's layout prior
   * learns from them (checks/systems/layout-prior.ts); false: `stbench place new` writes them, nothing else uses them
   */
  heldOut: boolean;
}

/**
 * The generator of each kind of place; undefined: that kind cannot be generated yet. Every kind is held out.
 * Downtowns were not at first: a layout prior learned from 12 generated districts whose grids all began at the
 * same edge with downtown_a's rhythm answered downtown_a's own corridors +0.268 over unknown (docs/check.md, "The
 * held-out split, measured"); their first blocks now vary (layouts/generate/downtown.ts).
 */
export const PLACE_GENERATORS: Record<PlaceKind, PlaceGenerator | undefined> = {
  warehouse: { sizedFor: 'amr/1', generate: generateWarehouse, heldOut: true },
  apartment: { sizedFor: 'helper/1', generate: generateApartment, heldOut: true },
  downtown: { sizedFor: 'drone/1', generate: generateDowntown, heldOut: true },
};
