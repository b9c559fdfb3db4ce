/**
 * What a where-is question names: a thing by colour word and kind, with its id when it exists in the place. A
 * trick question names a colour and kind with no id (or an id never shown in the window): its gold is unknown and
 * its wording is the same as a real one's.
 */
import type { AskContext } from './inputs.ts';
import { thingName } from './names.ts';

/** What a person question names: a person by the colour of their top, with their id when they exist. */
export interface PersonRef {
  id?: string;
  colour: string;
}

export interface ThingRef {
  /** the thing's id in the place; absent for a thing that does not exist */
  id?: string;
  colour: string;
  kind: string;
}

/** The reference of a thing of the place. */
export function refOf(ctx: AskContext, id: string): ThingRef {
  const t = ctx.world.thing(id);
  if (!t) throw new Error(`no thing ${id} in the place`);
  return { id, colour: t.colour, kind: t.kind };
}

export function nameOf(ref: ThingRef): string {
  return thingName(ref.colour, ref.kind);
}
