/** Small planar geometry the scripted systems share: camera poses from steps, offsets from a camera, bearings. */

export const DEG = Math.PI / 180;

/** A camera on the floor plan: position (x, y, z) and yaw (deg). */
export interface PlanarCamera {
  position: [number, number, number];
  yaw_deg: number;
}

/** The camera mount of a robot.json (forward, left offsets from the base; height). */
export interface MountOffsets {
  forward_m: number;
  left_m: number;
  height_m: number;
}

/** The mount from a robot.json value (zeros where it says nothing). */
export function mountOf(robot: unknown): MountOffsets {
  const m = (robot as { camera?: { mount?: Partial<MountOffsets> } })?.camera?.mount ?? {};
  return { forward_m: Number(m.forward_m ?? 0), left_m: Number(m.left_m ?? 0), height_m: Number(m.height_m ?? 0) };
}

/** The camera of a step: the base pose moved by the mount's offsets, facing the base's heading. */
export function cameraOfStep(
  step: { pose: { pos: readonly number[]; heading_deg: number } },
  mount: MountOffsets,
): PlanarCamera {
  const h = step.pose.heading_deg * DEG;
  const [x, y, z] = step.pose.pos;
  return {
    position: [
      x + mount.forward_m * Math.cos(h) - mount.left_m * Math.sin(h),
      y + mount.forward_m * Math.sin(h) + mount.left_m * Math.cos(h),
      z + mount.height_m,
    ],
    yaw_deg: step.pose.heading_deg,
  };
}

/** The (ahead, left) horizontal offset of a map point from a camera. */
export function offsetFrom(cam: PlanarCamera, p: readonly number[]): { ahead: number; left: number } {
  const dx = p[0] - cam.position[0],
    dy = p[1] - cam.position[1];
  const t = cam.yaw_deg * DEG;
  return { ahead: dx * Math.cos(t) + dy * Math.sin(t), left: -dx * Math.sin(t) + dy * Math.cos(t) };
}

/** A heading wrapped to [-180, 180). */
export function wrapDeg(d: number): number {
  const w = ((((d + 180) % 360) + 360) % 360) - 180;
  return Object.is(w, -0) ? 0 : w;
}

/** The bearing of a map point relative to a facing (deg, + = left). */
export function bearingTo(from: readonly number[], headingDeg: number, p: readonly number[]): number {
  return wrapDeg(Math.atan2(p[1] - from[1], p[0] - from[0]) / DEG - headingDeg);
}

/** The point of an axis-aligned 3-D box nearest to a planar point, on the box's bottom (the floor contact). */
export function nearestBoxPoint(
  box: { min: readonly number[]; max: readonly number[] },
  p: readonly number[],
): [number, number, number] {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return [clamp(p[0], box.min[0], box.max[0]), clamp(p[1], box.min[1], box.max[1]), box.min[2]];
}
