/**
 * The vacuum's task: clean one or two rooms with a boustrophedon pattern, steering around what is on the floor,
 * going home when the battery runs low (the room is finished in a later task), and docking at the end.
 * Rooms are drawn among those the robot can reach (a shut door closes a room off), preferring sets whose lane
 * length fits the job's frames per task; a room left unfinished comes first.
 */
import type { Vec2 } from '../layouts/geometry/index.ts';
import type { Room } from '../layouts/place-schema.ts';
import type { TaskKindSpec } from '../jobs/job-schema.ts';
import { mustGoHome } from './battery.ts';
import {
  coverageStretches,
  reachableCentres,
  resumeStretch,
  roomCoverage,
  samplePath,
  type Stretch,
} from './coverage.ts';
import { siteName } from './sites.ts';
import type { TaskContext } from './task-types.ts';

type CleanRooms = Extract<TaskKindSpec, { kind: 'clean_rooms' }>;

function stretchLength(st: readonly Stretch[]): number {
  let s = 0;
  let prev: Vec2 | null = null;
  for (const [a, b] of st) {
    if (prev) s += Math.hypot(a[0] - prev[0], a[1] - prev[1]);
    s += Math.hypot(b[0] - a[0], b[1] - a[1]);
    prev = b;
  }
  return s;
}

function roomName(r: Room): string {
  return `the ${r.name}`;
}

