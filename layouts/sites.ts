/**
 * Site roles as jobs name them. A job names a role in the singular (dock, charger, parking, base) or a group in
 * the plural (surfaces, tote_shelves, packing_tables, drop_points); the place's sites carry one role each.
 */
import type { Place, Site, SiteRole } from './place-schema.ts';

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
