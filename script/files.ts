/**
 * The files of a script, as documents: scripts/<sid>/robot.json, scripts/<sid>/sensors/camera.json,
 * scripts/<sid>/sensors/pose.jsonl (these ship in a release), private/<sid>/timeline.json (ships, under private/)
 * and BUILD/.stbench/scripts/<sid>/plan.json (build only: tasks, routes, decision frames, keyframe camera poses).
 */
import { join } from 'node:path';
import type { JobSpec } from '../jobs/job-schema.ts';
import { formatClock } from '../formats/step.ts';
import { cameraFromBase, intrinsics } from '../layouts/camera.ts';
import type { Place } from '../layouts/place-schema.ts';
import type { Split } from '../formats/split.ts';
import { placeHash } from '../layouts/load.ts';
import { BUILD_META_DIR, jsonlText } from '../foundation/index.ts';
import type { ScriptPlan } from './plan-script.ts';

export const ROBOT_FORMAT = 'stbench.robot/1';
export const CAMERA_FORMAT = 'stbench.camera/1';
export const PLAN_FORMAT = 'stbench.plan/1';

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Paths of a script's files, relative to the build. */
export function scriptPaths(sid: string): {
  robot: string;
  camera: string;
  pose: string;
  timeline: string;
  plan: string;
} {
  return {
    robot: join('scripts', sid, 'robot.json'),
    camera: join('scripts', sid, 'sensors', 'camera.json'),
    pose: join('scripts', sid, 'sensors', 'pose.jsonl'),
    timeline: join('private', sid, 'timeline.json'),
    plan: join(BUILD_META_DIR, 'scripts', sid, 'plan.json'),
  };
}

/**
 * The robot's spec as a system receives it up front: body, camera, margins, speeds and the scorer's depth sensor;
 * the place (its id, the format's `layout`) and the split its script belongs to.
 */
export function robotDoc(job: JobSpec, sid: string, placeId: string, split: Split): unknown {
  const fp = job.body.footprint;
  return {
    format: ROBOT_FORMAT,
    sid,
    job: job.id,
    robot_class: job.robot_class,
    layout: placeId,
    split,
    body: { footprint: fp, height_m: job.body.height_m, base_z_m: job.base_z_m.value },
    camera: {
      width: job.camera.width,
      height: job.camera.height,
      hfov_deg: job.camera.hfov_deg,
      mount: {
        height_m: job.camera.mount.height_m,
        forward_m: job.camera.mount.forward_m,
        left_m: job.camera.mount.left_m,
        pitch_deg: job.camera.mount.pitch_deg,
      },
    },
    speeds: { linear_m_s: job.speeds.linear_m_s, turn_deg_s: job.speeds.turn_deg_s },
    clearance_m: job.clearance.value,
    reacquire_m: job.reacquire.value,
    match_m: job.match_m.value,
    depth: true,
    depth_unit: job.depth.unit,
    near_m: job.depth.near_m,
    far_m: job.depth.far_m,
  };
}

/** The camera: intrinsics, the mount on the base, and the encoding of the scorer's depth images. */
export function cameraDoc(job: JobSpec): unknown {
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  return {
    format: CAMERA_FORMAT,
    width: k.width,
    height: k.height,
    hfov_deg: k.hfovDeg,
    fx: r4(k.f),
    fy: r4(k.f),
    cx: k.cx,
    cy: k.cy,
    mount: {
      height_m: job.camera.mount.height_m,
      forward_m: job.camera.mount.forward_m,
      left_m: job.camera.mount.left_m,
      pitch_deg: job.camera.mount.pitch_deg,
    },
    ...(job.camera.lamp
      ? { lamp: { power_w: job.camera.lamp.power_w, spot_angle_deg: job.camera.lamp.spot_angle_deg } }
      : {}),
    depth: job.depth.kind,
    depth_unit: job.depth.unit,
    depth_format: job.depth.format,
    near_m: job.depth.near_m,
    far_m: job.depth.far_m,
    no_return: job.depth.no_return,
  };
}

/** pose.jsonl: one step a frame. */
export function poseText(plan: ScriptPlan): string {
  return jsonlText(plan.steps);
}

export interface PlanMeta {
  job: JobSpec;
  jobHash: string;
  place: Place;
  /** the split of the script (default dev) */
  split?: Split;
  seed: string;
  index: number;
}

/** plan.json: everything the later stages need that a system must never see. */
export function planDoc(plan: ScriptPlan, meta: PlanMeta): unknown {
  const { job, place } = meta;
  const mount = job.camera.mount;
  const changes = plan.gaps.flatMap((g) => g.changes);
  const byKind: Record<string, number> = {};
  for (const c of changes) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
  return {
    format: PLAN_FORMAT,
    sid: plan.sid,
    job: job.id,
    job_hash: meta.jobHash,
    seed: meta.seed,
    index: meta.index,
    place_id: place.id,
    place_hash: placeHash(place),
    split: meta.split ?? 'dev',
    epoch_s: plan.epoch_s,
    clock_start: formatClock(plan.epoch_s),
    duration_s: plan.timeline.duration_s,
    truncated: plan.truncated,
    frames: plan.keyframes.length,
    tasks: plan.tasks.map((t) => ({
      ...t,
      t_start: r4(t.t_start),
      t_end: r4(t.t_end),
      frames: plan.keyframes.filter((k) => k.task === t.index).map((k) => k.k),
      coverage: Object.fromEntries(
        Object.entries(t.coverage).map(([id, c]) => [
          id,
          { reachable_m2: r4(c.reachable_m2), covered_m2: r4(c.covered_m2), fraction: r4(c.fraction) },
        ]),
      ),
      route: routeOf(plan, t.index),
    })),
    gaps: plan.gaps.map((g) => ({
      before_task: g.before,
      t0: r4(g.t0),
      t1: r4(g.t1),
      duration_s: r4(g.t1 - g.t0),
      changes: g.changes,
    })),
    changes_summary: { total: changes.length, by_kind: byKind },
    decision_frames: plan.keyframes
      .filter((k) => k.decision)
      .map((k) => ({ k: k.k, t: r4(k.t), task: k.task, reason: k.decision })),
    keyframes: plan.keyframes.map((k) => {
      const cam = cameraFromBase(k.pose, mount, k.pitch_deg);
      return {
        k: k.k,
        t: r4(k.t),
        task: k.task,
        phase: k.phase,
        decision: k.decision,
        pose: { x: r4(k.pose.x), y: r4(k.pose.y), z: r4(k.pose.z), heading_deg: r4(k.pose.heading_deg) },
        camera: { position: cam.position.map(r4), yaw_deg: r4(cam.yawDeg), pitch_deg: cam.pitchDeg },
      };
    }),
    walks: Object.fromEntries(
      Object.entries(plan.walks).map(([id, ws]) => [
        id,
        ws.map((w) => ({
          task: w.task,
          legs: w.legs.map((l) => ({ t0: r4(l.t0), t1: r4(l.t1), from: l.from.map(r4), to: l.to.map(r4) })),
        })),
      ]),
    ),
  };
}

/** The route a task drove: the base's positions at the ends of its motions. */
function routeOf(plan: ScriptPlan, task: number): [number, number][] {
  const ms = plan.motions.filter((m) => m.task === task);
  const out: [number, number][] = [];
  for (const m of ms) {
    if (out.length === 0) out.push([r4(m.from.x), r4(m.from.y)]);
    const last = out[out.length - 1];
    if (last[0] !== r4(m.to.x) || last[1] !== r4(m.to.y)) out.push([r4(m.to.x), r4(m.to.y)]);
  }
  return out;
}
