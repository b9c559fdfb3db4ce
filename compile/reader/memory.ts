/**
 * The perfect reader's memory of a case: every frame it observed so far (the step's base pose and task, the
 * frame's truth record: camera, entities with pixels, the floor and obstacle cells it saw), the seen grid, the
 * case's task assignments, the job and the world.
 */
import type { V3 } from '../../layouts/camera.ts';
import type { ReaderJob } from './job.ts';
import type { ReaderWorld } from './world.ts';

export interface ReaderEntity {
  entity: string;
  role: string;
  pixels: number;
  contact: { point: V3 } | null;
}

export interface ReaderFrame {
  t: number;
  /** the case's task index */
  task: number;
  pose: { x: number; y: number; heading_deg: number };
  camera: { position: V3; yaw_deg: number };
  entities: readonly ReaderEntity[];
  /** runs [skip, length, ...] over the seen grid */
  floor: readonly number[];
  obstacle: readonly number[];
  /** a flying job's air carve: cells free at and above below_m (render/truth/seen-space.ts) */
  air?: { below_m: number; cells: readonly number[] };
}

export interface ReaderGrid {
  x0: number;
  y0: number;
  cell: number;
  nx: number;
  ny: number;
}

export interface ReaderMemory {
  job: ReaderJob;
  world: ReaderWorld;
  grid: ReaderGrid;
  /** the frames observed so far, oldest first; the last is the frame now */
  frames: readonly ReaderFrame[];
  /** the case's task assignments by task index */
  assignments: readonly string[];
}

export function frameNow(m: ReaderMemory): ReaderFrame {
  return m.frames[m.frames.length - 1];
}

/** The frames of the current task (the world changes only between tasks). */
export function currentTask(m: ReaderMemory): readonly ReaderFrame[] {
  const now = frameNow(m);
  let i = m.frames.length - 1;
  while (i > 0 && m.frames[i - 1].task === now.task) i--;
  return m.frames.slice(i);
}

/** Frames in which an entity had pixels, oldest first. */
export function sightings(frames: readonly ReaderFrame[], id: string): { frame: ReaderFrame; e: ReaderEntity }[] {
  const out: { frame: ReaderFrame; e: ReaderEntity }[] = [];
  for (const frame of frames) {
    const e = frame.entities.find((x) => x.entity === id && x.pixels > 0);
    if (e) out.push({ frame, e });
  }
  return out;
}

/** Entity ids of a role with pixels in the frames, sorted. */
export function idsSeen(frames: readonly ReaderFrame[], role: string): string[] {
  const s = new Set<string>();
  for (const f of frames) for (const e of f.entities) if (e.role === role && e.pixels > 0) s.add(e.entity);
  return [...s].sort();
}
