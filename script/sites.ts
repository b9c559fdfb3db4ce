/**
 * Sites a task uses, by the role name the job gives (layouts/sites.ts maps a job's role words onto the place's site
 * roles), and sites and things named in plain words for subgoals and briefs.
 */
import type { Place, Site, Thing } from '../layouts/place-schema.ts';
import { sitesForRole } from '../layouts/sites.ts';

/** The one home site of a job (its first site of the role); throws when the place has none. */
export function homeSite(place: Place, jobRole: string): Site {
  const s = sitesForRole(place, jobRole)[0];
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
