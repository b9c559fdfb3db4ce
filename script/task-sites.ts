/**
 * Task planners that visit sites: the helper (carry a thing between surfaces, or bring one back to its spot, then
 * park), the tote robot (dock at shelves and packing tables, or an order-picking loop, then the charger) and the
 * drone (fly the streets to a drop point, inspect it from above, lower the package or not, fly back).
 */
import type { Vec2 } from '../layouts/geometry/index.ts';
import type { Site, Thing } from '../layouts/place-schema.ts';
import { surfaceTop, type ThingPose } from '../layouts/world-state.ts';
import { surfaceRect } from '../layouts/world.ts';
import type { TaskKindSpec } from '../jobs/job-schema.ts';
import { reachableCentres } from './coverage.ts';
import { nearestFit } from './nav.ts';
import { sitesForRole } from '../layouts/sites.ts';
import { siteName, thingName } from './sites.ts';
import { stopPose, type StopPose } from './stop-pose.ts';
import type { TaskContext } from './task-types.ts';
import type { Stream } from '../foundation/index.ts';

type Kind<K extends string> = Extract<TaskKindSpec, { kind: K }>;

const info = (ctx: TaskContext, phase: string, subgoal: string, decision?: string, pitch = ctx.pitch) => ({
  phase,
  subgoal,
  task: ctx.index,
  pitch_deg: pitch,
  decision,
});

/** Sites of the job roles that the robot can reach from where it is now. */
function reachableSites(ctx: TaskContext, roles: readonly string[]): Site[] {
  const nav = ctx.drive.nav;
  const reach = reachableCentres(nav, ctx.drive.here);
  const g = nav.map.grid;
  const ok = (p: Vec2) => {
    const q = nearestFit(nav, p, 1.0);
    if (!q) return false;
    const [i, j] = g.worldToCell(q[0], q[1]);
    return g.inside(i, j) && reach[j * g.cols + i] === 1;
  };
  const seen = new Set<string>();
  const out: Site[] = [];
  for (const role of roles)
    for (const s of sitesForRole(ctx.place, role))
      if (!seen.has(s.id) && s.id !== ctx.home.id && ok([s.position[0], s.position[1]])) {
        seen.add(s.id);
        out.push(s);
      }
  return out;
}

/** Drive to a stop at a site (stop-pose.ts); `ok` false when there is no route. */
function visit(
  ctx: TaskContext,
  site: Site,
  phase: string,
  subgoal: string,
  decision?: string,
): StopPose & { ok: boolean } {
  const stop = stopPose(site, (p) => ctx.drive.nav.fits(p), ctx.s);
  const ok = ctx.drive.goTo(stop.at, info(ctx, phase, subgoal, decision));
  if (ok) ctx.record.sites.push(site.id);
  return { ...stop, ok };
}

function goHome(
  ctx: TaskContext,
  phase: string,
  subgoal: string,
  endPhase: string,
  endSub: string,
  endS: number,
): void {
  const stop = visit(ctx, ctx.home, phase, subgoal, 'head home');
  ctx.record.reached &&= stop.ok;
  if (!stop.ok) ctx.record.sites.push(ctx.home.id);
  ctx.drive.act(stop.heading, endS, info(ctx, endPhase, endSub, 'arrive home'));
}

/** Frames a stretch of work will take, roughly: travel, dwell time and a few turns per stop. */
function estimateFrames(ctx: TaskContext, travelM: number, dwellS: number, stops: number): number {
  const kf = ctx.job.keyframes;
  return travelM / kf.travel_m + dwellS / kf.time_s + stops * 4 + 2;
}

/** One of the options whose estimate lies within 20% of the job's frames per task, else the closest. */
function fitting<T>(ctx: TaskContext, options: readonly T[], est: (x: T) => number): T {
  const target = ctx.job.keyframes.target_per_task.value;
  const good = options.filter((x) => Math.abs(est(x) - target) <= 0.2 * target);
  if (good.length) return ctx.s.pick(good);
  return options.slice().sort((a, b) => Math.abs(est(a) - target) - Math.abs(est(b) - target))[0];
}

// ------------------------------------------------------------------ hand-off

