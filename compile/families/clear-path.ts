/**
 * clear_path (harm, clearance, number): how far the body could drive straight ahead, straight back, or after
 * turning in place left or right (the job's turn, 90°) before it touched anything.
 *
 * Gold: the exact footprint sweep against the solids of the ask time (walls, doors, furniture, things; people are
 * the people families' and carried things ride along), run until first contact. Bounded by the seen space of the
 * ask's task (the world changes only between tasks): knowable only when every corridor cell up to the contact was
 * observed (for a flying body: or lay in its frames' air carve, the columns its camera looked down through) and
 * the face it touches was observed (an observed cell at or beside the contact point); otherwise `unknown`. Column `now` when the ask frame observed the face and every corridor cell in its view (cells out of
 * its view, under the camera's nose, may have been seen on the way there); else `memory`, with the last frame to
 * observe each needed cell as evidence. p: at the contact point where the obstacle meets the floor, seen from the
 * frame that last observed the face, for the run measured along the drive.
 */
import { number, turnOf } from '../reader/answer.ts';
import { readClearPath } from '../reader/corridor.ts';
import type { FamilyDef } from '../family.ts';
import { DIRECTIONS, directionOf, type AskSite, type CandidateTry } from '../ask/targets.ts';
import { publicMapObstacles } from '../ask/corridor-seen.ts';
import { lookedAlong } from '../looked-along.ts';
import { zRange } from '../../layouts/solids.ts';
import {
  bodyAt,
  footprintDistance,
  headingVector,
  sweepFootprints,
  type Direction,
  type Pose2,
} from '../../layouts/geometry/index.ts';
import { normHeading } from '../../formats/step.ts';
import { pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import { bodyObstacles, corridorCells, excludedCells } from '../ask/corridor-seen.ts';
import { askFrame, taskFrames, type AskContext, type FrameView } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { cellInView, observedBy, seenSpaceOf } from '../ask/seen.ts';

const CLEAR_PATH: Record<Direction, string> = {
  ahead: 'If you drove straight ahead now, how far could your body go before it touched anything?',
  back: 'If you reversed straight back now, without turning, how far could your body go before it touched anything?',
  left: 'If you turned in place {turn} degrees to your left and then drove straight, how far could your body go before it touched anything?',
  right:
    'If you turned in place {turn} degrees to your right and then drove straight, how far could your body go before it touched anything?',
};

/** The question's wording (docs/questions.md). */
const wording = (d: Direction, turnDeg: number) => CLEAR_PATH[d].replace('{turn}', String(turnDeg));

/** The longest drive measured: the seen grid's diagonal. */
export function gridDiagonal(ctx: AskContext): number {
  return Math.hypot(ctx.grid.nx * ctx.grid.cell, ctx.grid.ny * ctx.grid.cell);
}

/** The pose and travel heading of a drive in a direction (the body turned in place first for left and right). */
export function driveOf(pose: Pose2, direction: Direction, turnDeg: number): { pose: Pose2; heading_deg: number } {
  const yaw =
    direction === 'left' ? pose.yaw_deg + turnDeg : direction === 'right' ? pose.yaw_deg - turnDeg : pose.yaw_deg;
  return {
    pose: { ...pose, yaw_deg: normHeading(yaw) },
    heading_deg: normHeading(direction === 'back' ? yaw + 180 : yaw),
  };
}

export function clearPath(ctx: AskContext, direction: Direction): FamilyOutcome {
  const job = ctx.job;
  const f = askFrame(ctx);
  const text = wording(direction, job.turn_deg);
  const space = seenSpaceOf(ctx.grid, taskFrames(ctx));
  const latest = observedBy(ctx.grid, f);
  const solids = ctx.world.solidsAt(f.t);
  const obstacles = bodyObstacles(job, solids);
  const start: Pose2 = { x: f.pose.x, y: f.pose.y, yaw_deg: f.pose.heading_deg };
  const drive = driveOf(start, direction, job.turn_deg);
  const res = sweepFootprints(obstacles, {
    pose: drive.pose,
    body: job.body,
    heading_deg: drive.heading_deg,
    maxDistance: gridDiagonal(ctx),
  });
  const hit = obstacles.find((o) => o.solid.name === res.hit);
  if (!hit) return skip('clear_path', 'nothing within the place along the drive');
  const run = res.distance;
  const d = headingVector(drive.heading_deg);
  const at = Math.max(0, run - 1e-6);
  const touching = bodyAt(job.body, {
    x: drive.pose.x + d[0] * at,
    y: drive.pose.y + d[1] * at,
    yaw_deg: drive.pose.yaw_deg,
  });
  const contact = footprintDistance(touching, hit.fp).b;

  const excluded = excludedCells(space, job.body, [start, drive.pose], obstacles);
  const cells = corridorCells(space, job.body, drive.pose, drive.heading_deg, run, excluded);
  // the cell just before the contact (on the free side: walls may lie outside the grid)
  const c0 = space.cellOf(contact[0] - (d[0] * ctx.grid.cell) / 2, contact[1] - (d[1] * ctx.grid.cell) / 2);
  const face: number[] = [];
  if (c0 >= 0) {
    const nx = ctx.grid.nx;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const ix = (c0 % nx) + dx,
          iy = Math.floor(c0 / nx) + dy;
        if (ix >= 0 && iy >= 0 && ix < nx && iy < ctx.grid.ny) face.push(iy * nx + ix);
      }
  }
  const faceSeen = face.filter((c) => space.observed(c));
  // the corridor's cells free as far as the frames tell (for a flying body, the air its camera looked through
  // counts); the face it touches observed
  const band = job.baseZ_m;
  const knowable = faceSeen.length > 0 && cells.every((c) => space.free(c, band));

  const askCam = poseOfRecord(f.camera);
  const faceNow = face.some((c) => latest.observed(c));
  const nowOk =
    knowable && faceNow && cells.every((c) => latest.free(c, band) || !cellInView(job.intr, askCam, space.centre(c)));
  let faceFrame: FrameView = f;
  const evidence: FrameView[] = [];
  if (knowable && !nowOk) {
    let best = -1;
    for (const c of faceSeen) {
      const lf = space.lastFrame(c)!;
      if (lf.t > best) {
        best = lf.t;
        faceFrame = lf;
      }
    }
    evidence.push(faceFrame);
    for (const c of cells) evidence.push(space.lastFreeFrame(c)!);
  }
  // the foot of the obstacle: the bottom of the entity touched, not of the part (a facade's storey meets the street
  // where its building does)
  const owned = solids.filter((s) => s.owner === hit.solid.owner);
  const z0 = Math.max(0, Math.min(...owned.map((s) => zRange(s)[0])));
  const p = pixelSizeOr(
    job.intr,
    poseOfRecord(faceFrame.camera),
    [contact[0], contact[1], z0],
    (q) => (q[0] - drive.pose.x) * d[0] + (q[1] - drive.pose.y) * d[1],
    ctx.grid.cell,
  );
  const gold = baseGold(ctx, family, {
    knowable,
    value: run,
    evidence: nowOk ? [f] : evidence,
    pixel_m: p,
    column: nowOk ? 'now' : 'memory',
  });
  return { ok: true, family: 'clear_path', text, gold };
}

