/**
 * Sightings: the frames in which an entity had pixels, the last one, and a thing as the world had it at a sighting
 * (its middle, size and support), so memory golds use the world as last seen.
 */
import type { V3 } from '../../layouts/camera.ts';
import { DEG, partsExtent } from '../../layouts/geometry/index.ts';
import { mapPlace, pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import type { AskContext, FrameView, SeenEntity, WorldView } from './inputs.ts';

/** A thing counts as seen clearly at this many visible pixels (the recognizable screen's size). */
export const CLEAR_PX = 1024;

/** Visible pixels a thing needs to be recognizable (SPEC F2). */
export const MIN_PIXELS = CLEAR_PX;
/** Mean Rec.709 luma (sRGB, 0..255) of its pixels below which a thing is not lit (docs/questions.md says why). */
export const LIT_FLOOR = 30;
/** Pixels between the thing's box and the frame's edge, at least (one JPEG block). */
export const EDGE_MARGIN_PX = 8;

/** Why one sighting does not show the thing recognizably, or null when it does. */
export function sightingProblem(seen: SeenEntity | undefined): string | null {
  if (!seen) return 'not in view';
  if (seen.pixels < MIN_PIXELS) return `${seen.pixels} px < ${MIN_PIXELS}`;
  if (seen.brightness === null) return 'no brightness recorded';
  if (seen.brightness < LIT_FLOOR) return `brightness ${seen.brightness} < ${LIT_FLOOR} (not lit)`;
  if (seen.edge_margin_px < EDGE_MARGIN_PX)
    return `${seen.edge_margin_px} px from the frame's edge < ${EDGE_MARGIN_PX}`;
  return null;
}

/** A sighting a reader can tell apart: big enough, lit and clear of the edge. */
export function isRecognizable(seen: SeenEntity | undefined): boolean {
  return sightingProblem(seen) === null;
}

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

/** Within this (m), a thing's middle at two sightings is the same place (it moves only when something moves it). */
const SAME_PLACE_M = 1e-6;

/**
 * The sighting that places a thing best where it was last seen: of the window's sightings of it standing there (its
 * middle where the last sighting had it: not yet moved, or moved back), the one whose contact point has the smallest
 * pixel size (ties: the later). A reader may place a thing from any view of it at that place; the last glimpse, from
 * a floor camera often far off and grazing, or a sliver at the frame's edge as the robot drives past, is seldom the
 * one it would read. `recognizable`: of those, only the sightings a reader could pick it out in (isRecognizable);
 * the last sighting when there is none.
 */
export function clearestSighting(
  ctx: AskContext,
  frames: readonly FrameView[],
  id: string,
  last: ThingState,
  opts: { recognizable?: boolean } = {},
): { sighting: Sighting; p: number } {
  let best: { sighting: Sighting; p: number } | undefined;
  let final: Sighting | undefined;
  for (const frame of frames) {
    const seen = frame.entities.find((e) => e.entity === id && e.pixels > 0);
    if (!seen) continue;
    final = { frame, seen };
    if (opts.recognizable && !isRecognizable(seen)) continue;
    const st = thingState(ctx.world, id, frame.t);
    if (!st || Math.hypot(st.middle[0] - last.middle[0], st.middle[1] - last.middle[1]) > SAME_PLACE_M) continue;
    const p = pixelAt(ctx, final, st);
    if (!best || p <= best.p) best = { sighting: final, p };
  }
  if (best) return best;
  // none recognizable there: the last sighting, which the recognizable screen then judges
  if (!final) throw new Error(`${id} has no sighting in the frames`);
  return { sighting: final, p: pixelAt(ctx, final, last) };
}

/** The pixel size of a sighting's contact point (the thing's middle at its bottom when none was visible). */
export function pixelAt(ctx: AskContext, s: Sighting, st: ThingState): number {
  const point = s.seen.contact?.point ?? [st.middle[0], st.middle[1], st.bottom_z];
  return pixelSizeOr(ctx.job.intr, poseOfRecord(s.frame.camera), point, mapPlace, ctx.grid.cell);
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
