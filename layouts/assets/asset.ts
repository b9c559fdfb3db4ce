/**
 * The asset library's framework. An asset kind (one module of layouts/assets/kinds/, found by the registry) builds a
 * piece of furniture out of the world model's solids: parametric (a zod schema of style choices and proportions),
 * seeded (every free choice drawn from the named stream it is given, never Math.random), and exact, since the parts
 * it returns are the very solids both the ray-cast truth and Blender render.
 *
 * A kind builds in its own frame: the origin at the centre of the footprint on the bottom, x along the length, y
 * across (the front faces -y, the back +y), z up, inside the box [-L/2, L/2] x [-W/2, W/2] x [0, H] of the size it
 * is given. The place's item supplies the pose (layouts/assets/fixed.ts turns the parts into solids). Parts may touch
 * but never interpenetrate (coplanar overlaps render as black bands in Cycles), and a kind with a surface puts a
 * flat top exactly at the height it is asked for.
 */
import type { z } from 'zod';
import type { Stream } from '../../foundation/rng.ts';
import type { Solid, Vec3 } from '../solids.ts';

/** A solid in the asset's own frame, with a name (unique within the asset) and a material slot. */
export interface Part {
  /** unique within the asset: the solid is named `fixed:<item id>/<name>` */
  name: string;
  /** 'body' (the item's own material) or a material of the library (layouts/assets/materials.ts) */
  material: string;
  shape: Solid['shape'];
  /** centre of its bounding box in the asset's frame (a lathe's bottom is centre z - height / 2) */
  center: Vec3;
  size: Vec3;
  yaw_deg?: number;
  pitch_deg?: number;
  roll_deg?: number;
  profile?: [number, number][];
  wall?: number;
  radius?: number;
}

/** Where things can rest: a flat top at `top` above the bottom, over the rectangle (centre, size) in the asset frame. */
export interface SurfaceArea {
  top: number;
  center: [number, number];
  size: [number, number];
}

export interface AssetBuild {
  parts: Part[];
  /** present for kinds with a surface */
  surface?: SurfaceArea;
  /**
   * present for kinds that take shelves: the rectangle (centre, size) in the asset frame where things stand on every
   * board (each board's flat top covers it, at the shelf's height)
   */
  shelfArea?: { center: [number, number]; size: [number, number] };
}

/** Shelving posts: square section (m); a plain shelving unit's boards run between them. */
export const SHELF_POST = 0.05;
/** Shelving boards: thickness (m); a shelf level's height is the top of its board. */
export const SHELF_BOARD = 0.03;

/** The heights a kind's shelves may take at a size: each board top within [lo, hi] above the bottom, rising by gap. */
export interface ShelfRange {
  lo: number;
  hi: number;
  /** the least rise from one board top to the next */
  gap: number;
}

/** A misfit of an item's size, params or surface with its kind; `path` is below the item (['size', 2], ['asset', 'top']). */
export interface AssetIssue {
  path: (string | number)[];
  message: string;
}

/** The accepted sizes of a kind (with its params): every extent within [min, max], metres. */
export interface SizeRange {
  min: Vec3;
  max: Vec3;
}

/** One asset kind. `P` is its params' parsed type. */
export interface AssetDef<P = Record<string, unknown>> {
  /** the kind's name, as a place's YAML names it (`asset: { kind: couch }`); its module is kinds/<kind with - for _>.ts */
  kind: string;
  /** one line for the docs and the gallery */
  summary: string;
  /** its params: a strict object, every field optional or defaulted (an absent style is drawn from the seed) */
  params: z.ZodType<P>;
  /** the sizes it builds with these params; validation refuses others */
  sizes(p: P): SizeRange;
  /**
   * The heights above its bottom its surface can take at this size, [lo, hi] (a table: only its top, [H, H]);
   * absent for a kind with no surface things rest on.
   */
  surface?(size: Vec3, p: P): [number, number];
  /**
   * The heights above its bottom its shelves' board tops can take at this size, for a kind that takes the item's
   * `shelves` (shelving: a board with its flat top exactly at each); absent for a kind that refuses shelves.
   */
  shelves?(size: Vec3, p: P): ShelfRange;
  /** misfits of a size and params within the ranges (a round top needs length = width) */
  issues?(size: Vec3, p: P): AssetIssue[];
  /** the param sets the tests and the gallery build (each with 100 seeds); the first is the plain one */
  variants: Record<string, unknown>[];
  /**
   * The parts at this size. `surface`: the height above the bottom the item's surface must have (absent: the kind
   * draws its own); within the `surface` range. `shelves`: the heights above the bottom of its boards' tops, for a
   * kind that takes shelves (absent: it draws its own). Valid for every size within `sizes(p)`.
   */
  build(size: Vec3, p: P, rng: Stream, surface: number | undefined, shelves?: readonly number[]): AssetBuild;
}

/** An angle in degrees in [-180, 180). */
function wrapDeg(a: number): number {
  return a - 360 * Math.floor((a + 180) / 360);
}

/**
 * A part as a solid of the place, for an item (a fixed piece or a thing) at (x, y) with its bottom at z, turned by
 * yaw degrees: the part's centre turned and moved, the yaws added, its tilts its own; 'body' is `solid.material`.
 */
