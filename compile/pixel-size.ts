/**
 * The pixel size p of a gold (ARCHITECTURE "Gold: five principles", 4; docs/questions.md "The pixel size p").
 *
 * p is the metric change of the judged quantity for a one-pixel image shift at the gold's evidence point. The
 * evidence point is a point a monocular camera can place: where a thing meets the floor or the top it rests on (or
 * where an obstacle meets the floor), so it lies on a known horizontal plane z = z0. From the evidence frame's
 * camera the point is projected to (u, v); each of the four one-pixel shifts (u ± 1, v) and (u, v ± 1) is cast back
 * onto the plane z = z0 (unproject along the shifted pixel's ray), the judged quantity is evaluated at the shifted
 * point, and p is the largest change. A shift whose ray misses the plane (at or above the horizon) is skipped.
 *
 * For a floor point at horizontal range d straight ahead of a camera at height h with focal f this gives, for the
 * range, about (d² + h²) / (f·h) · cos²(a) (the v shift), a the point's angle off the optical axis: the familiar
 * ground-plane resolution.
 */
import { cameraPose, pixelRay, project, type CameraPose, type Intrinsics, type V3 } from '../layouts/camera.ts';

/** The judged quantity: a scalar (a range, a run, a distance) or a vector (an offset, a map place). */
export type Judged = (q: V3) => number | readonly number[];

/** The smallest p written on a gold row (the scorer needs p > 0): a tenth of a millimetre. */
export const MIN_PIXEL_M = 1e-4;

function change(a: number | readonly number[], b: number | readonly number[]): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b);
  const va = a as readonly number[],
    vb = b as readonly number[];
  let s = 0;
  for (let i = 0; i < va.length; i++) s += (va[i] - vb[i]) ** 2;
  return Math.sqrt(s);
}

/** The camera pose of a visibility record's camera. */
export function poseOfRecord(cam: { position: V3; yaw_deg: number; pitch_deg: number }): CameraPose {
  return cameraPose(cam.position, cam.yaw_deg, cam.pitch_deg);
}

/**
 * p at a point on the horizontal plane through it, seen from a camera: the largest change of the judged quantity
 * over the four one-pixel shifts. Null when the point is behind the camera or no shifted ray meets the plane.
 */
export function pixelSize(intr: Intrinsics, cam: CameraPose, point: V3, judged: Judged): number | null {
  const px = project(intr, cam, point);
  if (!px) return null;
  const z0 = point[2];
  const base = judged(point);
  let best: number | null = null;
  for (const [du, dv] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const ray = pixelRay(intr, cam, px.u + du, px.v + dv);
    if (Math.abs(ray[2]) < 1e-12) continue;
    const s = (z0 - cam.position[2]) / ray[2];
    if (!(s > 0)) continue;
    const q: V3 = [cam.position[0] + s * ray[0], cam.position[1] + s * ray[1], z0];
    const c = change(judged(q), base);
    if (best === null || c > best) best = c;
  }
  return best;
}

/** pixelSize with a fallback (e.g. the seen grid's cell) when the point cannot be imaged, never under MIN_PIXEL_M. */
export function pixelSizeOr(intr: Intrinsics, cam: CameraPose, point: V3, judged: Judged, fallback: number): number {
  const p = pixelSize(intr, cam, point, judged);
  return Math.max(MIN_PIXEL_M, p ?? fallback);
}

/** Horizontal range from the camera: the judged quantity of a floor point's distance. */
export function horizontalRange(cam: CameraPose): Judged {
  return (q) => Math.hypot(q[0] - cam.position[0], q[1] - cam.position[1]);
}

/** The map place (x, y) of a point: the judged quantity of object_where and list items. */
export const mapPlace: Judged = (q) => [q[0], q[1]];
