/**
 * Camera orientation conventions shared by the shot list and the Blender side.
 *
 * Map frame: right-handed, z up (Blender's frame too: no axis swap). A camera pose is (yaw, pitch): yaw is the
 * heading in degrees counter-clockwise from +x, pitch in degrees, negative looking down. Blender cameras look
 * along their local -Z with local +Y up; the Euler XYZ rotation (90 + pitch, 0, yaw - 90) degrees turns that
 * into the requested heading and pitch (render/blender/render_job.py uses the same formula).
 */
export type V3 = [number, number, number];

const RAD = Math.PI / 180;

/** Blender Euler XYZ angles (radians) of a camera with this yaw and pitch. */
export function cameraEulerXYZ(yawDeg: number, pitchDeg: number): V3 {
  return [(90 + pitchDeg) * RAD, 0, (yawDeg - 90) * RAD];
}

/** Rotation matrix (row-major 3x3) of Blender Euler XYZ angles: R = Rz * Ry * Rx. */
export function eulerXYZMatrix([x, y, z]: V3): number[][] {
  const [cx, sx, cy, sy, cz, sz] = [Math.cos(x), Math.sin(x), Math.cos(y), Math.sin(y), Math.cos(z), Math.sin(z)];
  return [
    [cz * cy, cz * sy * sx - sz * cx, cz * sy * cx + sz * sx],
    [sz * cy, sz * sy * sx + cz * cx, sz * sy * cx - cz * sx],
    [-sy, cy * sx, cy * cx],
  ];
}

function apply(m: number[][], v: V3): V3 {
  return [0, 1, 2].map((i) => m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2]) as V3;
}

/** Unit viewing direction (the camera's local -Z in the map frame). */
export function cameraForward(yawDeg: number, pitchDeg: number): V3 {
  return apply(eulerXYZMatrix(cameraEulerXYZ(yawDeg, pitchDeg)), [0, 0, -1]);
}

/** Unit image-up direction (the camera's local +Y in the map frame). */
export function cameraUp(yawDeg: number, pitchDeg: number): V3 {
  return apply(eulerXYZMatrix(cameraEulerXYZ(yawDeg, pitchDeg)), [0, 1, 0]);
}

/** Unit image-right direction (the camera's local +X in the map frame). */
export function cameraRight(yawDeg: number, pitchDeg: number): V3 {
  return apply(eulerXYZMatrix(cameraEulerXYZ(yawDeg, pitchDeg)), [1, 0, 0]);
}

/** Focal length in pixels of a pinhole camera with this horizontal field of view: (width / 2) / tan(hfov / 2). */
export function focalPx(width: number, hfovDeg: number): number {
  return width / 2 / Math.tan((hfovDeg * RAD) / 2);
}

/**
 * Project a map point into pixel coordinates (u right, v down, origin at the image's top-left corner, pixel
 * centres at half-integers) for a camera at `position` with yaw/pitch; null when the point is behind the camera.
 * Also returns the planar depth (distance along the viewing axis).
 */
export function projectPoint(
  p: V3,
  cam: { position: V3; yaw_deg: number; pitch_deg: number },
  intr: { width: number; height: number; hfov_deg: number },
): { u: number; v: number; depth: number } | null {
  const d: V3 = [p[0] - cam.position[0], p[1] - cam.position[1], p[2] - cam.position[2]];
  const f = cameraForward(cam.yaw_deg, cam.pitch_deg);
  const r = cameraRight(cam.yaw_deg, cam.pitch_deg);
  const up = cameraUp(cam.yaw_deg, cam.pitch_deg);
  const depth = d[0] * f[0] + d[1] * f[1] + d[2] * f[2];
  if (depth <= 1e-9) return null;
  const fp = focalPx(intr.width, intr.hfov_deg);
  const x = d[0] * r[0] + d[1] * r[1] + d[2] * r[2];
  const y = d[0] * up[0] + d[1] * up[1] + d[2] * up[2];
  return { u: intr.width / 2 + (fp * x) / depth, v: intr.height / 2 - (fp * y) / depth, depth };
}
