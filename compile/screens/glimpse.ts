/**
 * glimpse: a glimpse is not a sighting. An unknown-gold question about a thing (a trick, or a real thing never
 * shown) is not asked when, anywhere in the window up to the ask, a same-coloured look-alike of the named kind (the
 * kind itself or one sharing its look-alike group) had pixels but was never seen recognizably (every sighting below
 * MIN_PIXELS, unlit or at the frame's edge): a careful reader could not rule out that the glimpse was the thing.
 * Same-coloured: the look-alike's colour word is the named colour, or a glimpse of it was named that colour.
 */
import { lookalikeKinds, namedThing, seenIn } from './evidence.ts';
import { isRecognizable } from './recognizable.ts';
import type { Screen } from './screen.ts';

export const glimpse: Screen = {
  name: 'glimpse',
  apply(c, ctx) {
    const ref = namedThing(c);
    if (!ref || c.gold.knowable) return null;
    const kinds = lookalikeKinds(ctx.place.things, ref.kind);
    for (const t of ctx.place.things) {
      if (t.id === ref.id || !kinds.has(t.kind)) continue;
      const sightings = ctx.ask.frames.flatMap((f) => {
        const s = seenIn(f, t.id);
        return s ? [{ f, s }] : [];
      });
      if (!sightings.length || sightings.some((x) => isRecognizable(x.s))) continue;
      const same = t.colour === ref.colour || sightings.some((x) => x.s.colour === ref.colour);
      if (same) {
        const first = sightings[0];
        return `a ${ref.colour} look-alike (${t.id}, ${t.colour} ${t.kind}) was only glimpsed (${first.s.pixels} px at frame ${first.f.k})`;
      }
    }
    return null;
  },
};
