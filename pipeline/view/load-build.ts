/**
 * What the view reads from a build or dataset: every compiled case (private/<cid>/case.json, questions.jsonl,
 * gold.jsonl), the script's robot.json, pose.jsonl and timeline.json, and, for a run, RUN_DIR/results.json, the
 * raw answers and each case's outcome (RUN_DIR/answers/<cid>.json: status, reason, cost, wall time), the case's
 * transcript (RUN_DIR/transcripts/<cid>.jsonl) and the data folder RUN_DIR/run.json names. Every problem names its
 * file, line and field. A build or dataset is untrusted input: loadCase holds every file read here (the case's, its
 * frames, the script's pose and timeline) to its root first (foundation/inside-root.ts). A transcript is only read:
 * the frame paths in it are matched against the case's own frames, never opened.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  loadCase,
  readCaseAnswers,
  readTranscript,
  transcriptPath,
  type LoadedCase,
  type TranscriptEvent,
} from '../../checks/harness/index.ts';
import type { CostSum } from '../../formats/cost.ts';
import { readGoldRows, type GoldRow, type ResultRow, type Results } from '../../checks/score/index.ts';
import { parseClock } from '../../formats/step.ts';
import type { Mount } from '../../layouts/camera.ts';
import { parseTimeline, type Timeline } from '../../layouts/timeline.ts';
import { InputError, pathString } from '../../foundation/index.ts';

const CID = /^[0-9a-f]{16}$/;

/** The parts of robot.json the view needs: the camera and the body's footprint. */
export const RobotView = z.object({
  camera: z.object({
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    hfov_deg: z.number().positive(),
    mount: z.object({ height_m: z.number(), forward_m: z.number(), left_m: z.number(), pitch_deg: z.number() }),
  }),
  body: z.object({
    footprint: z.union([
      z.object({ shape: z.literal('circle'), diameter_m: z.number().positive() }),
      z.object({ shape: z.literal('rect'), length_m: z.number().positive(), width_m: z.number().positive() }),
    ]),
  }),
  clearance_m: z.number().positive().optional(),
});
export type RobotView = z.infer<typeof RobotView>;

/** One case with everything its page shows. */
export interface ViewCase {
  loaded: LoadedCase;
  robot: RobotView;
  mount: Mount;
  /** the body's extent along and across the heading (m) */
  body: { length_m: number; width_m: number };
  /** gold rows by qid (empty when the folder has no gold.jsonl, as in a released case without it) */
  golds: Map<string, GoldRow>;
  /** the script's timeline, when present */
  timeline: Timeline | null;
  /** the script time (s) of each case frame */
  times: number[];
  /** the case frame each question is asked after (end questions: the last frame) */
  askK: Map<string, number>;
}

/** One case's outcome in a run (RUN_DIR/answers/<cid>.json). */
export interface ViewOutcome {
  status: 'ok' | 'broken';
  /** why the case broke */
  reason?: string;
  /** what the system said it spent on the case (absent: it reported nothing) */
  cost?: CostSum;
  /** the case's wall time, ms */
  wall_ms: number;
}

/** One run: its results, raw answers and the outcome of each case run. */
export interface ViewRun {
  dir: string;
  results: Results;
  rows: Map<string, ResultRow>;
  answers: Map<string, unknown>;
  /** by cid: the cases with an answers file */
  outcomes: Map<string, ViewOutcome>;
}

/** A case's transcript as its page shows it: the last attempt's events and how many attempts the file holds. */
export interface ViewTranscript {
  file: string;
  attempts: number;
  /** each earlier attempt's end: its outcome's status (or `cut short`) and reason */
  earlier: { status: string; reason?: string }[];
  events: TranscriptEvent[];
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError({ file, path: '', message: `not a readable JSON file: ${(e as Error).message}` });
  }
}

/** The case ids of a build or dataset: private/<16 hex>/ folders holding a case.json, sorted. */
export function listCaseIds(root: string): string[] {
  const priv = join(root, 'private');
  if (!existsSync(priv))
    throw new InputError({ file: priv, path: '', message: 'not a build or dataset: no private/ folder' });
  return readdirSync(priv)
    .filter((d) => CID.test(d) && existsSync(join(priv, d, 'case.json')))
    .sort();
}

