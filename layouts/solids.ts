/**
 * Solids: the primitives every stage shares. The place (and the timeline's state at a time t) turns into a list
 * of solids; geometry queries (sweeps, ray casts, occupancy, planning) run on them, and the shot list hands the
 * very same primitives to Blender, so the geometry that renders is the geometry the gold is computed from.
 *
 * Frames: map frame right-handed, z up, metres. Yaw in degrees counter-clockwise about +z.
 *
 * Orientation: a solid's own frame is turned into the map frame by R = Rz(yaw) · Ry(pitch) · Rx(roll) about its
 * centre (a point at p in its own frame lies at center + R p): first the roll about its own x axis, then the pitch
 * about y, then the yaw about z, each counter-clockwise looking down the positive axis (right-handed; a positive
 * pitch turns +x down towards -z, a positive roll turns +y up towards +z). Pitch and roll default to 0; a solid with
 * neither is "upright" and every reader takes the paths it took before tilts existed. Blender's Euler mode 'XYZ'
 * with the angles (roll, pitch, yaw) is the same rotation.
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
  /**
   * tilt about the solid's own y axis, degrees (after the roll, before the yaw: see the orientation above); absent
   * means 0. Box, cylinder, lathe and rbox may tilt; a sphere may not (it would look the same, so a tilt on one is
   * refused rather than ignored).
   */
  pitch_deg: z.number().optional(),
  /** tilt about the solid's own x axis, degrees (applied first); absent means 0 */
  roll_deg: z.number().optional(),
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

/** Largest tilt angle magnitude (degrees) accepted: a full turn either way (more is a unit mistake, not a pose). */
const TILT_MAX_DEG = 360;

/** What is wrong with a solid's tilt (pitch_deg, roll_deg): finite, within a turn, and not on a sphere. */
export function tiltIssues(s: {
  shape?: string;
  pitch_deg?: number;
  roll_deg?: number;
}): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  for (const k of ['pitch_deg', 'roll_deg'] as const) {
    const v = s[k];
    if (v === undefined) continue;
    if (!(Math.abs(v) <= TILT_MAX_DEG))
      out.push({ path: [k], message: `${k} ${v} must be within ±${TILT_MAX_DEG} degrees` });
    else if (v !== 0 && s.shape === 'sphere')
      out.push({ path: [k], message: 'a sphere does not tilt (it is the same at any tilt)' });
  }
  return out;
}

/** What is wrong with a solid's kind-specific fields and tilt (latheIssues, rboxIssues and tiltIssues together). */
export function solidIssues(s: Solid): { path: (string | number)[]; message: string }[] {
  return [...latheIssues(s), ...rboxIssues(s), ...tiltIssues(s)];
}

/** True when the solid is tilted: a pitch or a roll other than 0 (an upright solid turns about z only). */
export function isTilted(s: { pitch_deg?: number; roll_deg?: number }): boolean {
  return !!(s.pitch_deg || s.roll_deg);
}

const DEG = Math.PI / 180;
const rotations = new WeakMap<object, Float64Array>();

/**
 * The solid's rotation R = Rz(yaw) · Ry(pitch) · Rx(roll), row-major (r[3 i + j] is row i, column j): its columns
 * are the solid's own x, y, z axes in the map frame, its rows the map axes in the solid's frame. Cached per solid
 * object (solids are not changed once made).
 */
export function solidRotation(s: Solid): Float64Array {
  let r = rotations.get(s);
  if (r) return r;
  r = rotationMatrix(s.yaw_deg ?? 0, s.pitch_deg ?? 0, s.roll_deg ?? 0);
  rotations.set(s, r);
  return r;
}

/** Rz(yaw) · Ry(pitch) · Rx(roll), row-major, from degrees. */
export function rotationMatrix(yawDeg: number, pitchDeg: number, rollDeg: number): Float64Array {
  const cy = Math.cos(yawDeg * DEG),
    sy = Math.sin(yawDeg * DEG),
    cp = Math.cos(pitchDeg * DEG),
    sp = Math.sin(pitchDeg * DEG),
    cr = Math.cos(rollDeg * DEG),
    sr = Math.sin(rollDeg * DEG);
  return Float64Array.of(
    cy * cp,
    cy * sp * sr - sy * cr,
    cy * sp * cr + sy * sr,
    sy * cp,
    sy * sp * sr + cy * cr,
    sy * sp * cr - cy * sr,
    -sp,
    cp * sr,
    cp * cr,
  );
}

const twins = new WeakMap<object, Solid>();

/**
 * The solid in its own frame: the same shape at the origin, upright and unturned (for the readers that work in a
 * tilted solid's own frame: transform a point by R^T, use the twin, transform back by R). Cached per solid object.
 */
export function ownFrameTwin(s: Solid): Solid {
  let t = twins.get(s);
  if (t) return t;
  const { pitch_deg: _p, roll_deg: _r, ...rest } = s;
  t = { ...rest, center: [0, 0, 0], yaw_deg: 0 };
  twins.set(s, t);
  return t;
}

/**
 * The support function of a solid's shape in its own frame about its centre: the largest w . p over its points p
 * (w need not be unit). A lathe's is its convex hull's (a hollow one's is the solid one's); every kind's is exact.
 */
export function supportLocal(s: Solid, wx: number, wy: number, wz: number): number {
  const hz = s.size[2] / 2;
  if (s.shape === 'box') return Math.abs(wx) * (s.size[0] / 2) + Math.abs(wy) * (s.size[1] / 2) + Math.abs(wz) * hz;
  if (s.shape === 'rbox') {
    const [ax, ay, az, r] = rboxParts(s);
    return Math.abs(wx) * ax + Math.abs(wy) * ay + Math.abs(wz) * az + r * Math.sqrt(wx * wx + wy * wy + wz * wz);
  }
  if (s.shape === 'sphere') return (s.size[0] / 2) * Math.sqrt(wx * wx + wy * wy + wz * wz);
  const wr = Math.sqrt(wx * wx + wy * wy);
  if (s.shape === 'lathe' && s.profile) {
    let h = -Infinity;
    for (const [r, zz] of s.profile) h = Math.max(h, (zz - hz) * wz + r * wr);
    return h;
  }
  // cylinder
  return Math.abs(wz) * hz + (Math.max(s.size[0], s.size[1]) / 2) * wr;
}

/**
 * The extent of a solid along a map direction (ux, uy, uz), relative to its centre: [least, largest] of u . (p -
 * center) over its points. Exact for every kind (a lathe's hull).
 */
export function extentAlong(s: Solid, ux: number, uy: number, uz: number): [number, number] {
  const r = solidRotation(s);
  // the direction in the solid's frame: R^T u
  const wx = r[0] * ux + r[3] * uy + r[6] * uz,
    wy = r[1] * ux + r[4] * uy + r[7] * uz,
    wz = r[2] * ux + r[5] * uy + r[8] * uz;
  return [-supportLocal(s, -wx, -wy, -wz), supportLocal(s, wx, wy, wz)];
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

/** Lowest and highest z the solid occupies (a tilted solid's exact extent: a lathe's, its hull's). */
export function zRange(s: Solid): [number, number] {
  if (isTilted(s)) {
    const [lo, hi] = extentAlong(s, 0, 0, 1);
    return [s.center[2] + lo, s.center[2] + hi];
  }
  return [s.center[2] - s.size[2] / 2, s.center[2] + s.size[2] / 2];
}
