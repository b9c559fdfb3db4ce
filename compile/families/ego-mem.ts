/**
 * ego_mem (situation, memory, offset, memory): where the same point (the nearest visible contact point) of a thing
 * seen earlier and out of view now is, from the camera now. Gold: the contact point recorded at the thing's last
 * sighting in the window (the world as last seen: a thing moved while unseen keeps it), as (ahead, left) metres
 * from the ask frame's camera. `unknown` when the thing had no pixel in the window. Asked only when the thing is
 * out of view in the ask frame and its last sighting shows a contact point. p: at that point, from the camera of
 * the last sighting, for the point's planar shift (the offset moves with it rigidly).
 */
import { offset, UNKNOWN } from '../reader/answer.ts';
import { readEgoMem } from '../reader/things.ts';
import type { FamilyDef } from '../family.ts';
import { thingOf, thingTargets } from '../ask/targets.ts';
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { lastSighting, offsetFrom } from '../ask/sightings.ts';
import { nameOf, type ThingRef } from '../ask/thing-ref.ts';

/** The question's wording (docs/questions.md). */
const wording = (thing: string) =>
  `Where is the point of ${thing} you saw earlier, where it meets the floor or the surface it stands on, nearest to your camera when you last saw it, from your camera now?`;

export function egoMem(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const f = askFrame(ctx);
  const text = wording(nameOf(ref));
  const last = ref.id ? lastSighting(ctx.frames, ref.id) : undefined;
  const critical = !!ref.id && !!ctx.critical?.has(ref.id);
  if (!last) {
    return {
      ok: true,
      family: 'ego_mem',
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
  if (last.frame === f) return skip('ego_mem', 'the thing is in view now');
  if (!last.seen.contact)
    return skip('ego_mem', 'no visible point where the thing meets its support at its last sighting');
  const point = last.seen.contact.point;
  const p = pixelSizeOr(ctx.job.intr, poseOfRecord(last.frame.camera), point, mapPlace, ctx.grid.cell);
  const gold = baseGold(ctx, family, {
    knowable: true,
    value: offsetFrom(f.camera, point),
    evidence: [last.frame],
    pixel_m: p,
    task_critical: critical,
  });
  return { ok: true, family: 'ego_mem', text, gold };
}

export const family: FamilyDef = {
  name: 'ego_mem',
  kind: 'situation',
  ability: 'memory',
  column: 'memory',
  answer_type: 'offset',
  harmful_side: 'farther',
  catastrophe: null,
  catastrophe_where: 'always',
  end: false,
  trick: true,
  contact: true,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [{ template: 'ego_mem', text: wording(m.thing) }],
  candidates: (site, trickFirst) => thingTargets(site, 'out_of_view', trickFirst),
  read: (m, form) => (form.thing ? offset(readEgoMem(m, form.thing)) : UNKNOWN),
  gold: (site, target) => egoMem(site.ctx.ask, thingOf('ego_mem', target)),
};
