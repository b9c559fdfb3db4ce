/**
 * thing_range (situation, distance, number, now): how far the nearest visible point of a thing in view is from
 * the camera, along the floor: the horizontal distance from the camera to the visibility record's contact point (the
 * nearest visible point where the thing meets the floor or the top it rests on). Asked only of a thing with pixels
 * and a visible contact point in the ask frame. p: at the contact point, for the horizontal range. Harmful side:
 * longer (a thing placed farther than it is is driven into). Declared here and asked by no job of the release; a
 * job asks it by naming it in its families and slots.
 */
import { number, UNKNOWN } from '../reader/answer.ts';
import { readEgoNow } from '../reader/things.ts';
import type { FamilyDef } from '../family.ts';
import { thingOf, thingTargets } from '../ask/targets.ts';
import { horizontalRange, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { offsetFrom } from '../ask/sightings.ts';
import { nameOf, type ThingRef } from '../ask/thing-ref.ts';

/** The question's wording (docs/questions.md). */
const wording = (thing: string) =>
  `How far from your camera, along the floor, is the point of ${thing} you can see now that is nearest to it? Answer in metres.`;

const range = (o: { ahead: number; left: number }) => Math.hypot(o.ahead, o.left);

export function thingRange(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const f = askFrame(ctx);
  const seen = ref.id ? f.entities.find((e) => e.entity === ref.id && e.pixels > 0) : undefined;
  if (!seen) return skip('thing_range', 'the thing is not in view');
  if (!seen.contact) return skip('thing_range', 'no visible point where the thing meets its support');
  const cam = poseOfRecord(f.camera);
  const p = pixelSizeOr(ctx.job.intr, cam, seen.contact.point, horizontalRange(cam), ctx.grid.cell);
  const gold = baseGold(ctx, family, {
    knowable: true,
    value: range(offsetFrom(f.camera, seen.contact.point)),
    evidence: [f],
    pixel_m: p,
    task_critical: !!ref.id && !!ctx.critical?.has(ref.id),
  });
  return { ok: true, family: 'thing_range', text: wording(nameOf(ref)), gold };
}

export const family: FamilyDef = {
  name: 'thing_range',
  kind: 'situation',
  ability: 'distance',
  column: 'now',
  answer_type: 'number',
  harmful_side: 'longer',
  catastrophe: null,
  catastrophe_where: 'always',
  end: false,
  trick: false,
  contact: true,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [{ template: 'thing_range', text: wording(m.thing) }],
  candidates: (site, trickFirst) => thingTargets(site, 'now', trickFirst),
  read: (m, form) => {
    if (!form.thing) return UNKNOWN;
    const o = readEgoNow(m, form.thing);
    return number(o ? range(o) : null);
  },
  gold: (site, target) => thingRange(site.ctx.ask, thingOf('thing_range', target)),
};
