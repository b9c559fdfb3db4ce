/**
 * A job on a place: what the script stage needs of a place before it plans a shift there, checked by one function
 * that `stbench validate` (pipeline/validate-cross.ts, every job against every place of its kind) and the script
 * stage (script/batch.ts, before a batch plans or writes anything) both call, so that `script` refuses what
 * `validate` reports, with the same located lines (the job file, the field):
 *
 * - every site role the job names (its home, its hand-off site, each task kind's sites and surfaces) is played by a
 *   site of the place;
 * - every such site is clear of every solid over the column the body fills there: from the site's z up to the top of
 *   the body (its base's z plus its height; the drone's 15.3 m over a drop point, its tether's way down);
 * - where the place has doorways the body would go through (openings with no sill, higher than the body's base),
 *   the body passes at least one: it is planned as the circle round its footprint (it turns in place), so that
 *   circle's diameter, with the planner's margin, fits the doorway's width and the body's top its height;
 * - the body fits at its home site, and from there it reaches every site of every other role it needs (a task may
 *   draw any of them; one out of reach is a task spent waiting) over the place's structure (walls, fixed furniture,
 *   seated people, every door at its most open state; things and walking people move, so they are left out),
 *   planned as the script stage plans (script/nav.ts, the job's planning cell).
 *
 * A robot wider than every door used to validate and then plan a shift of waits; now neither command lets it by.
 */
import { InputError, pathString, type InputIssue, type LoadedYaml } from '../foundation/index.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import { jobSource } from '../jobs/load.ts';
import type { Vec2 } from '../layouts/geometry/index.ts';
import { seatedKeepOut } from '../layouts/person-figure.ts';
import type { DoorState, Place, Site } from '../layouts/place-schema.ts';
import { SITE_FLOOR_GAP, sitesForRole, solidInColumn } from '../layouts/sites.ts';
import { placeSolids } from '../layouts/world.ts';
import { initialState } from '../layouts/world-state.ts';
import { reachableCentres } from './coverage.ts';
import { navMap, nearestFit } from './nav.ts';
import { bodyShape, planCell } from './plan-script.ts';

type Path = (string | number)[];

/** How far from a site the body may stop and still use it (the script stage's reach guard: plan-script.ts). */
const SITE_REACH_M = 1.0;
/** The margin the planner keeps between the body's circle and a solid (script/nav.ts `hard`). */
const BODY_MARGIN_M = 0.005;
/** How open each door state leaves its doorway, most open first. */
const OPENNESS: DoorState[] = ['open', 'ajar', 'closed'];

/** The site roles a job names, each with the field that names it. */
export function jobRoles(job: JobSpec): { path: Path; role: string }[] {
  const out: { path: Path; role: string }[] = [{ path: ['tasks', 'home'], role: job.tasks.home }];
  if (job.tasks.handoff) out.push({ path: ['tasks', 'handoff', 'site'], role: job.tasks.handoff.site });
  job.tasks.kinds.forEach((k, i) => {
    const rec = k as { sites?: string[]; surfaces?: string[] };
    rec.sites?.forEach((r, n) => out.push({ path: ['tasks', 'kinds', i, 'sites', n], role: r }));
    rec.surfaces?.forEach((r, n) => out.push({ path: ['tasks', 'kinds', i, 'surfaces', n], role: r }));
  });
  return out;
}

const m = (x: number) => `${Number(x.toFixed(3))} m`;
/** Sites by id, the first six and a count of the rest. */
const ids = (sites: readonly Site[]) =>
  sites
    .slice(0, 6)
    .map((s) => s.id)
    .join(', ') + (sites.length > 6 ? ` and ${sites.length - 6} more` : '');

/** The body in words: "its 0.35 m circle", "its 1.6 x 1.5 m footprint" (and, planned, "... planned as the 2.19 m circle round it"). */
function bodyWords(job: JobSpec, planned = false): string {
  const f = job.body.footprint;
  if (f.shape === 'circle') return `its ${m(f.diameter_m)} circle`;
  const words = `its ${f.length_m} x ${f.width_m} m footprint`;
  return planned ? `${words}, planned as the ${m(Math.hypot(f.length_m, f.width_m))} circle round it` : words;
}

