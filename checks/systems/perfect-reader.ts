/**
 * perfect_reader, the ceiling: perfect memory of what the frames showed. It reads the frames' truth (the script's
 * visibility records up to the current frame and the timeline, for what the frames showed), the job's spec (the
 * body, margins and regions every system is told or asked about) and the case's task assignments, and answers
 * every family through its own code (checks/systems/reader/): it reads the question's form from its text
 * (question-form.ts), finds what it names among what was seen, and computes the answer with the shared geometry.
 * It never reads a gold file; wherever its answer and the gold disagree the check's ceiling fails and names the
 * question, which is what the instrument is for.
 */
import { getJob } from '../../jobs/load.ts';
import type { InProcessSystem, CaseInfo } from '../harness/index.ts';
import { readCaseFile, scriptTruth } from './case-truth.ts';
import { questionForm } from '../../compile/question-form.ts';
import { familyDef, isFamily } from '../../compile/family-registry.ts';
import type { QuestionForm } from '../../compile/question-form.ts';
import { UNKNOWN } from '../../compile/reader/answer.ts';
import { readerJob, type ReaderJob } from '../../compile/reader/job.ts';
import type { ReaderFrame, ReaderGrid, ReaderMemory } from '../../compile/reader/memory.ts';
import { readerWorld, type ReaderWorld } from '../../compile/reader/world.ts';
import type { VisibilityRecord } from '../../render/truth/records.ts';

/** The reader's answer (a protocol answer value) to one question: its family's reading of the frames. */
export function readAnswer(m: ReaderMemory, form: QuestionForm | null, text: string): unknown {
  if (!form || !m.frames.length || !isFamily(form.family)) return UNKNOWN;
  return familyDef(form.family).read(m, form, text);
}

/** The job's numbers, or null for a job the repository does not hold (the reader then answers unknown). */
function jobOf(id: string): ReaderJob | null {
  try {
    return readerJob(getJob(id));
  } catch {
    return null;
  }
}

/** One case's reader: the frames observed so far and what it needs to read them. */
class Reader {
  private readonly frames: ReaderFrame[] = [];
  private readonly byK: Map<number, VisibilityRecord>;
  private readonly scriptK: number[];
  private readonly world: ReaderWorld | null;
  private readonly kinds: string[];
  private readonly job: ReaderJob | null;
  private readonly assignments: string[];
  private grid: ReaderGrid | null = null;

  constructor(info: CaseInfo) {
    const c = readCaseFile(info.root, info.cid);
    const truth = scriptTruth(info.root, c.sid);
    this.byK = truth.visibility;
    this.world = truth.timeline ? readerWorld(truth.timeline) : null;
    this.kinds = [...new Set(truth.timeline?.place.things.map((t) => t.kind) ?? [])];
    this.scriptK = c.frames.map((f) => f.script_k);
    this.job = jobOf(c.job);
    this.assignments = c.tasks.map((t) => t.assignment);
  }

  observe(step: { k: number; pose: { pos: readonly number[]; heading_deg: number }; status: { task: number } }): void {
    const r = this.byK.get(this.scriptK[step.k]);
    if (!r) return;
    this.grid ??= r.seen.grid;
    this.frames.push({
      t: r.t,
      task: step.status.task,
      pose: { x: step.pose.pos[0], y: step.pose.pos[1], heading_deg: step.pose.heading_deg },
      camera: r.camera,
      entities: r.entities,
      floor: r.seen.floor,
      obstacle: r.seen.obstacle,
      ...(r.seen.air ? { air: r.seen.air } : {}),
    });
  }

  answer(text: string): unknown {
    if (!this.world || !this.job || !this.grid) return UNKNOWN;
    const memory: ReaderMemory = {
      job: this.job,
      world: this.world,
      grid: this.grid,
      frames: this.frames,
      assignments: this.assignments,
    };
    return readAnswer(memory, questionForm(text, this.kinds), text);
  }
}

export const perfectReader: InProcessSystem = {
  kind: 'in_process',
  name: 'perfect_reader',
  role: 'ceiling',
  open(info) {
    const r = new Reader(info);
    return {
      async start() {},
      async task() {},
      async observe(msg) {
        r.observe(msg.step);
      },
      async ask(msg) {
        return { answers: msg.questions.map((q) => ({ qid: q.qid, answer: r.answer(q.text) })) };
      },
      async finish() {},
    };
  },
};