/**
 * The hand-off that begins a task where the job has one (jobs' `tasks.handoff`): at its home where that plays the
 * job's hand-off role (it waits where it is parked), else at the place's hand-off site (a spot on open floor) that it
 * drives to first, the robot waits for a person to step up to its front, and is handed its task
 * (a resident gives the helper its errand, a packer loads the tote robot) before it sets off. The moment it is
 * handed the task is the task's start, its decision frame. The person's walk (to its front, standing there touching
 * it through the handing, away again) is planned with the people (people.ts planHandoffWalk). Nothing happens
 * where the site cannot be reached. Its draws (the stray of its stop, how long it waits) come from `s`, its own
 * stream.
 */
export function planHandoff(ctx: TaskContext, s: Stream): void {
  const spec = ctx.job.tasks.handoff;
  if (!spec || (spec.share < 1 && !s.coin(spec.share))) return;
  // at its home (the helper's parking: the person comes to it where it waits), or at a site it drives to first
  const atHome = sitesForRole(ctx.place, spec.site).some((x) => x.id === ctx.home.id);
  const site = atHome ? ctx.home : reachableSites(ctx, [spec.site])[0];
  if (!site) return;
  const nm = siteName(ctx.place, site);
  const at = atHome
    ? { ok: true, heading: ctx.drive.b.pose.heading_deg }
    : visit({ ...ctx, s }, site, 'navigating', `going to ${nm} for its next task`);
  if (!at.ok) return;
  const t0 = ctx.drive.b.t;
  ctx.drive.act(
    at.heading,
    s.uniform(spec.wait_s.min, spec.wait_s.max),
    info(ctx, 'waiting', `waiting at ${nm} for its next task`),
  );
  const t = ctx.drive.b.t;
  ctx.drive.act(
    at.heading,
    s.uniform(spec.hand_s.min, spec.hand_s.max),
    info(ctx, 'handoff', `being handed its next task at ${nm}`, 'task start'),
  );
  ctx.record.handoff = { site: site.id, t0, t, t1: ctx.drive.b.t };
}

/** The decision of a task's first move: its start, unless a hand-off started it. */
const taskStart = (ctx: TaskContext) => (ctx.record.handoff ? undefined : 'task start');

// ------------------------------------------------------------------ helper

/** A free spot for a thing on a surface, nearest the site the robot stands at. */
function spotOn(ctx: TaskContext, thing: Thing, fixedId: string, near: Vec2): ThingPose | null {
  const f = ctx.place.fixed.find((x) => x.id === fixedId);
  if (!f || f.surface === undefined) return null;
  // its footprint, or the flat top an asset builds (a couch's seat, not its arms)
  const top = surfaceRect(f);
  const c = Math.cos((top.yaw * Math.PI) / 180);
  const sn = Math.sin((top.yaw * Math.PI) / 180);
  const r = Math.hypot(thing.size[0], thing.size[1]) / 2;
  const hl = top.size[0] / 2 - r - 0.02;
  const hw = top.size[1] / 2 - r - 0.02;
  if (hl < 0 || hw < 0) return null;
  let best: ThingPose | null = null;
  let bestD = Infinity;
  for (let a = -hl; a <= hl + 1e-9; a += Math.max(0.05, hl / 6)) {
    for (let b = -hw; b <= hw + 1e-9; b += Math.max(0.05, hw / 3)) {
      const x = top.center[0] + a * c - b * sn;
      const y = top.center[1] + a * sn + b * c;
      const clear = Object.entries(ctx.state.things).every(([id, p]) => {
        if (id === thing.id || p.rests_on !== fixedId) return true;
        const o = ctx.place.things.find((t) => t.id === id)!;
        return Math.hypot(p.x - x, p.y - y) >= r + Math.hypot(o.size[0], o.size[1]) / 2 + 0.03;
      });
      const d = Math.hypot(x - near[0], y - near[1]);
      if (clear && d < bestD) {
        bestD = d;
        best = { x, y, z: surfaceTop(ctx.place, fixedId) ?? f.surface, yaw: Math.round(f.yaw), rests_on: fixedId };
      }
    }
  }
  return best;
}

