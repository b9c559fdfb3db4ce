/**
 * The frames a family reads, for one case: each window frame's base pose as the robot reports it (the step of
 * pose.jsonl: what every reader of the case has, to its rounding, so that a drive grazing an edge is judged from the
 * same pose the perfect reader is given), the camera and recorded entities and seen cells (visibility.jsonl),
 * numbered as the case numbers them (k from 0, task indices from 0) and timed on the script's timeline (so the world
 * can be read at each frame).
 */
import type { FloorGridView, FrameView } from './ask/index.ts';
import type { ScriptData } from './script-data.ts';
import type { CaseWindow } from './cases.ts';
import { windowFrames } from './cases.ts';

/** The window's frames as FrameViews, in case order. */
export function caseFrameViews(data: ScriptData, w: CaseWindow): FrameView[] {
  const taskOf = new Map(w.tasks.map((t, i) => [t, i]));
  return windowFrames(data.plan, w).map((sk, k) => {
    const kf = data.plan.keyframes[sk];
    const rec = data.visibility[sk];
    const step = data.steps[sk].pose;
    return {
      k,
      t: rec.t,
      task: taskOf.get(kf.task)!,
      pose: { x: step.pos[0], y: step.pos[1], z: step.pos[2], heading_deg: step.heading_deg },
      camera: rec.camera,
      entities: rec.entities,
      seen: rec.seen.air
        ? { floor: rec.seen.floor, obstacle: rec.seen.obstacle, air: rec.seen.air }
        : { floor: rec.seen.floor, obstacle: rec.seen.obstacle },
    };
  });
}

/** The seen-space grid of a script's truth records. */
export function gridOf(data: ScriptData): FloorGridView {
  return data.visibility[0].seen.grid;
}
