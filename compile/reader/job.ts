/** The job's numbers the perfect reader needs, read from the job spec (jobs/<name>.yaml): body, margins, regions. */
import { footprintSize, jobFootprint } from '../../jobs/camera.ts';
import type { JobSpec } from '../../jobs/job-schema.ts';
import type { BodyFootprint } from '../../layouts/geometry/index.ts';

export interface ReaderJob {
  body: BodyFootprint;
  length_m: number;
  width_m: number;
  /** the body's height band [base z, base z + height] */
  band: [number, number];
  baseZ_m: number;
  reacquire_m: number;
  match_m: number | null;
  turn_deg: number;
  horizon_s: number;
  tangle: { ahead_m: number; half_width_m: number } | null;
  taskThings: {
    scope: 'route' | 'rooms_cleaned';
    distance_m: number | null;
    floor_only: boolean;
    drives_over_m: number;
  };
  dropRadius_m: number | null;
  brushCatches: readonly string[];
}

/** The reader's job numbers from a job spec. */
export function readerJob(spec: JobSpec): ReaderJob {
  const size = footprintSize(spec);
  const z0 = spec.base_z_m.value;
  return {
    body: jobFootprint(spec),
    length_m: size.length_m,
    width_m: size.width_m,
    band: [z0, z0 + spec.body.height_m],
    baseZ_m: z0,
    reacquire_m: spec.reacquire.value,
    match_m: spec.match_m.value,
    turn_deg: spec.clear_path.turn_deg,
    horizon_s: spec.closest_approach.horizon_s,
    tangle: spec.tangle_ahead
      ? { ahead_m: spec.tangle_ahead.ahead_m, half_width_m: spec.tangle_ahead.half_width_m }
      : null,
    taskThings: { ...spec.task_things },
    dropRadius_m: spec.drop_zone_people?.radius_m ?? null,
    brushCatches: spec.hazards?.brush_catches ?? [],
  };
}
