/**
 * A pool of Blender processes (one per worker, all at one quality setting) rendering the frames of one or several
 * shot lists. A worker keeps to one job while it has frames, so each process builds a scene once per job. Every
 * frame is rendered to temporary names, verified, then renamed into place; with `resume`, frames whose files
 * already exist and verify are kept, not rendered again.
 */
import { rmSync } from 'node:fs';
import { BlenderProcess, type BlenderProcessOptions } from './blender-process.ts';
import {
  commitFrame,
  discardFrame,
  framePaths,
  shotListPath,
  tempFramePaths,
  verifyFrame,
  type FrameLogEntry,
  type FramePaths,
} from './frame-files.ts';
import { blenderOutputs, filterPicture, hasPostFilter, rawPicturePath } from './post-filter.ts';
import { resolvedMoves, type Move, type ShotList } from './shot-list.ts';

/** One frame to render: frame `frame` (position in job.frames) of the job stored at `jobPath`. */
export interface FrameTask {
  jobPath: string;
  job: ShotList;
  /** position of the frame in job.frames */
  frame: number;
  /** final paths of the frame's files */
  out: FramePaths;
}

/** Progress after each frame. */
export interface RenderProgress {
  total: number;
  /** frames finished (rendered + kept) */
  done: number;
  rendered: number;
  /** frames already present and verified (resume) */
  kept: number;
  elapsed_s: number;
  /** rendered frames per second so far (0 before the first) */
  fps: number;
  /** seconds left at the current rate (null before the first rendered frame) */
  eta_s: number | null;
  /** the frame just finished */
  last?: FrameLogEntry;
}

export interface RenderPoolOptions extends BlenderProcessOptions {
  /** Blender processes in parallel (default 1) */
  workers?: number;
  /** keep frames whose files already exist and verify (default true) */
  resume?: boolean;
  onProgress?: (p: RenderProgress) => void;
  /** called with each frame's log entry as soon as its files are committed */
  onFrame?: (e: FrameLogEntry) => void;
}

/** Every frame of the given jobs, with its files in a build's layout (see frame-files.ts). */
export function buildFrameTasks(buildDir: string, jobs: { job: ShotList; jobPath?: string }[]): FrameTask[] {
  const tasks: FrameTask[] = [];
  for (const { job, jobPath } of jobs) {
    const p = jobPath ?? shotListPath(buildDir, job.sid);
    job.frames.forEach((f, i) =>
      tasks.push({ jobPath: p, job, frame: i, out: framePaths(buildDir, job.sid, f.index) }),
    );
  }
  return tasks;
}

/** Render (or keep) every task's frame; resolves with the log entries in task order; throws on the first failure. */
export async function renderFrames(tasks: FrameTask[], opts: RenderPoolOptions): Promise<FrameLogEntry[]> {
  const resume = opts.resume ?? true;
  const workers = Math.max(1, Math.min(opts.workers ?? 1, tasks.length || 1));
  const results: (FrameLogEntry | undefined)[] = new Array(tasks.length);
  const queues = new Map<string, number[]>();
  tasks.forEach((t, i) => {
    const q = queues.get(t.jobPath) ?? [];
    q.push(i);
    queues.set(t.jobPath, q);
  });
  const movesCache = new Map<ShotList, Move[][]>();
  const movesOf = (job: ShotList): Move[][] => {
    let m = movesCache.get(job);
    if (!m) movesCache.set(job, (m = resolvedMoves(job)));
    return m;
  };
  const busy = new Map<string, number>();
  const t0 = Date.now();
  let rendered = 0;
  let kept = 0;
  let failure: Error | null = null;

  const next = (current: string | null): number | undefined => {
    if (current && queues.get(current)?.length) return queues.get(current)!.shift();
    let best: string | null = null;
    let bestScore = -Infinity;
    for (const [key, q] of queues) {
      if (!q.length) continue;
      const score = q.length - 1e6 * (busy.get(key) ?? 0);
      if (score > bestScore) [best, bestScore] = [key, score];
    }
    return best === null ? undefined : queues.get(best)!.shift();
  };

  const report = (last: FrameLogEntry): void => {
    opts.onFrame?.(last);
    if (!opts.onProgress) return;
    const elapsed = (Date.now() - t0) / 1000;
    const done = rendered + kept;
    const fps = rendered > 0 && elapsed > 0 ? rendered / elapsed : 0;
    opts.onProgress({
      total: tasks.length,
      done,
      rendered,
      kept,
      elapsed_s: elapsed,
      fps,
      eta_s: fps > 0 ? (tasks.length - done) / fps : null,
      last,
    });
  };

  const worker = async (): Promise<void> => {
    let proc: BlenderProcess | null = null;
    let current: string | null = null;
    try {
      for (;;) {
        if (failure) return;
        const i = next(current);
        if (i === undefined) return;
        const task = tasks[i];
        if (current !== task.jobPath) {
          if (current) busy.set(current, (busy.get(current) ?? 1) - 1);
          current = task.jobPath;
          busy.set(current, (busy.get(current) ?? 0) + 1);
        }
        const { job } = task;
        const frame = job.frames[task.frame];
        if (resume) {
          const check = await verifyFrame(task.out, job.camera.width, job.camera.height);
          if (check.ok) {
            kept++;
            results[i] = {
              sid: job.sid,
              index: frame.index,
              status: 'kept',
              render_s: null,
              wall_s: null,
              samples: null,
              device: null,
              blender: null,
              attempts: 0,
              sha256: check.sha256,
            };
            report(results[i]!);
            continue;
          }
        }
        proc ??= new BlenderProcess(opts);
        const started = Date.now();
        const temp = tempFramePaths(task.out);
        try {
          const reply = await proc.renderFrame({
            jobPath: task.jobPath,
            width: job.camera.width,
            height: job.camera.height,
            index: frame.index,
            camera: frame.camera,
            moves: movesOf(job)[task.frame],
            out: blenderOutputs(job, temp),
          });
          if (hasPostFilter(job)) await filterPicture(job, temp);
          const check = await verifyFrame(temp, job.camera.width, job.camera.height);
          if (!check.ok)
            throw new Error(`frame ${job.sid}/${frame.index} does not verify:\n  ${check.problems.join('\n  ')}`);
          commitFrame(temp, task.out);
          rendered++;
          results[i] = {
            sid: job.sid,
            index: frame.index,
            status: 'rendered',
            render_s: reply.render_s,
            wall_s: (Date.now() - started) / 1000,
            samples: reply.samples,
            device: reply.device,
            blender: reply.blender,
            attempts: reply.attempts,
            sha256: check.sha256,
          };
          report(results[i]!);
        } catch (e) {
          discardFrame(temp);
          rmSync(rawPicturePath(temp), { force: true });
          throw e;
        }
      }
    } catch (e) {
      failure ??= e as Error;
    } finally {
      if (proc) await proc.close();
    }
  };

  await Promise.all(Array.from({ length: workers }, () => worker()));
  if (failure) throw failure;
  return results as FrameLogEntry[];
}
