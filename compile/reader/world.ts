/**
 * The truth the perfect reader may consult about what its frames showed: the place's solids at a time (to read a
 * thing it saw, or the obstacle a drive meets), where a person it saw stood, and the place's names (things by
 * colour and kind, people by the colour of their top, rooms by name). Built from a script's timeline.json.
 */
import type { Solid } from '../../layouts/solids.ts';
import { personAt, solidsAt, type Timeline } from '../../layouts/timeline.ts';
import type { PersonInfo } from '../ask/inputs.ts';
import { peopleInfo } from '../ask/people.ts';

export interface ReaderWorld {
  solidsAt(t: number): readonly Solid[];
  personAt(id: string, t: number): { x: number; y: number } | undefined;
  things: readonly { id: string; kind: string; colour: string }[];
  people: readonly PersonInfo[];
  rooms: readonly { name: string; polygon: readonly (readonly [number, number])[] }[];
}

/** The reader's world from a timeline (solids memoised per time). */
export function readerWorld(tl: Timeline): ReaderWorld {
  const cache = new Map<number, readonly Solid[]>();
  return {
    solidsAt(t) {
      let s = cache.get(t);
      if (!s) {
        if (cache.size > 32) cache.clear();
        s = solidsAt(tl, t);
        cache.set(t, s);
      }
      return s;
    },
    personAt(id, t) {
      const p = personAt(tl.people[id] ?? [], t);
      return p ? { x: p.x, y: p.y } : undefined;
    },
    things: tl.place.things.map((t) => ({ id: t.id, kind: t.kind, colour: t.colour })),
    people: peopleInfo(tl.place),
    rooms: tl.place.rooms.map((r) => ({ name: r.name, polygon: r.polygon.map((q) => [q[0], q[1]] as const) })),
  };
}
