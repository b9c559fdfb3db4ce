/**
 * Sites a task uses, by the role name the job gives. Jobs name roles in the plural or by purpose
 * ("tote_shelves", "drop_points", "surfaces"); places tag each site with one role of their own vocabulary. This
 * maps one onto the other and names sites and things in plain words for subgoals and briefs.
 */
import type { Place, Site, Thing } from '../layouts/place-schema.ts';

const ALIASES: Record<string, readonly string[]> = {
  surfaces: ['pick_surface', 'place_surface'],
  tote_shelves: ['shelf'],
  shelves: ['shelf'],
  packing_tables: ['packing_table'],
  drop_points: ['drop_point'],
  docks: ['dock'],
  chargers: ['charger'],
};

/** The place roles a job role stands for. */
export function placeRoles(jobRole: string): readonly string[] {
  return ALIASES[jobRole] ?? [jobRole, jobRole.replace(/s$/, '')];
}

/** Sites of the place playing a job role, in file order. */
export function sitesFor(place: Place, jobRole: string): Site[] {
  const roles = placeRoles(jobRole);
  return place.sites.filter((s) => roles.includes(s.role));
}

/** The one home site of a job (its first site of the role); throws when the place has none. */
export function homeSite(place: Place, jobRole: string): Site {
  const s = sitesFor(place, jobRole)[0];
  if (!s) throw new Error(`place ${place.id} has no site of role "${jobRole}"`);
  return s;
}

/** A site in plain words: its name, or its furniture's kind, or its role. */
export function siteName(place: Place, s: Site): string {
  if (s.name) return s.name;
  const f = s.fixed ? place.fixed.find((x) => x.id === s.fixed) : undefined;
  return `the ${(f?.kind ?? s.kind ?? s.role).replace(/_/g, ' ')}`;
}

/** A thing in plain words: "the grey remote". */
export function thingName(t: Thing): string {
  return `the ${t.colour.replace(/_/g, ' ')} ${t.kind.replace(/_/g, ' ')}`;
}
