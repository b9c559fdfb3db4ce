/**
 * Sightings: the frames in which an entity had pixels, the last one, and a thing as the world had it at a sighting
 * (its middle, size and support), so memory golds use the world as last seen.
 */
import type { V3 } from '../../layouts/camera.ts';
import { zRange, type Solid } from '../../layouts/solids.ts';
import { DEG, tiltedOutline } from '../../layouts/geometry/index.ts';
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

/** The thing's state at t from the world's solids; undefined when it is not in the scene (carried, absent). */
export function thingState(world: WorldView, id: string, t: number): ThingState | undefined {
  const solids = world.solidsAt(t).filter((s) => s.role === 'thing' && s.owner === id);
  return solids.length ? stateOfSolids(solids) : undefined;
}

function stateOfSolids(solids: readonly Solid[]): ThingState {
  // the thing's own frame: the yaw of its first solid (a cord's first segment is as good as any: its extent is taken
  // over every segment's corners)
  const yaw = (solids[0].yaw_deg ?? 0) * DEG;
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  let a0 = Infinity,
    a1 = -Infinity,
    b0 = Infinity,
    b1 = -Infinity,
    z0 = Infinity,
    z1 = -Infinity;
  for (const so of solids) {
    const [lo, hi] = zRange(so);
    z0 = Math.min(z0, lo);
    z1 = Math.max(z1, hi);
    const y2 = (so.yaw_deg ?? 0) * DEG;
    const hx = so.size[0] / 2,
      hy = so.size[1] / 2;
    // an rbox's extent is its box's; a tilted solid's its outline seen from above
    const corners: [number, number][] =
      tiltedOutline(so) ??
      (so.shape === 'box' || so.shape === 'rbox'
        ? [
            [hx, hy],
            [-hx, hy],
            [-hx, -hy],
            [hx, -hy],
          ].map(([u, v]) => [
            so.center[0] + Math.cos(y2) * u - Math.sin(y2) * v,
            so.center[1] + Math.sin(y2) * u + Math.cos(y2) * v,
          ])
        : [
            [so.center[0] + hx, so.center[1]],
            [so.center[0] - hx, so.center[1]],
            [so.center[0], so.center[1] + hx],
            [so.center[0], so.center[1] - hx],
          ]);
    for (const [x, y] of corners) {
      const a = c * x + s * y,
        b = -s * x + c * y;
      a0 = Math.min(a0, a);
      a1 = Math.max(a1, a);
      b0 = Math.min(b0, b);
      b1 = Math.max(b1, b);
    }
  }
  const am = (a0 + a1) / 2,
    bm = (b0 + b1) / 2;
  return { middle: [c * am - s * bm, s * am + c * bm], length_m: Math.max(a1 - a0, b1 - b0), bottom_z: z0, top_z: z1 };
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
