/**
 * Things as the perfect reader remembers them: which of the place's things a name means, the frames that showed
 * them, and a thing as the world had it when last seen (the middle of its footprint, its bottom), so places are
 * read as last seen and offsets from the contact point the frame recorded.
 */
import { DEG, tiltedOutline } from '../../layouts/geometry/index.ts';
import { zRange, type Solid } from '../../layouts/solids.ts';
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
  const a = (parts[0].yaw_deg ?? 0) * DEG;
  const ca = Math.cos(a),
    sa = Math.sin(a);
  let u0 = Infinity,
    u1 = -Infinity,
    v0 = Infinity,
    v1 = -Infinity,
    bottom = Infinity,
    top = -Infinity;
  for (const p of parts) {
    bottom = Math.min(bottom, zRange(p)[0]);
    top = Math.max(top, zRange(p)[1]);
    const b = (p.yaw_deg ?? 0) * DEG;
    const hx = p.size[0] / 2,
      hy = p.size[1] / 2;
    // an rbox's extent is its box's
    const boxy = p.shape === 'box' || p.shape === 'rbox';
    const local: [number, number][] = boxy
      ? [
          [hx, hy],
          [-hx, hy],
          [-hx, -hy],
          [hx, -hy],
        ]
      : [
          [hx, 0],
          [-hx, 0],
          [0, hx],
          [0, -hx],
        ];
    // a tilted solid's extent: its outline seen from above
    const world: [number, number][] =
      tiltedOutline(p) ??
      local.map(([lx, ly]) => [
        p.center[0] + (boxy ? Math.cos(b) * lx - Math.sin(b) * ly : lx),
        p.center[1] + (boxy ? Math.sin(b) * lx + Math.cos(b) * ly : ly),
      ]);
    for (const [x, y] of world) {
      const u = ca * x + sa * y,
        v = -sa * x + ca * y;
      u0 = Math.min(u0, u);
      u1 = Math.max(u1, u);
      v0 = Math.min(v0, v);
      v1 = Math.max(v1, v);
    }
  }
  const um = (u0 + u1) / 2,
    vm = (v0 + v1) / 2;
  return { middle: [ca * um - sa * vm, sa * um + ca * vm], bottom, top };
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
