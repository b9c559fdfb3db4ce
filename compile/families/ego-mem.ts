/**
 * ego_mem (situation, memory, offset, memory): where the same point (the nearest visible contact point) of a thing
 * seen earlier and out of view now is, from the camera now. Gold: the contact point recorded at the thing's last
 * sighting in the window (the world as last seen: a thing moved while unseen keeps it), as (ahead, left) metres
 * from the ask frame's camera. `unknown` when the thing had no pixel in the window. Asked only when the thing is
 * out of view in the ask frame and its last sighting shows a contact point. p: at that point, from the camera of
 * the last sighting, for the point's planar shift (the offset moves with it rigidly).
 */
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from './inputs.ts';
import { baseGold, skip, type FamilyOutcome } from './outcome.ts';
import { lastSighting, offsetFrom } from './sightings.ts';
import { nameOf, type ThingRef } from './thing-ref.ts';
import { TEXT } from './wording.ts';

export function egoMem(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const f = askFrame(ctx);
  const text = TEXT.ego_mem(nameOf(ref));
  const last = ref.id ? lastSighting(ctx.frames, ref.id) : undefined;
  const critical = !!ref.id && !!ctx.critical?.has(ref.id);
  if (!last) {
    return { ok: true, family: 'ego_mem', text, gold: baseGold(ctx, 'ego_mem', { knowable: false, value: null, evidence: [f], pixel_m: ctx.grid.cell, task_critical: critical }) };
  }
  if (last.frame === f) return skip('ego_mem', 'the thing is in view now');
  if (!last.seen.contact) return skip('ego_mem', 'no visible point where the thing meets its support at its last sighting');
  const point = last.seen.contact.point;
  const p = pixelSizeOr(ctx.job.intr, poseOfRecord(last.frame.camera), point, mapPlace, ctx.grid.cell);
  const gold = baseGold(ctx, 'ego_mem', { knowable: true, value: offsetFrom(f.camera, point), evidence: [last.frame], pixel_m: p, task_critical: critical });
  return { ok: true, family: 'ego_mem', text, gold };
}
