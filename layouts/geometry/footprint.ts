/**
 * Footprints: the 2-D shapes (map frame, metres) of solids and robot bodies that the planar geometry queries use.
 * A solid only counts where its z range meets a height band; a sphere's footprint is its cross-section widest
 * within the band, a lathe's the disc of its largest profile radius within the band (hollow or not), an rbox's its
 * cross-section nearest its middle within the band (a rectangle with rounded corners). A tilted solid's (pitch or
 * roll) is a convex polygon (tilt.ts): exact for a box, within 1 mm outside the exact one for the other kinds (a
 * lathe's: of its hull).
 */
import type { Solid, SolidRole } from '../solids.ts';
import { extentAlong, isTilted, zRange } from '../solids.ts';
import { latheBandRadius } from './lathe.ts';
import { rboxFootprint } from './rbox.ts';
import { tiltedFootprint } from './tilt.ts';
import type { Footprint, RectFootprint, Vec2 } from './footprint-types.ts';

export type { Footprint, PolyFootprint, RectFootprint, Vec2 } from './footprint-types.ts';

/** A rounded rectangle's inner rectangle (half extents less the corner radius) and that radius (0 when square-cornered). */
export function innerRect(fp: RectFootprint): { rect: RectFootprint; r: number } {
  const r = fp.r ?? 0;
  if (!(r > 0)) return { rect: fp, r: 0 };
  return {
    rect: { kind: 'rect', cx: fp.cx, cy: fp.cy, hx: Math.max(0, fp.hx - r), hy: Math.max(0, fp.hy - r), yaw: fp.yaw },
    r,
  };
}

/** A robot body's outline on the floor: a circle, or a rectangle (length along the body's heading) centred on the base. */
export type BodyFootprint = { shape: 'circle'; radius: number } | { shape: 'rect'; length: number; width: number };

/** A planar pose: base position and heading (degrees, counter-clockwise from +x). */
export interface Pose2 {
  x: number;
  y: number;
  yaw_deg: number;
}

/** Which solids a query sees: those meeting the height band [lo, hi], of the given roles, not ignored. */
export interface SolidFilter {
  zBand: [number, number];
  /** roles that count (default: every role but the floor) */
  roles?: readonly SolidRole[];
  /** names or owners to leave out (e.g. the robot itself, a target thing) */
  ignore?: readonly string[];
}

/** The roles of the public map: fixed structure (a closed door is a solid of role door; an open one is placed aside). */
export const PUBLIC_MAP_ROLES: readonly SolidRole[] = ['wall', 'fixed', 'door'];

export const DEG = Math.PI / 180;

/** Unit vector of a map heading in degrees. */
export function headingVector(deg: number): Vec2 {
  const a = deg * DEG;
  return [Math.cos(a), Math.sin(a)];
}

/** True when the solid's z range strictly overlaps the band (touching at a face does not count). */
export function meetsBand(s: Solid, band: [number, number]): boolean {
  const [lo, hi] = zRange(s);
  return lo < band[1] && hi > band[0];
}

/** True when the filter lets the solid through. */
export function passes(s: Solid, f: SolidFilter): boolean {
  if (f.roles ? !f.roles.includes(s.role) : s.role === 'floor') return false;
  if (f.ignore && (f.ignore.includes(s.name) || f.ignore.includes(s.owner))) return false;
  return meetsBand(s, f.zBand);
}

/** The footprint of a solid within a height band (the band is assumed to meet it). */
export function solidFootprint(s: Solid, band: [number, number]): Footprint {
  if (isTilted(s) && s.shape !== 'sphere') return { kind: 'poly', points: tiltedFootprint(s, band[0], band[1]).points };
  const [cx, cy, cz] = s.center;
  if (s.shape === 'box') {
    return { kind: 'rect', cx, cy, hx: s.size[0] / 2, hy: s.size[1] / 2, yaw: (s.yaw_deg ?? 0) * DEG };
  }
  if (s.shape === 'cylinder') return { kind: 'circle', cx, cy, r: Math.max(s.size[0], s.size[1]) / 2 };
  if (s.shape === 'lathe') return { kind: 'circle', cx, cy, r: latheBandRadius(s, band[0], band[1]) };
  if (s.shape === 'rbox') return rboxFootprint(s, band[0], band[1]);
  const R = s.size[0] / 2;
  const dz = Math.max(0, band[0] - cz, cz - band[1]);
  return { kind: 'circle', cx, cy, r: Math.sqrt(Math.max(0, R * R - dz * dz)) };
}

/**
 * A tilted solid's outline seen from above: the polygon of its whole projection (its footprint over its full
 * height), counter-clockwise; null for an upright solid (whose readers take its box or disc as before) or a sphere.
 */
