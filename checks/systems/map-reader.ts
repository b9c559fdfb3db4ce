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
import {
  clearPath,
  openHeading,
  PUBLIC_MAP_ROLES,
  type BodyFootprint,
  type Direction,
} from '../../layouts/geometry/index.ts';
import { placeSolids } from '../../layouts/world.ts';
import { getPlace } from '../../layouts/load.ts';
import { PlaceKind, type Place } from '../../layouts/place-schema.ts';
import { shippedPlaceIds } from '../../jobs/places.ts';
import { placeKindOfId } from '../../formats/split.ts';
import type { CaseFile } from '../../formats/case-schema.ts';
import type { Solid } from '../../layouts/solids.ts';
import type { InProcessSystem } from '../harness/index.ts';
import { readCaseFile, scriptTruth } from './case-truth.ts';
import { wrapDeg } from '../../compile/reader/frame-math.ts';
import { questionForm } from '../../compile/question-form.ts';

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

function bodyOf(robot: unknown): { fp: BodyFootprint; band: [number, number] } | null {
  const b = (robot as { body?: { footprint?: Record<string, unknown>; height_m?: number; base_z_m?: number } })?.body;
  const f = b?.footprint;
  if (!f) return null;
  const z0 = Number(b.base_z_m ?? 0);
  const band: [number, number] = [z0 + 0.005, z0 + Number(b.height_m ?? 1)];
  if (f.shape === 'circle')
    return { fp: { shape: 'circle', radius: Number(f.diameter_m ?? 2 * Number(f.radius_m ?? 0)) / 2 }, band };
  return { fp: { shape: 'rect', length: Number(f.length_m), width: Number(f.width_m) }, band };
}

export const mapReader: InProcessSystem = {
  kind: 'in_process',
  name: 'map_reader',
  role: 'diagnostic',
  open(info) {
    const map = publicMap(info.root, readCaseFile(info.root, info.cid));
    let body: ReturnType<typeof bodyOf> = null;
    let pose: { x: number; y: number; yaw_deg: number } | null = null;
    return {
      async start(msg) {
        body = bodyOf(msg.robot);
      },
      async task() {},
      async observe(msg) {
        pose = { x: msg.step.pose.pos[0], y: msg.step.pose.pos[1], yaw_deg: msg.step.pose.heading_deg };
      },
      async ask(msg) {
        return {
          answers: msg.questions.map((q) => {
            const f = questionForm(q.text);
            if (!f || !map || !body || !pose) return { qid: q.qid, answer: { type: 'unknown' } };
            const req = { pose, body: body.fp, zBand: body.band, roles: PUBLIC_MAP_ROLES, maxDistance: 100 };
            if (f.family === 'clear_path') {
              const turn = Number(/turned in place (\d+(?:\.\d+)?) degrees/.exec(q.text)?.[1] ?? 90);
              return {
                qid: q.qid,
                answer: {
                  type: 'number',
                  value: clearPath(map, { ...req, direction: f.template as Direction, turn_deg: turn }).distance,
                },
              };
            }
            if (f.family === 'open_heading') {
              return {
                qid: q.qid,
                answer: { type: 'heading', deg: wrapDeg(openHeading(map, req).heading_deg - pose.yaw_deg) },
              };
            }
            return { qid: q.qid, answer: { type: 'unknown' } };
          }),
        };
      },
      async finish() {},
    };
  },
};