export function planHelperTask(ctx: TaskContext, spec: Kind<'carry'> | Kind<'return_to_spot'>): void {
  const { place, state, record, drive } = ctx;
  const surfaceSites = reachableSites(ctx, spec.kind === 'carry' ? spec.surfaces : ['surfaces']);
  const siteOf = (fixedId: string) => surfaceSites.find((x) => x.fixed === fixedId);
  type Job = { thing: Thing; from: Site; to: Site; toPose: ThingPose | null };
  const jobs: Job[] = [];
  if (spec.kind === 'return_to_spot') {
    for (const t of place.things) {
      const p = state.things[t.id];
      if (!t.home || !p || p.rests_on === 'carried') continue;
      const away = p.rests_on !== t.home.rests_on || Math.hypot(p.x - t.home.x, p.y - t.home.y) > 0.3;
      const from = siteOf(p.rests_on);
      const to = t.home.rests_on !== 'floor' ? siteOf(t.home.rests_on) : undefined;
      if (away && from && to)
        jobs.push({
          thing: t,
          from,
          to,
          toPose: {
            x: t.home.x,
            y: t.home.y,
            z: surfaceTop(place, t.home.rests_on) ?? 0,
            yaw: t.home.yaw,
            rests_on: t.home.rests_on,
          },
        });
    }
  }
  if (jobs.length === 0) {
    for (const t of place.things) {
      const p = state.things[t.id];
      if (!p || p.rests_on === 'floor' || p.rests_on === 'carried' || t.shape === 'cord' || t.light_furniture) continue;
      const from = siteOf(p.rests_on);
      if (!from) continue;
      for (const to of surfaceSites) if (to.id !== from.id && to.fixed) jobs.push({ thing: t, from, to, toPose: null });
    }
  }
  if (jobs.length === 0) {
    record.brief = `wait at ${siteName(place, ctx.home)}`;
    drive.act(drive.b.pose.heading_deg, 10, info(ctx, 'parking', record.brief, taskStart(ctx)));
    return;
  }
  // prefer errands whose length fits the frames a task should have
  const here = ctx.drive.here;
  const hp: Vec2 = [ctx.home.position[0], ctx.home.position[1]];
  const d = (a: Vec2, b: Vec2) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const P = (x: Site): Vec2 => [x.position[0], x.position[1]];
  const est = (x: (typeof jobs)[number]) =>
    estimateFrames(
      ctx,
      (d(here, P(x.from)) + d(P(x.from), P(x.to)) + d(P(x.to), hp)) * 1.6,
      spec.pick_s + spec.place_s,
      5,
    );
  const j = fitting(ctx, jobs, est);
  const tn = thingName(j.thing);
  const [fromN, toN] = [siteName(place, j.from), siteName(place, j.to)];
  record.kind = spec.kind;
  record.things.push(j.thing.id);
  record.brief =
    spec.kind === 'return_to_spot' && j.toPose
      ? `bring ${tn} back to its spot on ${toN}`
      : `carry ${tn} from ${fromN} to ${toN}`;
  const atFrom = visit(ctx, j.from, 'navigating', `going to ${fromN} to pick up ${tn}`, taskStart(ctx));
  let ok = atFrom.ok;
  drive.act(atFrom.heading, spec.pick_s, info(ctx, 'picking', `picking up ${tn}`, 'pick'));
  const held = drive.b.t;
  ctx.moves.push({
    t: held,
    id: j.thing.id,
    pose: { x: drive.b.pose.x, y: drive.b.pose.y, z: 0, yaw: 0, rests_on: 'carried' },
  });
  state.things[j.thing.id] = { ...state.things[j.thing.id], rests_on: 'carried' };
  const atTo = visit(ctx, j.to, 'navigating', `carrying ${tn} to ${toN}`, 'leave with the thing');
  ok = atTo.ok && ok;
  drive.act(atTo.heading, spec.place_s, info(ctx, 'placing', `putting ${tn} on ${toN}`, 'place'));
  const pose =
    j.toPose ??
    spotOn(ctx, j.thing, j.to.fixed!, [j.to.position[0], j.to.position[1]]) ??
    spotOn(ctx, j.thing, j.from.fixed!, [j.from.position[0], j.from.position[1]]);
  const put = pose ?? { ...state.things[j.thing.id], rests_on: j.from.fixed! };
  ctx.moves.push({ t: drive.b.t, id: j.thing.id, pose: put });
  state.things[j.thing.id] = put;
  ctx.renav();
  record.reached = ok;
  goHome(
    ctx,
    'parking',
    `going back to ${siteName(place, ctx.home)}`,
    'parking',
    `parking at ${siteName(place, ctx.home)}`,
    3,
  );
}

// ------------------------------------------------------------------ tote robot

