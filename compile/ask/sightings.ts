/**
 * Sightings: the frames in which an entity had pixels, the last one, and a thing as the world had it at a sighting
 * (its middle, size and support), so memory golds use the world as last seen.
 */
import type { V3 } from '../../layouts/camera.ts';
import { DEG, partsExtent } from '../../layouts/geometry/index.ts';
import type { FrameView, SeenEntity, WorldView } from './inputs.ts';

/** A thing counts as seen clearly at this many visible pixels (the recognizable screen's size). */
export const CLEAR_PX = 1024;

export interface Sighting {
  frame: FrameView;
  seen: SeenEntity;
}

/** Every frame in which the entity had pixels, in frame order. */
export function sightingsOf(frames: readonly FrameView[], entity: string): Sighting[] {
  const out: Sighting[] = [];
  for (const frame of frames) {
    const seen = frame.entities.find((e) => e.entity === entity && e.pixels > 0);
    if (seen) out.push({ frame, seen });
  }
  return out;
}

export function lastSighting(frames: readonly FrameView[], entity: string): Sighting | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const seen = frames[i].entities.find((e) => e.entity === entity && e.pixels > 0);
    if (seen) return { frame: frames[i], seen };
  }
  return undefined;
}

/** A thing's solids at time t, as the world had it. */
export interface ThingState {
  /** the middle of its footprint (centre of its extent in its own frame), map frame */
  middle: [number, number];
  /** its length: the longest side of its footprint in its own frame (m) */
  length_m: number;
  bottom_z: number;
  top_z: number;
}

/**
 * The thing's state at t from the world's solids, over every part in the frame of its first part's yaw (a cord's
 * first segment is as good as any); undefined when it is not in the scene (carried, absent).
 */
export function thingState(world: WorldView, id: string, t: number): ThingState | undefined {
  const solids = world.solidsAt(t).filter((s) => s.role === 'thing' && s.owner === id);
  if (!solids.length) return undefined;
  const e = partsExtent(solids);
  return { middle: e.middle, length_m: e.length, bottom_z: e.bottom, top_z: e.top };
}

/** The (ahead, left) horizontal offset of a map point from a camera (its position and yaw). */
export function offsetFrom(
  cam: { position: V3; yaw_deg: number },
  p: readonly number[],
): { ahead: number; left: number } {
  const dx = p[0] - cam.position[0],
    dy = p[1] - cam.position[1];
  const t = cam.yaw_deg * DEG;
  return { ahead: dx * Math.cos(t) + dy * Math.sin(t), left: -dx * Math.sin(t) + dy * Math.cos(t) };
}
