/**
 * no_lookalike: a knowable question about a thing is not asked when a member of its look-alike group (bag vs box,
 * towel vs folded clothes, bin vs drum: the place's `lookalike_group`) is in sight in any of the gold's evidence
 * frames, nor when another thing with the same name (colour word and kind) was seen in the window up to the ask, since
 * the question could then mean either.
 */
import { evidenceFrames, namedThing, placeThing, seenIn } from './evidence.ts';
import type { Screen } from './screen.ts';

export const noLookalike: Screen = {
  name: 'no_lookalike',
  apply(c, ctx) {
    const ref = namedThing(c);
    if (!ref?.id || !c.gold.knowable) return null;
    const me = placeThing(ctx, ref.id);
    const group = me?.lookalike_group;
    if (group) {
      const members = ctx.place.things.filter((t) => t.id !== ref.id && t.lookalike_group === group);
      for (const f of evidenceFrames(c, ctx)) {
        for (const m of members)
          if (seenIn(f, m.id))
            return `look-alike ${m.id} (${m.colour} ${m.kind}, group ${group}) in sight at evidence frame ${f.k}`;
      }
    }
    const namesakes = ctx.place.things.filter((t) => t.id !== ref.id && t.kind === ref.kind && t.colour === ref.colour);
    for (const n of namesakes) {
      const f = ctx.ask.frames.find((fr) => seenIn(fr, n.id));
      if (f) return `another ${ref.colour} ${ref.kind} (${n.id}) was seen at frame ${f.k}`;
    }
    return null;
  },
};
