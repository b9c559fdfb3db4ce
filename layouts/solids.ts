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
   * sphere: size = [diameter, diameter, diameter];
   * lathe: a solid of revolution about the vertical axis through the centre, given by `profile` (and hollow with
   * `wall`); size = its bounds [2 max r, 2 max r, height], so what reads only the bounds needs no change;
   * rbox: a box with rounded edges and corners, `radius` the rounding; size = full extents as for a box.
   */
  shape: z.enum(['box', 'cylinder', 'sphere', 'lathe', 'rbox']),
  /** centre of the primitive in the map frame (of its bounding box: a lathe's bottom is center z - height / 2) */
  center: Vec3,
  size: Vec3,
  yaw_deg: z.number().default(0),
  /** a material name from the place's palette */
  material: z.string().min(1),
  /**
   * lathe only: the outline, [r, z] points (metres) from bottom to top, r the distance from the axis (>= 0) and z
   * the height above the solid's bottom, strictly increasing from 0 to the height; closed by the axis (a disc at
   * the bottom and, unless hollow, at the top). Between points the surface is a truncated cone.
   */
  profile: z.array(Vec2).min(2).optional(),
  /**
   * lathe only: a wall this thick (metres) makes it hollow, open at the top: the cavity is the profile moved
   * inward by `wall` in r, from an inner floor `wall` above the bottom up to the top, where a flat rim joins the
   * outer and inner walls. Every profile radius at or above the floor must exceed it.
   */
  wall: z.number().positive().optional(),
  /**
   * rbox only: the radius (metres) that rounds every edge and corner, at most half the smallest extent of `size`.
   * The surface is the set of points `radius` from the inner box (size - 2 radius, same centre and yaw): flat faces,
   * quarter cylinders along the edges, eighths of a sphere at the corners.
   */
  radius: z.number().positive().optional(),
});
export type Solid = z.infer<typeof Solid>;

/** Tolerance (metres) of the checks that a lathe's profile matches its size. */
const LATHE_TOL = 1e-6;

/** What is wrong with a solid's lathe fields (a profile and wall only on lathes, a lathe's profile fitting its size). */
export function latheIssues(s: Solid): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (s.shape !== 'lathe') {
    if (s.profile !== undefined) out.push({ path: ['profile'], message: 'only a lathe has a profile' });
    if (s.wall !== undefined) out.push({ path: ['wall'], message: 'only a lathe has a wall' });
    return out;
  }
  const p = s.profile;
  if (!p) return [{ path: ['profile'], message: 'a lathe needs a profile' }];
  const H = s.size[2];
  let rMax = 0;
  p.forEach(([r, zz], i) => {
    if (!(r >= 0)) out.push({ path: ['profile', i, 0], message: `radius ${r} must be >= 0` });
    if (i > 0 && !(zz > p[i - 1][1]))
      out.push({ path: ['profile', i, 1], message: `z ${zz} must exceed the previous point's ${p[i - 1][1]}` });
    rMax = Math.max(rMax, r);
  });
  if (Math.abs(p[0][1]) > LATHE_TOL) out.push({ path: ['profile', 0, 1], message: 'the profile starts at z = 0' });
  if (Math.abs(p[p.length - 1][1] - H) > LATHE_TOL)
    out.push({ path: ['profile', p.length - 1, 1], message: `the profile ends at the height ${H}` });
  if (Math.abs(s.size[0] - 2 * rMax) > LATHE_TOL || Math.abs(s.size[1] - 2 * rMax) > LATHE_TOL)
    out.push({
      path: ['size'],
      message: `a lathe's size is [${2 * rMax}, ${2 * rMax}, height] (twice its largest radius)`,
    });
  if (s.wall !== undefined) {
    const t = s.wall;
    if (!(t < H)) out.push({ path: ['wall'], message: `wall ${t} must be below the height ${H}` });
    else if (!(profileRadiusAt(p, t) > t) || p.some(([r, zz]) => zz >= t && !(r > t)))
      out.push({ path: ['wall'], message: `every radius at or above the inner floor (z = ${t}) must exceed the wall` });
  }
  return out;
}

/** Tolerance (metres) of the check that an rbox's radius fits its size. */
const RBOX_TOL = 1e-9;

/** What is wrong with a solid's rbox fields (a radius only on an rbox, an rbox's radius fitting its size). */
export function rboxIssues(s: Solid): { path: (string | number)[]; message: string }[] {
  if (s.shape !== 'rbox')
    return s.radius !== undefined ? [{ path: ['radius'], message: 'only an rbox has a radius' }] : [];
  const r = s.radius;
  if (r === undefined) return [{ path: ['radius'], message: 'an rbox needs a radius' }];
  const m = Math.min(s.size[0], s.size[1], s.size[2]);
  if (!(r > 0) || !(r <= m / 2 + RBOX_TOL))
    return [{ path: ['radius'], message: `radius ${r} must be > 0 and at most half the smallest extent (${m / 2})` }];
  return [];
}

/** What is wrong with a solid's kind-specific fields (latheIssues and rboxIssues together). */
export function solidIssues(s: Solid): { path: (string | number)[]; message: string }[] {
  return [...latheIssues(s), ...rboxIssues(s)];
}

/**
 * An rbox's inner box half extents and radius: [ax, ay, az, r] (each inner half extent >= 0; the radius clamped
 * to the smallest half extent, so a radius a rounding step over it cannot make an inner extent negative).
 */
export function rboxParts(s: Solid): [number, number, number, number] {
  const hx = s.size[0] / 2,
    hy = s.size[1] / 2,
    hz = s.size[2] / 2;
  const r = Math.min(s.radius ?? 0, hx, hy, hz);
  return [hx - r, hy - r, hz - r, r];
}

/** The radius of a profile (points [r, z], z increasing) at height z above the bottom, clamped to its ends. */
export function profileRadiusAt(p: readonly (readonly [number, number])[], zz: number): number {
  if (zz <= p[0][1]) return p[0][0];
  for (let i = 1; i < p.length; i++) {
    const [r1, z1] = p[i];
    if (zz <= z1) {
      const [r0, z0] = p[i - 1];
      return r0 + ((r1 - r0) * (zz - z0)) / (z1 - z0);
    }
  }
  return p[p.length - 1][0];
}

/** The largest radius of a profile over heights [z0, z1] above the bottom (clamped to the profile's span). */
export function profileMaxRadius(p: readonly (readonly [number, number])[], z0: number, z1: number): number {
  const lo = Math.max(z0, p[0][1]),
    hi = Math.min(z1, p[p.length - 1][1]);
  if (lo > hi) return 0;
  let r = Math.max(profileRadiusAt(p, lo), profileRadiusAt(p, hi));
  for (const [ri, zi] of p) if (zi > lo && zi < hi && ri > r) r = ri;
  return r;
}

/** Lowest and highest z the solid occupies. */
export function zRange(s: Solid): [number, number] {
  return [s.center[2] - s.size[2] / 2, s.center[2] + s.size[2] / 2];
}
