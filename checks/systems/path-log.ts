/**
 * path_log: only the robot's own pose history (dead reckoning of the route). It answers "where is X" with where the
 * robot last stopped before now (a thing is often picked up or put down there), carries that point to the camera now
 * for offsets and headings, and answers unknown to the rest.
 */
import type { InProcessSystem } from '../harness/index.ts';
import {
  bearingTo,
  cameraOfStep,
  mountOf,
  offsetFrom,
  type MountOffsets,
  type PlanarCamera,
} from '../../compile/reader/frame-math.ts';
import { questionForm } from '../../compile/question-form.ts';

const STILL_M_S = 0.02;

export const pathLog: InProcessSystem = {
  kind: 'in_process',
  name: 'path_log',
  role: 'shortcut',
  open() {
    let mount: MountOffsets = { forward_m: 0, left_m: 0, height_m: 0 };
    let cam: PlanarCamera | null = null;
    let lastStop: [number, number] | null = null;
    let first: [number, number] | null = null;
    return {
      async start(msg) {
        mount = mountOf(msg.robot);
      },
      async task() {},
      async observe(msg) {
        const s = msg.step;
        // the stop before this frame is the memory; the frame itself is where the robot is now
        if (cam && Math.hypot(s.velocity[0], s.velocity[1]) < STILL_M_S) lastStop = [s.pose.pos[0], s.pose.pos[1]];
        first ??= [s.pose.pos[0], s.pose.pos[1]];
        cam = cameraOfStep(s, mount);
      },
      async ask(msg) {
        return {
          answers: msg.questions.map((q) => {
            const f = questionForm(q.text);
            const p = lastStop ?? first;
            if (!f || !p || !cam) return { qid: q.qid, answer: { type: 'unknown' } };
            if (q.answer_type === 'place') return { qid: q.qid, answer: { type: 'place', x: p[0], y: p[1] } };
            if (q.answer_type === 'offset') return { qid: q.qid, answer: { type: 'offset', ...offsetFrom(cam, p) } };
            if (f.family === 'way_to')
              return { qid: q.qid, answer: { type: 'heading', deg: bearingTo(cam.position, cam.yaw_deg, p) } };
            return { qid: q.qid, answer: { type: 'unknown' } };
          }),
        };
      },
      async finish() {},
    };
  },
};
