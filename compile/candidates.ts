/**
 * Candidates: for one slot of a look point (or one end question), the families the slot allows, in order; for each,
 * the things (or directions, or people) it could ask about, in a seeded order; each candidate's gold from
 * compile/families, then the screens. The first candidate that survives fills the slot; every candidate tried is
 * recorded in the funnel (kept, or dropped by the family itself or by a named screen).
 *
 * Where-is questions (ego_mem, object_where, way_to, and person_mem for people) may be trick questions: with
 * probability TRICK_SHARE a slot tries first a thing never shown in the window — a thing of the place the window
 * never showed, or a colour and kind plausible for the place that no thing of it has — worded exactly like a real
 * one; its gold is unknown.
 */
import type { Family } from '../jobs/families.ts';
import { sweepFootprints, type Direction } from '../layouts/geometry/index.ts';
import type { Stream } from '../foundation/index.ts';
import {
  approachMem,
  askFrame,
  clearPath,
  closestApproach,
  closestPerson,
  driveOf,
  dropZonePeople,
  egoMem,
  egoNow,
  objectWhere,
  openHeading,
  personMem,
  tangleAhead,
  taskFrames,
  taskThings,
  wayTo,
  type FamilyOutcome,
  type FrameView,
  type GoldCore,
  type PersonRef,
  type ThingRef,
} from './families/index.ts';
import { FAMILY_DROP, type Funnel } from './funnel.ts';
import { cameStraight, lookedAlong, lookedAround } from './looked-along.ts';
import { bodyObstacles } from './families/corridor-seen.ts';
import { gridDiagonal } from './families/clear-path.ts';
import type { Screen, ScreenCandidate, ScreenContext } from './screens/index.ts';
import { targetKey, type Target } from './target.ts';

/** The share of where-is slots that try a trick (never shown) thing first. */
export const TRICK_SHARE = 0.2;
/** Things (or people) tried per family and slot, at most. */
export const MAX_TARGETS = 12;
/** Trick things tried per slot, at most. */
export const MAX_TRICKS = 2;
export const DIRECTIONS: readonly Direction[] = ['ahead', 'back', 'left', 'right'];
/** The public map's roles: what a corridor runs to before any thing stops it. */
const MAP_ROLES: readonly string[] = ['wall', 'door', 'fixed'];

/** Families whose question names a thing, and those of them that may name a never-shown one. */
const THING_FAMILIES: readonly Family[] = ['ego_now', 'ego_mem', 'way_to', 'object_where'];
const TRICK_FAMILIES: readonly Family[] = ['ego_mem', 'way_to', 'object_where', 'person_mem'];

export interface CandidateTry {
  target: Target;
  trick: boolean;
}

/** A question that filled a slot. */
export interface KeptQuestion extends ScreenCandidate {
  /** the slot it filled (0..2), or null for an end question */
  slot: number | null;
}

/** One ask site: the screen context, a seeded stream for the site, the keys already asked there. */
export interface AskSite {
  ctx: ScreenContext;
  rng: Stream;
  /** `family|target` keys asked already at this site (a stop asks nothing twice) */
  used: Set<string>;
  /** vacuum task_things: the polygons of the rooms the case's last task cleaned */
  roomsCleaned?: readonly (readonly [number, number][])[];
}

/** What the funnel calls a target (null for a family that names nothing). */
function targetLabel(t: Target): string | null {
  return t.type === 'none' ? null : targetKey(t);
}

function seenIds(frames: readonly FrameView[], role: string): string[] {
  const ids = new Set<string>();
  for (const f of frames) for (const e of f.entities) if (e.role === role && e.pixels > 0) ids.add(e.entity);
  return [...ids].sort();
}

const nameKey = (colour: string, kind: string) => `${colour}\u0000${kind}`;

