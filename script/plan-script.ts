/**
 * One script: a robot doing its job in its place for 2 to 6 tasks, with gaps between them in which the
 * world changes. Planned from the job, the place, the build seed and the script's index; the same inputs give the
 * same result. The result holds everything the files of a script are written from: the keyframes, the world's
 * timeline, the tasks with their routes and decision frames, the changes and the people's walks.
 */
import { jobFootprint } from '../jobs/camera.ts';
import type { JobSpec, TaskKindSpec } from '../jobs/job-schema.ts';
import { formatClock, type Step } from '../formats/step.ts';
import { cameraFromBase, inImage, intrinsics, project } from '../layouts/camera.ts';
import {
  bodyAt,
  clearanceFromSolids,
  pointToFootprint,
  segmentClearance,
  type Vec2,
} from '../layouts/geometry/index.ts';
import type { Place, Site } from '../layouts/place-schema.ts';
import { emptyTimeline, type PersonLeg, type ThingEvent, type DoorEvent, type Timeline } from '../layouts/timeline.ts';
import { placeSolids, shelfRect, surfaceRect } from '../layouts/world.ts';
import { seatedKeepOut, seatedReach } from '../layouts/person-figure.ts';
import { initialState, surfaceTop, type WorldState } from '../layouts/world-state.ts';
import { stream, type Stream } from '../foundation/index.ts';
import { charge, DEFAULT_BATTERY, type BatteryModel } from './battery.ts';
import {
  cloneState as cloneChangeState,
  drawChanges,
  scatterLoose,
  drawMoveChances,
  type Change,
  type ChangeWorld,
  type MovableInfo,
  type SurfaceRect,
  type ChangeState,
} from './changes.ts';
import { reachableCentres } from './coverage.ts';
import { Driver } from './driver.ts';
import { sampleKeyframes, type Keyframe } from './keyframes.ts';
import { navMap, nearestFit, type BodyShape, type NavMap } from './nav.ts';
import {
  planHandoffWalk,
  planWalk,
  pointInPolygon,
  randomPointIn,
  type Leg,
  type RobotSample,
  type XY,
} from './people.ts';
import { sitesForRole } from '../layouts/sites.ts';
import { homeSite } from './sites.ts';
import { stopPose } from './stop-pose.ts';
import { planAmrTask, planDroneTask, planHandoff, planHelperTask } from './task-sites.ts';
import type { ScriptMemory, TaskContext, TaskRecord, ThingMove } from './task-types.ts';
import { planVacuumTask } from './task-vacuum.ts';
import { drawGap } from './gaps.ts';
import { poseAt, TrajectoryBuilder, type Motion } from './trajectory.ts';

/** The planner of each task kind (a Record over the job schema's kinds: a kind without a planner does not compile). */
type KindName = TaskKindSpec['kind'];
type Planner<K extends KindName> = (ctx: TaskContext, spec: Extract<TaskKindSpec, { kind: K }>) => void;
const PLANNERS: { [K in KindName]: Planner<K> } = {
  clean_rooms: planVacuumTask,
  carry: planHelperTask,
  return_to_spot: planHelperTask,
  dock_visit: planAmrTask,
  pick_loop: planAmrTask,
  deliver: planDroneTask,
  inspect: planDroneTask,
};

/** A task: its hand-off where the job has one (drawn from its own stream, the same for every candidate plan of the
 * task, so that adding a hand-off leaves the errand's own draws as they were), then its kind's planner. */
function planTask(ctx: TaskContext, spec: TaskKindSpec, handoff: Stream): void {
  planHandoff(ctx, handoff);
  (PLANNERS[spec.kind] as Planner<KindName>)(ctx, spec as never);
}

export interface ScriptInput {
  job: JobSpec;
  place: Place;
  seed: string;
  sid: string;
  tasks: number;
  maxFrames?: number;
}

export interface GapRecord {
  /** the gap before task `before` */
  before: number;
  t0: number;
  t1: number;
  changes: (Change & { t: number })[];
}

export interface ScriptPlan {
  sid: string;
  epoch_s: number;
  tasks: TaskRecord[];
  gaps: GapRecord[];
  keyframes: (Keyframe & { k: number })[];
  motions: Motion[];
  walks: Record<string, { task: number; legs: Leg[] }[]>;
  timeline: Timeline;
  steps: Step[];
  truncated: boolean;
}

