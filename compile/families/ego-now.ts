/**
 * ego_now (situation, distance, offset, now): where the nearest visible point of a thing in view is, from the
 * camera now: the visibility record's contact point (the nearest visible point where the thing meets the floor or
 * the top it rests on), as (ahead, left) metres from the camera, horizontal. Asked only of a thing with pixels and
 * a visible contact point in the ask frame. p: at the contact point, for the offset (the point's planar shift).
 */
import { offset, UNKNOWN } from '../reader/answer.ts';
import { readEgoNow } from '../reader/things.ts';
import type { FamilyDef } from '../family.ts';
import { thingOf, thingTargets } from '../ask/targets.ts';
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { offsetFrom } from '../ask/sightings.ts';
import { nameOf, type ThingRef } from '../ask/thing-ref.ts';

/** The question's wording (docs/questions.md). */
const wording = (thing: string) => `Where is the point of ${thing} you can see now that is nearest to your camera?`;

export function egoNow(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const f = askFrame(ctx);
  const seen = ref.id ? f.entities.find((e) => e.entity === ref.id && e.pixels > 0) : undefined;
  if (!seen) return skip('ego_now', 'the thing is not in view');
  if (!seen.contact) return skip('ego_now', 'no visible point where the thing meets its support');
  const p = pixelSizeOr(ctx.job.intr, poseOfRecord(f.camera), seen.contact.point, mapPlace, ctx.grid.cell);
  const gold = baseGold(ctx, family, {
    knowable: true,
    value: offsetFrom(f.camera, seen.contact.point),
    evidence: [f],
    pixel_m: p,
    task_critical: !!ref.id && !!ctx.critical?.has(ref.id),
  });
  return { ok: true, family: 'ego_now', text: wording(nameOf(ref)), gold };
}

export const family: FamilyDef = {
  name: 'ego_now',
  kind: 'situation',
  ability: 'distance',
  column: 'now',
  answer_type: 'offset',
  harmful_side: 'farther',
  catastrophe: null,
  catastrophe_where: 'always',
  end: false,
  trick: false,
  contact: true,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [{ template: 'ego_now', text: wording(m.thing) }],
  candidates: (site, trickFirst) => thingTargets(site, 'now', trickFirst),
  read: (m, form) => (form.thing ? offset(readEgoNow(m, form.thing)) : UNKNOWN),
  gold: (site, target) => egoNow(site.ctx.ask, thingOf('ego_now', target)),
};
