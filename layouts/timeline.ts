/**
 * The timeline (private/<sid>/timeline.json): the whole truth of a script apart from the robot. It carries the
 * place document itself (so gold is recomputable without the YAML), and over the whole shift, gaps included:
 * every movable thing's pose as a piecewise-constant track, every door's state as events, and every person's
 * presence and trajectory as straight constant-speed legs. The robot's pose lives in the script's keyframes.
 */
import { z } from 'zod';
import { InputError, type InputIssue } from '../foundation/index.ts';
import { placeHash } from './load.ts';
import { DoorState, Place, XY } from './place-schema.ts';
import type { Solid } from './solids.ts';
import { placeSolids } from './world.ts';
import { initialState, normHeading, type PersonPose, type ThingPose, type WorldState } from './world-state.ts';

export const TIMELINE_FORMAT = 'stbench.timeline/1';
/** Length of one walking cycle (two steps), metres: phase advances by 1 per stride walked. */
export const STRIDE_M = 1.4;

const t = z.number().finite().nonnegative();

/** A thing's pose from time t on (until its next event). z is the height of its bottom. */
export const ThingEvent = z
  .object({
    t,
    x: z.number().finite(),
    y: z.number().finite(),
    z: z.number().finite(),
    yaw: z.number().finite(),
    rests_on: z.string().min(1),
    level: z.number().int().nonnegative().optional(),
  })
  .strict();
export type ThingEvent = z.infer<typeof ThingEvent>;

export const DoorEvent = z.object({ t, state: DoorState }).strict();
export type DoorEvent = z.infer<typeof DoorEvent>;

/**
 * A person walks from `from` at t0 to `to` at t1 at constant speed, heading along the leg; a leg with from = to
 * is standing (heading given, or the previous leg's), or sitting on a seat whose top is at `seat`. Outside every
 * leg the person is absent.
 */
export const PersonLeg = z
  .object({
    t0: t,
    t1: t,
    from: XY,
    to: XY,
    heading: z.number().finite().optional(),
    seat: z.number().finite().positive().optional(),
  })
  .strict();
export type PersonLeg = z.infer<typeof PersonLeg>;

export const Timeline = z
  .object({
    format: z.literal(TIMELINE_FORMAT),
    place_id: z.string(),
    /** sha256 of the place's canonical JSON */
    place_hash: z.string().regex(/^[0-9a-f]{64}$/),
    place: Place,
    /** the script's length in seconds; times run from 0 */
    duration_s: z.number().finite().positive(),
    /** thing id -> events sorted by t, the first at t = 0 */
    things: z.record(z.string(), z.array(ThingEvent).min(1)),
    /** door id -> events sorted by t, the first at t = 0 */
    doors: z.record(z.string(), z.array(DoorEvent).min(1)),
    /** person id -> legs sorted by t0, not overlapping */
    people: z.record(z.string(), z.array(PersonLeg)),
  })
  .strict();
export type Timeline = z.infer<typeof Timeline>;

/** Semantic problems of a timeline (ids, ordering, the place hash); empty when sound. */
export function timelineIssues(tl: Timeline, file = 'timeline.json'): InputIssue[] {
  const out: InputIssue[] = [];
  const add = (path: string, message: string) => out.push({ file, path, message });
  if (tl.place_id !== tl.place.id) add('place_id', `does not match place.id "${tl.place.id}"`);
  if (placeHash(tl.place) !== tl.place_hash) add('place_hash', 'does not match the embedded place');
  const sorted = (path: string, ts: number[]) => {
    for (let i = 1; i < ts.length; i++) if (ts[i] < ts[i - 1]) return add(`${path}[${i}].t`, 'events out of order');
  };
  for (const th of tl.place.things) if (!tl.things[th.id]) add(`things.${th.id}`, 'missing track');
  for (const d of tl.place.doors) if (!tl.doors[d.id]) add(`doors.${d.id}`, 'missing track');
  for (const [id, evs] of Object.entries(tl.things)) {
    if (!tl.place.things.some((x) => x.id === id)) add(`things.${id}`, 'not a thing of the place');
    if (evs[0].t !== 0) add(`things.${id}[0].t`, 'first event must be at t = 0');
    sorted(
      `things.${id}`,
      evs.map((e) => e.t),
    );
  }
  for (const [id, evs] of Object.entries(tl.doors)) {
    const door = tl.place.doors.find((x) => x.id === id);
    if (!door) add(`doors.${id}`, 'not a door of the place');
    if (evs[0].t !== 0) add(`doors.${id}[0].t`, 'first event must be at t = 0');
    sorted(
      `doors.${id}`,
      evs.map((e) => e.t),
    );
    evs.forEach((e, i) => {
      if (door && !door.states.includes(e.state)) add(`doors.${id}[${i}].state`, `not one of the door's states`);
    });
  }
  for (const [id, legs] of Object.entries(tl.people)) {
    if (!tl.place.people.some((x) => x.id === id)) add(`people.${id}`, 'not a person of the place');
    legs.forEach((l, i) => {
      if (l.t1 < l.t0) add(`people.${id}[${i}].t1`, 'ends before it starts');
      if (i > 0 && l.t0 < legs[i - 1].t1) add(`people.${id}[${i}].t0`, 'overlaps the previous leg');
    });
  }
  return out;
}

