/**
 * Cases: windows of a script's tasks, each delivered as if it were the whole job. Per script one short window
 * (1 task) and one medium (2 or 3 tasks), plus one long (4 to 6) where the script has 4 or more tasks; which tasks
 * each covers is drawn from a seeded stream of the compile seed, as is the case id. A case's frames are the
 * window's keyframes with k renumbered from 0, task indices from 0 and a fresh clock drawn from the compile seed;
 * nothing in what a system receives tells where the window sits in the script.
 */
import { join } from 'node:path';
import { formatClock, parseClock, type Step } from '../formats/step.ts';
import { hexId, stream } from '../foundation/index.ts';
import type { CaseFile } from '../formats/case-schema.ts';
import type { PlanFile } from './plan-file.ts';

export type CaseLength = 'short' | 'medium' | 'long';

/** Task counts a window of each length may cover (capped by the script's tasks). */
export const WINDOW_TASKS: Record<CaseLength, { min: number; max: number }> = {
  short: { min: 1, max: 1 },
  medium: { min: 2, max: 3 },
  long: { min: 4, max: 6 },
};

export interface CaseWindow {
  cid: string;
  sid: string;
  length: CaseLength;
  /** the script's task indices the window covers, consecutive, ascending */
  tasks: number[];
}

/** Tasks of a plan that have frames (a plan cut short by a frame cap keeps a prefix of its tasks). */
export function framedTasks(plan: Pick<PlanFile, 'tasks'>): number {
  let n = 0;
  while (n < plan.tasks.length && plan.tasks[n].frames.length > 0) n++;
  return n;
}

/** The case id of a script's window of a length (from the compile seed). */
export function caseId(seed: string, sid: string, length: CaseLength): string {
  return hexId(seed, 'compile/cid', `${sid}/${length}`);
}

/** The windows of one script: short, medium where it has 2 or more tasks, long where it has 4 or more. */
export function caseWindows(plan: Pick<PlanFile, 'tasks'>, sid: string, seed: string): CaseWindow[] {
  const n = framedTasks(plan);
  const s = stream(seed, 'compile/windows', sid);
  const out: CaseWindow[] = [];
  for (const length of ['short', 'medium', 'long'] as const) {
    const want = WINDOW_TASKS[length];
    if (n < want.min) continue;
    const len = s.int(want.min, Math.min(want.max, n));
    const start = s.int(0, n - len);
    out.push({ cid: caseId(seed, sid, length), sid, length, tasks: Array.from({ length: len }, (_, i) => start + i) });
  }
  return out;
}

/** The window's frames: the script's keyframe indices whose task the window covers, ascending. */
export function windowFrames(plan: Pick<PlanFile, 'keyframes'>, w: Pick<CaseWindow, 'tasks'>): number[] {
  const tasks = new Set(w.tasks);
  return plan.keyframes.filter((k) => tasks.has(k.task)).map((k) => k.k);
}

/** First instant of the case clocks: 2026-01-01T00:00:00Z. */
export const CLOCK_EPOCH_S = 1767225600;

/** A fresh clock start for a case: a day in 2026 or 2027, between 07:00 and 18:00 (whole seconds). */
export function caseClockStart(seed: string, cid: string): number {
  const s = stream(seed, 'compile/clock', cid);
  return CLOCK_EPOCH_S + s.int(0, 729) * 86400 + s.int(7 * 3600, 18 * 3600);
}

const pad6 = (k: number) => String(k).padStart(6, '0');

/** The RGB and depth files of a script frame, relative to the build. */
export function frameFiles(sid: string, k: number): { rgb: string; depth: string } {
  return {
    rgb: join('scripts', sid, 'sensors', 'rgb', `${pad6(k)}.jpg`),
    depth: join('private', sid, 'depth', `${pad6(k)}.png`),
  };
}

/** case.json less its questions: the case's tasks and frames (steps renumbered, fresh clock, tasks from 0). */
export function caseBody(o: {
  plan: PlanFile;
  steps: readonly Step[];
  window: CaseWindow;
  job: string;
  seed: string;
}): Omit<CaseFile, 'asks' | 'end_qids'> {
  const { plan, steps, window: w } = o;
  const ks = windowFrames(plan, w);
  const taskOf = new Map(w.tasks.map((t, i) => [t, i]));
  const start = caseClockStart(o.seed, w.cid);
  const t0 = parseClock(steps[ks[0]].clock);
  const frames = ks.map((sk, k) => {
    const st = steps[sk];
    if (!st) throw new Error(`script ${w.sid}: no step for frame ${sk}`);
    const task = taskOf.get(plan.keyframes[sk].task)!;
    const step: Step = {
      ...st,
      k,
      clock: formatClock(start + (parseClock(st.clock) - t0)),
      status: { ...st.status, task },
    };
    return { step, script_k: sk, ...frameFiles(w.sid, sk) };
  });
  const tasks = w.tasks.map((t, i) => ({
    index: i,
    assignment: plan.tasks[t].brief,
    unobserved_s: i === 0 ? 0 : Math.round(plan.tasks[t].gap_before_s * 10) / 10,
    start_k: frames.findIndex((f) => f.step.status.task === i),
  }));
  return {
    cid: w.cid,
    sid: w.sid,
    job: o.job,
    layout: plan.place_id,
    split: plan.split,
    length: w.length,
    script_tasks: [...w.tasks],
    tasks,
    frames,
  };
}
