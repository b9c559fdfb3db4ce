/**
 * The change model between tasks. While the robot is parked, the world changes:
 * - each movable thing draws its own move probability once per script (uniform in the job's `thing_move_p`
 *   range), then flips that coin in every gap; the coin belongs to the thing, never to its kind, so a thing's kind
 *   says nothing about whether it moved. A moved thing goes to another plausible spot: a free place on a surface
 *   (a table top, a shelf level) or on the floor, never overlapping another thing;
 * - each door toggles with `door_toggle_p` to another of its states;
 * - each person absent arrives with `person_arrive_p`, each present leaves with `person_leave_p`.
 * At most `max_moves_per_gap` things move in one gap (the first ones in a shuffled order).
 * Before a script's history, every loose thing (a bag, a box, a ball left about on the floor) is put down at a spot
 * of its own on the floor (scatterLoose): where the residents left it that day, which the place file does not fix.
 */
import type { Stream } from '../foundation/index.ts';

export interface ChangeSpec {
  thing_move_p: { min: number; max: number };
  max_moves_per_gap: number;
  door_toggle_p: number;
  person_arrive_p: number;
  person_leave_p: number;
}

/** Where a thing rests: the floor or a fixed surface (and shelf level), its centre and yaw. */
export interface Placement {
  rests_on: string;
  level?: number;
  x: number;
  y: number;
  yaw: number;
}

/** A surface things can rest on: an oriented rectangle at a height. */
export interface SurfaceRect {
  id: string;
  level?: number;
  center: [number, number];
  /** [length along the yaw, width] */
  size: [number, number];
  yaw: number;
}

export interface MovableInfo {
  id: string;
  /** radius of the thing's footprint */
  radius: number;
  /** things that only ever rest on the floor (cords, large or light furniture) */
  floorOnly: boolean;
  /** left about on the floor: its start spot is drawn per script (the place's `loose`) */
  loose?: boolean;
  /** the floor area it is put down in (the place's `loose_in`), else any */
  area?: readonly [number, number][];
}

/** What the change model needs to know about a place; the floor test comes from the geometry. */
export interface ChangeWorld {
  things: readonly MovableInfo[];
  surfaces: readonly SurfaceRect[];
  doors: readonly { id: string; states: readonly string[] }[];
  people: readonly string[];
  /** a random point on the floor of the place (inside a room), or in the area given */
  sampleFloor(s: Stream, area?: readonly [number, number][]): [number, number];
  /** whether a thing of radius r may rest on the floor at (x, y): clear of fixed structure, sites and routes */
  floorFree(x: number, y: number, r: number): boolean;
  /** whether a disc of radius r at x, y on a surface (a fixed id) is clear of what else is there (people seated on it) */
  surfaceFree?(on: string, x: number, y: number, r: number): boolean;
}

export interface ChangeState {
  things: Record<string, Placement>;
  doors: Record<string, string>;
  /** person id -> present in the place */
  people: Record<string, boolean>;
}

export type Change =
  | { kind: 'thing_moved'; id: string; from: Placement; to: Placement }
  | { kind: 'door'; id: string; from: string; to: string }
  | { kind: 'person_arrived'; id: string }
  | { kind: 'person_left'; id: string };

/** Each thing's own move probability for a script (drawn once, in the things' order). */
export function drawMoveChances(spec: ChangeSpec, things: readonly MovableInfo[], s: Stream): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of things) out[t.id] = s.uniform(spec.thing_move_p.min, spec.thing_move_p.max);
  return out;
}

export function cloneState(w: ChangeState): ChangeState {
  return {
    things: Object.fromEntries(Object.entries(w.things).map(([k, v]) => [k, { ...v }])),
    doors: { ...w.doors },
    people: { ...w.people },
  };
}

/** A random point on a surface rectangle, kept `margin` inside its edges; null when it is too small. */
function pointOn(r: SurfaceRect, margin: number, s: Stream): [number, number] | null {
  const hl = r.size[0] / 2 - margin;
  const hw = r.size[1] / 2 - margin;
  if (hl < 0 || hw < 0) return null;
  const a = s.uniform(-hl, hl);
  const b = s.uniform(-hw, hw);
  const c = Math.cos((r.yaw * Math.PI) / 180);
  const d = Math.sin((r.yaw * Math.PI) / 180);
  return [r.center[0] + a * c - b * d, r.center[1] + a * d + b * c];
}

