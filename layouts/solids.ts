/**
 * Solids: the primitives every stage shares. The place (and the timeline's state at a time t) turns into a list
 * of solids; geometry queries (sweeps, ray casts, occupancy, planning) run on them, and the shot list hands the
 * very same primitives to Blender, so the geometry that renders is the geometry the gold is computed from.
 *
 * Frames: map frame right-handed, z up, metres. Yaw in degrees counter-clockwise about +z.
 */
import { z } from 'zod';

export const Vec3 = z.tuple([z.number(), z.number(), z.number()]);
export type Vec3 = z.infer<typeof Vec3>;
export const Vec2 = z.tuple([z.number(), z.number()]);
export type Vec2 = z.infer<typeof Vec2>;

/** What a solid is, for the truth: structure forms the public map; things and people can be asked about. */
export const SolidRole = z.enum(['floor', 'wall', 'door', 'fixed', 'thing', 'person', 'ceiling']);
export type SolidRole = z.infer<typeof SolidRole>;

export const Solid = z.object({
  /** unique name of this primitive in the scene (e.g. "wall_3", "thing:grey_remote_1", "person:p1/torso") */
  name: z.string().min(1),
  /** the world-model entity it belongs to (a thing id, a person id, "structure"); several solids may share one */
  owner: z.string().min(1),
  role: SolidRole,
  /**
   * box: size = full extents [x, y, z] in the solid's own frame (before yaw);
   * cylinder: size = [diameter, diameter, height], axis along z;
   * sphere: size = [diameter, diameter, diameter].
   */
  shape: z.enum(['box', 'cylinder', 'sphere']),
  /** centre of the primitive in the map frame */
  center: Vec3,
  size: Vec3,
  yaw_deg: z.number().default(0),
  /** a material name from the place's palette */
  material: z.string().min(1),
});
export type Solid = z.infer<typeof Solid>;

/** Lowest and highest z the solid occupies. */
export function zRange(s: Solid): [number, number] {
  return [s.center[2] - s.size[2] / 2, s.center[2] + s.size[2] / 2];
}
