/**
 * Keyframe sampling along a timed trajectory.
 *
 * The rule: walking the trajectory in time order, a keyframe is taken
 * - at the start of the trajectory and at its end;
 * - at the start of every piece marked as a decision point (task start, before a pick, a dock, a drop, a turn onto
 *   a new leg), flagged as a decision frame;
 * - and otherwise at the first moment when, since the last keyframe, the base has travelled `travel_m` metres
 *   (3-D, so a climb counts), or turned `turn_deg` degrees, or `time_s` seconds have passed.
 * Keyframes closer than 0.05 s apart merge into one (a decision flag survives the merge).
 */
import { normHeading } from '../formats/step.ts';
import { batteryPct } from './battery.ts';
import { batteryAt, motionTravel, motionTurn, poseAt, velocityOf, type BasePose, type Motion } from './trajectory.ts';

export interface KeyframeRule {
  travel_m: number;
  turn_deg: number;
  time_s: number;
  /** take a keyframe at every decision point */
  decision_points: boolean;
}

export interface Keyframe {
  /** seconds since the script started */
  t: number;
  pose: BasePose;
  velocity: [number, number];
  pitch_deg: number;
  phase: string;
  task: number;
  battery_pct: number;
  subgoal: string;
  /** why this frame is a decision frame, or null */
  decision: string | null;
}

const MERGE_S = 0.05;

function frameAt(m: Motion, t: number, decision: string | null): Keyframe {
  const p = poseAt(m, t);
  const v = velocityOf(m);
  return {
    t,
    pose: { x: p.x, y: p.y, z: p.z, heading_deg: normHeading(p.heading_deg) },
    velocity: [v[0], v[1]],
    pitch_deg: m.pitch_deg,
    phase: m.phase,
    task: m.task,
    battery_pct: batteryPct(batteryAt(m, t)),
    subgoal: m.subgoal,
    decision,
  };
}

/** Sample keyframes along motions (in time order, contiguous) by the rule above. */
export function sampleKeyframes(motions: readonly Motion[], rule: KeyframeRule): Keyframe[] {
  const out: Keyframe[] = [];
  if (motions.length === 0) return out;
  let travel = 0;
  let turn = 0;
  let lastT = motions[0].t0;
  const emit = (m: Motion, t: number, decision: string | null) => {
    const prev = out[out.length - 1];
    if (prev && t - prev.t < MERGE_S) {
      if (decision && !prev.decision) {
        // the decision frame shows the state of the piece that starts here
        out[out.length - 1] = frameAt(m, t, decision);
      }
    } else {
      out.push(frameAt(m, t, decision));
    }
    travel = 0;
    turn = 0;
    lastT = t;
  };
  emit(motions[0], motions[0].t0, rule.decision_points ? (motions[0].decision ?? null) : null);
  for (const m of motions) {
    if (m.decision && rule.decision_points) emit(m, m.t0, m.decision);
    const dur = m.t1 - m.t0;
    if (dur <= 0) continue;
    const v = motionTravel(m) / dur;
    const w = motionTurn(m) / dur;
    let t = m.t0;
    for (;;) {
      const cand = [lastT + rule.time_s - t];
      if (v > 0) cand.push((rule.travel_m - travel) / v);
      if (w > 0) cand.push((rule.turn_deg - turn) / w);
      const step = Math.max(0, Math.min(...cand));
      if (t + step > m.t1 + 1e-9) {
        travel += v * (m.t1 - t);
        turn += w * (m.t1 - t);
        break;
      }
      t = Math.min(m.t1, t + step);
      emit(m, t, null);
    }
  }
  const last = motions[motions.length - 1];
  emit(last, last.t1, null);
  return out;
}
