/**
 * clear_path and open_heading as a perfect reader of the frames answers them: the body's footprint swept through
 * the place as it stands now (walls, doors, furniture, things in the body's height band), vouched for only as far
 * as the current task's frames observed the floor it crosses (docs/questions.md, "How the seen space bounds the
 * run"). Where the frames do not vouch for the run, the reader says unknown.
 */
import {
  bodyAt,
  footprintDistance,
  footprints,
  headingVector,
  sweepFootprints,
  type Direction,
  type Footprint,
  type Pose2,
} from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';
import { normHeading } from '../../formats/step.ts';
import { currentTask, frameNow, type ReaderMemory } from './memory.ts';
import { SeenCells } from './seen-grid.ts';

const EPS = 1e-9;
const TOUCHED = ['wall', 'door', 'fixed', 'thing'] as const;

type Obstacle = { solid: Solid; fp: Footprint };

/** What every corridor of the frame now shares: the task's seen space, the obstacles, the cells a corridor skips. */
interface Scene {
  space: SeenCells;
  obstacles: Obstacle[];
  /** cells under an obstacle or under the body where it stands */
  skip: Set<number>;
  start: Pose2;
  reach: number;
}

function sceneNow(m: ReaderMemory): Scene {
  const now = frameNow(m);
  const space = new SeenCells(m.grid, currentTask(m));
  const obstacles = footprints(m.world.solidsAt(now.t), { zBand: m.job.band, roles: TOUCHED });
  const start: Pose2 = { x: now.pose.x, y: now.pose.y, yaw_deg: now.pose.heading_deg };
  const skip = space.cellsUnder(bodyAt(m.job.body, start));
  for (const o of obstacles) space.cellsUnder(o.fp, skip);
  return { space, obstacles, skip, start, reach: Math.hypot(m.grid.nx * m.grid.cell, m.grid.ny * m.grid.cell) };
}

/**
 * How far along a drive every cell the body covers (sampled every half cell, cells in `skip` or `alsoSkip` aside)
 * was observed: the last sampled distance before an unobserved cell, or the whole run.
 */
function vouchedRun(
  m: ReaderMemory,
  sc: Scene,
  pose: Pose2,
  heading: number,
  run: number,
  alsoSkip?: Set<number>,
): number {
  const d = headingVector(heading);
  const step = m.grid.cell / 2;
  const n = Math.max(1, Math.ceil(run / step));
  let ok = 0;
  for (let i = 0; i <= n; i++) {
    const s = Math.min(run, i * step);
    const under = sc.space.cellsUnder(
      bodyAt(m.job.body, { x: pose.x + d[0] * s, y: pose.y + d[1] * s, yaw_deg: pose.yaw_deg }),
    );
    for (const c of under) if (!sc.skip.has(c) && !alsoSkip?.has(c) && !sc.space.free(c, m.job.band[0])) return ok;
    ok = s;
  }
  return run;
}

/** clear_path: the run in a direction, or null (unknown) where the frames do not vouch for it. */
export function readClearPath(m: ReaderMemory, direction: Direction, turnDeg = m.job.turn_deg): number | null {
  const sc = sceneNow(m);
  const yaw = normHeading(sc.start.yaw_deg + (direction === 'left' ? turnDeg : direction === 'right' ? -turnDeg : 0));
  const heading = direction === 'back' ? normHeading(yaw + 180) : yaw;
  const pose: Pose2 = { ...sc.start, yaw_deg: yaw };
  sc.space.cellsUnder(bodyAt(m.job.body, pose), sc.skip);
  const res = sweepFootprints(sc.obstacles, { pose, body: m.job.body, heading_deg: heading, maxDistance: sc.reach });
  const run = res.distance;
  const hit = sc.obstacles.find((o) => o.solid.name === res.hit);
  if (!hit) return run;
  if (vouchedRun(m, sc, pose, heading, run) < run) return null;
  // the face it touches: an observed cell at, or around, the cell just before the contact
  const d = headingVector(heading);
  const at = Math.max(0, run - 1e-6);
  const contact = footprintDistance(
    bodyAt(m.job.body, { x: pose.x + d[0] * at, y: pose.y + d[1] * at, yaw_deg: yaw }),
    hit.fp,
  ).b;
  const g = m.grid;
  const c0 = sc.space.cellOf(contact[0] - (d[0] * g.cell) / 2, contact[1] - (d[1] * g.cell) / 2);
  if (c0 < 0) return null;
  const ix = c0 % g.nx,
    iy = Math.floor(c0 / g.nx);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = ix + dx,
        y = iy + dy;
      if (x >= 0 && y >= 0 && x < g.nx && y < g.ny && sc.space.observed(y * g.nx + x)) return run;
    }
  }
  return null;
}

/** open_heading: the relative heading (deg, + = left) of the longest vouched run, or null where none has room. */
export function readOpenHeading(m: ReaderMemory): number | null {
  const sc = sceneNow(m);
  let best = { rel: 0, run: -Infinity };
  for (let rel = -180; rel < 180; rel++) {
    const H = normHeading(sc.start.yaw_deg + rel);
    const pose: Pose2 = { ...sc.start, yaw_deg: H };
    const contact = sweepFootprints(sc.obstacles, {
      pose,
      body: m.job.body,
      heading_deg: H,
      maxDistance: sc.reach,
    }).distance;
    const run = vouchedRun(m, sc, pose, H, contact, sc.space.cellsUnder(bodyAt(m.job.body, pose)));
    if (run > best.run + EPS || (Math.abs(run - best.run) <= EPS && Math.abs(rel) < Math.abs(best.rel)))
      best = { rel, run };
  }
  return best.run >= m.job.length_m - EPS ? best.rel : null;
}
