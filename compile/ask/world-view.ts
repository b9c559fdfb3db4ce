/** The WorldView of a timeline: solids at a time (memoised), people's positions, the place's things and people. */
import { personAt, solidsAt, type Timeline } from '../../layouts/timeline.ts';
import type { Solid } from '../../layouts/solids.ts';
import type { WorldView } from './inputs.ts';
import { peopleInfo } from './people.ts';

export function worldFromTimeline(tl: Timeline): WorldView {
  const cache = new Map<number, readonly Solid[]>();
  const things = new Map(tl.place.things.map((t) => [t.id, { id: t.id, kind: t.kind, colour: t.colour }]));
  const people = new Map(peopleInfo(tl.place).map((p) => [p.id, p]));
  return {
    solidsAt(t) {
      let s = cache.get(t);
      if (!s) {
        if (cache.size > 4096) cache.clear();
        s = solidsAt(tl, t);
        cache.set(t, s);
      }
      return s;
    },
    personAt(id, t) {
      const legs = tl.people[id];
      const p = legs ? personAt(legs, t) : undefined;
      return p ? { x: p.x, y: p.y } : undefined;
    },
    thing: (id) => things.get(id),
    person: (id) => people.get(id),
  };
}
