/**
 * The messages of one case, in the order a system receives them: start; for each task its task message before
 * the task's first frame; one observe per frame in time order, with an ask right after each look-point frame; the
 * end ask after the last frame (when the case has end questions); finish. Only the current frame's fields are
 * built: no later frame, question or internal id is in any message.
 */
import { constants, copyFileSync, existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { formatHeader } from '../../formats/step.ts';
import { loadDetections, type LoadedCase } from './load-case.ts';
import type { Channel, Message, SentDetection, SentStep } from './protocol.ts';
import { RETIRED_CHANNELS } from './protocol.ts';
import { systemPrompt } from './system-prompt.ts';
import { taskBrief } from './task-brief.ts';
import { InputError, insideRoot, UsageError } from '../../foundation/index.ts';

export interface CaseMessagesOptions {
  /**
   * Stage each frame's file (the JPEG on rgb_pose, the depth PNG on detections) into this folder under the case's
   * own frame number (000000.jpg, ...) when its frame is due, and send that path: the system then never sees a
   * build path (which names the script and the frame's place in it) nor a private/ file, and no later frame's file
   * exists yet. Without it, the build's own absolute paths are sent (trusted in-process systems).
   */
  stageDir?: string;
}

/** Copy (a reflink where the file system has them) a frame file into the stage folder; returns the staged path. */
function stage(src: string, stageDir: string, k: number, ext: string): string {
  const dst = join(stageDir, `${String(k).padStart(6, '0')}${ext}`);
  if (!existsSync(dst)) {
    copyFileSync(src, dst, constants.COPYFILE_FICLONE); // a copy, never a link: the system may not edit the build
  }
  return dst;
}

/** The sequence of messages for a case on a channel (lazy: each frame's message is built when it is due). */
export function* caseMessages(lc: LoadedCase, channel: Channel, opts: CaseMessagesOptions = {}): Generator<Message> {
  if (RETIRED_CHANNELS[channel]) throw new UsageError(RETIRED_CHANNELS[channel]);
  if (channel !== 'rgb_pose' && channel !== 'detections')
    throw new UsageError(`unknown channel ${JSON.stringify(channel)}`);
  const c = lc.case;
  const detections: SentDetection[][] | null = channel === 'detections' ? loadDetections(lc) : null;
  const tasksAt = new Map(c.tasks.map((t) => [t.start_k, t]));
  const asksAt = new Map(c.asks.map((a) => [a.k, a.qids]));
  const questions = (qids: readonly string[]) => qids.map((q) => ({ ...lc.questions.get(q)! }));
  const inside = insideRoot(lc.root);
  const caseFile = join(lc.dir, 'case.json');

  yield { type: 'start', robot: lc.robot, channel, system_prompt: systemPrompt(lc.robot, channel) };
  for (const f of c.frames) {
    const s = f.step;
    const t = tasksAt.get(s.k);
    if (t)
      yield {
        type: 'task',
        index: t.index,
        text: taskBrief({ index: t.index, clock: s.clock, unobserved_s: t.unobserved_s, assignment: t.assignment }),
      };
    const step: SentStep = {
      k: s.k,
      clock: s.clock,
      pose: { pos: [...s.pose.pos], heading_deg: s.pose.heading_deg },
      velocity: [...s.velocity],
      camera: { pitch_deg: s.camera.pitch_deg },
      status: { ...s.status },
      subgoal: s.subgoal,
      header: formatHeader(s),
    };
    const file = (rel: string, field: string) => {
      // loadCase held every frame to the root already; asked again as the file is handed over
      const issue = inside.check(rel, { file: caseFile, path: `frames[${s.k}].${field}` });
      if (issue) throw new InputError(issue);
      const abs = join(lc.root, rel);
      return opts.stageDir ? stage(abs, opts.stageDir, s.k, extname(rel)) : abs;
    };
    if (detections) {
      step.depth = file(f.depth, 'depth');
      step.detections = detections[s.k];
    } else {
      step.rgb = file(f.rgb, 'rgb');
    }
    yield { type: 'observe', step };
    const qids = asksAt.get(s.k);
    if (qids) yield { type: 'ask', questions: questions(qids), end: false };
  }
  if (c.end_qids.length) yield { type: 'ask', questions: questions(c.end_qids), end: true };
  yield { type: 'finish' };
}