/** Shift times of the case frames: from the script's pose.jsonl clocks, else the case's own clocks. */
function frameTimes(root: string, lc: LoadedCase): number[] {
  const poseFile = join(root, 'scripts', lc.case.sid, 'sensors', 'pose.jsonl');
  if (existsSync(poseFile)) {
    const clocks = new Map<number, string>();
    let first: string | undefined;
    for (const line of readFileSync(poseFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const s = JSON.parse(line) as { k: number; clock: string };
      if (first === undefined) first = s.clock;
      clocks.set(s.k, s.clock);
    }
    if (first !== undefined && lc.case.frames.every((f) => clocks.has(f.script_k))) {
      const t0 = parseClock(first);
      return lc.case.frames.map((f) => parseClock(clocks.get(f.script_k)!) - t0);
    }
  }
  const t0 = parseClock(lc.case.frames[0].step.clock);
  return lc.case.frames.map((f) => parseClock(f.step.clock) - t0);
}

/** Load one case of a build or dataset for its page. */
export function loadViewCase(root: string, cid: string): ViewCase {
  const loaded = loadCase(join(root, 'private', cid));
  const robotFile = join(root, 'scripts', loaded.case.sid, 'robot.json');
  const r = RobotView.safeParse(loaded.robot);
  if (!r.success)
    throw new InputError(
      r.error.issues.map((i) => ({ file: robotFile, path: pathString(i.path), message: i.message })),
    );
  const robot = r.data;
  const fp = robot.body.footprint;
  const body =
    fp.shape === 'circle'
      ? { length_m: fp.diameter_m, width_m: fp.diameter_m }
      : { length_m: fp.length_m, width_m: fp.width_m };
  const goldFile = join(loaded.dir, 'gold.jsonl');
  const asks = loaded.case.asks.length > 0 || loaded.case.end_qids.length > 0;
  const golds = new Map<string, GoldRow>(
    asks && existsSync(goldFile) ? readGoldRows(goldFile).map((g) => [g.qid, g]) : [],
  );
  const tlFile = join(root, 'private', loaded.case.sid, 'timeline.json');
  const timeline = existsSync(tlFile) ? parseTimeline(readJson(tlFile), tlFile) : null;
  const askK = new Map<string, number>();
  for (const a of loaded.case.asks) for (const q of a.qids) askK.set(q, a.k);
  for (const q of loaded.case.end_qids) askK.set(q, loaded.case.frames.length - 1);
  return { loaded, robot, mount: robot.camera.mount, body, golds, timeline, times: frameTimes(root, loaded), askK };
}

/** Load a run folder: results.json (required) and answers/<cid>.json where present. */
export function loadRun(dir: string): ViewRun {
  const file = join(dir, 'results.json');
  if (!existsSync(file)) throw new InputError({ file, path: '', message: 'a run folder holds results.json' });
  const v = readJson(file) as Partial<Results>;
  if (!v || !Array.isArray(v.rows) || typeof v.system !== 'string') {
    throw new InputError({ file, path: 'rows', message: 'results.json needs system and rows' });
  }
  const results = v as Results;
  const rows = new Map(results.rows.map((r) => [r.qid, r]));
  const answers = new Map<string, unknown>();
  const outcomes = new Map<string, ViewOutcome>();
  const aDir = join(dir, 'answers');
  if (existsSync(aDir)) {
    for (const f of readdirSync(aDir)
      .filter((x) => x.endsWith('.json'))
      .sort()) {
      const o = readCaseAnswers(join(aDir, f));
      for (const [q, a] of o.answers) answers.set(q, a);
      outcomes.set(o.cid, {
        status: o.status,
        ...(o.reason !== undefined ? { reason: o.reason } : {}),
        ...(o.cost ? { cost: o.cost } : {}),
        wall_ms: typeof o.timings.wall_ms === 'number' ? o.timings.wall_ms : 0,
      });
    }
  }
  return { dir, results, rows, answers, outcomes };
}

/**
 * A case's transcript in a run folder (null: none, as in a run made before transcripts were kept). Lines cut short
 * by a crash are skipped (checks/harness/transcript.ts readTranscript); a transcript path that is no file is an
 * InputError naming it.
 */
export function loadTranscript(runDir: string, cid: string): ViewTranscript | null {
  const file = transcriptPath(runDir, cid);
  if (!existsSync(file)) return null;
  if (!statSync(file).isFile()) throw new InputError({ file, path: '', message: 'a transcript is a JSONL file' });
  let attempts: TranscriptEvent[][];
  try {
    attempts = readTranscript(file);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not a readable transcript: ${(e as Error).message}` });
  }
  if (!attempts.length) return null;
  const earlier = attempts.slice(0, -1).map((events) => {
    const end = [...events].reverse().find((e) => e.kind === 'outcome' || e.kind === 'broken');
    const reason = typeof end?.reason === 'string' ? end.reason : undefined;
    const status = end?.kind === 'broken' ? 'broken' : typeof end?.status === 'string' ? end.status : 'cut short';
    return { status, ...(reason !== undefined ? { reason } : {}) };
  });
  return { file, attempts: attempts.length, earlier, events: attempts[attempts.length - 1] };
}

/**
 * The data folder a run was made of: RUN_DIR/run.json's `data` (stbench eval writes it), or why there is none to use
 * (no run.json, no `data` in it, or a folder that is gone). A run.json that is not JSON is an InputError.
 */
export function runDataFolder(runDir: string): { data: string } | { why: string } {
  const file = join(runDir, 'run.json');
  if (!existsSync(file)) return { why: `${file} does not exist` };
  const v = readJson(file) as { data?: unknown } | null;
  if (!v || typeof v !== 'object' || typeof v.data !== 'string' || !v.data)
    return { why: `${file} names no data folder (a run made before stbench recorded it)` };
  const data = resolve(runDir, v.data);
  if (!existsSync(data)) return { why: `the data folder ${file} names, ${data}, does not exist` };
  if (!statSync(data).isDirectory()) return { why: `the data folder ${file} names, ${data}, is not a folder` };
  return { data };
}
