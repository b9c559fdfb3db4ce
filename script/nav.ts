/**
 * Navigation for one body in one world state: a clearance map of the solids the body can hit (its height band;
 * people left out, they walk around the robot), routes from the geometry planner with the clearance C as a soft
 * cost, and straight-line checks. A rectangular body is planned as the circle around it, so it may turn in place
 * anywhere on its route.
 */
import {
  clearanceFromSolids,
  planPath,
  segmentClearance,
  type ClearanceMap,
  type Vec2,
} from '../layouts/geometry/index.ts';
import type { Place } from '../layouts/place-schema.ts';
import type { Solid } from '../layouts/solids.ts';

export interface BodyShape {
  /** radius of the circle around the footprint */
  radius: number;
  /** the footprint, for checks at a heading */
  footprint: { shape: 'circle'; radius: number } | { shape: 'rect'; length: number; width: number };
  /** height band the body occupies [lo, hi] in map z */
  zBand: [number, number];
}

export interface NavMap {
  map: ClearanceMap;
  body: BodyShape;
  clearance: number;
  /** the body fits with its centre here */
  fits(p: Vec2): boolean;
  /** the body's circle stays clear along the straight segment */
  straightClear(a: Vec2, b: Vec2): boolean;
  /** a route (waypoints from a to the goal), or null when unreachable */
  route(a: Vec2, goal: Vec2 | { center: Vec2; radius: number }): Vec2[] | null;
}

/** Navigation over the solids, for a body, with the job's clearance C, on cells of `cell` metres. */
export function navMap(
  place: Place,
  solids: readonly Solid[],
  body: BodyShape,
  clearance: number,
  cell: number,
): NavMap {
  const b = place.bounds;
  const map = clearanceFromSolids(
    solids.filter((s) => s.role !== 'person'),
    {
      bounds: { min: [b.x_min, b.y_min], max: [b.x_max, b.y_max] },
      cell,
      cap: body.radius + clearance + 2 * cell + 0.05,
      zBand: body.zBand,
    },
  );
  const hard = body.radius + 0.005;
  return {
    map,
    body,
    clearance,
    fits: (p) => map.at(p[0], p[1]) >= hard,
    straightClear: (a, c) => segmentClearance(map, a, c, Math.min(0.05, cell / 2)) >= hard,
    route(a, goal) {
      const r = planPath(map, { start: a, goal, radius: body.radius, clearance, sampleStep: Math.min(0.05, cell / 2) });
      return r.ok ? r.waypoints : null;
    },
  };
}

/** The nearest point to p where the body fits, searching rings of `step` out to `maxR`; null if none. */
export function nearestFit(nav: NavMap, p: Vec2, maxR = 1.5, step = 0.05): Vec2 | null {
  if (nav.fits(p)) return p;
  for (let r = step; r <= maxR + 1e-9; r += step) {
    const n = Math.max(8, Math.ceil((2 * Math.PI * r) / step));
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      const q: Vec2 = [p[0] + r * Math.cos(a), p[1] + r * Math.sin(a)];
      if (nav.fits(q)) return q;
    }
  }
  return null;
}
