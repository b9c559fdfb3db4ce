/**
 * way_to (help, memory, heading, memory; the helper): which way to set off now to reach a thing seen before, by
 * the shortest route the body fits through on the floor already seen. Field: route-field.ts over the window's seen
 * space up to the ask (the cells under the body now count as floor: it stands on them), to the thing's middle as
 * last seen. Table: for every relative heading h = -180..179°, driving R (the re-find radius) straight along it:
 * progress_m = D(here) − D(there); seen_ok when every cell the drive crosses is closed seen floor, room_ok when
 * every one is roomy for the body. The gold is the heading of most progress among those with room and seen floor
 * (ties: the smallest turn). `unknown` when the thing had no pixel in the window; skipped when the seen floor gives
 * no route or no heading with room. p is the field's cell (the route's pixel).
 */
import { heading, UNKNOWN } from '../reader/answer.ts';
import { readWayTo } from '../reader/route.ts';
import type { FamilyDef } from '../family.ts';
import { thingOf, thingTargets } from '../ask/targets.ts';
import type { HeadingTable } from '../../formats/gold-row.ts';
import { headingVector } from '../../layouts/geometry/index.ts';
import { normHeading } from '../../formats/step.ts';
import { askFrame, type AskContext, type FrameView, type JobView } from '../ask/inputs.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';
import { fieldAt, routeFieldOn, routeFloor, type RouteFloor } from '../ask/route-field.ts';
import { cellsInFootprint } from '../ask/corridor-seen.ts';
import { bodyAt } from '../../layouts/geometry/index.ts';
import { seenSpaceOf, type SeenSpace } from '../ask/seen.ts';
import { lastSighting, thingState } from '../ask/sightings.ts';
import { nameOf, type ThingRef } from '../ask/thing-ref.ts';

/** The question's wording (docs/questions.md). */
const wording = (thing: string) =>
  `Which way would you set off now to get to ${thing}? Answer a heading in degrees relative to where you face now (positive = left).`;

const EPS = 1e-9;

/** Route floors per seen space, body and ask pose (the same for every thing asked about there). */
const floors = new WeakMap<SeenSpace, WeakMap<JobView, Map<string, RouteFloor>>>();

/**
 * The route floor of an ask: the seen space's floor and obstacles with the cells under the body at the ask pose
 * counted as floor (it stands on them), closed and inflated for the body. Shared by the asks at the same frames.
 */
function askFloor(space: SeenSpace, job: JobView, f: FrameView): RouteFloor {
  let byJob = floors.get(space);
  if (!byJob) floors.set(space, (byJob = new WeakMap()));
  let byPose = byJob.get(job);
  if (!byPose) byJob.set(job, (byPose = new Map()));
  const key = `${f.pose.x}/${f.pose.y}/${f.pose.heading_deg}`;
  let rf = byPose.get(key);
  if (!rf) {
    const floor = space.floorMask();
    const obstacle = space.obstacleMask();
    for (const c of cellsInFootprint(
      space,
      bodyAt(job.body, { x: f.pose.x, y: f.pose.y, yaw_deg: f.pose.heading_deg }),
    )) {
      floor[c] = 1;
      obstacle[c] = 0;
    }
    byPose.set(key, (rf = routeFloor(space.grid, floor, obstacle, job.bodyWidth_m / 2)));
  }
  return rf;
}

export function wayTo(ctx: AskContext, ref: ThingRef): FamilyOutcome {
  const job = ctx.job;
  const f = askFrame(ctx);
  const text = wording(nameOf(ref));
  const cell = job.way_cell_m;
  const critical = !!ref.id && !!ctx.critical?.has(ref.id);
  const last = ref.id ? lastSighting(ctx.frames, ref.id) : undefined;
  if (!last)
    return {
      ok: true,
      family: 'way_to',
      text,
      gold: baseGold(ctx, family, {
        knowable: false,
        value: null,
        evidence: [f],
        pixel_m: cell,
        task_critical: critical,
      }),
    };
  if (Math.abs(ctx.grid.cell - cell) > 1e-9)
    throw new Error(`way_to: the seen grid's cell ${ctx.grid.cell} m is not the job's field cell ${cell} m`);
  const st = thingState(ctx.world, ref.id!, last.frame.t);
  if (!st) return skip('way_to', 'the thing was not in the scene at its last sighting (carried)');

  const space = seenSpaceOf(ctx.grid, ctx.frames);
  const rf = routeFieldOn(ctx.grid, askFloor(space, job, f), st.middle, job.reacquire_m);
  const D0 = fieldAt(rf, f.pose.x, f.pose.y, job.bodyLength_m / 2 + cell);
  if (!Number.isFinite(D0)) return skip('way_to', 'no route to the thing over the seen floor');

  const R = job.reacquire_m;
  const step = cell / 2;
  const entries: HeadingTable['entries'] = [];
  let best: { rel: number; progress: number } | undefined;
  for (let i = 0; i < 360; i++) {
    const rel = -180 + i;
    const d = headingVector(normHeading(f.pose.heading_deg + rel));
    let seenOk = true,
      roomOk = true,
      lastD = D0;
    const n = Math.ceil(R / step);
    for (let k = 1; k <= n; k++) {
      const s = Math.min(R, k * step);
      const x = f.pose.x + d[0] * s,
        y = f.pose.y + d[1] * s;
      const c = space.cellOf(x, y);
      if (c < 0 || !rf.seen[c]) seenOk = false;
      if (c < 0 || !rf.roomy[c]) roomOk = false;
      const here = fieldAt(rf, x, y);
      if (Number.isFinite(here)) lastD = here;
    }
    const endD = fieldAt(rf, f.pose.x + d[0] * R, f.pose.y + d[1] * R);
    const progress = D0 - (Number.isFinite(endD) ? endD : lastD);
    entries.push({ progress_m: progress, room_ok: roomOk, seen_ok: seenOk });
    if (
      roomOk &&
      seenOk &&
      (!best ||
        progress > best.progress + EPS ||
        (Math.abs(progress - best.progress) <= EPS && Math.abs(rel) < Math.abs(best.rel)))
    ) {
      best = { rel, progress };
    }
  }
  if (!best) return skip('way_to', 'no heading has room through seen floor');
  const table: HeadingTable = { step_deg: 1, entries, best_progress_m: best.progress, cell_m: cell };
  const gold = baseGold(ctx, family, {
    knowable: true,
    value: best.rel,
    evidence: [last.frame],
    pixel_m: cell,
    task_critical: critical,
    column: 'memory',
  });
  return { ok: true, family: 'way_to', text, gold: { ...gold, heading_table: table } };
}

export const family: FamilyDef = {
  name: 'way_to',
  kind: 'help',
  ability: 'memory',
  column: 'memory',
  answer_type: 'heading',
  harmful_side: 'no_room',
  catastrophe: null,
  catastrophe_where: 'always',
  end: false,
  trick: true,
  contact: true,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [{ template: 'way_to', text: wording(m.thing) }],
  candidates: (site, trickFirst) => thingTargets(site, 'seen', trickFirst),
  read: (m, form) => (form.thing ? heading(readWayTo(m, form.thing)) : UNKNOWN),
  gold: (site, target) => wayTo(site.ctx.ask, thingOf('way_to', target)),
};
