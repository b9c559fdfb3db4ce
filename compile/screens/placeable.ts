/**
 * placeable: only points a monocular camera can place, read to within half the need at one pixel of error.
 * - A question about a thing's place (ego_now, ego_mem, object_where, way_to) needs the thing's sighting at each
 *   evidence frame to show where it meets the floor or the top it rests on (the visibility record's contact point).
 * - Every knowable gold needs p <= N/2: the pixel size at the gold no larger than half the need N the scorer
 *   grants there on the safe side, before the scorer's own two-pixel floor (which would make the test empty). So the
 *   harmful side's halved need still spans at least one pixel. List golds check each item against M.
 */
import type { ListThing } from '../../formats/gold-row.ts';
import type { GoldCore } from '../ask/outcome.ts';
import { evidenceFrames, namedThing, seenIn } from './evidence.ts';
import type { Screen } from './screen.ts';
import { familyDef } from '../family-registry.ts';

/** The need at the gold on the safe side, without the two-pixel floor (SCORING 1.5, 1.6); null for lists. */
export function needAtGold(g: GoldCore): number | null {
  const C = g.clearance_m;
  switch (g.answer_type) {
    case 'number':
      return Math.max(C, (g.value as number) / 10);
    case 'offset': {
      const v = g.value as { ahead: number; left: number };
      return Math.max(C, Math.hypot(v.ahead, v.left) / 10);
    }
    case 'place':
      return g.reacquire_m;
    case 'heading': {
      const t = g.heading_table;
      if (g.family === 'way_to') return Math.max(C, 2 * (t?.cell_m ?? g.pixel_m), g.reacquire_m / 10);
      return Math.max(C, (t?.best_run_m ?? 0) / 10);
    }
    default:
      return null;
  }
}

/** Why a knowable gold is not readable to half its need at one pixel, or null. */
export function pixelProblem(g: GoldCore): string | null {
  if (!g.knowable) return null;
  if (g.answer_type === 'list') {
    const M = g.match_m ?? g.reacquire_m;
    const bad = ((g.value ?? []) as ListThing[]).find((it) => it.pixel_m > M / 2);
    return bad
      ? `list item at (${bad.x}, ${bad.y}): p ${bad.pixel_m.toFixed(3)} m > M/2 = ${(M / 2).toFixed(3)} m`
      : null;
  }
  const N = needAtGold(g);
  if (N === null) return null;
  return g.pixel_m > N / 2 ? `p ${g.pixel_m.toFixed(3)} m > N/2 = ${(N / 2).toFixed(3)} m` : null;
}

export const placeable: Screen = {
  name: 'placeable',
  apply(c, ctx) {
    if (!c.gold.knowable) return null;
    const ref = namedThing(c);
    if (ref?.id && familyDef(c.family).contact) {
      for (const f of evidenceFrames(c, ctx)) {
        const s = seenIn(f, ref.id);
        if (!s?.contact) return `no visible point where ${ref.id} meets the floor or a top at evidence frame ${f.k}`;
      }
    }
    return pixelProblem(c.gold);
  },
};
