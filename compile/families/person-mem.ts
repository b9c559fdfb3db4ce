/**
 * person_mem (reuse, memory, place, memory): where on the map the person was last seen. Gold: the person's position
 * (the middle of where they stand) at their last sighting in the window; `unknown` when they had no pixel in the
 * window. p: at their floor contact point of that sighting (or their position on the floor), for the map place.
 */
import { place } from '../reader/answer.ts';
import { readPersonMem } from '../reader/people.ts';
import type { FamilyDef } from '../family.ts';
import { personOf, personTargets } from '../ask/targets.ts';
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { askFrame, type AskContext } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { lastSighting } from '../ask/sightings.ts';
import type { PersonRef } from '../ask/thing-ref.ts';
import { personName } from '../ask/names.ts';

/** The question's wording (docs/questions.md). */
const wording = (who: string) => `Where on the map did you last see ${who}?`;

/** A person named by the colour of their top; id absent for a person who does not exist. */
export function personMem(ctx: AskContext, ref: PersonRef): FamilyOutcome {
  const f = askFrame(ctx);
  const text = wording(personName(ref.colour));
  const last = ref.id ? lastSighting(ctx.frames, ref.id) : undefined;
  if (!last)
    return {
      ok: true,
      family: 'person_mem',
      text,
      gold: baseGold(ctx, family, { knowable: false, value: null, evidence: [f], pixel_m: ctx.grid.cell }),
    };
  const at = ctx.world.personAt(ref.id!, last.frame.t);
  if (!at) return skip('person_mem', 'the person was not in the place at their last sighting');
  const point = last.seen.contact?.point ?? [at.x, at.y, 0];
  const p = pixelSizeOr(ctx.job.intr, poseOfRecord(last.frame.camera), point, mapPlace, ctx.grid.cell);
  return {
    ok: true,
    family: 'person_mem',
    text,
    gold: baseGold(ctx, family, { knowable: true, value: { x: at.x, y: at.y }, evidence: [last.frame], pixel_m: p }),
  };
}

export const family: FamilyDef = {
  name: 'person_mem',
  kind: 'reuse',
  ability: 'memory',
  column: 'memory',
  answer_type: 'place',
  harmful_side: 'none',
  catastrophe: null,
  catastrophe_where: 'always',
  end: false,
  trick: true,
  contact: false,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [{ template: 'person_mem', text: wording(m.person) }],
  candidates: (site, trickFirst) => personTargets(site, trickFirst),
  read: (m, form) => place(readPersonMem(m, form.person ?? '')),
  gold: (site, target) => personMem(site.ctx.ask, personOf(target)),
};
