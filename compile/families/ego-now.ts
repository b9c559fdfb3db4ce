/**
 * ego_now (situation, distance, offset, now): where the nearest visible point of a thing in view is, from the
 * camera now: the visibility record's contact point (the nearest visible point where the thing meets the floor or
 * the top it rests on), as (ahead, left) metres from the camera, horizontal. Asked only of a thing with pixels and
 * a visible contact point in the ask frame. p: at the contact point, for the offset (the point's planar shift).
 */
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from './inputs.ts';
import { baseGold, skip, type FamilyOutcome } from './outcome.ts';
import { offsetFrom } from './sightings.ts';
import { nameOf, type ThingRef } from './thing-ref.ts';
import { TEXT } from './wording.ts';

export function egoNow(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const f = askFrame(ctx);
  const seen = ref.id ? f.entities.find((e) => e.entity === ref.id && e.pixels > 0) : undefined;
  if (!seen) return skip('ego_now', 'the thing is not in view');
  if (!seen.contact) return skip('ego_now', 'no visible point where the thing meets its support');
  const p = pixelSizeOr(ctx.job.intr, poseOfRecord(f.camera), seen.contact.point, mapPlace, ctx.grid.cell);
  const gold = baseGold(ctx, 'ego_now', {
    knowable: true,
    value: offsetFrom(f.camera, seen.contact.point),
    evidence: [f],
    pixel_m: p,
    task_critical: !!ref.id && !!ctx.critical?.has(ref.id),
  });
  return { ok: true, family: 'ego_now', text: TEXT.ego_now(nameOf(ref)), gold };
}
