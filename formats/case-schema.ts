/**
 * The compiled case: the contract between compile (which writes it) and the harness, the check and the viewer
 * (which read it). Files under private/<cid>/: case.json, questions.jsonl, gold.jsonl.
 *
 * A case is delivered as if it were the whole job: its steps are renumbered from k = 0, its clock starts fresh and
 * its task indices start at 0, so nothing tells where the window sits in the script.
 */
import { z } from 'zod';
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

/** One frame of the case: its step and where its files are, relative to the build or dataset root. */
export const CaseFrame = z
  .object({
    step: Step,
    /** the frame's index in the script (its file names); never sent to a system */
    script_k: z.number().int().nonnegative(),
    /** scripts/<sid>/sensors/rgb/NNNNNN.jpg */
    rgb: z.string(),
    /** private/<sid>/depth/NNNNNN.png (detections channel only) */
    depth: z.string(),
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