/** The body as the planner sees it, from the job. */
export function bodyShape(job: JobSpec): BodyShape {
  const fp = job.body.footprint;
  const z = job.base_z_m.value;
  if (fp.shape === 'circle')
    return {
      radius: fp.diameter_m / 2,
      footprint: jobFootprint(job),
      zBand: [z + 0.002, z + job.body.height_m],
    };
  return {
    radius: Math.hypot(fp.length_m, fp.width_m) / 2,
    footprint: jobFootprint(job),
    zBand: [z + 0.002, z + job.body.height_m],
  };
}

/** Grid cell for planning: fine indoors, coarse over a city block. */
export function planCell(job: JobSpec, place: Place): number {
  const span = Math.max(place.bounds.x_max - place.bounds.x_min, place.bounds.y_max - place.bounds.y_min);
  return span > 80 ? 0.5 : span > 25 ? 0.1 : 0.05;
}

function batteryModel(job: JobSpec): { model: BatteryModel; start: { min: number; max: number } } {
  const k = job.tasks.kinds.find((x) => x.kind === 'clean_rooms');
  if (k && k.kind === 'clean_rooms') return { model: k.battery, start: k.battery.start_pct };
  return { model: DEFAULT_BATTERY, start: { min: 80, max: 100 } };
}

function toChangeState(w: WorldState, present: Record<string, boolean>): ChangeState {
  const things: ChangeState['things'] = {};
  for (const [id, p] of Object.entries(w.things))
    things[id] = {
      rests_on: p.rests_on,
      ...(p.level !== undefined ? { level: p.level } : {}),
      x: p.x,
      y: p.y,
      yaw: p.yaw,
    };
  return { things, doors: { ...w.doors }, people: { ...present } };
}

/**
 * The highest surface (m) the change model puts a thing on: people move things, so onto a shelf level, a table or a
 * bench, never a roof (downtown's buildings and garages carry surfaces too: street bins moved onto 24 and 36 m roofs
 * hung in the drone's air and cancelled its seen-space air carve in two frames of three).
 */
export const REACH_M = 2;

function surfaceRects(place: Place): SurfaceRect[] {
  const out: SurfaceRect[] = [];
  for (const f of place.fixed) {
    const sr = shelfRect(f);
    if (f.shelves && sr)
      f.shelves.forEach(
        (h, level) => h <= REACH_M && out.push({ id: f.id, level, center: sr.center, size: sr.size, yaw: sr.yaw }),
      );
    else if (f.surface !== undefined && f.surface <= REACH_M && f.shape === 'box') {
      // its footprint, or the flat top an asset builds (a couch's seat, not its arms)
      const r = surfaceRect(f);
      out.push({ id: f.id, center: r.center, size: r.size, yaw: r.yaw });
    }
  }
  return out;
}