function clearOfThings(
  state: ChangeState,
  info: Map<string, MovableInfo>,
  id: string,
  p: Placement,
  r: number,
): boolean {
  for (const [oid, op] of Object.entries(state.things)) {
    if (oid === id || op.rests_on !== p.rests_on || op.level !== p.level) continue;
    const orad = info.get(oid)?.radius ?? 0.1;
    if (Math.hypot(op.x - p.x, op.y - p.y) < r + orad + 0.05) return false;
  }
  return true;
}

/** Another plausible spot for a thing, at least 0.5 m from where it is (or on another surface); null if none. */
export function newSpot(
  world: ChangeWorld,
  state: ChangeState,
  thing: MovableInfo,
  s: Stream,
  info: Map<string, MovableInfo>,
  attempts = 40,
): Placement | null {
  const cur = state.things[thing.id];
  const surfaces = thing.floorOnly
    ? []
    : world.surfaces.filter((r) => Math.min(r.size[0], r.size[1]) >= 2 * thing.radius + 0.04);
  for (let attempt = 0; attempt < attempts; attempt++) {
    const onFloor = surfaces.length === 0 || s.coin(0.35);
    let p: Placement | null = null;
    if (onFloor) {
      const [x, y] = world.sampleFloor(s, thing.area);
      if (world.floorFree(x, y, thing.radius)) p = { rests_on: 'floor', x, y, yaw: Math.round(s.uniform(-180, 180)) };
    } else {
      const r = s.pick(surfaces);
      const xy = pointOn(r, thing.radius + 0.02, s);
      if (xy && (world.surfaceFree?.(r.id, xy[0], xy[1], thing.radius) ?? true))
        p = {
          rests_on: r.id,
          ...(r.level !== undefined ? { level: r.level } : {}),
          x: xy[0],
          y: xy[1],
          yaw: Math.round(s.uniform(-180, 180)),
        };
    }
    if (!p) continue;
    const moved = p.rests_on !== cur.rests_on || p.level !== cur.level || Math.hypot(p.x - cur.x, p.y - cur.y) >= 0.5;
    if (moved && clearOfThings(state, info, thing.id, p, thing.radius)) return p;
  }
  return null;
}

/**
 * The loose things' start spots for a script: each loose thing, in the things' order, is put down at a fresh free
 * spot on the floor (the place's floor areas: open floor, not its passages); one with no free spot stays.
 */
export function scatterLoose(world: ChangeWorld, state: ChangeState, s: Stream): Change[] {
  const next = cloneState(state);
  const changes: Change[] = [];
  const info = new Map(world.things.map((t) => [t.id, t]));
  for (const t of world.things) {
    if (!t.loose) continue;
    const to = newSpot(world, next, { ...t, floorOnly: true }, s, info, 200);
    if (!to) continue;
    changes.push({ kind: 'thing_moved', id: t.id, from: { ...next.things[t.id] }, to });
    next.things[t.id] = to;
  }
  return changes;
}

/** The changes of one gap, applied to a copy of the state. */
export function drawChanges(
  world: ChangeWorld,
  state: ChangeState,
  spec: ChangeSpec,
  moveChance: Record<string, number>,
  s: Stream,
): { changes: Change[]; state: ChangeState } {
  const next = cloneState(state);
  const changes: Change[] = [];
  const info = new Map(world.things.map((t) => [t.id, t]));
  // every thing flips its own coin (all coins are drawn, so one thing's outcome never shifts another's stream)
  const flips = world.things.map((t) => ({ t, moves: s.coin(moveChance[t.id] ?? 0) }));
  const movers = s.shuffle(flips.filter((f) => f.moves).map((f) => f.t)).slice(0, spec.max_moves_per_gap);
  for (const t of movers) {
    const to = newSpot(world, next, t, s, info);
    if (!to) continue;
    changes.push({ kind: 'thing_moved', id: t.id, from: { ...next.things[t.id] }, to });
    next.things[t.id] = to;
  }
  for (const d of world.doors) {
    const cur = next.doors[d.id];
    const others = d.states.filter((x) => x !== cur);
    if (others.length && s.coin(spec.door_toggle_p)) {
      const to = s.pick(others);
      changes.push({ kind: 'door', id: d.id, from: cur, to });
      next.doors[d.id] = to;
    }
  }
  for (const p of world.people) {
    if (next.people[p]) {
      if (s.coin(spec.person_leave_p)) {
        changes.push({ kind: 'person_left', id: p });
        next.people[p] = false;
      }
    } else if (s.coin(spec.person_arrive_p)) {
      changes.push({ kind: 'person_arrived', id: p });
      next.people[p] = true;
    }
  }
  return { changes, state: next };
}
