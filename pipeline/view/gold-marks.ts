/**
 * Where a question's gold lies, for drawing: the gold's map points (ego offsets turned into the map through the
 * camera at the ask, places, list things; for clear_path the point where the body's front stops), their pixels on
 * the frames that answer the question (projected with the camera's intrinsics), and for clear_path the corridor the
 * body sweeps.
 */
import type { GoldRow } from '../../checks/score/index.ts';
import { cameraFromBase, inImage, intrinsics, project, type CameraPose } from '../../layouts/camera.ts';
import { worldAt } from '../../layouts/timeline.ts';
import type { ViewCase } from './load-build.ts';

export interface FramePoint {
  /** case frame */
  k: number;
  u: number;
  v: number;
}

export interface GoldMarks {
  /** gold points in the map (m); z, where given, is the height the point is drawn at (else where it rests) */
  points: { x: number; y: number; z?: number }[];
  /** their pixels on the evidence frames and the ask frame (inside the image only) */
  onFrames: FramePoint[];
  /** clear_path: the swept corridor's corners in the map, and the clearance band's */
  corridor?: { body: [number, number][]; band: [number, number][] };
}

/** The camera at case frame k. */
export function cameraAt(vc: ViewCase, k: number): CameraPose {
  const s = vc.loaded.case.frames[k].step;
  return cameraFromBase(
    { x: s.pose.pos[0], y: s.pose.pos[1], z: s.pose.pos[2], heading_deg: s.pose.heading_deg },
    vc.mount,
    s.camera.pitch_deg,
  );
}

/** The map point of an (ahead, left) offset from a camera, horizontally. */
export function offsetToMap(cam: CameraPose, ahead: number, left: number): { x: number; y: number } {
  const t = (cam.yawDeg * Math.PI) / 180;
  return {
    x: cam.position[0] + ahead * Math.cos(t) - left * Math.sin(t),
    y: cam.position[1] + ahead * Math.sin(t) + left * Math.cos(t),
  };
}

/** The height a gold point rests at: the bottom of the movable thing nearest it (within 0.6 m) at time t, else 0. */
function restingZ(vc: ViewCase, p: { x: number; y: number }, t: number): number {
  if (!vc.timeline) return 0;
  let best = 0.6;
  let z = 0;
  for (const pose of Object.values(worldAt(vc.timeline, t).things)) {
    const d = Math.hypot(pose.x - p.x, pose.y - p.y);
    if (d < best) {
      best = d;
      z = pose.z;
    }
  }
  return z;
}

/** The relative turn a clear_path question's wording asks for: left +90, right -90, else straight ahead. */
export function clearPathTurn(text: string): number {
  const t = text.toLowerCase();
  if (/\bleft\b/.test(t)) return 90;
  if (/\bright\b/.test(t)) return -90;
  return 0;
}

function rect(x: number, y: number, hDeg: number, from: number, to: number, halfW: number): [number, number][] {
  const h = (hDeg * Math.PI) / 180;
  const f = [Math.cos(h), Math.sin(h)];
  const l = [-Math.sin(h), Math.cos(h)];
  const at = (a: number, b: number): [number, number] => [x + a * f[0] + b * l[0], y + a * f[1] + b * l[1]];
  return [at(from, -halfW), at(to, -halfW), at(to, halfW), at(from, halfW)];
}

/** The marks of one question asked after case frame askK, with question wording `text`. */
export function goldMarks(vc: ViewCase, g: GoldRow, askK: number, text: string): GoldMarks {
  const out: GoldMarks = { points: [], onFrames: [] };
  if (!g.knowable || g.value === null) return out;
  const v = g.value;
  if (typeof v === 'object' && !Array.isArray(v) && 'ahead' in v)
    out.points.push(offsetToMap(cameraAt(vc, askK), v.ahead, v.left));
  else if (typeof v === 'object' && !Array.isArray(v) && 'x' in v) out.points.push({ x: v.x, y: v.y });
  else if (Array.isArray(v)) for (const th of v) out.points.push({ x: th.x, y: th.y });

  if (g.family === 'clear_path' && typeof v === 'number') {
    const s = vc.loaded.case.frames[askK].step;
    const h = s.pose.heading_deg + clearPathTurn(text);
    const half = vc.body.length_m / 2;
    const w = vc.body.width_m / 2;
    out.corridor = {
      body: rect(s.pose.pos[0], s.pose.pos[1], h, -half, half + v, w),
      band: rect(s.pose.pos[0], s.pose.pos[1], h, -half, half + v + g.clearance_m, w + g.clearance_m),
    };
    // the gold itself: where the body's front stops, at the base's own height (a ground robot's floor)
    const r = (h * Math.PI) / 180;
    out.points.push({
      x: s.pose.pos[0] + (half + v) * Math.cos(r),
      y: s.pose.pos[1] + (half + v) * Math.sin(r),
      z: s.pose.pos[2],
    });
  }

  if (out.points.length) {
    const k = intrinsics(vc.robot.camera.width, vc.robot.camera.height, vc.robot.camera.hfov_deg);
    const n = vc.loaded.case.frames.length;
    const frames = [...new Set([...g.evidence_frames, askK])].filter((f) => f >= 0 && f < n).sort((a, b) => a - b);
    for (const f of frames) {
      const cam = cameraAt(vc, f);
      for (const p of out.points) {
        const px = project(k, cam, [p.x, p.y, p.z ?? restingZ(vc, p, vc.times[f])]);
        if (px && inImage(k, px.u, px.v))
          out.onFrames.push({ k: f, u: Math.round(px.u * 10) / 10, v: Math.round(px.v * 10) / 10 });
      }
    }
  }
  return out;
}
