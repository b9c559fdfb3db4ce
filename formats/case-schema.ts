/**
 * The compiled case: the contract between compile (which writes it) and the harness, the check and the viewer
 * (which read it). Files under private/<cid>/: case.json, questions.jsonl, gold.jsonl.
 *
 * A case is delivered as if it were the whole job: its steps are renumbered from k = 0, its clock starts fresh and
 * its task indices start at 0, so nothing tells where the window sits in the script.
 */
import { z } from 'zod';
import { insideRoot, pathTextProblem, type InputIssue } from '../foundation/index.ts';
import { PlaceId, placeIdProblem } from './place-id.ts';
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
    /** scripts/<sid>/sensors/rgb/NNNNNN.jpg, the case's sid (frameFileProblem) */
    rgb: RootPath,
    /** private/<sid>/depth/NNNNNN.png (detections channel only), the case's sid */
    depth: RootPath,
  })
  .strict();

/** The fields of a case frame that name a file. */
export const CASE_FRAME_PATHS = ['rgb', 'depth'] as const;

/** The only file a case frame's rgb or depth may name, of script `sid` (compile/cases.ts frameFiles writes them). */
const FRAME_FILE = {
  rgb: (sid: string) => new RegExp(`^scripts/${sid}/sensors/rgb/\\d{6}\\.jpg$`),
  depth: (sid: string) => new RegExp(`^private/${sid}/depth/\\d{6}\\.png$`),
} as const;

/**
 * Why a frame's `rgb` or `depth` is not a frame file of the case's own script (null when it is one): rgb is
 * scripts/<sid>/sensors/rgb/<6 digits>.jpg and depth private/<sid>/depth/<6 digits>.png, with `sid` the case's.
 * Anything else inside the root (private/<cid>/gold.jsonl, another script's frame) is never handed to a system as a
 * frame. A `sid` that is not one (the schema says so) leaves the question open.
 */
export function frameFileProblem(sid: unknown, field: (typeof CASE_FRAME_PATHS)[number], v: string): string | null {
  if (typeof sid !== 'string' || !QID.safeParse(sid).success) return null;
  if (FRAME_FILE[field](sid).test(v)) return null;
  const want = field === 'rgb' ? `scripts/${sid}/sensors/rgb/NNNNNN.jpg` : `private/${sid}/depth/NNNNNN.png`;
  return `${JSON.stringify(v)} is not a frame file of the case's script (a frame's ${field} is ${want}, six digits)`;
}

export const CaseFile = z
  .object({
    cid: QID,
    sid: QID,
    job: z.string(),
    /** the place's id (formats/place-id.ts): a place is found by it, so it is never a path */
    layout: PlaceId,
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
  .strict()
  .superRefine((c, ctx) => {
    c.frames.forEach((f, i) => {
      for (const k of CASE_FRAME_PATHS) {
        const p = frameFileProblem(c.sid, k, f[k]);
        if (p) ctx.addIssue({ code: 'custom', path: ['frames', i, k], message: p });
      }
    });
  });
export type CaseFile = z.infer<typeof CaseFile>;

/**
 * The paths a case file names (every frame's rgb and depth) that break the rule of foundation/inside-root.ts for
 * `root`, or that are not a frame file of the case's own script (frameFileProblem), and its `layout` where it is not a
 * place id (a place's file is found by it: formats/place-id.ts), read from the parsed JSON before it is checked
 * against the schema (so that the message names the build or the dataset and a symbolic link's target, and no reader
 * gets as far as the file). `file` is the case.json read.
 */
export function casePathIssues(root: string, raw: unknown, file: string): InputIssue[] {
  if (!raw || typeof raw !== 'object') return [];
  const out: InputIssue[] = [];
  const layout = (raw as { layout?: unknown }).layout;
  const badLayout = typeof layout === 'string' ? placeIdProblem(layout) : null;
  if (badLayout) out.push({ file, path: 'layout', message: badLayout });
  const frames = (raw as { frames?: unknown }).frames;
  if (!Array.isArray(frames)) return out;
  const sid = (raw as { sid?: unknown }).sid;
  const inside = insideRoot(root);
  frames.forEach((f, i) => {
    if (!f || typeof f !== 'object') return;
    for (const k of CASE_FRAME_PATHS) {
      const v = (f as Record<string, unknown>)[k];
      if (typeof v !== 'string') continue; // the schema says what it should be
      const from = { file, path: `frames[${i}].${k}` };
      const issue = inside.check(v, from);
      const problem = issue ? null : frameFileProblem(sid, k, v);
      if (issue) out.push(issue);
      else if (problem) out.push({ ...from, message: problem });
    }
  });
  return out;
}