export function tiltedOutline(s: Solid): Vec2[] | null {
  if (!isTilted(s) || s.shape === 'sphere') return null;
  const [lo, hi] = zRange(s);
  return tiltedFootprint(s, lo - 1, hi + 1).points;
}

/** A group of solids' extent (a thing's parts) in the frame of its first solid's yaw. */
export interface PartsExtent {
  /** the centre of the extent along that frame's axes, map frame */
  middle: Vec2;
  /** the longer of the two horizontal extents (m) */
  length: number;
  bottom: number;
  top: number;
}

/**
 * The extent of a group of solids along the axes of the first one's yaw and up: each solid's exact reach (its support
 * function), so a round part off the group's axis, a lathe, a rounded box and a tilted part count as they are. A
 * thing's middle, length and height are read from it (compile/ask/sightings.ts, compile/reader/things.ts).
 */
export function partsExtent(solids: readonly Solid[]): PartsExtent {
  const yaw = ((solids[0].yaw_deg ?? 0) * Math.PI) / 180;
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  let a0 = Infinity,
    a1 = -Infinity,
    b0 = Infinity,
    b1 = -Infinity,
    z0 = Infinity,
    z1 = -Infinity;
  for (const so of solids) {
    const ca = c * so.center[0] + s * so.center[1],
      cb = -s * so.center[0] + c * so.center[1];
    const ea = extentAlong(so, c, s, 0),
      eb = extentAlong(so, -s, c, 0),
      [lo, hi] = zRange(so);
    a0 = Math.min(a0, ca + ea[0]);
    a1 = Math.max(a1, ca + ea[1]);
    b0 = Math.min(b0, cb + eb[0]);
    b1 = Math.max(b1, cb + eb[1]);
    z0 = Math.min(z0, lo);
    z1 = Math.max(z1, hi);
  }
  const am = (a0 + a1) / 2,
    bm = (b0 + b1) / 2;
  return { middle: [c * am - s * bm, s * am + c * bm], length: Math.max(a1 - a0, b1 - b0), bottom: z0, top: z1 };
}

/** Solids that pass the filter, each with its footprint (input order kept). */
export function footprints(solids: readonly Solid[], f: SolidFilter): { solid: Solid; fp: Footprint }[] {
  const out: { solid: Solid; fp: Footprint }[] = [];
  for (const s of solids) if (passes(s, f)) out.push({ solid: s, fp: solidFootprint(s, f.zBand) });
  return out;
}

/** The footprint of a body at a pose. */
export function bodyAt(body: BodyFootprint, pose: Pose2): Footprint {
  if (body.shape === 'circle') return { kind: 'circle', cx: pose.x, cy: pose.y, r: body.radius };
  return { kind: 'rect', cx: pose.x, cy: pose.y, hx: body.length / 2, hy: body.width / 2, yaw: pose.yaw_deg * DEG };
}

/** Corners of a rectangle footprint, counter-clockwise. */
export function rectCorners(r: { cx: number; cy: number; hx: number; hy: number; yaw: number }): Vec2[] {
  const c = Math.cos(r.yaw),
    s = Math.sin(r.yaw);
  const pts: Vec2[] = [];
  for (const [u, v] of [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ] as const) {
    const lx = u * r.hx,
      ly = v * r.hy;
    pts.push([r.cx + c * lx - s * ly, r.cy + s * lx + c * ly]);
  }
  // order [+,+], [-,+], [-,-], [+,-] is counter-clockwise
  return pts;
}

/** Axis-aligned bounds [minx, miny, maxx, maxy] of a footprint. */
export function footprintBounds(fp: Footprint): [number, number, number, number] {
  if (fp.kind === 'circle') return [fp.cx - fp.r, fp.cy - fp.r, fp.cx + fp.r, fp.cy + fp.r];
  if (fp.kind === 'poly') {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (const [x, y] of fp.points) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    return [x0, y0, x1, y1];
  }
  if (fp.r) {
    // the inner rectangle's bounds grown by the corner radius
    const { rect, r } = innerRect(fp);
    const b = footprintBounds(rect);
    return [b[0] - r, b[1] - r, b[2] + r, b[3] + r];
  }
  const ex = Math.abs(Math.cos(fp.yaw)) * fp.hx + Math.abs(Math.sin(fp.yaw)) * fp.hy;
  const ey = Math.abs(Math.sin(fp.yaw)) * fp.hx + Math.abs(Math.cos(fp.yaw)) * fp.hy;
  return [fp.cx - ex, fp.cy - ey, fp.cx + ex, fp.cy + ey];
}
