/**
 * other_stream: answers with another case's stream of the same job (another script, the same length where there is
 * one; chosen by the case id, so the choice is fixed). The other case's frames are fed, frame for frame, to a
 * detections memory, and this case's questions are answered from it: what a system scores without watching its own
 * case.
 */
import { join } from 'node:path';
import { sha256 } from '../../foundation/index.ts';
import { caseMessages, loadCase, type InProcessSystem, type ObserveMsg } from '../harness/index.ts';
import { DetectionMemory } from './remembered-detections.ts';
import { questionForm } from '../../compile/question-form.ts';
import { caseHeads } from './case-heads.ts';

/** The other case a case is answered with, or null when the build has none of the same job in another script. */
export function otherCaseOf(root: string, cid: string): string | null {
  const heads = caseHeads(root);
  const me = heads.find((h) => h.cid === cid);
  if (!me) return null;
  const pool = heads.filter((h) => h.job === me.job && h.sid !== me.sid);
  const same = pool.filter((h) => h.length === me.length);
  const pick = same.length ? same : pool;
  if (!pick.length) return null;
  const i = parseInt(sha256(`other_stream:${cid}`).slice(0, 8), 16) % pick.length;
  return pick[i].cid;
}

export const otherStream: InProcessSystem = {
  kind: 'in_process',
  name: 'other_stream',
  role: 'shortcut',
  open(info) {
    const other = otherCaseOf(info.root, info.cid);
    const frames: ObserveMsg[] = [];
    const mem = new DetectionMemory(false);
    if (other) {
      const lc = loadCase(join(info.root, 'private', other));
      for (const m of caseMessages(lc, 'detections')) {
        if (m.type === 'start') mem.start(m.robot);
        if (m.type === 'observe') frames.push(m);
      }
    }
    let fed = 0;
    return {
      async start() {},
      async task() {},
      async observe(msg) {
        while (fed < frames.length && fed <= msg.step.k) mem.observe(frames[fed++]);
      },
      async ask(msg) {
        if (msg.end) while (fed < frames.length) mem.observe(frames[fed++]);
        return { answers: msg.questions.map((q) => ({ qid: q.qid, answer: mem.answer(questionForm(q.text)) })) };
      },
      async finish() {},
    };
  },
};
