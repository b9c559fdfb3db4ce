/**
 * Corridor queries built on sweeps: how far a body could drive straight ahead, back, or after turning in place
 * (clear_path), and which in-place heading gives it the most room (open_heading). Turning in place is not itself
 * checked for contact (a rectangle's corners sweep an arc); the run is measured after the turn.
 */
import type { Solid } from '../solids.ts';
import { footprints, type BodyFootprint, type Pose2, type SolidFilter } from './footprint.ts';
import { sweepFootprints, type SweepResult } from './sweep.ts';

export type Direction = 'ahead' | 'back' | 'left' | 'right';

export interface CorridorRequest extends SolidFilter {
  pose: Pose2;
  body: BodyFootprint;
  maxDistance: number;
}

/** Map heading (deg, in [-180, 180)) of the body after a turn and the heading it then travels along. */
function wrap(deg: number): number {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return Object.is(w, -0) ? 0 : w;
}

/** How far the body can go in a direction: straight ahead, reversing without turning, or after turning in place by turn_deg (default 90) left or right. */
export function clearPath(
  solids: readonly Solid[],
  req: CorridorRequest & { direction: Direction; turn_deg?: number },
): SweepResult & { heading_deg: number } {
  const turn = req.turn_deg ?? 90;
  const yaw =
    req.direction === 'left'
      ? req.pose.yaw_deg + turn
      : req.direction === 'right'
        ? req.pose.yaw_deg - turn
        : req.pose.yaw_deg;
  const heading = req.direction === 'back' ? yaw + 180 : yaw;
  const r = sweepFootprints(footprints(solids, req), {
    pose: { ...req.pose, yaw_deg: yaw },
    body: req.body,
    heading_deg: heading,
    maxDistance: req.maxDistance,
  });
  return { ...r, heading_deg: wrap(heading) };
}

/**
 * The in-place heading (map frame, degrees, sampled every step_deg from -180) whose straight run is longest; ties go
 * to the smallest turn from the current yaw, then to the lower heading. Also returns the run for every sampled heading.
 */
export function openHeading(
  solids: readonly Solid[],
  req: CorridorRequest & { step_deg?: number },
): { heading_deg: number; distance: number; hit: string | null; runs: { heading_deg: number; distance: number }[] } {
  const step = req.step_deg ?? 1;
  const items = footprints(solids, req);
  const runs: { heading_deg: number; distance: number; hit: string | null }[] = [];
  for (let k = 0; k * step < 360; k++) {
    const h = -180 + k * step;
    const r = sweepFootprints(items, {
      pose: { ...req.pose, yaw_deg: h },
      body: req.body,
      heading_deg: h,
      maxDistance: req.maxDistance,
    });
    runs.push({ heading_deg: h, ...r });
  }
  let best = runs[0];
  const turnOf = (h: number) => Math.abs(wrap(h - req.pose.yaw_deg));
  for (const r of runs) {
    if (
      r.distance > best.distance + 1e-9 ||
      (Math.abs(r.distance - best.distance) <= 1e-9 && turnOf(r.heading_deg) < turnOf(best.heading_deg))
    )
      best = r;
  }
  return {
    heading_deg: best.heading_deg,
    distance: best.distance,
    hit: best.hit,
    runs: runs.map(({ heading_deg, distance }) => ({ heading_deg, distance })),
  };
}
