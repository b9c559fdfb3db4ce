/**
 * A shot list's scene at one frame, as the truth sees it: the objects posed by the frame's resolved moves (hidden
 * ones left out) and the entity table (truth id -> entity, kind, colour, support, extent). Shared by the truth
 * records of a Blender render, the ray-cast engine and the cross-check of the two.
 */
import type { Timeline } from '../layouts/timeline.ts';
import { entitiesAt } from './build-shot-list.ts';
import type { Move, ShotList, RenderObject } from './shot-list.ts';
import {
  airBelowFor,
  airHolesFor,
  entityBoxes,
  obstacleTopFor,
  type EntityInfo,
  type SeenOptions,
} from './truth/index.ts';

/** The job's objects as posed at frame position i (`moves` from resolvedMoves(job)), hidden ones left out. */
export function objectsAt(job: ShotList, moves: readonly (readonly Move[])[], i: number): RenderObject[] {
  const pose = new Map(moves[i].map((m) => [m.name, m]));
  return job.objects.flatMap((o) => {
    const m = pose.get(o.name);
    if (!m) return [o];
    if (m.hidden) return [];
    // the move's tilt replaces the object's (absent: upright)
    const { pitch_deg: _p, roll_deg: _r, ...rest } = o;
    return [
      {
        ...rest,
        center: m.center,
        yaw_deg: m.yaw_deg,
        ...(m.pitch_deg ? { pitch_deg: m.pitch_deg } : {}),
        ...(m.roll_deg ? { roll_deg: m.roll_deg } : {}),
      },
    ];
  });
}

/** Every entity of the job at script time t, by truth id, with the extent of its posed solids where it has any. */
export function entityTableAt(
  job: ShotList,
  timeline: Timeline,
  t: number,
  solids: readonly RenderObject[],
): Map<number, EntityInfo> {
  const boxes = entityBoxes(solids);
  const table = new Map<number, EntityInfo>();
  for (const e of entitiesAt(job.entities ?? [], timeline, t)) {
    const box = boxes.get(e.truth_id);
    table.set(e.truth_id, {
      truth_id: e.truth_id,
      entity: e.entity,
      role: e.role,
      kind: e.kind,
      colour: e.colour,
      support: e.support,
      ...(box ? { box } : {}),
    });
  }
  return table;
}

/**
 * The seen-space options of a job's frame (objects: the frame's, from objectsAt): the obstacle band's top and, for a
 * flying job, the air carve's height and its holes (render/truth/seen-space.ts).
 */
export function seenOptionsAt(job: ShotList, objects: readonly RenderObject[]): SeenOptions {
  const heights = job.frames.map((f) => f.camera.position[2]);
  const airBelowM = airBelowFor(heights);
  if (airBelowM === undefined) return { obstacleTopM: obstacleTopFor(heights) };
  const airHoles = airHolesFor(airBelowM, objects);
  return { obstacleTopM: obstacleTopFor(heights), airBelowM, ...(airHoles.length ? { airHoles } : {}) };
}