export function placedPart(
  p: Part,
  at: { x: number; y: number; z: number; yaw: number },
  solid: Pick<Solid, 'name' | 'owner' | 'role' | 'material'>,
): Solid {
  const yaw = (at.yaw * Math.PI) / 180;
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  const [x, y, z] = p.center;
  const out: Solid = {
    ...solid,
    shape: p.shape,
    center: [at.x + x * c - y * s, at.y + x * s + y * c, at.z + z],
    size: [...p.size],
    yaw_deg: wrapDeg(at.yaw + (p.yaw_deg ?? 0)),
    material: p.material === 'body' ? solid.material : p.material,
  };
  if (p.pitch_deg) out.pitch_deg = p.pitch_deg;
  if (p.roll_deg) out.roll_deg = p.roll_deg;
  if (p.profile) out.profile = p.profile.map((q) => [q[0], q[1]] as [number, number]);
  if (p.wall !== undefined) out.wall = p.wall;
  if (p.radius !== undefined) out.radius = p.radius;
  return out;
}

// ------------------------------------------------------------------------------------------------ part builders

/** A box between two corners. */
export function box(name: string, material: string, lo: Vec3, hi: Vec3): Part {
  return {
    name,
    material,
    shape: 'box',
    center: [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2],
    size: [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]],
  };
}

/** A rounded box between two corners; the radius is kept within half its smallest extent. */
export function rbox(name: string, material: string, lo: Vec3, hi: Vec3, radius: number): Part {
  const p = box(name, material, lo, hi);
  const r = Math.min(radius, p.size[0] / 2, p.size[1] / 2, p.size[2] / 2);
  return { ...p, shape: 'rbox', radius: r };
}

/** An upright cylinder of diameter d standing on z0 up to z1, its axis through (x, y). */
export function cylinder(
  name: string,
  material: string,
  x: number,
  y: number,
  z0: number,
  z1: number,
  d: number,
): Part {
  return { name, material, shape: 'cylinder', center: [x, y, (z0 + z1) / 2], size: [d, d, z1 - z0] };
}

/** A sphere of diameter d about a centre. */
export function sphere(name: string, material: string, center: Vec3, d: number): Part {
  return { name, material, shape: 'sphere', center, size: [d, d, d] };
}

/**
 * A solid of revolution about the vertical through (x, y), standing on z0: `profile` is [r, z] from z = 0 (its bottom)
 * up, z strictly increasing (see the lathe in layouts/solids.ts).
 */
export function lathe(
  name: string,
  material: string,
  x: number,
  y: number,
  z0: number,
  profile: [number, number][],
): Part {
  const h = profile[profile.length - 1][1];
  const d = 2 * Math.max(...profile.map((q) => q[0]));
  return { name, material, shape: 'lathe', center: [x, y, z0 + h / 2], size: [d, d, h], profile };
}

/**
 * A cylinder lying along y (rolled 90 degrees about x): a knob or a rod from y0 to y1, its axis at (x, z).
 */
export function cylinderAlongY(
  name: string,
  material: string,
  x: number,
  z: number,
  y0: number,
  y1: number,
  d: number,
): Part {
  return { name, material, shape: 'cylinder', center: [x, (y0 + y1) / 2, z], size: [d, d, y1 - y0], roll_deg: 90 };
}

/**
 * A w-wide bar across a g by h panel, corner to corner, its bounds exactly the panel: the angle `tilt` (radians) of
 * its long axis from the panel's g side and its length (g sin t + w cos 2t = h cos t, by bisection). A brace rolled
 * by it about x in the y-z plane, or a handle pitched by 90 degrees less it in the x-z plane.
 */
export function diagonal(g: number, h: number, w: number): { tilt: number; len: number } {
  let lo = 0,
    hi = Math.PI / 2;
  const f = (t: number) => g * Math.sin(t) + w * Math.cos(2 * t) - h * Math.cos(t);
  for (let i = 0; i < 60; i++) {
    const m = (lo + hi) / 2;
    if (f(m) > 0) hi = m;
    else lo = m;
  }
  const t = (lo + hi) / 2;
  return { tilt: t, len: (g - w * Math.sin(t)) / Math.cos(t) };
}

// ------------------------------------------------------------------------------------------------ seeded choices

/**
 * A number drawn uniformly from [lo, hi], or `given` when present. The draw is made either way, so that a param given
 * in place of its draw shifts none of the draws after it (a draw only one style makes still comes and goes with it).
 */
export function drawNum(rng: Stream, lo: number, hi: number, given?: number): number {
  const v = rng.uniform(lo, hi);
  return given ?? v;
}

/** One of the options drawn, or `given` when present (the draw is made either way, as in drawNum). */
export function drawPick<T>(rng: Stream, options: readonly T[], given?: T): T {
  const v = rng.pick(options);
  return given ?? v;
}

/** True with probability p, or `given` when present (the draw is made either way). */
export function drawCoin(rng: Stream, p: number, given?: boolean): boolean {
  const v = rng.coin(p);
  return given ?? v;
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** A size range's message: "is 1.40..3.20 m long". */
export function sizeIssues(kind: string, size: Vec3, r: SizeRange): AssetIssue[] {
  const words = ['long', 'wide', 'high'];
  const out: AssetIssue[] = [];
  for (let k = 0; k < 3; k++) {
    if (size[k] < r.min[k] - 1e-9 || size[k] > r.max[k] + 1e-9)
      out.push({
        path: ['size', k],
        message: `a ${kind} asset is ${r.min[k].toFixed(2)}..${r.max[k].toFixed(2)} m ${words[k]} (here ${size[k]})`,
      });
  }
  return out;
}