/** Things never shown in the frames, named so that no thing shown (and no other thing of the place) shares the name. */
export function trickThings(ctx: ScreenContext, rng: Stream): ThingRef[] {
  const things = ctx.place.things;
  const seen = new Set(seenIds(ctx.ask.frames, 'thing'));
  const names = new Map<string, number>();
  for (const t of things) names.set(nameKey(t.colour, t.kind), (names.get(nameKey(t.colour, t.kind)) ?? 0) + 1);
  const seenNames = new Set(things.filter((t) => seen.has(t.id)).map((t) => nameKey(t.colour, t.kind)));
  const unseen: ThingRef[] = things
    .filter((t) => !seen.has(t.id) && names.get(nameKey(t.colour, t.kind)) === 1 && !seenNames.has(nameKey(t.colour, t.kind)))
    .map((t) => ({ id: t.id, colour: t.colour, kind: t.kind }));
  const kinds = [...new Set(things.map((t) => t.kind))].sort();
  const colours = [...new Set(things.map((t) => t.colour))].sort();
  const invented: ThingRef[] = [];
  for (const kind of kinds) for (const colour of colours) if (!names.has(nameKey(colour, kind))) invented.push({ colour, kind });
  return rng.shuffle([...unseen, ...invented]).slice(0, MAX_TRICKS);
}

/** People of the place never shown in the frames whose top colour no person shown wears. */
function trickPeople(ctx: ScreenContext, rng: Stream): PersonRef[] {
  const seen = new Set(seenIds(ctx.ask.frames, 'person'));
  const seenColours = new Set(ctx.place.people.filter((p) => seen.has(p.id)).map((p) => p.colour));
  const pool = ctx.place.people.filter((p) => !seen.has(p.id) && !seenColours.has(p.colour)).map((p) => ({ id: p.id, colour: p.colour }));
  return rng.shuffle(pool).slice(0, MAX_TRICKS);
}

/**
 * Whether the robot looked along a heading from where it stands that the public map leaves room on (compile/looked-along.ts):
 * open_heading's precondition.
 */
function lookedAroundAt(ctx: ScreenContext): boolean {
  const job = ctx.ask.job;
  const now = askFrame(ctx.ask);
  const map = bodyObstacles(job, ctx.ask.world.solidsAt(now.t).filter((x) => MAP_ROLES.includes(x.role)));
  const room = (heading: number, upTo: number) =>
    sweepFootprints(map, { pose: { x: now.pose.x, y: now.pose.y, yaw_deg: heading }, body: job.body, heading_deg: heading, maxDistance: upTo }).distance;
  return lookedAround(job, taskFrames(ctx.ask), room);
}

/** The candidates a family offers at an ask site, in the order they are tried. */
export function candidatesFor(family: Family, site: AskSite): CandidateTry[] {
  const { ctx, rng } = site;
  const frames = ctx.ask.frames;
  const now = askFrame(ctx.ask);
  const inView = new Set(now.entities.filter((e) => e.pixels > 0).map((e) => e.entity));
  const trickFirst = TRICK_FAMILIES.includes(family) && rng.coin(TRICK_SHARE);
  if (family === 'clear_path') {
    // only drives the robot looked along during the task, by its poses and the public map (compile/looked-along.ts)
    const job = ctx.ask.job;
    const task = taskFrames(ctx.ask);
    const map = bodyObstacles(job, ctx.ask.world.solidsAt(now.t).filter((x) => MAP_ROLES.includes(x.role)));
    const looked = (direction: Direction) => {
      const d = driveOf({ x: now.pose.x, y: now.pose.y, yaw_deg: now.pose.heading_deg }, direction, job.turn_deg);
      const run = sweepFootprints(map, { pose: d.pose, body: job.body, heading_deg: d.heading_deg, maxDistance: gridDiagonal(ctx.ask) }).distance;
      return lookedAlong(job, task, d.heading_deg, run);
    };
    return rng
      .shuffle(DIRECTIONS)
      .filter(looked)
      .map((direction) => ({ target: { type: 'direction', direction }, trick: false }));
  }
  // the most room, only where the robot looked along some heading with room for its body on the public map
  if (family === 'open_heading' && !lookedAroundAt(ctx)) return [];
  // what lies just ahead, only where the robot came straight (by its poses: compile/looked-along.ts)
  if (family === 'tangle_ahead' && !cameStraight(taskFrames(ctx.ask))) return [];
  if (THING_FAMILIES.includes(family)) {
    let ids = seenIds(family === 'ego_now' ? [now] : frames, 'thing');
    // the memory families ask of things out of view now (in view, they are the now families' questions)
    if (family === 'ego_mem' || family === 'object_where') ids = ids.filter((id) => !inView.has(id));
    const real: CandidateTry[] = rng
      .shuffle(ids)
      .slice(0, MAX_TARGETS)
      .map((id) => {
        const t = ctx.place.things.find((x) => x.id === id);
        return { target: { type: 'thing', ref: { id, colour: t?.colour ?? 'unknown', kind: t?.kind ?? 'thing' } }, trick: false };
      });
    if (!trickFirst) return real;
    const tricks: CandidateTry[] = trickThings(ctx, rng).map((ref) => ({ target: { type: 'thing', ref }, trick: true }));
    return [...tricks, ...real];
  }
  if (family === 'person_mem') {
    const real: CandidateTry[] = rng
      .shuffle(seenIds(frames, 'person').filter((id) => !inView.has(id)))
      .slice(0, MAX_TARGETS)
      .map((id) => ({ target: { type: 'person', ref: { id, colour: ctx.place.people.find((p) => p.id === id)?.colour ?? 'unknown' } }, trick: false }));
    if (!trickFirst) return real;
    return [...trickPeople(ctx, rng).map((ref): CandidateTry => ({ target: { type: 'person', ref }, trick: true })), ...real];
  }
  return [{ target: { type: 'none' }, trick: false }];
}