export function planVacuumTask(ctx: TaskContext, spec: CleanRooms): void {
  const { drive, place, job, s, record } = ctx;
  const nav = drive.nav;
  const reach = reachableCentres(nav, drive.here);
  const cellOk = (p: Vec2) => {
    const [i, j] = nav.map.grid.worldToCell(p[0], p[1]);
    return nav.map.grid.inside(i, j) && reach[j * nav.map.grid.cols + i] === 1;
  };
  const plans = new Map<string, Stretch[]>();
  for (const r of place.rooms)
    plans.set(r.id, coverageStretches(nav, r.polygon as Vec2[], spec.lane_spacing_m, cellOk));
  const usable = place.rooms.filter((r) => (plans.get(r.id)?.length ?? 0) > 0);

  // the rooms of this task: an unfinished room first, then a set that fits the frames wanted
  const chosen: { room: Room; from: number; before: Vec2[] }[] = [];
  const un = ctx.memory.unfinished;
  if (un && spec.finish_sent_home_room) {
    const r = usable.find((x) => x.id === un.room);
    if (r) {
      // from the first stretch not swept yet (the plan is made afresh: an index into the earlier plan could skip
      // stretches, or sweep again what was swept)
      const stretches = plans.get(r.id)!;
      const from = Math.min(resumeStretch(stretches, un.cleaned, spec.lane_spacing_m / 2), stretches.length - 1);
      chosen.push({ room: r, from, before: un.cleaned });
      ctx.memory.unfinished = null;
    }
  }
  const per = job.keyframes.travel_m;
  const target = job.keyframes.target_per_task.value;
  const estFrames = (rs: Room[]) => rs.reduce((a, r) => a + stretchLength(plans.get(r.id)!) / per, 0) * 1.15 + 12;
  const want = s.int(spec.rooms_per_task.min, spec.rooms_per_task.max);
  const notChosen = usable.filter((r) => !chosen.some((c) => c.room.id === r.id));
  const fresh = notChosen.filter((r) => !ctx.memory.lastRooms.includes(r.id));
  const others = fresh.length ? fresh : notChosen;
  const already = chosen.map((c) => c.room);
  const sets: Room[][] = [];
  for (const a of others) {
    sets.push([a]);
    for (const b of others) if (b.id > a.id) sets.push([a, b]);
  }
  const sized = sets.filter(
    (x) =>
      already.length + x.length <= Math.max(want, already.length + 1) &&
      already.length + x.length >= Math.min(want, already.length + 1),
  );
  const pool = sized.length ? sized : sets;
  if (pool.length && !(already.length && estFrames(already) > target * 0.8)) {
    const good = pool.filter((x) => Math.abs(estFrames([...already, ...x]) - target) <= target * 0.2);
    const pick = good.length
      ? s.pick(good)
      : pool
          .slice()
          .sort(
            (a, b) =>
              Math.abs(estFrames([...already, ...a]) - target) - Math.abs(estFrames([...already, ...b]) - target),
          )[0];
    for (const r of pick) chosen.push({ room: r, from: 0, before: [] });
  }
  record.rooms = chosen.map((c) => c.room.id);
  ctx.memory.lastRooms = record.rooms.slice();
  record.brief = `clean ${chosen.map((c) => roomName(c.room)).join(' and ')}`;
  const homeXY: Vec2 = [ctx.home.position[0], ctx.home.position[1]];
  const info = (phase: string, subgoal: string, decision?: string) => ({
    phase,
    subgoal,
    task: ctx.index,
    pitch_deg: ctx.pitch,
    decision,
  });
  // the task's start, unless a hand-off started it
  let firstDecision: string | undefined = ctx.record.handoff ? undefined : 'task start';

  for (const { room, from, before } of chosen) {
    const stretches = plans.get(room.id)!;
    const cleaned: Stretch[] = [];
    const sub = `cleaning ${roomName(room)}`;
    let stopped = -1;
    for (let i = from; i < stretches.length; i++) {
      const [a, b] = stretches[i];
      // enough battery to finish this stretch and get home from its end, with a margin?
      const dHome =
        Math.hypot(b[0] - homeXY[0], b[1] - homeXY[1]) * 1.6 +
        Math.hypot(b[0] - a[0], b[1] - a[1]) +
        Math.hypot(a[0] - drive.here[0], a[1] - drive.here[1]);
      const need =
        ctx.battery.drain_pct_per_m * dHome + (ctx.battery.drain_pct_per_min * (dHome / job.speeds.linear_m_s)) / 60;
      if (mustGoHome(ctx.battery, drive.b.battery, need)) {
        stopped = i;
        break;
      }
      const near = Math.hypot(a[0] - drive.here[0], a[1] - drive.here[1]);
      const dec = firstDecision ?? (i === from ? `start cleaning ${roomName(room)}` : undefined);
      firstDecision = undefined;
      if (near > 1e-3) {
        if (near < 1.2 && nav.straightClear(drive.here, a))
          drive.follow(
            [drive.here, a],
            info(
              i === from ? 'navigating' : 'cleaning',
              i === from ? `going to ${roomName(room)} to clean it` : sub,
              dec,
            ),
          );
        else if (
          !drive.goTo(
            a,
            info(
              i === from ? 'navigating' : 'cleaning',
              i === from ? `going to ${roomName(room)} to clean it` : sub,
              dec,
            ),
          )
        )
          continue;
      }
      drive.follow([drive.here, b], info('cleaning', sub, near > 1e-3 ? undefined : dec));
      cleaned.push([a, b]);
    }
    if (cleaned.length === 0 && stopped < 0) {
      // no stretch of the room could be reached (a door shut in the gap, a moved thing in the way): not cleaned
      record.unreached_rooms = [...(record.unreached_rooms ?? []), room.id];
      continue;
    }
    // the figure counts what earlier tasks cleaned of a room they left unfinished
    const swept = [...before, ...samplePath(cleaned)];
    record.coverage[room.id] = roomCoverage(nav, reach, room.polygon as Vec2[], swept);
    if (stopped >= 0) {
      record.sent_home = true;
      record.unfinished_room = room.id;
      ctx.memory.unfinished = { room: room.id, fromStretch: stopped, cleaned: swept };
      break;
    }
  }
  const homeSub = record.sent_home
    ? `going back to ${siteName(place, ctx.home)} to recharge`
    : `going back to ${siteName(place, ctx.home)}`;
  // a task that starts at the dock and goes nowhere (battery too low) still opens with its task-start decision
  const atHome = Math.hypot(drive.here[0] - homeXY[0], drive.here[1] - homeXY[1]) < 1e-3;
  record.reached = drive.goTo(homeXY, info('returning', homeSub, firstDecision ?? 'head home'));
  drive.act(
    ctx.home.heading,
    3,
    info('docking', `docking at ${siteName(place, ctx.home)}`, atHome ? (firstDecision ?? 'dock') : 'dock'),
  );
  record.sites.push(ctx.home.id);
}
