/**
 * map_reader, a diagnostic (never a gate, never in a results table): it answers clear_path and open_heading by
 * sweeping the body through the public map alone (the place's fixed structure: walls, doors as the place file
 * shows them, fixed furniture; layouts/geometry PUBLIC_MAP_ROLES), as a system with the map and no eyes would.
 * Its lead over all_unknown says how much of those families a map gives away. Everything else: unknown.
 *
 * On a held-out case (a place generated from the build's secret, whose map no one holds) it answers from the dev map
 * of the same kind of place, the first shipped one, at the robot's pose, and never abstains: a system that memorized
 * the public maps would. Its lead there says whether the held-out places defeat that memory.
 */
import { PUBLIC_MAP_ROLES } from '../../layouts/geometry/index.ts';
import { placeSolids } from '../../layouts/world.ts';
import { getPlace } from '../../layouts/load.ts';
import { PlaceKind, type Place } from '../../layouts/place-schema.ts';
import type { Solid } from '../../layouts/solids.ts';
import { shippedPlaceIds } from '../../jobs/places.ts';
import { placeKindOfId } from '../../formats/split.ts';
import type { CaseFile } from '../../formats/case-schema.ts';
import { readCaseFile, scriptTruth } from './case-truth.ts';
import { corridorSystem } from './corridor-answers.ts';

const mapCache = new Map<string, Solid[] | null>();

const publicSolids = (place: Place) => placeSolids(place).filter((s) => PUBLIC_MAP_ROLES.includes(s.role));

/** The map the reader holds for a case: its own place's on the dev split, the dev map of its kind when held out. */
function publicMap(root: string, c: CaseFile): Solid[] | null {
  const key = c.split === 'heldout' ? `heldout\u0000${placeKindOfId(c.layout)}` : `${root}\u0000${c.sid}`;
  if (mapCache.has(key)) return mapCache.get(key)!;
  let solids: Solid[] | null = null;
  if (c.split === 'heldout') {
    const kind = PlaceKind.safeParse(placeKindOfId(c.layout));
    const dev = kind.success ? shippedPlaceIds(kind.data)[0] : undefined;
    solids = dev ? publicSolids(getPlace(dev)) : null;
  } else {
    const tl = scriptTruth(root, c.sid).timeline;
    solids = tl ? publicSolids(tl.place) : null;
  }
  mapCache.set(key, solids);
  return solids;
}

export const mapReader = corridorSystem({
  name: 'map_reader',
  role: 'diagnostic',
  roles: PUBLIC_MAP_ROLES,
  maps(info) {
    const map = publicMap(info.root, readCaseFile(info.root, info.cid));
    return map ? [map] : null;
  },
});