/** The family's outcome for one candidate. */
export function evaluate(family: Family, target: Target, site: AskSite): FamilyOutcome {
  const ask = site.ctx.ask;
  const thing = () => {
    if (target.type !== 'thing') throw new Error(`${family} needs a thing`);
    return target.ref;
  };
  switch (family) {
    case 'clear_path':
      if (target.type !== 'direction') throw new Error('clear_path needs a direction');
      return clearPath(ask, target.direction);
    case 'open_heading':
      return openHeading(ask);
    case 'closest_person':
      return closestPerson(ask);
    case 'closest_approach':
      return closestApproach(ask);
    case 'approach_mem':
      return approachMem(ask);
    case 'tangle_ahead':
      return tangleAhead(ask);
    case 'drop_zone_people':
      return dropZonePeople(ask);
    case 'way_to':
      return wayTo(ask, thing());
    case 'ego_now':
      return egoNow(ask, thing());
    case 'ego_mem':
      return egoMem(ask, thing());
    case 'object_where':
      return objectWhere(ask, thing());
    case 'person_mem':
      if (target.type !== 'person') throw new Error('person_mem needs a person');
      return personMem(ask, target.ref);
    case 'task_things':
      return taskThings(ask, site.roomsCleaned ? { roomsCleaned: site.roomsCleaned } : {});
  }
}

/**
 * Fill one slot: the families in order, each one's candidates in order; the first candidate the family answers and
 * every screen lets through is kept. Every candidate tried is counted in the funnel.
 */
export function fillSlot(families: readonly Family[], site: AskSite, slot: number | null, funnel: Funnel, screens: readonly Screen[]): KeptQuestion | null {
  const { ctx } = site;
  const job = ctx.job.id;
  for (const family of families) {
    for (const cand of candidatesFor(family, site)) {
      const key = `${family}|${targetKey(cand.target)}`;
      if (site.used.has(key)) continue;
      const base = { job, family, sid: ctx.sid, cid: ctx.cid, k: ctx.script_k, thing: targetLabel(cand.target) };
      let out: FamilyOutcome;
      try {
        out = evaluate(family, cand.target, site);
      } catch (e) {
        throw new Error(`script ${ctx.sid}, case ${ctx.cid}, frame ${ctx.k ?? 'end'}: ${family} (${base.thing ?? '-'}): ${(e as Error).message}`);
      }
      if (!out.ok) {
        funnel.drop({ ...base, screen: FAMILY_DROP, reason: out.reason });
        continue;
      }
      const q: ScreenCandidate = { family, target: cand.target, trick: cand.trick, text: out.text, gold: out.gold as GoldCore };
      let dropped = false;
      for (const s of screens) {
        const why = s.apply(q, ctx);
        if (why !== null) {
          funnel.drop({ ...base, screen: s.name, reason: why });
          dropped = true;
          break;
        }
      }
      if (dropped) continue;
      site.used.add(key);
      funnel.keep(job, family);
      return { ...q, slot };
    }
  }
  return null;
}
