/**
 * The compiled case: the contract between compile (which writes it) and the harness, the check and the viewer
 * (which read it). Files under private/<cid>/: case.json, questions.jsonl, gold.jsonl.
 *
 * A case is delivered as if it were the whole job: its steps are renumbered from k = 0, its clock starts fresh and
 * its task indices start at 0, so nothing tells where the window sits in the script.
 */
import { z } from 'zod';
import { insideRoot, pathTextProblem, type InputIssue } from '../foundation/index.ts';
import { Split } from './split.ts';
import { Step } from './step.ts';

export const QID = z.string().regex(/^[0-9a-f]{16}$/);

/** What a system receives for a question: exactly these three fields. */
export const QuestionRow = z
  .object({
    qid: QID,
    text: z.string().min(1),
    answer_type: z.enum(['number', 'offset', 'place', 'list', 'heading']),
  })
  .strict();
export type QuestionRow = z.infer<typeof QuestionRow>;

export const CaseTask = z
  .object({
    /** task index within the case, from 0 */
    index: z.number().int().nonnegative(),
    /** the assignment in plain words (the harness composes the task message from it at run time) */
    assignment: z.string().min(1),
    /** how long the robot sat parked and unobserved before this task, seconds (0 for the case's first task) */
    unobserved_s: z.number().nonnegative(),
    /** the case frame (k) at which the task starts */
    start_k: z.number().int().nonnegative(),
  })
  .strict();

/**
 * A path a case names: relative to the build or dataset root and straight down from it (foundation/inside-root.ts;
 * the loaders also check where it leads, links followed, with casePathIssues).
 */
const RootPath = z.string().superRefine((v, ctx) => {
  const p = pathTextProblem(v);
  if (p) ctx.addIssue({ code: 'custom', message: p });
});

/** One frame of the case: its step and where its files are, relative to the build or dataset root. */
export const CaseFrame = z
  .object({
    step: Step,
    /** the frame's index in the script (its file names); never sent to a system */
    script_k: z.number().int().nonnegative(),
    /** scripts/<sid>/sensors/rgb/NNNNNN.jpg */
    rgb: RootPath,
    /** private/<sid>/depth/NNNNNN.png (detections channel only) */
    depth: RootPath,
  })
  .strict();

export const CaseFile = z
  .object({
    cid: QID,
    sid: QID,
    job: z.string(),
    layout: z.string(),
    /** dev or heldout (a case written before splits: dev) */
    split: Split.default('dev'),
    length: z.enum(['short', 'medium', 'long']),
    /** the script's task indices the window covers (build-side bookkeeping; never sent to a system) */
    script_tasks: z.array(z.number().int().nonnegative()).min(1),
    tasks: z.array(CaseTask).min(1),
    frames: z.array(CaseFrame).min(1),
    /** questions asked right after frame k (look points), harm slot first */
    asks: z.array(z.object({ k: z.number().int().nonnegative(), qids: z.array(QID).min(1) }).strict()),
    /** questions asked after the last frame */
    end_qids: z.array(QID),
  })
  .strict();
export type CaseFile = z.infer<typeof CaseFile>;

/** The fields of a case frame that name a file. */
export const CASE_FRAME_PATHS = ['rgb', 'depth'] as const;

/**
 * The paths a case file names (every frame's rgb and depth) that break the rule of foundation/inside-root.ts for
 * `root`, read from the parsed JSON before it is checked against the schema (so that the message names the build or
 * the dataset and a symbolic link's target, and no reader gets as far as the file). `file` is the case.json read.
 */
export function casePathIssues(root: string, raw: unknown, file: string): InputIssue[] {
  const frames = (raw as { frames?: unknown } | null)?.frames;
  if (!Array.isArray(frames)) return [];
  const inside = insideRoot(root);
  const out: InputIssue[] = [];
  frames.forEach((f, i) => {
    if (!f || typeof f !== 'object') return;
    for (const k of CASE_FRAME_PATHS) {
      const v = (f as Record<string, unknown>)[k];
      if (typeof v !== 'string') continue; // the schema says what it should be
      const issue = inside.check(v, { file, path: `frames[${i}].${k}` });
      if (issue) out.push(issue);
    }
  });
  return out;
}
