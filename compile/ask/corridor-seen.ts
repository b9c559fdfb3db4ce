/**
 * Corridors on the seen-space grid: the cells a body covers as it drives straight from a pose, which of them the
 * camera observed, and how far the drive stays on observed space. Shared by clear_path and open_heading.
 *
 * The rule (docs/questions.md): a cell counts when its centre lies inside the body at some point of the drive,
 * except cells under the body at the start (the body stands on them) and cells whose centre lies inside an
 * obstacle (they are the obstacle, not floor to cross). The drive is bounded by the seen space when every such cell
 * up to the contact was observed (as floor or obstacle; for a flying body, or held in its frames' air carve).
 */
import {
  bodyAt,
  footprintBounds,
  footprints,
  headingVector,
  polygonSignedDistance,
  type BodyFootprint,
  type Footprint,
  type Pose2,
} from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';
import type { AskContext, JobView } from './inputs.ts';
import type { SeenSpace } from './seen.ts';

/** The roles a body can touch (people are asked about by the people families; floor and ceiling bound no drive). */
export const TOUCH_ROLES = ['wall', 'door', 'fixed', 'thing'] as const;

/** Obstacle footprints in the body's height band. */
export function bodyObstacles(job: JobView, solids: readonly Solid[]): readonly { solid: Solid; fp: Footprint }[] {
  const key = `${job.baseZ_m}/${job.bodyHeight_m}`;
  let byBand = obstacleLists.get(solids);
  if (!byBand) obstacleLists.set(solids, (byBand = new Map()));
  let list = byBand.get(key);
  if (!list)
    byBand.set(
      key,
      (list = footprints(solids, { zBand: [job.baseZ_m, job.baseZ_m + job.bodyHeight_m], roles: TOUCH_ROLES })),
    );
  return list;
}

/** Obstacle lists per scene (the solids a world view gives for a time) and height band; never changed once made. */
const obstacleLists = new WeakMap<readonly Solid[], Map<string, readonly { solid: Solid; fp: Footprint }[]>>();

/**
 * Visit the cells whose centre lies strictly inside a footprint, row by row; stops when `fn` returns false (and then
 * returns false). The inside test is footprintSignedDistance(centre) < 0, written out without allocation (a tilted
 * solid's polygon: its signed distance, which allocates nothing either).
 */
export function forEachCellIn(space: SeenSpace, fp: Footprint, fn: (cell: number) => boolean | void): boolean {
  const g = space.grid;
  const [x0, y0, x1, y1] = footprintBounds(fp);
  const i0 = Math.max(0, Math.floor((x0 - g.x0) / g.cell)),
    i1 = Math.min(g.nx - 1, Math.floor((x1 - g.x0) / g.cell));
  const j0 = Math.max(0, Math.floor((y0 - g.y0) / g.cell)),
    j1 = Math.min(g.ny - 1, Math.floor((y1 - g.y0) / g.cell));
  const rect = fp.kind === 'rect';
  const c = rect ? Math.cos(fp.yaw) : 0,
    s = rect ? Math.sin(fp.yaw) : 0;
  for (let j = j0; j <= j1; j++) {
    const cy = g.y0 + (j + 0.5) * g.cell;
    for (let i = i0; i <= i1; i++) {
      const cx = g.x0 + (i + 0.5) * g.cell;
      let inside: boolean;
      if (fp.kind === 'circle') inside = Math.hypot(cx - fp.cx, cy - fp.cy) - fp.r < 0;
      else if (fp.kind === 'poly') inside = polygonSignedDistance(cx, cy, fp.points) < 0;
      else {
        const rx = cx - fp.cx,
          ry = cy - fp.cy;
        if (fp.r) {
          // rounded corners (an rbox's): the inner rectangle's distance less the corner radius
          const ex = Math.abs(c * rx + s * ry) - Math.max(0, fp.hx - fp.r),
            ey = Math.abs(-s * rx + c * ry) - Math.max(0, fp.hy - fp.r);
          inside = (ex > 0 || ey > 0 ? Math.hypot(Math.max(ex, 0), Math.max(ey, 0)) : Math.max(ex, ey)) < fp.r;
        } else {
          const ex = Math.abs(c * rx + s * ry) - fp.hx,
            ey = Math.abs(-s * rx + c * ry) - fp.hy;
          inside = ex < 0 && ey < 0;
        }
      }
      if (inside && fn(j * g.nx + i) === false) return false;
    }
  }
  return true;
}

