/**
 * What the screens read of a candidate: the thing it names (with the place's record of it), the frames its gold
 * names as evidence, and a thing's record in a frame.
 */
import type { Thing } from '../../layouts/place-schema.ts';
import type { FrameView, SeenEntity } from '../ask/inputs.ts';
import type { ThingRef } from '../ask/thing-ref.ts';
import type { ScreenCandidate, ScreenContext } from './screen.ts';

/** The thing a candidate names, or null when it names no thing. */
export function namedThing(c: ScreenCandidate): ThingRef | null {
  return c.target.type === 'thing' ? c.target.ref : null;
}

/** The place's record of a thing id. */
export function placeThing(ctx: ScreenContext, id: string | undefined): Thing | undefined {
  return id === undefined ? undefined : ctx.place.things.find((t) => t.id === id);
}

/** The window frames the gold names as its evidence (case indices k). */
export function evidenceFrames(c: ScreenCandidate, ctx: ScreenContext): FrameView[] {
  const ks = new Set(c.gold.evidence_frames);
  return ctx.window.filter((f) => ks.has(f.k));
}

/** An entity's record in a frame, when it had pixels there. */
export function seenIn(frame: FrameView, id: string): SeenEntity | undefined {
  return frame.entities.find((e) => e.entity === id && e.pixels > 0);
}

/** "grey remote": the words a thing's name is read by (colour and kind, underscores as spaces). */
export function nameWords(colour: string, kind: string): string {
  return `${colour} ${kind}`.replace(/_/g, ' ').toLowerCase();
}

/** Kinds that look alike with a kind in a place: its own, and every kind sharing a look-alike group with it. */
export function lookalikeKinds(things: readonly Thing[], kind: string): Set<string> {
  const groups = new Set(things.filter((t) => t.kind === kind && t.lookalike_group).map((t) => t.lookalike_group!));
  const kinds = new Set([kind]);
  for (const t of things) if (t.lookalike_group && groups.has(t.lookalike_group)) kinds.add(t.kind);
  return kinds;
}
