/**
 * What a task planner works with and what it records: the job, the place and its state, the driver, a seeded
 * stream, and the record of the task (its brief, sites, things, rooms, coverage) that goes into the plan.
 */
import type { JobSpec } from '../jobs/job-schema.ts';
import type { Place, Site } from '../layouts/place-schema.ts';
import type { WorldState, ThingPose } from '../layouts/world-state.ts';
import type { Stream } from '../foundation/index.ts';
import type { Driver } from './driver.ts';
import type { BatteryModel } from './battery.ts';

export interface TaskRecord {
  index: number;
  kind: string;
  /** the assignment in plain words */
  brief: string;
  /** site ids the task visits, in order */
  sites: string[];
  /** thing ids the task handles */
  things: string[];
  /** rooms cleaned (vacuum) */
  rooms: string[];
  /** whether every site of the task was reached */
  reached: boolean;
  /** vacuum: sent home on low battery, and the room left unfinished */
  sent_home: boolean;
  unfinished_room: string | null;
  /** vacuum: rooms of the assignment it could not get into (a door shut in the gap, a moved thing in the way) */
  unreached_rooms?: string[];
  /** vacuum: coverage of each room cleaned, as a fraction of its reachable floor */
  coverage: Record<string, { reachable_m2: number; covered_m2: number; fraction: number }>;
  t_start: number;
  t_end: number;
  /** seconds parked and unobserved before this task (0 for the first) */
  gap_before_s: number;
  /** the hand-off that began the task (jobs' tasks.handoff): the site, when the robot stood there (t0), when it was
   * handed the task (t) and when it set off (t1) */
  handoff?: { site: string; t0: number; t: number; t1: number };
}

/** A thing's pose from a time on, as the task changed it (picked up, put down). */
export interface ThingMove {
  t: number;
  id: string;
  pose: ThingPose;
}

/** Memory a script keeps across its tasks (the vacuum's unfinished room). */
export interface ScriptMemory {
  /** rooms the last task cleaned (the next one prefers others) */
  lastRooms: string[];
  unfinished: { room: string; fromStretch: number; cleaned: [number, number][] } | null;
}

export interface TaskContext {
  job: JobSpec;
  place: Place;
  state: WorldState;
  s: Stream;
  index: number;
  drive: Driver;
  home: Site;
  battery: BatteryModel;
  memory: ScriptMemory;
  record: TaskRecord;
  /** things moved by the robot during the task */
  moves: ThingMove[];
  /** rebuild the navigation map after the robot changed the world (a thing put down) */
  renav(): void;
  /** the camera pitch while driving */
  pitch: number;
}
