/**
 * The footprint types on their own, so that the kinds' footprint modules (rbox.ts, tilt.ts, hull.ts) and footprint.ts,
 * which dispatches to them, need no import cycle.
 */
export type Vec2 = [number, number];

/**
 * A rectangle (centre, half extents, yaw in radians), a circle or a convex polygon, in the map frame. A rectangle
 * with `r` (> 0, at most min(hx, hy)) has its corners rounded with that radius: the points within r of the inner
 * rectangle of half extents hx - r, hy - r (an rbox's footprint); hx and hy stay its full half extents, so what reads
 * only a rectangle's bounds needs no change. A polygon (a tilted solid's footprint) lists its corners
 * counter-clockwise, at least three but for a degenerate cut (none when a band misses the solid).
 */
export type Footprint = RectFootprint | { kind: 'circle'; cx: number; cy: number; r: number } | PolyFootprint;
export type PolyFootprint = { kind: 'poly'; points: Vec2[] };
export type RectFootprint = { kind: 'rect'; cx: number; cy: number; hx: number; hy: number; yaw: number; r?: number };
