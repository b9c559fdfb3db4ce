/** all_unknown, the floor: answers {"type":"unknown"} to every question and reads nothing. */
import type { InProcessSystem } from '../harness/index.ts';

export const allUnknown: InProcessSystem = {
  kind: 'in_process',
  name: 'all_unknown',
  role: 'floor',
  open: () => ({
    async start() {},
    async task() {},
    async observe() {},
    async ask(msg) {
      return { answers: msg.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) };
    },
    async finish() {},
  }),
};
