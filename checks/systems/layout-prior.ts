/**
 * layout_prior, a shortcut system: it has seen many places of the kind, never this one. It holds 12 places made by
 * the kind's generator from public seeds (`layout-prior/<kind>/<i>`, none of them a release's held-out place, whose
 * seeds come from the build's secret) with everything in them at their start (walls, racks, floor stock, things),
 * and answers clear_path and open_heading at the robot's pose from where free space tends to be in those places:
 * the median distance over them, the heading with the most room on average. Every other question, and every case
 * of a kind no release holds out (layouts/generate/index.ts `heldOut`): unknown. It is gated like the other shortcut systems, on both splits.
 */
import { getJob } from '../../jobs/load.ts';
import { robotNeeds } from '../../jobs/camera.ts';
import { PLACE_GENERATORS } from '../../layouts/generate/index.ts';
import { readPlaceText } from '../../layouts/load.ts';
import { PlaceKind } from '../../layouts/place-schema.ts';
import type { Solid } from '../../layouts/solids.ts';
import { placeSolids } from '../../layouts/world.ts';
import { placeKindOfId } from '../../formats/split.ts';
import { readCaseFile } from './case-truth.ts';
import { corridorSystem } from './corridor-answers.ts';

/** How many generated places the prior holds. */
export const LAYOUT_PRIOR_PLACES = 12;

const cache = new Map<string, Solid[][] | null>();

/** The generated places of a kind the prior has seen (null: the kind is not held out). */
export function layoutPriorMaps(kind: string): Solid[][] | null {
  if (cache.has(kind)) return cache.get(kind)!;
  const k = PlaceKind.safeParse(kind);
  const gen = k.success ? PLACE_GENERATORS[k.data] : undefined;
  let maps: Solid[][] | null = null;
  if (gen?.heldOut) {
    const robot = robotNeeds(getJob(gen.sizedFor));
    maps = [];
    for (let i = 0; i < LAYOUT_PRIOR_PLACES; i++) {
      const { id, yaml } = gen.generate(`layout-prior/${kind}/${i}`, robot);
      const read = readPlaceText(yaml, `layout-prior/${kind}/${i}/${id}.yaml`);
      if (!read.place) throw new Error(`the ${kind} generator broke its own place rules on seed layout-prior/${i}`);
      maps.push(placeSolids(read.place.place));
    }
  }
  cache.set(kind, maps);
  return maps;
}

export const layoutPrior = corridorSystem({
  name: 'layout_prior',
  role: 'shortcut',
  maps: (info) => layoutPriorMaps(placeKindOfId(readCaseFile(info.root, info.cid).layout)),
});
