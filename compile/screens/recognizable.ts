/**
 * recognizable: a knowable question about a thing is asked only where a careful reader could pick the thing out at
 * the gold's evidence frames: at least MIN_PIXELS visible pixels, lit (mean brightness at least LIT_FLOOR), clear of
 * the frame's edge by EDGE_MARGIN_PX, and the colour word the question uses is the colour most of its clear frames
 * show. Unknown golds (nothing shown) are the glimpse screen's.
 */
import type { FrameView, SeenEntity } from '../ask/inputs.ts';
import { MIN_PIXELS, sightingProblem } from '../ask/sightings.ts';
import { evidenceFrames, namedThing, seenIn } from './evidence.ts';
import type { Screen } from './screen.ts';

export { EDGE_MARGIN_PX, isRecognizable, LIT_FLOOR, MIN_PIXELS, sightingProblem } from '../ask/sightings.ts';

/**
 * The colour most of the thing's frames show: the plurality of the colour words its clear sightings (MIN_PIXELS or
 * more) were named with (all its sightings when none is clear); null on a tie or when none was named.
 */
export function shownColour(
  frames: readonly FrameView[],
  id: string,
): { word: string | null; votes: Record<string, number> } {
  const all = frames.map((f) => seenIn(f, id)).filter((s): s is SeenEntity => !!s);
  const clear = all.filter((s) => s.pixels >= MIN_PIXELS);
  const votes: Record<string, number> = {};
  for (const s of clear.length ? clear : all) if (s.colour) votes[s.colour] = (votes[s.colour] ?? 0) + 1;
  const ranked = Object.entries(votes).sort((a, b) => b[1] - a[1]);
  if (!ranked.length || (ranked.length > 1 && ranked[0][1] === ranked[1][1])) return { word: null, votes };
  return { word: ranked[0][0], votes };
}

export const recognizable: Screen = {
  name: 'recognizable',
  apply(c, ctx) {
    const ref = namedThing(c);
    if (!ref?.id || !c.gold.knowable) return null;
    for (const f of evidenceFrames(c, ctx)) {
      const why = sightingProblem(seenIn(f, ref.id));
      if (why) return `evidence frame ${f.k}: ${why}`;
    }
    const shown = shownColour(ctx.ask.frames, ref.id);
    if (shown.word !== ref.colour) {
      const votes =
        Object.entries(shown.votes)
          .map(([w, n]) => `${w} ${n}`)
          .join(', ') || 'none';
      return `colour word "${ref.colour}" is not the colour most of its frames show (${votes})`;
    }
    return null;
  },
};
