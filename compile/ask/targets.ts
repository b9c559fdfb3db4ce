/**
 * What a family may ask about at an ask site: the things, people or directions it offers, in a seeded order, and the
 * trick (never shown) things and people a where-is question may name first. The families choose among these
 * (compile/families/*.ts `candidates`); the compiler tries them in order (compile/candidates.ts).
 */
import type { Direction } from '../../layouts/geometry/index.ts';
import type { Stream } from '../../foundation/index.ts';
import type { ScreenContext } from '../screens/screen.ts';
import type { Target } from '../target.ts';
import { askFrame, type FrameView } from './inputs.ts';
import type { PersonRef, ThingRef } from './thing-ref.ts';

/** The share of where-is slots that try a trick (never shown) thing first. */
export const TRICK_SHARE = 0.2;
/** Things (or people) tried per family and slot, at most. */
export const MAX_TARGETS = 12;
/** Trick things tried per slot, at most. */
export const MAX_TRICKS = 2;
export const DIRECTIONS: readonly Direction[] = ['ahead', 'back', 'left', 'right'];

export interface CandidateTry {
  target: Target;
  trick: boolean;
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

/** The one candidate of a family that names nothing. */
export const NO_TARGET: readonly CandidateTry[] = [{ target: { type: 'none' }, trick: false }];

export function seenIds(frames: readonly FrameView[], role: string): string[] {
  const ids = new Set<string>();
  for (const f of frames) for (const e of f.entities) if (e.role === role && e.pixels > 0) ids.add(e.entity);
  return [...ids].sort();
}

/** The entities with pixels in the ask frame. */
export function inViewNow(site: AskSite): Set<string> {
  return new Set(
    askFrame(site.ctx.ask)
      .entities.filter((e) => e.pixels > 0)
      .map((e) => e.entity),
  );
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
    .filter(
      (t) => !seen.has(t.id) && names.get(nameKey(t.colour, t.kind)) === 1 && !seenNames.has(nameKey(t.colour, t.kind)),
    )
    .map((t) => ({ id: t.id, colour: t.colour, kind: t.kind }));
  const kinds = [...new Set(things.map((t) => t.kind))].sort();
  const colours = [...new Set(things.map((t) => t.colour))].sort();
  const invented: ThingRef[] = [];
  for (const kind of kinds)
    for (const colour of colours) if (!names.has(nameKey(colour, kind))) invented.push({ colour, kind });
  return rng.shuffle([...unseen, ...invented]).slice(0, MAX_TRICKS);
}

/** People of the place never shown in the frames whose top colour no person shown wears. */
export function trickPeople(ctx: ScreenContext, rng: Stream): PersonRef[] {
  const seen = new Set(seenIds(ctx.ask.frames, 'person'));
  const seenColours = new Set(ctx.place.people.filter((p) => seen.has(p.id)).map((p) => p.colour));
  const pool = ctx.place.people
    .filter((p) => !seen.has(p.id) && !seenColours.has(p.colour))
    .map((p) => ({ id: p.id, colour: p.colour }));
  return rng.shuffle(pool).slice(0, MAX_TRICKS);
}

/**
 * The things a family may name: those seen in the ask frame (`now`), in the window so far (`seen`), or seen but out
 * of view now (`out_of_view`: in view, they are the now families' questions); then, when the slot tries a trick
 * first, never-shown things before them.
 */
export function thingTargets(
  site: AskSite,
  scope: 'now' | 'seen' | 'out_of_view',
  trickFirst: boolean,
): CandidateTry[] {
  const { ctx, rng } = site;
  const now = askFrame(ctx.ask);
  let ids = seenIds(scope === 'now' ? [now] : ctx.ask.frames, 'thing');
  if (scope === 'out_of_view') {
    const inView = inViewNow(site);
    ids = ids.filter((id) => !inView.has(id));
  }
  const real: CandidateTry[] = rng
    .shuffle(ids)
    .slice(0, MAX_TARGETS)
    .map((id) => {
      const t = ctx.place.things.find((x) => x.id === id);
      return {
        target: { type: 'thing', ref: { id, colour: t?.colour ?? 'unknown', kind: t?.kind ?? 'thing' } },
        trick: false,
      };
    });
  if (!trickFirst) return real;
  const tricks: CandidateTry[] = trickThings(ctx, rng).map((ref) => ({ target: { type: 'thing', ref }, trick: true }));
  return [...tricks, ...real];
}

/** The people seen in the window and out of view now; a trick person first when the slot tries one. */
export function personTargets(site: AskSite, trickFirst: boolean): CandidateTry[] {
  const { ctx, rng } = site;
  const inView = inViewNow(site);
  const real: CandidateTry[] = rng
    .shuffle(seenIds(ctx.ask.frames, 'person').filter((id) => !inView.has(id)))
    .slice(0, MAX_TARGETS)
    .map((id) => ({
      target: { type: 'person', ref: { id, colour: ctx.place.people.find((p) => p.id === id)?.colour ?? 'unknown' } },
      trick: false,
    }));
  if (!trickFirst) return real;
  return [
    ...trickPeople(ctx, rng).map((ref): CandidateTry => ({ target: { type: 'person', ref }, trick: true })),
    ...real,
  ];
}

/** The direction a candidate names (clear_path is handed nothing else). */
export function directionOf(target: Target): Direction {
  if (target.type !== 'direction') throw new Error('clear_path needs a direction');
  return target.direction;
}

/** The person a candidate names (person_mem is handed nothing else). */
export function personOf(target: Target): PersonRef {
  if (target.type !== 'person') throw new Error('person_mem needs a person');
  return target.ref;
}

/** The thing a candidate names (a family that names things is handed nothing else). */
export function thingOf(family: string, target: Target): ThingRef {
  if (target.type !== 'thing') throw new Error(`${family} needs a thing`);
  return target.ref;
}
