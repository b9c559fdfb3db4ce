/**
 * The people families as a perfect reader answers them: a person it saw stands where the frame showed them (the
 * world at that frame's time); the gap to the body is the distance from the body's footprint to the person's
 * disc (half their shoulder width; swept over a seated person's legs), 0 when they meet. Where a person will be is
 * predicted the way a reader of the frames can: the constant-velocity extrapolation of their last two sightings
 * (docs/questions.md).
 */
import { bodyAt } from '../../layouts/geometry/index.ts';
import { spoken } from '../ask/names.ts';
import { gapToPerson } from '../ask/people.ts';
import { currentTask, frameNow, sightings, type ReaderFrame, type ReaderMemory } from './memory.ts';

/** Sightings further apart than this (s) make no track. */
const TRACK_S = 10;
/** A person seen this long ago (s) is not the one approach_mem asks about. */
const RECENT_S = 60;
const STEP_S = 0.1;

function gap(m: ReaderMemory, pose: ReaderFrame['pose'], at: { x: number; y: number }, id: string): number {
  const fp = bodyAt(m.job.body, { x: pose.x, y: pose.y, yaw_deg: pose.heading_deg });
  const person = m.world.people.find((p) => p.id === id) ?? { id, colour: '', radius_m: 0.2 };
  return gapToPerson(fp, at, person);
}

/** People with pixels in a frame. */
function inView(f: ReaderFrame): string[] {
  return f.entities.filter((e) => e.role === 'person' && e.pixels > 0).map((e) => e.entity);
}

/** closest_person: the smallest gap the task's frames showed, or null when they showed nobody. */
export function readClosestPerson(m: ReaderMemory): number | null {
  let best: number | null = null;
  for (const f of currentTask(m)) {
    for (const id of inView(f)) {
      const at = m.world.personAt(id, f.t);
      if (!at) continue;
      const g = gap(m, f.pose, at, id);
      if (best === null || g < best) best = g;
    }
  }
  return best;
}

/** The smallest gap to the body now over the horizon, the person extrapolated from their last two sightings. */
function predictedGap(m: ReaderMemory, id: string): number | null {
  const now = frameNow(m);
  const s = sightings(currentTask(m), id);
  const last = s[s.length - 1];
  if (!last) return null;
  const pb = m.world.personAt(id, last.frame.t);
  if (!pb) return null;
  let vx = 0,
    vy = 0;
  const prev = s[s.length - 2];
  const pa = prev ? m.world.personAt(id, prev.frame.t) : undefined;
  if (prev && pa && last.frame.t > prev.frame.t && last.frame.t - prev.frame.t <= TRACK_S) {
    vx = (pb.x - pa.x) / (last.frame.t - prev.frame.t);
    vy = (pb.y - pa.y) / (last.frame.t - prev.frame.t);
  }
  const t1 = now.t + m.job.horizon_s;
  const n = Math.ceil((t1 - now.t) / STEP_S);
  let best = Infinity;
  for (let i = 0; i <= n; i++) {
    const t = Math.min(t1, now.t + i * STEP_S);
    const at = { x: pb.x + vx * (t - last.frame.t), y: pb.y + vy * (t - last.frame.t) };
    best = Math.min(best, gap(m, now.pose, at, id));
  }
  return best;
}

/** closest_approach: the least predicted gap over the people in view now, or null when nobody is in view. */
export function readClosestApproach(m: ReaderMemory): number | null {
  let best: number | null = null;
  for (const id of inView(frameNow(m))) {
    const g = predictedGap(m, id);
    if (g !== null && (best === null || g < best)) best = g;
  }
  return best;
}

/** approach_mem: the predicted gap of the person in the named top seen last (out of view now), or null. */
export function readApproachMem(m: ReaderMemory, colour: string): number | null {
  const frames = currentTask(m);
  const now = frameNow(m);
  const here = new Set(inView(now));
  let who: { id: string; t: number } | null = null;
  for (const f of frames) for (const id of inView(f)) if (!here.has(id) && (!who || f.t >= who.t)) who = { id, t: f.t };
  const named = (id: string) => spoken(m.world.people.find((p) => p.id === id)?.colour ?? '') === colour;
  if (!who || !named(who.id)) {
    // the named person's own last sighting, when the last-seen person wears another top
    who = null;
    for (const f of frames)
      for (const id of inView(f)) if (!here.has(id) && named(id) && (!who || f.t >= who.t)) who = { id, t: f.t };
  }
  if (!who || now.t - who.t > RECENT_S) return null;
  return predictedGap(m, who.id);
}

/** person_mem: where the person in the named top stood at their last sighting, or null when never seen. */
export function readPersonMem(m: ReaderMemory, colour: string): { x: number; y: number } | null {
  const ids = new Set(m.world.people.filter((p) => spoken(p.colour) === colour).map((p) => p.id));
  let last: { id: string; t: number } | null = null;
  for (const f of m.frames)
    for (const e of f.entities) if (e.pixels > 0 && ids.has(e.entity)) last = { id: e.entity, t: f.t };
  return last ? (m.world.personAt(last.id, last.t) ?? null) : null;
}

/** drop_zone_people: the people in view standing within the radius of the point below (the edge band left out). */
export function readDropZone(m: ReaderMemory): { x: number; y: number }[] {
  const r = m.job.dropRadius_m;
  const now = frameNow(m);
  if (r === null) return [];
  const out: { x: number; y: number }[] = [];
  for (const id of inView(now)) {
    const at = m.world.personAt(id, now.t);
    if (at && Math.hypot(at.x - now.pose.x, at.y - now.pose.y) - r < -m.grid.cell) out.push(at);
  }
  return out;
}