function pickKind(job: JobSpec, s: Stream): TaskKindSpec {
  const total = job.tasks.kinds.reduce((a, k) => a + k.weight, 0);
  let u = s.uniform(0, total);
  for (const k of job.tasks.kinds) {
    u -= k.weight;
    if (u < 0) return k;
  }
  return job.tasks.kinds[job.tasks.kinds.length - 1];
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Candidate plans drawn per task; the first within 15% of the job's frames per task is kept, else the closest. */
export const CANDIDATES = 6;

/** Plan one script. */
export function planScript(inp: ScriptInput): ScriptPlan {
  const { job, place, seed, sid } = inp;
  const st = (purpose: string, id: string | number = '') => stream(seed, `script/${purpose}`, `${sid}/${id}`);
  const body = bodyShape(job);
  const cell = planCell(job, place);
  const baseZ = job.base_z_m.value;
  const home = homeSite(place, job.tasks.home);
  const { model: battery, start: bStart } = batteryModel(job);
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  const mount = job.camera.mount;
  const epochS =
    Date.UTC(2026, 11, 1, 7, 0, 0) / 1000 + st('clock').int(0, 40) * 86400 + st('clock', 1).int(0, 3 * 3600);

  // ---- the world's state and its history
  let state: WorldState = initialState(place);
  // a seated person sits where the place seats them the whole script: never walking, arriving or leaving, and an
  // obstacle to the robot's routes, to where things are put down and to the walkers (the floor they keep,
  // seatedKeepOut: their disc swept over their legs, as the people families measure them)
  const seated: WorldState['people'] = Object.fromEntries(
    Object.entries(state.people).filter(([, p]) => p.seat !== undefined),
  );
  const sitters = place.people.flatMap((p) => {
    const reach = seatedReach(place, p);
    if (!reach || !p.at?.sits_on) return [];
    const from: XY = [p.at.x, p.at.y];
    return [
      { on: p.at.sits_on, from, to: [from[0] + reach[0], from[1] + reach[1]] as XY, radius: p.shoulder_width / 2 },
    ];
  });
  const present: Record<string, boolean> = Object.fromEntries(place.people.map((p) => [p.id, !!p.at]));
  const personPos: Record<string, XY> = Object.fromEntries(
    place.people.map((p) => [p.id, (p.at ? [p.at.x, p.at.y] : [0, 0]) as XY]),
  );
  const standSince: Record<string, number> = Object.fromEntries(place.people.map((p) => [p.id, 0]));
  const legs: Record<string, PersonLeg[]> = Object.fromEntries(place.people.map((p) => [p.id, [] as PersonLeg[]]));
  const thingEvents: Record<string, ThingEvent[]> = {};
  for (const [id, p] of Object.entries(state.things)) thingEvents[id] = [{ t: 0, ...p }];
  const doorEvents: Record<string, DoorEvent[]> = {};
  for (const [id, d] of Object.entries(state.doors)) doorEvents[id] = [{ t: 0, state: d }];
  const closeStand = (id: string, t: number) => {
    const sits = seated[id] ? { heading: seated[id].heading, seat: seated[id].seat } : {};
    if (present[id] && t > standSince[id])
      legs[id].push({ t0: standSince[id], t1: t, from: personPos[id], to: personPos[id], ...sits });
  };

  // ---- what the change model needs
  const keepOut = place.people.flatMap((p) => seatedKeepOut(place, p));
  const structure = placeSolids(place, { ...state, things: {}, people: seated }).concat(keepOut);
  const bnd = {
    min: [place.bounds.x_min, place.bounds.y_min] as Vec2,
    max: [place.bounds.x_max, place.bounds.y_max] as Vec2,
  };
  const structMap = clearanceFromSolids(structure, {
    bounds: bnd,
    cell: Math.max(0.1, cell),
    cap: 3,
    zBand: [0.01, 2],
  });
  const keepAway: Vec2[] = [
    ...place.sites.map((x) => [x.position[0], x.position[1]] as Vec2),
    ...structure.filter((x) => x.role === 'door').map((x) => [x.center[0], x.center[1]] as Vec2),
  ];
  const awayR = Math.max(1.0, body.radius * 2 + 0.4);
  const movables: MovableInfo[] = place.things.map((t) => ({
    id: t.id,
    radius:
      t.shape === 'cord' ? Math.min(0.6, Math.hypot(t.size[0], t.size[1]) / 2) : Math.hypot(t.size[0], t.size[1]) / 2,
    floorOnly:
      t.shape === 'cord' || t.light_furniture || (t.rests_on === 'floor' && Math.max(t.size[0], t.size[1]) > 0.6),
    loose: t.loose,
    ...(t.loose_in ? { area: place.floor_areas.find((a) => a.id === t.loose_in)!.polygon as XY[] } : {}),
  }));
  // moved things are put down on the place's floor areas (open floor, not its passages), else anywhere in its rooms
  const roomsOrBounds = (place.floor_areas.length ? place.floor_areas : place.rooms).map((r) => r.polygon as XY[]);
  const changeWorld: ChangeWorld = {
    things: movables,
    surfaces: surfaceRects(place),
    doors: place.doors.map((d) => ({ id: d.id, states: d.states })),
    people: place.people.map((p) => p.id).filter((id) => !seated[id]),
    sampleFloor: (s, area) => randomPointIn(area ?? s.pick(roomsOrBounds), s),
    floorFree: (x, y, r) =>
      structMap.at(x, y) >= r + 0.03 && keepAway.every((p) => Math.hypot(p[0] - x, p[1] - y) >= awayR + r),
    surfaceFree: (on, x, y, r) =>
      sitters.every((q) => q.on !== on || segmentDistance([x, y], q.from, q.to) >= r + q.radius + 0.02),
  };
  const moveChance = drawMoveChances(job.changes, movables, st('move-chance'));

  const areas = place.people_areas.map((a) => a.polygon as XY[]);
  const buildNav = (w: WorldState): NavMap =>
    navMap(place, placeSolids(place, { ...w, people: {} }).concat(keepOut), body, job.clearance.value, cell);
  const sitesXY = job.tasks.kinds
    .flatMap((kd) => ('sites' in kd ? kd.sites : 'surfaces' in kd ? kd.surfaces : []))
    .concat(job.tasks.handoff ? [job.tasks.handoff.site] : [])
    .flatMap((r) => sitesForRole(place, r));
  /** Changes with every floor move that cuts the robot off from its sites undone (the last such move first). */
  const guarded = (w: WorldState, drawn: Change[]): Change[] => {
    let changes = drawn;
    for (let guard = 0; guard < 10; guard++) {
      const trial = applyChanges(place, w, changes);
      const nav = buildNav(trial);
      const reach = reachableCentres(nav, [home.position[0], home.position[1]]);
      const g = nav.map.grid;
      const cut = sitesXY.some((x) => {
        const q = nearestFit(nav, [x.position[0], x.position[1]], 1.0);
        if (!q) return false;
        const [i, j] = g.worldToCell(q[0], q[1]);
        return !reach[j * g.cols + i];
      });
      const floorMoves = changes.filter((c) => c.kind === 'thing_moved' && c.to.rests_on === 'floor');
      if (!cut || floorMoves.length === 0) break;
      const drop = floorMoves[floorMoves.length - 1];
      changes = changes.filter((c) => c !== drop);
    }
    return changes;
  };
  /** One gap's changes by the change model, guarded. */
  const guardedChanges = (w: WorldState, here: Record<string, boolean>, cs: Stream): Change[] =>
    guarded(w, drawChanges(changeWorld, toChangeState(w, here), job.changes, moveChance, cs).changes);

  // ---- the history before the first task: the job's change model over `history_gaps` unobserved gaps, so that the
  // script starts in the world as they left it (things, doors, who is there), never the place as authored
  {
    const here = { ...present };
    // the loose things first: where they were left that day, drawn afresh for every script
    let w: WorldState = applyChanges(
      place,
      state,
      guarded(state, scatterLoose(changeWorld, toChangeState(state, here), st('scatter'))),
    );
    for (let g = 0; g < job.changes.history_gaps; g++) {
      const changes = guardedChanges(w, here, st('history', g));
      w = applyChanges(place, w, changes);
      for (const c of changes)
        if (c.kind === 'person_arrived' || c.kind === 'person_left') here[c.id] = c.kind === 'person_arrived';
    }
    for (const [id, p] of Object.entries(w.things)) {
      state.things[id] = { ...p, x: r4(p.x), y: r4(p.y), z: r4(p.z) };
      thingEvents[id] = [{ t: 0, ...state.things[id] }];
    }
    for (const [id, d] of Object.entries(w.doors)) {
      state.doors[id] = d;
      doorEvents[id] = [{ t: 0, state: d as DoorEvent['state'] }];
    }
    for (const p of place.people) {
      const hs = st('history-person', p.id);
      if (here[p.id] && !present[p.id] && areas.length) personPos[p.id] = randomPointIn(hs.pick(areas), hs);
      present[p.id] = here[p.id];
    }
  }

  // ---- people maps
  const peopleMap = clearanceFromSolids(
    structure.concat(placeSolids(place, { ...state, people: {} }).filter((x) => x.role === 'thing')),
    { bounds: bnd, cell: Math.max(0.1, cell), cap: 1, zBand: [0.05, 1.8] },
  );

  // ---- the robot
  const memory: ScriptMemory = { unfinished: null, lastRooms: [] };
  let bat = st('battery').int(bStart.min, bStart.max);
  let t = 0;
  const tasks: TaskRecord[] = [];
  const gaps: GapRecord[] = [];
  const allKeyframes: Keyframe[] = [];
  const allMotions: Motion[] = [];
  const walks: ScriptPlan['walks'] = {};
  // where the history left it parked: the home site's stop (strayed, unless a dock, a charger or a base)
  const startNav = buildNav(state);
  const start = stopPose(home, (p) => startNav.fits(p), st('start-pose'));
  let pose = { x: start.at[0], y: start.at[1], z: baseZ, heading_deg: start.heading };

  for (let ti = 0; ti < inp.tasks; ti++) {
    let gapS = 0;
    if (ti > 0) {
      // ---- the gap: parked, charging, the world changes
      gapS = drawGap(job.gaps, st('gap', ti));
      const g0 = t;
      const g1 = t + gapS;
      bat = charge(battery, bat, gapS);
      const cs = st('changes', ti);
      const timed = guardedChanges(state, present, cs)
        .map((c) => ({ ...c, t: Math.round(cs.uniform(g0 + 90, Math.max(g0 + 91, g1 - 90))) }))
        .sort((a, b) => a.t - b.t);
      for (const c of timed) applyOne(c, c.t);
      gaps.push({ before: ti, t0: g0, t1: g1, changes: timed });
      t = g1;
    }
    // ---- the task: a few candidate plans, the one whose frame count best fits the job's target
    const target = job.keyframes.target_per_task.value;
    type Cand = {
      b: TrajectoryBuilder;
      record: TaskRecord;
      moves: ThingMove[];
      state: WorldState;
      memory: ScriptMemory;
      frames: number;
    };
    let best: Cand | null = null;
    const nav0 = buildNav(state);
    for (let c = 0; c < CANDIDATES; c++) {
      const s = st('task', `${ti}/${c}`);
      const kind = pickKind(job, s);
      const cState: WorldState = { things: { ...state.things }, doors: { ...state.doors }, people: state.people };
      const cMemory: ScriptMemory = {
        lastRooms: memory.lastRooms.slice(),
        unfinished: memory.unfinished ? { ...memory.unfinished, cleaned: memory.unfinished.cleaned.slice() } : null,
      };
      const b = new TrajectoryBuilder(pose, t, bat, battery);
      const drive = new Driver(b, nav0, job.speeds);
      const record: TaskRecord = {
        index: ti,
        kind: kind.kind,
        brief: '',
        sites: [],
        things: [],
        rooms: [],
        reached: true,
        sent_home: false,
        unfinished_room: null,
        coverage: {},
        t_start: t,
        t_end: t,
        gap_before_s: gapS,
      };
      const moves: ThingMove[] = [];
      const ctx: TaskContext = {
        job,
        place,
        state: cState,
        s,
        index: ti,
        drive,
        home,
        battery,
        memory: cMemory,
        record,
        moves,
        pitch: mount.pitch_deg,
        renav: () => {
          drive.nav = buildNav(cState);
        },
      };
      planTask(ctx, kind, st('handoff', ti));
      if (b.motions.length === 0)
        b.pause(5, {
          phase: 'waiting',
          subgoal: record.brief || 'waiting',
          task: ti,
          pitch_deg: mount.pitch_deg,
          decision: 'task start',
        });
      const frames = sampleKeyframes(b.motions, job.keyframes).length;
      const cand: Cand = { b, record, moves, state: cState, memory: cMemory, frames };
      const score = (x: Cand) => (x.record.reached ? 0 : 1e6) + Math.abs(x.frames - target);
      if (!best || score(cand) < score(best)) best = cand;
      if (record.reached && Math.abs(frames - target) <= target * 0.15) break;
    }
    const { b, record, moves } = best!;
    state = best!.state;
    memory.unfinished = best!.memory.unfinished;
    memory.lastRooms = best!.memory.lastRooms;
    for (const m of moves) thingEvents[m.id].push({ t: m.t, ...m.pose });
    const kfs = sampleKeyframes(b.motions, job.keyframes);
    record.t_start = t;
    record.t_end = b.t;

    // ---- people during the task
    const robotSamples: RobotSample[] = [];
    const times = new Set<number>(kfs.map((f) => f.t));
    for (let x = t; x <= b.t; x += 0.5) times.add(x);
    const sorted = [...times].sort((a, c) => a - c);
    let mi = 0;
    for (const x of sorted) {
      while (mi < b.motions.length - 1 && b.motions[mi].t1 < x) mi++;
      const p = poseAt(b.motions[mi], x);
      robotSamples.push({ t: x, x: p.x, y: p.y, heading_deg: p.heading_deg });
    }
    const cams = kfs.map((f) => cameraFromBase(f.pose, mount, f.pitch_deg));
    const maxDepth = baseZ > 2 ? 120 : 20;
    const ps = st('people', ti);
    const ids = place.people.map((p) => p.id).filter((id) => present[id] && !seated[id]);
    const nWalk = Math.min(ids.length, ps.int(job.people.per_task.min, job.people.per_task.max));
    const walkers = new Set(ps.shuffle(ids).slice(0, nWalk));
    // the person who hands the robot its task, where a hand-off began it
    const handoff = record.handoff;
    const handoffId = handoff && ids.length ? st('handoff-person', ti).pick(ids) : undefined;
    for (const id of ids) {
      const person = place.people.find((p) => p.id === id)!;
      const pr = person.shoulder_width / 2 + 0.05;
      const walkIn = {
        areas,
        t0: t,
        t1: b.t,
        speed: job.people.walk_speed_m_s,
        personRadius: pr,
        bodyRadius: baseZ > 2 ? -1e9 : body.radius,
        horizon_s: job.closest_approach.horizon_s,
        passNear: ps.coin(0.5),
        robot: robotSamples,
        frames: kfs.map((f) => f.t),
        sees: (i: number, q: XY) =>
          [0.1, 0.5, 1.0, person.height * 0.9].some((z) => {
            const pp = project(k, cams[i], [q[0], q[1], z]);
            return !!pp && pp.depth < maxDepth && inImage(k, pp.u, pp.v);
          }),
        segmentFree: (a: XY, c: XY, r: number) => segmentClearance(peopleMap, a, c, 0.1) >= r,
        meetP: baseZ > 2 ? 0 : job.people.meet_p,
        meetRadius: person.shoulder_width / 2,
        bodyDistance: (q: XY, r: RobotSample) =>
          pointToFootprint(q[0], q[1], bodyAt(body.footprint, { x: r.x, y: r.y, yaw_deg: r.heading_deg })).distance,
        lensForward_m: mount.forward_m,
        hfovDeg: job.camera.hfov_deg,
      };
      let walk =
        handoff && id === handoffId
          ? planHandoffWalk({ ...walkIn, start: personPos[id] }, handoff, job.keyframes.time_s, st('handoff-walk', ti))
          : null;
      if (!walk) walk = walkers.has(id) ? planWalk({ ...walkIn, start: personPos[id] }, ps) : null;
      if (walk && walk.legs.length === 0 && !walkers.has(id)) walk = null;
      if (!walk) {
        // standing still where they are, if clear of the robot; else somewhere else in the areas
        const standOk = (q: XY) =>
          robotSamples.every((r) => Math.hypot(q[0] - r.x, q[1] - r.y) >= walkIn.bodyRadius + pr + 0.15);
        if (standOk(personPos[id]) && areas.some((a) => pointInPolygon(personPos[id], a)))
          walk = { legs: [], rest: personPos[id] };
        else if (walkers.has(id)) walk = planWalk({ ...walkIn, start: null }, ps);
      }
      if (!walk) {
        // nowhere to be during this task: the person left in the gap before it
        const tl = ti > 0 ? Math.max(standSince[id], t - 30) : 0;
        closeStand(id, tl);
        present[id] = false;
        if (ti > 0) gaps[gaps.length - 1].changes.push({ kind: 'person_left', id, t: tl });
        continue;
      }
      if (walk.rest[0] !== personPos[id][0] || walk.rest[1] !== personPos[id][1]) {
        // moved while nobody watched (the gap): a fresh standing spot from the start of the gap
        closeStand(id, Math.max(standSince[id], t - 60));
        standSince[id] = Math.max(standSince[id], t - 60);
        personPos[id] = walk.rest;
      }
      if (walk.legs.length) {
        closeStand(id, walk.legs[0].t0);
        for (const l of walk.legs)
          legs[id].push({
            t0: r4(l.t0),
            t1: r4(l.t1),
            from: [r4(l.from[0]), r4(l.from[1])],
            to: [r4(l.to[0]), r4(l.to[1])],
          });
        const last = walk.legs[walk.legs.length - 1];
        personPos[id] = [r4(last.to[0]), r4(last.to[1])];
        standSince[id] = r4(last.t1);
        (walks[id] ??= []).push({ task: ti, legs: walk.legs });
      }
    }

    allKeyframes.push(...kfs);
    allMotions.push(...b.motions);
    tasks.push(record);
    pose = { ...b.pose };
    bat = b.battery;
    t = b.t;
  }

  function applyOne(c: Change & { t: number }, at: number): void {
    if (c.kind === 'thing_moved') {
      const z = surfaceTop(place, c.to.rests_on, c.to.level) ?? 0;
      const p = {
        x: r4(c.to.x),
        y: r4(c.to.y),
        z,
        yaw: c.to.yaw,
        rests_on: c.to.rests_on,
        ...(c.to.level !== undefined ? { level: c.to.level } : {}),
      };
      state.things[c.id] = p;
      thingEvents[c.id].push({ t: at, ...p });
    } else if (c.kind === 'door') {
      state.doors[c.id] = c.to as WorldState['doors'][string];
      doorEvents[c.id].push({ t: at, state: c.to as DoorEvent['state'] });
    } else if (c.kind === 'person_left') {
      closeStand(c.id, at);
      present[c.id] = false;
    } else {
      present[c.id] = true;
      standSince[c.id] = at;
      personPos[c.id] = areas.length
        ? randomPointIn(
            areas[Math.floor((at * 7919) % areas.length)],
            stream(seed, 'script/arrive', `${sid}/${c.id}/${at}`),
          )
        : personPos[c.id];
    }
  }

  // ---- keyframes, truncated on request
  let truncated = false;
  let kf = allKeyframes;
  if (inp.maxFrames !== undefined && kf.length > inp.maxFrames) {
    kf = kf.slice(0, inp.maxFrames);
    truncated = true;
  }
  const duration =
    Math.max(t, ...Object.values(legs).flatMap((l) => l.map((x) => x.t1)), kf.length ? kf[kf.length - 1].t : 0) + 1;
  for (const id of Object.keys(legs)) closeStand(id, duration);
  const timeline = emptyTimeline(place, r4(duration));
  timeline.things = Object.fromEntries(
    Object.entries(thingEvents).map(([id, evs]) => [
      id,
      evs.map((e) => ({ ...e, t: r4(e.t), x: r4(e.x), y: r4(e.y), z: r4(e.z) })),
    ]),
  );
  timeline.doors = doorEvents;
  timeline.people = Object.fromEntries(
    Object.entries(legs).map(([id, ls]) => [
      id,
      ls.filter((l) => l.t1 > l.t0).map((l) => ({ ...l, t0: r4(l.t0), t1: r4(l.t1) })),
    ]),
  );

  const keyframes = kf.map((f, i) => ({ ...f, k: i }));
  const steps: Step[] = keyframes.map((f) => ({
    k: f.k,
    clock: formatClock(epochS + f.t),
    pose: {
      pos: [r4(f.pose.x), r4(f.pose.y), r4(f.pose.z)],
      heading_deg: r4(f.pose.heading_deg) >= 180 ? -180 : r4(f.pose.heading_deg),
    },
    velocity: [r4(f.velocity[0]), r4(f.velocity[1])],
    camera: { pitch_deg: f.pitch_deg },
    status: { phase: f.phase, task: f.task, battery_pct: f.battery_pct },
    subgoal: f.subgoal,
  }));
  return { sid, epoch_s: epochS, tasks, gaps, keyframes, motions: allMotions, walks, timeline, steps, truncated };
}

/** The state after a list of changes (things and doors; people do not block routes). */
function applyChanges(place: Place, w: WorldState, changes: readonly Change[]): WorldState {
  const out: WorldState = { things: { ...w.things }, doors: { ...w.doors }, people: {} };
  for (const c of changes) {
    if (c.kind === 'thing_moved')
      out.things[c.id] = {
        x: c.to.x,
        y: c.to.y,
        z: surfaceTop(place, c.to.rests_on, c.to.level) ?? 0,
        yaw: c.to.yaw,
        rests_on: c.to.rests_on,
        ...(c.to.level !== undefined ? { level: c.to.level } : {}),
      };
    else if (c.kind === 'door') out.doors[c.id] = c.to as WorldState['doors'][string];
  }
  return out;
}

export type { Site, Stream };
export { cloneChangeState };

/** The distance (m) from point p to the segment a-b. */
function segmentDistance(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0],
    dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const f = l2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - f * dx, p[1] - a[1] - f * dy);
}
