/**
 * person_mem (reuse, memory, place, memory): where on the map the person was last seen. Gold: the person's position
 * (the middle of where they stand) at their last sighting in the window; `unknown` when they had no pixel in the
 * window. p: at their floor contact point of that sighting (or their position on the floor), for the map place.
 */
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from './inputs.ts';
import { baseGold, skip, type FamilyOutcome } from './outcome.ts';
import { lastSighting } from './sightings.ts';
import { personName, TEXT } from './wording.ts';

/** A person named by the colour of their top; id absent for a person who does not exist. */
export interface PersonRef {
  id?: string;
  colour: string;
}

export function personMem(ctx: AskContext, ref: PersonRef): FamilyOutcome {
  const f = askFrame(ctx);
  const text = TEXT.person_mem(personName(ref.colour));
  const last = ref.id ? lastSighting(ctx.frames, ref.id) : undefined;
  if (!last) return { ok: true, family: 'person_mem', text, gold: baseGold(ctx, 'person_mem', { knowable: false, value: null, evidence: [f], pixel_m: ctx.grid.cell }) };
  const at = ctx.world.personAt(ref.id!, last.frame.t);
  if (!at) return skip('person_mem', 'the person was not in the place at their last sighting');
  const point = last.seen.contact?.point ?? [at.x, at.y, 0];
  const p = pixelSizeOr(ctx.job.intr, poseOfRecord(last.frame.camera), point, mapPlace, ctx.grid.cell);
  return { ok: true, family: 'person_mem', text, gold: baseGold(ctx, 'person_mem', { knowable: true, value: { x: at.x, y: at.y }, evidence: [last.frame], pixel_m: p }) };
}
