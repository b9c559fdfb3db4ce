/**
 * A job's camera and body in the terms of the shared camera model (layouts/camera.ts): intrinsics, the height of
 * the lens over the floor or street, and the footprint's extent (and what a place generator sizes its ways for).
 */
import { intrinsics, vfovDeg as intrinsicsVfov, type Intrinsics } from '../layouts/camera.ts';
import type { RobotNeeds } from '../layouts/generate/index.ts';
import type { BodyFootprint } from '../layouts/geometry/index.ts';
import type { CameraSpec, JobSpec } from './job-schema.ts';

/** The pinhole intrinsics of a job's camera (focal 381.4 px for 640x480 at 80 degrees). */
export function jobIntrinsics(cam: Pick<CameraSpec, 'width' | 'height' | 'hfov_deg'>): Intrinsics {
  return intrinsics(cam.width, cam.height, cam.hfov_deg);
}

/** Focal length in pixels: (width / 2) / tan(hfov / 2). */
export function focalPx(cam: Pick<CameraSpec, 'width' | 'height' | 'hfov_deg'>): number {
  return jobIntrinsics(cam).f;
}

/** Vertical field of view in degrees (64.5 for 640x480 at 80 degrees horizontal). */
export function vfovDeg(cam: Pick<CameraSpec, 'width' | 'height' | 'hfov_deg'>): number {
  return intrinsicsVfov(jobIntrinsics(cam));
}

/** Height of the camera above the floor or street while working: the base's z plus the mount height. */
export function cameraHeightM(job: Pick<JobSpec, 'base_z_m' | 'camera'>): number {
  return job.base_z_m.value + job.camera.mount.height_m;
}

/** The footprint's extent along the heading and across it, in metres. */
export function footprintSize(job: Pick<JobSpec, 'body'>): { length_m: number; width_m: number } {
  const f = job.body.footprint;
  return f.shape === 'circle'
    ? { length_m: f.diameter_m, width_m: f.diameter_m }
    : { length_m: f.length_m, width_m: f.width_m };
}

/** The body's footprint of a job in the geometry's terms (layouts/geometry: a circle's radius, a rectangle's sides). */
export function jobFootprint(spec: Pick<JobSpec, 'body'>): BodyFootprint {
  const fp = spec.body.footprint;
  return fp.shape === 'circle'
    ? { shape: 'circle', radius: fp.diameter_m / 2 }
    : { shape: 'rect', length: fp.length_m, width: fp.width_m };
}

/** What a place generator sizes its ways for (layouts/generate/): the job's footprint and its clearance C. */
export function robotNeeds(job: Pick<JobSpec, 'body' | 'clearance'>): RobotNeeds {
  const { length_m, width_m } = footprintSize(job);
  return { length: length_m, width: width_m, clearance: job.clearance.value };
}