/** Parse and check a timeline (JSON value); throws an InputError naming every problem. */
export function parseTimeline(value: unknown, file = 'timeline.json'): Timeline {
  const res = Timeline.safeParse(value);
  if (!res.success) {
    throw new InputError(
      res.error.issues.map((i) => ({ file, path: i.path.map(String).join('.'), message: i.message })),
    );
  }
  const issues = timelineIssues(res.data, file);
  if (issues.length) throw new InputError(issues);
  return res.data;
}

/** A timeline in which nothing moves: things and doors as the place file has them, people standing at `at`. */
export function emptyTimeline(place: Place, durationS: number): Timeline {
  const init = initialState(place);
  const things: Record<string, ThingEvent[]> = {};
  for (const [id, p] of Object.entries(init.things)) things[id] = [{ t: 0, ...p }];
  const doors: Record<string, DoorEvent[]> = {};
  for (const [id, s] of Object.entries(init.doors)) doors[id] = [{ t: 0, state: s }];
  const people: Record<string, PersonLeg[]> = {};
  for (const p of place.people) {
    const at = init.people[p.id];
    people[p.id] = at
      ? [
          {
            t0: 0,
            t1: durationS,
            from: [at.x, at.y],
            to: [at.x, at.y],
            heading: at.heading,
            ...(at.seat !== undefined ? { seat: at.seat } : {}),
          },
        ]
      : [];
  }
  return {
    format: TIMELINE_FORMAT,
    place_id: place.id,
    place_hash: placeHash(place),
    place,
    duration_s: durationS,
    things,
    doors,
    people,
  };
}

/** Index of the last event at or before t (0 if t precedes them all). */
function lastAtOrBefore<T extends { t: number }>(evs: readonly T[], t: number): T {
  let lo = 0;
  let hi = evs.length - 1;
  let best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (evs[mid].t <= t) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return evs[best];
}

/** Where a person is at t, or undefined when absent. A leg's end belongs to the next leg if one starts then. */
export function personAt(legs: readonly PersonLeg[], t: number): PersonPose | undefined {
  let idx = -1;
  for (let i = 0; i < legs.length; i++) {
    const l = legs[i];
    if (t >= l.t0 && (t < l.t1 || (t === l.t1 && !(legs[i + 1] && legs[i + 1].t0 === t)))) {
      idx = i;
      break;
    }
  }
  if (idx < 0) return undefined;
  const l = legs[idx];
  const dx = l.to[0] - l.from[0];
  const dy = l.to[1] - l.from[1];
  const dist = Math.hypot(dx, dy);
  const dur = l.t1 - l.t0;
  const f = dur > 0 ? (t - l.t0) / dur : 1;
  const x = l.from[0] + dx * f;
  const y = l.from[1] + dy * f;
  if (dist > 1e-9 && dur > 0) {
    const speed = dist / dur;
    const walked = speed * (t - l.t0);
    const phase = (walked / STRIDE_M) % 1;
    return { x, y, heading: normHeading((Math.atan2(dy, dx) * 180) / Math.PI), walking: true, phase, speed };
  }
  let heading = l.heading;
  for (let i = idx - 1; heading === undefined && i >= 0; i--) {
    const p = legs[i];
    if (p.heading !== undefined && p.from[0] === p.to[0] && p.from[1] === p.to[1]) heading = p.heading;
    else if (p.from[0] !== p.to[0] || p.from[1] !== p.to[1])
      heading = (Math.atan2(p.to[1] - p.from[1], p.to[0] - p.from[0]) * 180) / Math.PI;
  }
  const pose: PersonPose = { x, y, heading: normHeading(heading ?? 0), walking: false, phase: 0, speed: 0 };
  if (l.seat !== undefined) pose.seat = l.seat;
  return pose;
}

/** The exact world state at time t (seconds from the script's start). Pure. */
export function worldAt(tl: Timeline, t: number): WorldState {
  const things: Record<string, ThingPose> = {};
  for (const [id, evs] of Object.entries(tl.things)) {
    const e = lastAtOrBefore(evs, t);
    const pose: ThingPose = { x: e.x, y: e.y, z: e.z, yaw: e.yaw, rests_on: e.rests_on };
    if (e.level !== undefined) pose.level = e.level;
    things[id] = pose;
  }
  const doors: WorldState['doors'] = {};
  for (const [id, evs] of Object.entries(tl.doors)) doors[id] = lastAtOrBefore(evs, t).state;
  const people: Record<string, PersonPose> = {};
  for (const [id, legs] of Object.entries(tl.people)) {
    const p = personAt(legs, t);
    if (p) people[id] = p;
  }
  return { things, doors, people };
}

/** Every solid of the place at time t. Pure. */
export function solidsAt(tl: Timeline, t: number): Solid[] {
  return placeSolids(tl.place, worldAt(tl, t));
}
