/** The JobView of a job spec: the numbers the families read, in the shared camera and geometry terms. */
import type { Job } from '../../formats/gold-row.ts';
import { footprintSize, jobFootprint, jobIntrinsics } from '../../jobs/camera.ts';
import type { JobSpec } from '../../jobs/job-schema.ts';
import type { BodyFootprint } from '../../layouts/geometry/index.ts';
import type { JobView } from './inputs.ts';

export function jobView(spec: JobSpec): JobView {
  const size = footprintSize(spec);
  const body: BodyFootprint = jobFootprint(spec);
  const { why: _why, ...mount } = spec.camera.mount;
  return {
    job: spec.id as Job,
    body,
    bodyLength_m: size.length_m,
    bodyWidth_m: size.width_m,
    bodyHeight_m: spec.body.height_m,
    baseZ_m: spec.base_z_m.value,
    mount,
    intr: jobIntrinsics(spec.camera),
    clearance_m: spec.clearance.value,
    reacquire_m: spec.reacquire.value,
    match_m: spec.match_m.value,
    turn_deg: spec.clear_path.turn_deg,
    horizon_s: spec.closest_approach.horizon_s,
    way_cell_m: spec.way_to.cell_m,
    tangle: spec.tangle_ahead
      ? { ahead_m: spec.tangle_ahead.ahead_m, half_width_m: spec.tangle_ahead.half_width_m }
      : null,
    taskThings: {
      scope: spec.task_things.scope,
      distance_m: spec.task_things.distance_m,
      floor_only: spec.task_things.floor_only,
      drives_over_m: spec.task_things.drives_over_m,
    },
    dropRadius_m: spec.drop_zone_people?.radius_m ?? null,
    hazards: spec.hazards ? { brush_catches: spec.hazards.brush_catches, catastrophe: spec.hazards.catastrophe } : null,
  };
}
