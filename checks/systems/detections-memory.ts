/** detections_memory: a memory built from the detections channel (the perfect in-view list with 3-D boxes). */
import type { InProcessSystem, SystemRole } from '../harness/index.ts';
import { DetectionMemory } from './remembered-detections.ts';
import { questionForm } from '../../compile/question-form.ts';

/** A system answering from a DetectionMemory; `forget` keeps only the latest frame. */
export function memorySystem(name: string, forget: boolean, role: SystemRole): InProcessSystem {
  return {
    kind: 'in_process',
    name,
    role,
    open() {
      const m = new DetectionMemory(forget);
      return {
        async start(msg) {
          m.start(msg.robot);
        },
        async task() {},
        async observe(msg) {
          m.observe(msg);
        },
        async ask(msg) {
          return { answers: msg.questions.map((q) => ({ qid: q.qid, answer: m.answer(questionForm(q.text)) })) };
        },
        async finish() {},
      };
    },
  };
}

export const detectionsMemory = memorySystem('detections_memory', false, 'memory');
