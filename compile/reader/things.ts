/**
 * Things as the perfect reader remembers them: which of the place's things a name means, the frames that showed
 * them, and a thing as the world had it when last seen (the middle of its footprint, its bottom), so places are
 * read as last seen and offsets from the contact point the frame recorded.
 */
import { partsExtent } from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';
import { offsetFrom } from './frame-math.ts';
import { spoken } from '../ask/names.ts';
import { frameNow, sightings, type ReaderEntity, type ReaderFrame, type ReaderMemory } from './memory.ts';

export interface ThingName {
  colour: string;
  kind: string;
}

/** The place's thing ids a spoken name (colour words and kind) means. */
export function idsNamed(m: ReaderMemory, name: ThingName): string[] {
  const want = `${name.colour} ${name.kind}`;
  return m.world.things.filter((t) => `${spoken(t.colour)} ${spoken(t.kind)}` === want).map((t) => t.id);
}

/** The last sighting among the frames of any thing the name means. */
export function lastSightingNamed(
  m: ReaderMemory,
  frames: readonly ReaderFrame[],
  name: ThingName,
): { id: string; frame: ReaderFrame; e: ReaderEntity } | null {
  let best: { id: string; frame: ReaderFrame; e: ReaderEntity; i: number } | null = null;
  for (const id of idsNamed(m, name)) {
    const s = sightings(frames, id);
    const last = s[s.length - 1];
    if (!last) continue;
    const i = frames.indexOf(last.frame);
    if (!best || i > best.i) best = { id, ...last, i };
  }
  return best;
}

/** A thing as the world had it at t: the middle of its footprint (in its own frame), its bottom and its top. */
export function thingAt(
  m: ReaderMemory,
  id: string,
  t: number,
): { middle: [number, number]; bottom: number; top: number } | null {
  const parts: Solid[] = m.world.solidsAt(t).filter((s) => s.role === 'thing' && s.owner === id);
  if (!parts.length) return null;
  const e = partsExtent(parts);
  return { middle: e.middle, bottom: e.bottom, top: e.top };
}

/** object_where: the middle of the named thing as last seen, or null when the frames never showed it. */
export function readObjectWhere(m: ReaderMemory, name: ThingName): { x: number; y: number } | null {
  const last = lastSightingNamed(m, m.frames, name);
  const st = last ? thingAt(m, last.id, last.frame.t) : null;
  return st ? { x: st.middle[0], y: st.middle[1] } : null;
}

/** ego_now: the contact point of the named thing in view now, from the camera now; null when none. */
export function readEgoNow(m: ReaderMemory, name: ThingName): { ahead: number; left: number } | null {
  const now = frameNow(m);
  const last = lastSightingNamed(m, [now], name);
  return last?.e.contact ? offsetFrom(now.camera, last.e.contact.point) : null;
}

/** ego_mem: the contact point of the named thing's last sighting, from the camera now; null when never seen. */
export function readEgoMem(m: ReaderMemory, name: ThingName): { ahead: number; left: number } | null {
  const last = lastSightingNamed(m, m.frames, name);
  return last?.e.contact ? offsetFrom(frameNow(m).camera, last.e.contact.point) : null;
}
