/**
 * A scripted system that ignores the stream and answers each question from its text and answer type alone (the
 * shortcuts learned from other scripts: priors, wording, form adversary).
 */
import type { CaseInfo, InProcessSystem, SystemGate } from '../harness/index.ts';

export type QuestionAnswerer = (q: { qid: string; text: string; answer_type: string }) => unknown;

/** A shortcut system (the check's role) answering from the question alone; `gate` when a gate reads it for itself. */
export function questionOnlySystem(
  name: string,
  answererFor: (info: CaseInfo) => QuestionAnswerer,
  gate?: SystemGate,
): InProcessSystem {
  return {
    kind: 'in_process',
    name,
    role: 'shortcut',
    ...(gate ? { gate } : {}),
    open(info) {
      const answer = answererFor(info);
      return {
        async start() {},
        async task() {},
        async observe() {},
        async ask(msg) {
          return { answers: msg.questions.map((q) => ({ qid: q.qid, answer: answer(q) })) };
        },
        async finish() {},
      };
    },
  };
}
