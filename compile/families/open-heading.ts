/**
 * open_heading (help, clearance, heading): turning in place, which heading gives the body the most room to drive
 * straight. Table: for every relative heading h = -180..179° (1° steps, + = left), the body turned to h drives
 * straight; its run is the footprint sweep to first contact against the solids of the ask time, cut where the
 * drive first covers a floor cell never observed during the task (the run the frames vouch for); room_ok when the
 * run reaches room_needed = the body's length. The gold is the heading with the longest run (ties: the smallest
 * turn). Knowable when some heading has room through observed space; skipped when no heading has room at all.
 * Column `now` when the ask frame observed every cell of the best heading's corridor in its view (others seen on
 * the way there); else memory. p: at the end of the best run on the floor, for the run along the heading.
 */
import { heading } from '../reader/answer.ts';
import { readOpenHeading } from '../reader/corridor.ts';
import type { FamilyDef } from '../family.ts';
import { NO_TARGET, type AskSite } from '../ask/targets.ts';
import { publicMapObstacles } from '../ask/corridor-seen.ts';
import { lookedAround } from '../looked-along.ts';
import type { HeadingTable } from '../../formats/gold-row.ts';
import { bodyAt, headingVector, sweepFootprints, type Pose2 } from '../../layouts/geometry/index.ts';
import { normHeading } from '../../formats/step.ts';
import { pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { gridDiagonal } from './clear-path.ts';
import { DriveSweep } from '../ask/drive-sweep.ts';
import { bodyObstacles, cellsInFootprint, corridorCells, excludedCells, observedRun } from '../ask/corridor-seen.ts';
import { askFrame, taskFrames, type AskContext, type FrameView } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { cellInView, observedBy, seenSpaceOf } from '../ask/seen.ts';

/** The question's wording (docs/questions.md). */
const wording = () =>
  'Turning in place, which heading would give your body the most room to drive straight? Answer in degrees relative to where you face now (positive = left).';

const EPS = 1e-9;

export function openHeading(ctx: AskContext): FamilyOutcome {
  const job = ctx.job;
  const f = askFrame(ctx);
  const space = seenSpaceOf(ctx.grid, taskFrames(ctx));
  const obstacles = bodyObstacles(job, ctx.world.solidsAt(f.t));
  const start: Pose2 = { x: f.pose.x, y: f.pose.y, yaw_deg: f.pose.heading_deg };
  const excluded = excludedCells(space, job.body, [start], obstacles);
  const need = job.bodyLength_m;
  const cap = gridDiagonal(ctx);
  const sweeper = new DriveSweep(obstacles, job.body);
  const entries: HeadingTable['entries'] = [];
  const runs: { rel: number; run: number; contact: number; pose: Pose2 }[] = [];
  let anyRoom = false;
  for (let i = 0; i < 360; i++) {
    const rel = -180 + i;
    const H = normHeading(start.yaw_deg + rel);
    const pose = { ...start, yaw_deg: H };
    const contact = sweeper.run(pose, H, cap).distance;
    const turned = cellsInFootprint(space, bodyAt(job.body, pose));
    const run = observedRun(space, job.body, pose, H, contact, excluded, job.baseZ_m, turned);
    if (contact >= need - EPS) anyRoom = true;
    entries.push({ run_m: run, room_ok: run >= need - EPS, seen_ok: run >= contact - EPS });
    runs.push({ rel, run, contact, pose });
  }
  if (!anyRoom) return skip('open_heading', 'no heading has room for the body');
  let best = runs[0];
  for (const r of runs) {
    if (r.run > best.run + EPS || (Math.abs(r.run - best.run) <= EPS && Math.abs(r.rel) < Math.abs(best.rel))) best = r;
  }
  const knowable = best.run >= need - EPS;
  const table: HeadingTable = { step_deg: 1, entries, best_run_m: best.run, room_needed_m: need };

  const H = best.pose.yaw_deg;
  const d = headingVector(H);
  const cells = knowable ? corridorCells(space, job.body, best.pose, H, best.run, excluded) : [];
  const latest = observedBy(ctx.grid, f);
  const cam = poseOfRecord(f.camera);
  const now =
    knowable && cells.every((c) => latest.free(c, job.baseZ_m) || !cellInView(job.intr, cam, space.centre(c), 0));
  const front = job.bodyLength_m / 2 + best.run;
  const end: [number, number, number] = [start.x + d[0] * front, start.y + d[1] * front, 0];
  const endFrame: FrameView = now
    ? f
    : (space.lastFrame(space.cellOf(end[0] - (d[0] * ctx.grid.cell) / 2, end[1] - (d[1] * ctx.grid.cell) / 2)) ?? f);
  const p = pixelSizeOr(
    job.intr,
    poseOfRecord(endFrame.camera),
    end,
    (q) => (q[0] - start.x) * d[0] + (q[1] - start.y) * d[1],
    ctx.grid.cell,
  );
  const evidence = now || !knowable ? [f] : cells.map((c) => space.lastFreeFrame(c)).filter((x): x is FrameView => !!x);
  const gold = baseGold(ctx, family, {
    knowable,
    value: best.rel,
    evidence,
    pixel_m: p,
    column: now ? 'now' : 'memory',
  });
  return { ok: true, family: 'open_heading', text: wording(), gold: { ...gold, heading_table: table } };
}

export const family: FamilyDef = {
  name: 'open_heading',
  kind: 'help',
  ability: 'clearance',
  column: 'either',
  answer_type: 'heading',
  harmful_side: 'no_room',
  catastrophe: null,
  catastrophe_where: 'always',
  end: false,
  trick: false,
  contact: false,
  once_a_task: false,
  map_diagnostic: true,
  templates: (m) => [{ template: 'open_heading', text: wording() }],
  candidates: (site) => (lookedAroundAt(site) ? NO_TARGET : []),
  read: (m) => heading(readOpenHeading(m)),
  gold: (site) => openHeading(site.ctx.ask),
};

/**
 * Whether the robot looked along a heading from where it stands that the public map leaves room on
 * (compile/looked-along.ts): the family's precondition.
 */
function lookedAroundAt(site: AskSite): boolean {
  const ask = site.ctx.ask;
  const job = ask.job;
  const now = askFrame(ask);
  const map = publicMapObstacles(ask, now.t);
  const room = (heading: number, upTo: number) =>
    sweepFootprints(map, {
      pose: { x: now.pose.x, y: now.pose.y, yaw_deg: heading },
      body: job.body,
      heading_deg: heading,
      maxDistance: upTo,
    }).distance;
  return lookedAround(job, taskFrames(ask), room);
}
