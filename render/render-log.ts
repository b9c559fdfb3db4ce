/**
 * private/<sid>/render_log.json: how a script's frames were rendered (Blender version, the device actually used,
 * the samples Blender reports per frame, the settings), how long each frame took, and the sha256 of the render
 * job and of every output. Timing fields (`frames[].render_s`, `frames[].wall_s`, `totals.render_s`,
 * `totals.wall_s`) are the only ones that differ between two renders of the same inputs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hashFile } from '../foundation/index.ts';
import { FRAME_KINDS, type FrameKind } from './frame-files.ts';
import type { JournalEntry } from './frame-journal.ts';
import { effectiveSettings, type ShotList } from './shot-list.ts';

export const RENDER_LOG_FORMAT = 'stbench.render_log/1';
/** Fields of the render log that hold times (everything else is reproducible). */
export const TIMING_FIELDS = ['render_s', 'wall_s'] as const;

export interface RenderLogFrame {
  index: number;
  t: number | null;
  samples: number | null;
  device: string | null;
  render_s: number | null;
  wall_s: number | null;
  sha256: Record<FrameKind, string>;
}

export interface RenderLog {
  format: typeof RENDER_LOG_FORMAT;
  sid: string;
  /** what made the frames: blender (Cycles renders) or raycast (the truth-only engine: not renders) */
  engine: 'blender' | 'raycast';
  blender: string | null;
  /** the device(s) Blender reported rendering on */
  device: string[];
  device_requested: string;
  quality: string;
  samples_requested: number;
  /** the distinct sample counts Blender reported */
  samples_reported: number[];
  camera: ShotList['camera'];
  settings: ReturnType<typeof effectiveSettings>;
  render_job: { path: string; sha256: string };
  /** relative path -> sha256 of the inputs the job was built from */
  inputs: Record<string, string>;
  frames: RenderLogFrame[];
  /** relative path -> sha256 of every output (frames and truth records) */
  outputs: Record<string, string>;
  totals: { frames: number; render_s: number; wall_s: number };
}

export interface RenderLogInput {
  build: string;
  engine: RenderLog['engine'];
  job: ShotList;
  jobPath: string;
  jobSha256: string;
  inputs: Record<string, string>;
  quality: string;
  samples: number;
  device: string;
  /** per frame index: the frame's verified hashes */
  hashes: Map<number, Record<FrameKind, string>>;
  /** journal entries per frame index */
  journal: Map<number, JournalEntry>;
  /** paths of the frame files per index */
  paths: (index: number) => Record<FrameKind, string>;
  /** absolute paths of further outputs (truth records) */
  extraOutputs: string[];
  /** Blender's version when no frame entry reports one */
  blenderFallback?: string | null;
}

const sum = (xs: (number | null)[]) => Math.round(xs.reduce<number>((a, x) => a + (x ?? 0), 0) * 1000) / 1000;

/**
 * The render log of a script. A frame's entry comes from the journal when the journal's hashes match the files;
 * a frame committed just before an interruption (its entry lost) gets the requested samples and device, which the
 * driver enforces for every frame it commits, and no times.
 */
export function renderLog(inp: RenderLogInput): RenderLog {
  const { job } = inp;
  const frames: RenderLogFrame[] = job.frames.map((f) => {
    const h = inp.hashes.get(f.index);
    if (!h) throw new Error(`render log ${job.sid}: frame ${f.index} has no verified files`);
    const e = inp.journal.get(f.index);
    const ok = e && e.job_sha256 === inp.jobSha256 && FRAME_KINDS.every((k) => e.sha256[k] === h[k]);
    return {
      index: f.index,
      t: f.t ?? null,
      samples: ok ? e.samples : inp.samples,
      device: ok ? e.device : inp.device,
      render_s: ok ? e.render_s : null,
      wall_s: ok ? e.wall_s : null,
      sha256: h,
    };
  });
  const entries = [...inp.journal.values()].filter((e) => e.job_sha256 === inp.jobSha256);
  const blender = entries.find((e) => e.blender)?.blender ?? inp.blenderFallback ?? null;
  const outputs: Record<string, string> = {};
  for (const f of job.frames) {
    const p = inp.paths(f.index);
    const h = inp.hashes.get(f.index)!;
    for (const k of FRAME_KINDS) outputs[relative(inp.build, p[k])] = h[k];
  }
  for (const p of inp.extraOutputs) outputs[relative(inp.build, p)] = hashFile(p);
  return {
    format: RENDER_LOG_FORMAT,
    sid: job.sid,
    engine: inp.engine,
    blender,
    device: [...new Set(frames.map((f) => f.device).filter((d): d is string => !!d))].sort(),
    device_requested: inp.device,
    quality: inp.quality,
    samples_requested: inp.samples,
    samples_reported: [...new Set(frames.map((f) => f.samples).filter((s): s is number => s !== null))].sort(
      (a, b) => a - b,
    ),
    camera: job.camera,
    settings: effectiveSettings(job),
    render_job: { path: relative(inp.build, inp.jobPath), sha256: inp.jobSha256 },
    inputs: inp.inputs,
    frames,
    outputs,
    totals: {
      frames: frames.length,
      render_s: sum(frames.map((f) => f.render_s)),
      wall_s: sum(frames.map((f) => f.wall_s)),
    },
  };
}

export function renderLogPath(build: string, sid: string): string {
  return join(build, 'private', sid, 'render_log.json');
}

/**
 * The render engines that made a build's or dataset's frames, from its scripts' render logs (a log that names no
 * engine is Blender's), sorted: ['blender'], ['raycast'] (a truth-only build), or both, or none.
 */
export function renderEngines(root: string): RenderLog['engine'][] {
  const dir = join(root, 'private');
  const engines = new Set<RenderLog['engine']>();
  if (!existsSync(dir)) return [];
  for (const sid of readdirSync(dir)) {
    const f = renderLogPath(root, sid);
    if (!existsSync(f)) continue;
    let engine: unknown;
    try {
      engine = (JSON.parse(readFileSync(f, 'utf8')) as { engine?: unknown }).engine;
    } catch {
      continue; // an unreadable log is its reader's to report
    }
    engines.add(engine === 'raycast' ? 'raycast' : 'blender');
  }
  return [...engines].sort();
}
