/**
 * Where the robot stops at a site. A dock, a charger or the drone's base takes it exactly (its contacts or pad are
 * there); at any other site (a surface, a shelf, a packing table, a parking spot, a drop point) it stops a little
 * across and back from the site's pose and a little turned, drawn afresh each visit, as a real robot's stops vary
 * from visit to visit. Without this every script stood at the same poses, and a question asked there had the same
 * answer in every script (another script's answer, or the wording alone, gave it away).
 */
import type { Vec2 } from '../layouts/geometry/index.ts';
import type { Site, SiteRole } from '../layouts/place-schema.ts';
import { normHeading } from '../formats/step.ts';
import type { Stream } from '../foundation/index.ts';

/** How far a stop strays: across the site's heading either way and back from it (m), and turned either way (deg). */
export const STOP_STRAY = { across_m: 0.3, back_m: 0.25, turn_deg: 15 };
/** Sites whose pose the robot takes exactly. */
export const EXACT_STOP_ROLES: readonly SiteRole[] = ['dock', 'charger', 'base'];
/** Draws of a strayed pose before the site's own is taken (where the body does not fit). */
const DRAWS = 8;

export interface StopPose {
  at: Vec2;
  heading: number;
}

/** A stop at `site`: its pose, or a strayed one the body fits at (fits: the navigation map's test). */
export function stopPose(site: Site, fits: (p: Vec2) => boolean, s: Stream): StopPose {
  const exact: StopPose = { at: [site.position[0], site.position[1]], heading: site.heading };
  if (EXACT_STOP_ROLES.includes(site.role)) return exact;
  const h = (site.heading * Math.PI) / 180;
  for (let i = 0; i < DRAWS; i++) {
    const across = s.uniform(-STOP_STRAY.across_m, STOP_STRAY.across_m);
    const back = s.uniform(0, STOP_STRAY.back_m);
    const at: Vec2 = [
      site.position[0] - Math.sin(h) * across - Math.cos(h) * back,
      site.position[1] + Math.cos(h) * across - Math.sin(h) * back,
    ];
    const heading = normHeading(site.heading + s.uniform(-STOP_STRAY.turn_deg, STOP_STRAY.turn_deg));
    if (fits(at)) return { at, heading };
  }
  return exact;
}