/** Every problem of the job on the place, located in the job's file (`job.locate`). */
export function jobOnPlaceIssues(
  job: Pick<LoadedYaml<JobSpec>, 'file' | 'value' | 'locate'>,
  place: Place,
): InputIssue[] {
  const spec = job.value;
  const issues: InputIssue[] = [];
  const add = (path: Path, message: string) => {
    const loc = job.locate(path);
    issues.push({ file: job.file, line: loc?.line, column: loc?.column, path: pathString(path), message });
  };

  // every role is played by a site
  const roles = jobRoles(spec);
  let missing = false;
  for (const { path, role } of roles)
    if (sitesForRole(place, role).length === 0) {
      add(path, `place ${place.id} has no site playing the role "${role}"`);
      missing = true;
    }

  const body = bodyShape(spec);
  const [zLo, zHi] = body.zBand;
  const baseZ = spec.base_z_m.value;

  // the place's structure with every door at its most open state (the doors toggle; a site behind a door the
  // change model may open is not out of reach), seated people (they sit the whole script), nothing that moves
  const open = initialState(place);
  open.things = {};
  open.people = {};
  for (const d of place.doors) open.doors[d.id] = OPENNESS.find((s) => d.states.includes(s)) ?? d.initial;
  const keepOut = place.people.flatMap((p) => seatedKeepOut(place, p));
  const solids = placeSolids(place, open).concat(keepOut);
  const standing = solids.filter((s) => s.role !== 'floor' && s.role !== 'ceiling' && s.role !== 'person');

  // every site the job uses is clear over the column its body fills there, floor to the body's top
  for (const { path, role } of roles)
    for (const site of sitesForRole(place, role)) {
      const top = Math.max(site.z, baseZ) + spec.body.height_m;
      const hit = solidInColumn(site.position[0], site.position[1], site.z + SITE_FLOOR_GAP, top, standing);
      if (hit)
        add(
          path,
          `site ${site.id} of ${place.id} lies under ${hit.solid.name} (${hit.from.toFixed(2)}..${hit.to.toFixed(2)} m), ` +
            `inside the column from ${m(site.z)} to ${m(top)} the body fills there (base at ${m(baseZ)}, ${m(spec.body.height_m)} tall)`,
        );
    }

  // doorways: the body passes at least one of those it would go through
  const doorways = place.walls.flatMap((w) =>
    w.openings
      .filter((o) => o.sill <= 0 && o.height > zLo)
      .map((o) => ({ id: o.id, width: o.width, height: o.height })),
  );
  if (doorways.length) {
    const need = 2 * (body.radius + BODY_MARGIN_M);
    const wideEnough = doorways.filter((d) => d.width >= need);
    const passable = wideEnough.filter((d) => d.height >= zHi);
    if (!passable.length) {
      const byWidth = [...doorways].sort((a, b) => b.width - a.width);
      const [widest, narrowest] = [byWidth[0], byWidth[byWidth.length - 1]];
      const range =
        widest === narrowest
          ? `its one doorway, ${widest.id}, is ${m(widest.width)} wide`
          : `its doorways are ${m(narrowest.width)} (${narrowest.id}) to ${m(widest.width)} (${widest.id}) wide`;
      if (!wideEnough.length) {
        const f = spec.body.footprint;
        const field = f.shape === 'circle' ? 'diameter_m' : f.length_m > f.width_m ? 'length_m' : 'width_m';
        add(
          ['body', 'footprint', field],
          `the body passes no doorway of ${place.id}: turning in place it needs ${m(need)} (the circle round ` +
            `${bodyWords(spec)}); ${range}`,
        );
      } else {
        const highest = [...wideEnough].sort((a, b) => b.height - a.height)[0];
        add(
          ['body', 'height_m'],
          `the body passes no doorway of ${place.id}: its top is ${m(zHi)} up, the highest doorway wide enough for ` +
            `it (${highest.id}) ${m(highest.height)}`,
        );
      }
    }
  }

  // the body fits at its home and reaches a site of every other role from there
  if (missing) return issues;
  const nav = navMap(place, solids, body, spec.clearance.value, planCell(spec, place));
  const home = sitesForRole(place, spec.tasks.home)[0];
  const homeAt = nearestFit(nav, home.position as Vec2, SITE_REACH_M);
  if (!homeAt) {
    add(
      ['tasks', 'home'],
      `the body (${bodyWords(spec, true)}) fits nowhere within ` +
        `${m(SITE_REACH_M)} of ${place.id}'s home site ${home.id}`,
    );
    return issues;
  }
  const reach = reachableCentres(nav, homeAt);
  const g = nav.map.grid;
  const reached = (s: Site) => {
    const q = nearestFit(nav, s.position as Vec2, SITE_REACH_M);
    if (!q) return false;
    const [i, j] = g.worldToCell(q[0], q[1]);
    return g.inside(i, j) && reach[j * g.cols + i] === 1;
  };
  for (const { path, role } of roles.slice(1)) {
    const sites = sitesForRole(place, role);
    const cut = sites.filter((s) => s.id !== home.id && !reached(s));
    if (!cut.length) continue;
    add(
      path,
      `the body (${bodyWords(spec, true)}) cannot reach ` +
        `${cut.length === sites.length ? 'any site' : `${cut.length} of the ${sites.length} sites`} playing "${role}" ` +
        `in ${place.id} (${ids(cut)}) from its home site ${home.id}, with every door open`,
    );
  }
  return issues;
}

/**
 * Refuse (an InputError, exit 2) a job on a place where it cannot work, with the lines `validate` prints. A spec
 * made in code (no file it was read from) is reported against its conventional file, jobs/<name>-<version>.yaml.
 */
export function refuseJobOnPlace(job: JobSpec, place: Place): void {
  const source = jobSource(job) ?? {
    file: `jobs/${job.name}-${job.version}.yaml`,
    value: job,
    locate: () => undefined,
  };
  const issues = jobOnPlaceIssues(source, place);
  if (issues.length) throw new InputError(issues);
}
