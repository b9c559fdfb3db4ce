/**
 * The stream protocol: the messages the harness sends a system and the replies it accepts (docs/protocol.md).
 *
 *   start   {robot, channel, system_prompt}                      -> {"type":"next"}
 *   task    {index, text}                                        -> {"type":"next"}
 *   observe {step: Step + header + rgb | depth + detections}     -> {"type":"next"}   (the request for the next frame)
 *   ask     {questions: [{qid, text, answer_type}], end}         -> {"answers":[{"qid","answer"}]}
 *   finish  {}                                                   (no reply; a subprocess may write {"type":"cost"})
 *
 * Any reply may carry `cost` ({input_tokens, output_tokens, usd}, each optional: what the system spent since its
 * previous report, formats/cost.ts); after finish a subprocess may write one last line {"type":"cost","cost":{...}}.
 *
 * Channels: `rgb_pose` (the agents': the JPEG path, pose, status; never depth, detections or private/ files) and
 * `detections` (gates and diagnostics: depth path and the oracle's in-view list instead of the JPEG). The retired
 * `rgbd_pose` is refused.
 */
import { z } from 'zod';
import { QuestionRow } from '../../formats/case-schema.ts';
import { CostReport } from '../../formats/cost.ts';
import { Step } from '../../formats/step.ts';
import { UsageError } from '../../foundation/index.ts';

/**
 * The stream protocol's version: raised whenever a change to the messages, their order or the system prompt's
 * composition would show a system something else (recorded in results.json; compare warns across versions).
 */
export const PROTOCOL_VERSION = 'stbench-stream/1';

export const CHANNELS = ['rgb_pose', 'detections'] as const;
export const Channel = z.enum(CHANNELS);
export type Channel = z.infer<typeof Channel>;
export const DEFAULT_CHANNEL: Channel = 'rgb_pose';

/** Channels that existed once and are refused now, with the reason. */
export const RETIRED_CHANNELS: Record<string, string> = {
  rgbd_pose:
    "the rgbd_pose channel is retired: depth is the scorer's sensor and never reaches an agent; use rgb_pose (camera, pose, status) or detections (depth and the perfect in-view list, for gates and diagnostics)",
};

/** A channel name from the command line or a caller; a retired or unknown one is a UsageError. */
export function parseChannel(name: string): Channel {
  const retired = RETIRED_CHANNELS[name];
  if (retired) throw new UsageError(retired);
  const r = Channel.safeParse(name);
  if (!r.success) throw new UsageError(`unknown channel ${JSON.stringify(name)}: use ${CHANNELS.join(' or ')}`);
  return r.data;
}

const V3 = z.tuple([z.number(), z.number(), z.number()]);

/** One entry of the perfect in-view list on the detections channel: no id, no name, no image-side identity. */
export const SentDetection = z.strictObject({
  kind: z.string(),
  /** the colour word (null when the thing has none) */
  colour: z.string().nullable(),
  /** the 3-D box's centre, map metres */
  center: V3,
  /** the 3-D box, map metres */
  box: z.strictObject({ min: V3, max: V3 }),
});
export type SentDetection = z.infer<typeof SentDetection>;

/** One step as a system receives it: the case's step, its header line and the channel's sensor fields. */
export const SentStep = Step.extend({
  /** the frame header line, exactly as the dataset card prints it */
  header: z.string(),
  /** rgb_pose: absolute path of the frame's JPEG */
  rgb: z.string().optional(),
  /** detections: absolute path of the frame's 16-bit depth PNG (planar depth in mm) */
  depth: z.string().optional(),
  /** detections: what the perfect detector sees in this frame */
  detections: z.array(SentDetection).optional(),
}).strict();
export type SentStep = z.infer<typeof SentStep>;

export const StartMsg = z.strictObject({
  type: z.literal('start'),
  /** the robot's spec: scripts/<sid>/robot.json as written by the script stage */
  robot: z.unknown(),
  channel: Channel,
  system_prompt: z.string().min(1),
});
export const TaskMsg = z.strictObject({
  type: z.literal('task'),
  /** the task's index within the case, from 0 */
  index: z.number().int().nonnegative(),
  /** the brief, composed at run time: the clock, how long the robot sat unobserved, the assignment */
  text: z.string().min(1),
});
export const ObserveMsg = z.strictObject({ type: z.literal('observe'), step: SentStep });
export const AskMsg = z.strictObject({
  type: z.literal('ask'),
  questions: z.array(QuestionRow),
  /** true for the questions after the last frame */
  end: z.boolean(),
});
export const FinishMsg = z.strictObject({ type: z.literal('finish') });

export type StartMsg = z.infer<typeof StartMsg>;
export type TaskMsg = z.infer<typeof TaskMsg>;
export type ObserveMsg = z.infer<typeof ObserveMsg>;
export type AskMsg = z.infer<typeof AskMsg>;
export type FinishMsg = z.infer<typeof FinishMsg>;

export const Message = z.discriminatedUnion('type', [StartMsg, TaskMsg, ObserveMsg, AskMsg, FinishMsg]);
export type Message = z.infer<typeof Message>;

/** The reply to start, task and observe: the request for the next message, with what it cost if the system says. */
export const NextReply = z.object({ type: z.literal('next'), cost: CostReport.optional() });
export type NextReply = z.infer<typeof NextReply>;

/** The reply to an ask: an answer per question (a missing one scores as missing; the value is scored, not checked here). */
export const AnswersReply = z.object({
  type: z.literal('answers').optional(),
  answers: z.array(z.object({ qid: z.string(), answer: z.unknown() })),
  cost: CostReport.optional(),
});
export type AnswersReply = z.infer<typeof AnswersReply>;

/** What a subprocess may write after finish, before it exits: its last cost report. */
export const CostLine = z.strictObject({ type: z.literal('cost'), cost: CostReport });
export type CostLine = z.infer<typeof CostLine>;

export const NEXT: NextReply = { type: 'next' };
