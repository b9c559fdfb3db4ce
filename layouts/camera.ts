/**
 * The pinhole camera model every stage shares: intrinsics from (width, height, horizontal field of view), the
 * camera's pose from the robot's base pose and the job's mount, projection of map points to pixels and back.
 *
 * Conventions: map frame right-handed, z up; heading in degrees counter-clockwise from +x; pitch in degrees,
 * negative = looking down. Pixel (u, v) has u to the right and v down; the pixel with index (i, j) covers
 * [i, i+1) x [j, j+1), so its centre is (i + 0.5, j + 0.5). Depth is planar: the distance along the optical axis.
 */

export interface Intrinsics {
  width: number;
  height: number;
  hfovDeg: number;
  /** focal length in pixels (square pixels) */
  f: number;
  cx: number;
  cy: number;
}

export function intrinsics(width: number, height: number, hfovDeg: number): Intrinsics {
  const f = width / 2 / Math.tan(((hfovDeg / 2) * Math.PI) / 180);
  return { width, height, hfovDeg, f, cx: width / 2, cy: height / 2 };
}

/** Vertical field of view in degrees. */
export function vfovDeg(k: Intrinsics): number {
  return (2 * Math.atan(k.height / 2 / k.f) * 180) / Math.PI;
}

export type V3 = [number, number, number];

/** A camera placed in the map: centre and orthonormal axes (forward, left, up). */
export interface CameraPose {
  position: V3;
  yawDeg: number;
  pitchDeg: number;
  forward: V3;
  left: V3;
  up: V3;
}

export function cameraPose(position: V3, yawDeg: number, pitchDeg: number): CameraPose {
  const t = (yawDeg * Math.PI) / 180;
  const p = (pitchDeg * Math.PI) / 180;
  const forward: V3 = [Math.cos(t) * Math.cos(p), Math.sin(t) * Math.cos(p), Math.sin(p)];
  const left: V3 = [-Math.sin(t), Math.cos(t), 0];
  const up: V3 = [-Math.cos(t) * Math.sin(p), -Math.sin(t) * Math.sin(p), Math.cos(p)];
  return { position, yawDeg, pitchDeg, forward, left, up };
}

export interface Mount {
  /** camera height above the base's z */
  height_m: number;
  /** offset of the camera from the base centre, in the body frame */
  forward_m: number;
  left_m: number;
  pitch_deg: number;
}

/** The camera's pose for a robot base at (x, y, z) with a heading, given the job's mount. */
export function cameraFromBase(
  base: { x: number; y: number; z: number; heading_deg: number },
  mount: Mount,
  pitchDeg = mount.pitch_deg,
): CameraPose {
  const t = (base.heading_deg * Math.PI) / 180;
  const pos: V3 = [
    base.x + mount.forward_m * Math.cos(t) - mount.left_m * Math.sin(t),
    base.y + mount.forward_m * Math.sin(t) + mount.left_m * Math.cos(t),
    base.z + mount.height_m,
  ];
  return cameraPose(pos, base.heading_deg, pitchDeg);
}

const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Camera-frame coordinates of a map point: depth along the axis, right, down. */
export function toCamera(cam: CameraPose, p: V3): { depth: number; right: number; down: number } {
  const d: V3 = [p[0] - cam.position[0], p[1] - cam.position[1], p[2] - cam.position[2]];
  return { depth: dot(d, cam.forward), right: -dot(d, cam.left), down: -dot(d, cam.up) };
}

/** Project a map point to pixel coordinates; null when it is behind the camera (depth <= 1e-9). */
export function project(k: Intrinsics, cam: CameraPose, p: V3): { u: number; v: number; depth: number } | null {
  const c = toCamera(cam, p);
  if (c.depth <= 1e-9) return null;
  return { u: k.cx + (k.f * c.right) / c.depth, v: k.cy + (k.f * c.down) / c.depth, depth: c.depth };
}

/** The map point seen at pixel coordinates (u, v) with planar depth. */
export function unproject(k: Intrinsics, cam: CameraPose, u: number, v: number, depth: number): V3 {
  const r = (u - k.cx) / k.f;
  const dn = (v - k.cy) / k.f;
  const out: V3 = [0, 0, 0];
  for (let i = 0; i < 3; i++) out[i] = cam.position[i] + depth * (cam.forward[i] - r * cam.left[i] - dn * cam.up[i]);
  return out;
}

/** Unit direction of the ray through pixel coordinates (u, v), in the map frame. */
export function pixelRay(k: Intrinsics, cam: CameraPose, u: number, v: number): V3 {
  const r = (u - k.cx) / k.f;
  const dn = (v - k.cy) / k.f;
  const d: V3 = [0, 0, 0];
  for (let i = 0; i < 3; i++) d[i] = cam.forward[i] - r * cam.left[i] - dn * cam.up[i];
  const n = Math.hypot(d[0], d[1], d[2]);
  return [d[0] / n, d[1] / n, d[2] / n];
}

/** Whether a pixel position lies inside the image. */
export function inImage(k: Intrinsics, u: number, v: number): boolean {
  return u >= 0 && u < k.width && v >= 0 && v < k.height;
}
