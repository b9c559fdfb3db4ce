/**
 * The state of a place's movable parts at one moment: where every thing is, which state every door is in, and
 * where every present person stands or walks. `initialState(place)` reads it from the place file; the timeline's
 * `worldAt(t)` gives it at any moment of a script.
 */
import { normHeading } from '../foundation/angles.ts';
import type { DoorState, Person, Place } from './place-schema.ts';

/** Where a thing is: centre x, y of its footprint, z of its bottom (the surface it rests on), yaw in degrees. */
export interface ThingPose {
  x: number;
  y: number;
  /** height of the thing's bottom above the floor */
  z: number;
  yaw: number;
  /** 'floor', a fixed id, or 'carried' (held by the robot: not part of the static scene) */
  rests_on: string;
  /** shelf level when resting on a shelving unit */
  level?: number;
}

export interface PersonPose {
  x: number;
  y: number;
  /** heading in degrees, counter-clockwise from +x, in [-180, 180) */
  heading: number;
  walking: boolean;
  /** walking cycle phase in [0, 1): 0 and 0.5 are the feet together, 0.25 / 0.75 the widest strides */
  phase: number;
  /** current speed in m/s (0 standing) */
  speed: number;
  /** sitting: the height of the seat's top (the person's `at.sits_on`); absent standing or walking */
  seat?: number;
}

export interface WorldState {
  things: Record<string, ThingPose>;
  doors: Record<string, DoorState>;
  /** present people only */
  people: Record<string, PersonPose>;
}

/** Height of the top of a surface a thing can rest on (floor: 0). Undefined when there is no such surface. */
export function surfaceTop(place: Place, restsOn: string, level?: number): number | undefined {
  if (restsOn === 'floor') return 0;
  const f = place.fixed.find((x) => x.id === restsOn);
  if (!f) return undefined;
  if (f.shelves) return f.shelves[level ?? 0];
  return f.surface;
}

export { normHeading };

/** The height of the seat a person sits on (their `at.sits_on`): undefined when they do not sit. */
export function seatTop(place: Place, p: Person): number | undefined {
  return p.at?.sits_on === undefined ? undefined : surfaceTop(place, p.at.sits_on);
}

/** The state the place file describes: things at their positions, doors in their initial state, people at `at`. */
export function initialState(place: Place): WorldState {
  const things: Record<string, ThingPose> = {};
  for (const t of place.things) {
    const pose: ThingPose = {
      x: t.position.x,
      y: t.position.y,
      z: surfaceTop(place, t.rests_on, t.level) ?? 0,
      yaw: t.position.yaw,
      rests_on: t.rests_on,
    };
    if (t.level !== undefined) pose.level = t.level;
    things[t.id] = pose;
  }
  const doors: Record<string, DoorState> = {};
  for (const d of place.doors) doors[d.id] = d.initial;
  const people: Record<string, PersonPose> = {};
  for (const p of place.people) {
    if (p.at) {
      people[p.id] = { x: p.at.x, y: p.at.y, heading: normHeading(p.at.heading), walking: false, phase: 0, speed: 0 };
      const seat = seatTop(place, p);
      if (seat !== undefined) people[p.id].seat = seat;
    }
  }
  return { things, doors, people };
}