/** Cells whose centre lies inside a footprint. */
export function cellsInFootprint(space: SeenSpace, fp: Footprint, into?: Set<number>): Set<number> {
  const out = into ?? new Set<number>();
  forEachCellIn(space, fp, (c) => {
    out.add(c);
  });
  return out;
}

const obstacleMasks = new WeakMap<readonly { fp: Footprint }[], WeakMap<object, Uint8Array>>();

/**
 * 1 on the cells whose centre lies inside an obstacle. It depends on the grid alone, not on what was seen, so it is
 * kept per obstacle list and grid object (neither is changed once made) and shared by every seen space on the grid.
 */
function obstacleMask(space: SeenSpace, obstacles: readonly { fp: Footprint }[]): Uint8Array {
  let byGrid = obstacleMasks.get(obstacles);
  if (!byGrid) obstacleMasks.set(obstacles, (byGrid = new WeakMap()));
  let m = byGrid.get(space.grid);
  if (!m) {
    const mask = new Uint8Array(space.n);
    for (const o of obstacles)
      forEachCellIn(space, o.fp, (c) => {
        mask[c] = 1;
      });
    byGrid.set(space.grid, (m = mask));
  }
  return m;
}

/** Cells a corridor must not count: under the body at its start pose(s) and inside any obstacle. */
export function excludedCells(
  space: SeenSpace,
  body: BodyFootprint,
  starts: readonly Pose2[],
  obstacles: readonly { fp: Footprint }[],
): Uint8Array {
  const m = obstacleMask(space, obstacles).slice();
  const mark = (c: number) => {
    m[c] = 1;
  };
  for (const p of starts) forEachCellIn(space, bodyAt(body, p), mark);
  return m;
}

/** Step between body positions along a drive: half a cell. */
const stepOf = (space: SeenSpace) => space.grid.cell / 2;

/** The counted cells of a drive of length `run` from pose (keeping its yaw) along a map heading. */
export function corridorCells(
  space: SeenSpace,
  body: BodyFootprint,
  pose: Pose2,
  heading_deg: number,
  run: number,
  excluded: Uint8Array,
): number[] {
  const d = headingVector(heading_deg);
  const step = stepOf(space);
  const cells = new Set<number>();
  const n = Math.max(1, Math.ceil(run / step));
  for (let i = 0; i <= n; i++) {
    const s = Math.min(run, i * step);
    cellsInFootprint(space, bodyAt(body, { x: pose.x + d[0] * s, y: pose.y + d[1] * s, yaw_deg: pose.yaw_deg }), cells);
  }
  return [...cells].filter((c) => !excluded[c]).sort((a, b) => a - b);
}

/**
 * How far the drive stays on observed space: the largest s <= run such that every counted cell the body covers at
 * every position up to s was free as far as the frames tell (SeenSpace.free, for a body whose height band starts at
 * `bandBottom`; run itself when all were).
 */
export function observedRun(
  space: SeenSpace,
  body: BodyFootprint,
  pose: Pose2,
  heading_deg: number,
  run: number,
  excluded: Uint8Array,
  bandBottom: number,
  alsoExcluded?: ReadonlySet<number>,
): number {
  const d = headingVector(heading_deg);
  const step = stepOf(space);
  const n = Math.max(1, Math.ceil(run / step));
  let ok = 0;
  for (let i = 0; i <= n; i++) {
    const s = Math.min(run, i * step);
    const seen = forEachCellIn(
      space,
      bodyAt(body, { x: pose.x + d[0] * s, y: pose.y + d[1] * s, yaw_deg: pose.yaw_deg }),
      (c) => excluded[c] === 1 || space.free(c, bandBottom) || !!alsoExcluded?.has(c),
    );
    if (!seen) return ok;
    ok = s;
  }
  return run;
}

/** The public map's roles: what a corridor runs to before any thing stops it. */
export const MAP_ROLES: readonly string[] = ['wall', 'door', 'fixed'];

/** The obstacles of the public map (walls, doors, fixed furniture) at a time, for the body of a job. */
export function publicMapObstacles(ctx: AskContext, t: number): readonly { solid: Solid; fp: Footprint }[] {
  return bodyObstacles(
    ctx.job,
    ctx.world.solidsAt(t).filter((x: Solid) => MAP_ROLES.includes(x.role)),
  );
}