export function planAmrTask(ctx: TaskContext, spec: Kind<'dock_visit'> | Kind<'pick_loop'>): void {
  const { s, record, drive, place } = ctx;
  const sites = reachableSites(ctx, spec.sites);
  if (sites.length === 0) {
    record.brief = `wait at ${siteName(place, ctx.home)}`;
    drive.act(drive.b.pose.heading_deg, 10, info(ctx, 'charging', record.brief, taskStart(ctx)));
    return;
  }
  const hx = ctx.home.position[0];
  const hy = ctx.home.position[1];
  const draw = (): Site[] => {
    const n = Math.min(sites.length, s.int(spec.stops.min, spec.stops.max));
    const pickd = s.shuffle(sites).slice(0, n);
    // a loop: stops in order along a sweep around the home
    return spec.kind === 'pick_loop'
      ? pickd.sort(
          (a, b) =>
            Math.atan2(a.position[1] - hy, a.position[0] - hx) - Math.atan2(b.position[1] - hy, b.position[0] - hx),
        )
      : pickd;
  };
  const dwell = spec.kind === 'pick_loop' ? spec.pick_s : spec.dock_s;
  const est = (xs: Site[]) => {
    let len = 0;
    let p: Vec2 = ctx.drive.here;
    for (const x of [...xs, ctx.home]) {
      len += Math.hypot(x.position[0] - p[0], x.position[1] - p[1]);
      p = [x.position[0], x.position[1]];
    }
    return estimateFrames(ctx, len * 1.4, dwell * xs.length, xs.length + 1);
  };
  const stops = fitting(ctx, Array.from({ length: 12 }, draw), est);
  const names = stops.map((x) => siteName(place, x));
  record.brief =
    spec.kind === 'pick_loop'
      ? `run an order-picking loop at ${names.join(', ')}, then return to ${siteName(place, ctx.home)}`
      : `dock at ${names.join(', ')}, then return to ${siteName(place, ctx.home)}`;
  let ok = true;
  stops.forEach((st, i) => {
    const nm = names[i];
    const verb = spec.kind === 'pick_loop' ? 'to pick an order' : 'to dock';
    const at = visit(ctx, st, 'navigating', `going to ${nm} ${verb}`, i === 0 ? taskStart(ctx) : 'next stop');
    ok = at.ok && ok;
    if (spec.kind === 'pick_loop')
      drive.act(at.heading, spec.pick_s, info(ctx, 'picking', `picking an order at ${nm}`, 'pick'));
    else drive.act(at.heading, spec.dock_s, info(ctx, 'docking', `docked at ${nm}`, 'dock'));
  });
  record.reached = ok;
  goHome(
    ctx,
    'returning',
    `returning to ${siteName(place, ctx.home)}`,
    'charging',
    `charging at ${siteName(place, ctx.home)}`,
    3,
  );
}

// ------------------------------------------------------------------ drone

export function planDroneTask(ctx: TaskContext, spec: Kind<'deliver'> | Kind<'inspect'>): void {
  const { s, record, drive, place } = ctx;
  const sites = reachableSites(ctx, spec.sites);
  if (sites.length === 0) {
    record.brief = `hold at ${siteName(place, ctx.home)}`;
    drive.act(drive.b.pose.heading_deg, 10, info(ctx, 'hovering', record.brief, 'task start'));
    return;
  }
  const site = s.pick(sites);
  const nm = siteName(place, site);
  record.brief = spec.kind === 'deliver' ? `deliver the package to ${nm}` : `inspect ${nm} from above`;
  const at = visit(
    ctx,
    site,
    'flying',
    spec.kind === 'deliver' ? `flying to ${nm} to deliver the package` : `flying to ${nm} to inspect it`,
    'task start',
  );
  const ok = at.ok;
  // it hovers on the heading it flew in on: a multirotor lowering a package has no reason to yaw to a fixed
  // compass heading (turning to the site's made every script face the same building faces at each drop point)
  drive.act(
    drive.b.pose.heading_deg,
    spec.inspect_s,
    info(ctx, 'inspecting', `inspecting ${nm} from above`, 'inspect', spec.inspect_pitch_deg),
  );
  if (spec.kind === 'deliver')
    drive.pause(spec.lower_s, info(ctx, 'lowering', `lowering the package onto ${nm}`, 'drop', spec.inspect_pitch_deg));
  record.reached = ok;
  goHome(
    ctx,
    'returning',
    `flying back to ${siteName(place, ctx.home)}`,
    'hovering',
    `arriving at ${siteName(place, ctx.home)}`,
    3,
  );
}
