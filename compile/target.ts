/** What a candidate question names (a thing, a person, a direction, or nothing), and its key in the funnel. */
import type { Direction } from '../layouts/geometry/index.ts';
import type { PersonRef, ThingRef } from './ask/thing-ref.ts';

export type Target =
  | { type: 'thing'; ref: ThingRef }
  | { type: 'person'; ref: PersonRef }
  | { type: 'direction'; direction: Direction }
  | { type: 'none' };

export function targetKey(t: Target): string {
  switch (t.type) {
    case 'thing':
      return t.ref.id ?? `${t.ref.colour} ${t.ref.kind}`;
    case 'person':
      return t.ref.id ?? `person in ${t.ref.colour}`;
    case 'direction':
      return t.direction;
    default:
      return '';
  }
}