export const family: FamilyDef = {
  name: 'clear_path',
  kind: 'harm',
  ability: 'clearance',
  column: 'either',
  answer_type: 'number',
  harmful_side: 'longer',
  catastrophe: 'minus2_corridor',
  catastrophe_where: 'always',
  end: false,
  trick: false,
  contact: false,
  once_a_task: false,
  map_diagnostic: true,
  templates: (m) => DIRECTIONS.map((d) => ({ template: d, text: wording(d, m.num) })),
  candidates: (site) => lookedAlongDirections(site),
  read: (m, form, text) => number(readClearPath(m, form.template as Direction, turnOf(text, m))),
  gold: (site, target) => clearPath(site.ctx.ask, directionOf(target)),
};

/** The directions the robot looked along during the task, by its poses and the public map (compile/looked-along.ts). */
function lookedAlongDirections(site: AskSite): CandidateTry[] {
  const { ctx, rng } = site;
  const job = ctx.ask.job;
  const now = askFrame(ctx.ask);
  const task = taskFrames(ctx.ask);
  const map = publicMapObstacles(ctx.ask, now.t);
  const looked = (direction: Direction) => {
    const d = driveOf({ x: now.pose.x, y: now.pose.y, yaw_deg: now.pose.heading_deg }, direction, job.turn_deg);
    const run = sweepFootprints(map, {
      pose: d.pose,
      body: job.body,
      heading_deg: d.heading_deg,
      maxDistance: gridDiagonal(ctx.ask),
    }).distance;
    return lookedAlong(job, task, d.heading_deg, run);
  };
  return rng
    .shuffle(DIRECTIONS)
    .filter(looked)
    .map((direction) => ({ target: { type: 'direction', direction }, trick: false }));
}
