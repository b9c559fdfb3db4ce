/**
 * object_where (reuse, memory, place, memory; an end question): where on the map the thing was last seen, measured
 * to its middle. Gold: the middle of the thing's footprint in the world at its last sighting in the window (as last
 * seen); `unknown` when it had no pixel in the window. Its evidence frame is the clearest recognizable view of it
 * at that place (clearestSighting). Extras: its length L and top_above_camera (its top was above the camera at every
 * clear sighting, 1,024 pixels or more; at every sighting when none was clear), which widen R for long things seen
 * only from the side. p: at the contact point of the evidence frame's sighting (or the middle on its support when
 * none was visible), for the map place.
 */
import { place, UNKNOWN } from '../reader/answer.ts';
import { readObjectWhere } from '../reader/things.ts';
import type { FamilyDef } from '../family.ts';
import { thingOf, thingTargets } from '../ask/targets.ts';
import { askFrame, type AskContext } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { CLEAR_PX, clearestSighting, sightingsOf, thingState } from '../ask/sightings.ts';
import { nameOf, type ThingRef } from '../ask/thing-ref.ts';

/** The question's wording (docs/questions.md). */
const wording = (thing: string) => `Where on the map did you last see ${thing}? Give the middle of it.`;

export function objectWhere(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const f = askFrame(ctx);
  const text = wording(nameOf(ref));
  const critical = !!ref.id && !!ctx.critical?.has(ref.id);
  const all = ref.id ? sightingsOf(ctx.frames, ref.id) : [];
  if (!all.length) {
    return {
      ok: true,
      family: 'object_where',
      text,
      gold: baseGold(ctx, family, {
        knowable: false,
        value: null,
        evidence: [f],
        pixel_m: ctx.grid.cell,
        task_critical: critical,
      }),
    };
  }
  const last = all[all.length - 1];
  const st = thingState(ctx.world, ref.id!, last.frame.t);
  if (!st) return skip('object_where', 'the thing was not in the scene at its last sighting (carried)');
  const clear = all.filter((s) => s.seen.pixels >= CLEAR_PX);
  const judgedBy = clear.length ? clear : all;
  const topAbove = judgedBy.every(
    (s) => (thingState(ctx.world, ref.id!, s.frame.t)?.top_z ?? -Infinity) > s.frame.camera.position[2],
  );
  // evidence: the clearest recognizable view of it at the place it was last seen
  const { sighting: shown, p } = clearestSighting(ctx, ctx.frames, ref.id!, st, { recognizable: true });
  const gold = baseGold(ctx, family, {
    knowable: true,
    value: { x: st.middle[0], y: st.middle[1] },
    evidence: [shown.frame],
    pixel_m: p,
    task_critical: critical,
  });
  return {
    ok: true,
    family: 'object_where',
    text,
    gold: { ...gold, length_m: st.length_m, top_above_camera: topAbove },
  };
}

export const family: FamilyDef = {
  name: 'object_where',
  kind: 'reuse',
  ability: 'memory',
  column: 'memory',
  answer_type: 'place',
  harmful_side: 'none',
  catastrophe: null,
  catastrophe_where: 'always',
  end: true,
  trick: true,
  contact: true,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [{ template: 'object_where', text: wording(m.thing) }],
  candidates: (site, trickFirst) => thingTargets(site, 'out_of_view', trickFirst),
  read: (m, form) => (form.thing ? place(readObjectWhere(m, form.thing)) : UNKNOWN),
  gold: (site, target) => objectWhere(site.ctx.ask, thingOf('object_where', target)),
};
