/**
 * Site roles as jobs name them. A job names a role in the singular (dock, charger, parking, base) or a group in
 * the plural (surfaces, tote_shelves, packing_tables, drop_points); the place's sites carry one role each. A site is
 * where a robot stands (or hovers) to use it: nothing may stand over it in the heights a robot there fills.
 */
import { footprintSignedDistance, meetsBand, solidFootprint } from './geometry/index.ts';
import type { Place, Site, SiteRole } from './place-schema.ts';
import { type Solid, zRange } from './solids.ts';

/** Which site roles a job's role word stands for. */
export const ROLE_GROUPS: Record<string, SiteRole[]> = {
  dock: ['dock'],
  charger: ['charger'],
  parking: ['parking'],
  handoff: ['handoff'],
  base: ['base'],
  surfaces: ['pick_surface', 'place_surface'],
  pick_surfaces: ['pick_surface'],
  place_surfaces: ['place_surface'],
  tote_shelves: ['shelf'],
  shelves: ['shelf'],
  packing_tables: ['packing_table'],
  drop_points: ['drop_point'],
};

/** The place's sites that play a job's role word (a site role itself works too), in file order. */
export function sitesForRole(place: Place, role: string): Site[] {
  const roles: string[] = ROLE_GROUPS[role] ?? [role];
  return place.sites.filter((s) => roles.includes(s.role));
}

/**
 * The column a ground robot fills standing at a site, checked by the place rules for every site whatever job uses it:
 * 2 m up from the site's z, above the tallest ground body of the shipped jobs (the helper's 1.41 m) and a doorway's
 * height. A job's own column (up to the top of its body, the drone's 15.3 m) is checked against the places it runs
 * on (script/job-on-place.ts).
 */
export const SITE_COLUMN_M = 2;

/** Where a site's column starts above its z: where a body's height band starts (2 mm up, script/plan-script.ts). */
export const SITE_FLOOR_GAP = 0.002;

/**
 * The first solid (in list order) whose footprint holds the point (x, y) at some height in [lo, hi], by more than
 * `tol` metres: what stands over (or in) a site's column. A solid wholly below `lo` or above `hi` does not count, so
 * a roof a rooftop site stands on, or a lamp 3 m over a parking spot checked to 2 m, is not in the way.
 */
export function solidInColumn(
  x: number,
  y: number,
  lo: number,
  hi: number,
  solids: readonly Solid[],
  tol = 0.001,
): { solid: Solid; from: number; to: number } | undefined {
  for (const s of solids) {
    if (!meetsBand(s, [lo, hi])) continue;
    const [zlo, zhi] = zRange(s);
    const band: [number, number] = [Math.max(lo, zlo), Math.min(hi, zhi)];
    if (footprintSignedDistance(x, y, solidFootprint(s, band)) < -tol) return { solid: s, from: zlo, to: zhi };
  }
  return undefined;
}
