/**
 * The desk: where the harness's stream (start, task, observe, ask, finish: pushed one message at a time) meets a
 * model that pulls it through two tools. The harness side hands over briefs, frames and questions; the model side
 * calls `nextFrame` and `submitAnswer` (tools.ts), from the MCP server (the CLI forms) or the API loop.
 *
 * What the model gets at each next_frame is one delivery: the briefs of tasks that start at the frame, the frame
 * (its JPEG and header line) and the questions asked right after it. A delivery is sealed when the harness's next
 * message shows what belongs to it (an ask: its questions; anything else: none), so the model never sees a frame's
 * questions apart from it, and never a later frame before it answered: `frame` waits until the model pulled the
 * delivery before it, and `ask` until the model's answers to its questions came in. The end questions after the
 * last frame come as a delivery without a frame; after finish, next_frame says the job is over.
 *
 * A model that fails for good (`fail`) makes every wait of the harness a BrokenSystem with the reason; a desk that
 * is closed answers the model's waits with "the job is over".
 */
import { readFileSync } from 'node:fs';
import type { QuestionRow } from '../../formats/case-schema.ts';
import { BrokenSystem, type SentStep, type Transcript } from '../harness/index.ts';
import { parseAnswer } from '../score/answer.ts';
import { NEXT_FRAME, SUBMIT_ANSWER } from './tools.ts';

/** What a tool call returns to the model. */
export interface ToolResult {
  text: string;
  /** the frame: its JPEG's bytes and its path inside the data folder (what a transcript keeps) */
  image?: { jpeg: Buffer; path: string };
  /** a refused call (the model may try again) */
  isError?: boolean;
  /** the job is over: no more frames or questions */
  over?: boolean;
}

interface Delivery {
  briefs: string[];
  step?: SentStep;
  questions?: QuestionRow[];
  end?: boolean;
  over?: boolean;
}

interface OpenAsk {
  questions: QuestionRow[];
  resolve: (answers: { qid: string; answer: unknown }[]) => void;
}

export interface DeskOptions {
  transcript: Transcript;
  /** a frame's path inside the data folder (for the transcript), from the path it was sent under */
  framePath: (sent: string) => string;
}

/**
 * Refused tool calls in a row past which the case breaks: a model that cannot get a call right would otherwise pay
 * for calls until the reply timeout (the API loop counts the calls it refuses itself, an unknown tool's, the same).
 */
export const MAX_REFUSALS_IN_A_ROW = 10;

export class Desk {
  private building: Delivery = { briefs: [] };
  private readonly queue: Delivery[] = [];
  private ask: OpenAsk | null = null; // sealed questions not yet answered
  private delivered: OpenAsk | null = null; // the ask's questions, once the model has them
  private failure: BrokenSystem | null = null;
  private closed = false;
  private overSent = false;
  private wakers: (() => void)[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  /** frames handed to the model */
  frames = 0;
  /** tool calls refused (next_frame with questions open, a malformed answer set) */
  refusals = 0;
  /** refused in a row: past MAX_REFUSALS_IN_A_ROW the model has lost its way and the case breaks */
  private refusedInARow = 0;

  constructor(private readonly opts: DeskOptions) {}

  private wake(): void {
    const w = this.wakers;
    this.wakers = [];
    for (const f of w) f();
  }

  /** Wait until `ready` holds, or the model failed (BrokenSystem) or the desk closed (resolves). */
  private async until(ready: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.failure) throw this.failure;
      if (this.closed) return;
      await new Promise<void>((r) => this.wakers.push(r));
    }
    if (this.failure) throw this.failure;
  }

  private seal(): void {
    if (!this.building.step && !this.building.questions && !this.building.over) return;
    this.queue.push(this.building);
    this.building = { briefs: [] };
    this.wake();
  }

  // ---- the harness's side ----

  /** A task's brief: it goes with the next frame. */
  brief(text: string): void {
    if (this.building.step) this.seal();
    this.building.briefs.push(text);
  }

  /** A frame: accepted once the model has pulled the one before it. */
  async frame(step: SentStep): Promise<void> {
    if (this.building.step) this.seal();
    await this.until(() => this.queue.length === 0);
    this.building.step = step;
  }

  /** Questions asked after the last frame sent (end: after the stream's last frame); resolves to the answers. */
  async questions(questions: QuestionRow[], end: boolean): Promise<{ qid: string; answer: unknown }[]> {
    const answered = new Promise<{ qid: string; answer: unknown }[]>((resolve) => {
      this.ask = { questions, resolve };
    });
    this.building.questions = questions;
    this.building.end = end;
    this.seal();
    let answers: { qid: string; answer: unknown }[] | undefined;
    void answered.then((a) => {
      answers = a;
      this.wake();
    });
    await this.until(() => answers !== undefined);
    if (!answers) throw new BrokenSystem('the model was stopped before it answered'); // closed
    return answers;
  }

  /** The case is over: the model's next next_frame says so. */
  finish(): void {
    this.seal();
    this.building.over = true;
    this.seal();
  }

  /** The model failed for good: every wait of the harness rejects with this reason. */
  fail(reason: string): void {
    this.failure ??= new BrokenSystem(reason);
    this.wake();
  }

  /** The case ended: the model's waits answer "over". */
  close(): void {
    this.closed = true;
    this.wake();
  }

  /** Whether next_frame has said the job is over. */
  get isOver(): boolean {
    return this.overSent;
  }

  // ---- the model's side ----

  /** next_frame: the next delivery (waits for it). Calls are served one at a time, in order. */
  nextFrame(): Promise<ToolResult> {
    const p = this.chain.then(() => this.serveNext());
    this.chain = p.catch(() => {});
    return p;
  }

  /** Count a call's outcome: a refusal, or the end of a run of them. */
  private tally(r: ToolResult): void {
    if (!r.isError) {
      this.refusedInARow = 0;
      return;
    }
    this.refusals++;
    if (++this.refusedInARow > MAX_REFUSALS_IN_A_ROW)
      this.fail(
        `the model's tool calls were refused ${this.refusedInARow} times in a row (the last: ${r.text.slice(0, 200)})`,
      );
  }

  private async serveNext(): Promise<ToolResult> {
    this.opts.transcript.write({ kind: 'tool_call', name: NEXT_FRAME, args: {} });
    const r = await this.nextDelivery();
    this.tally(r);
    this.opts.transcript.write({
      kind: 'tool_result',
      name: NEXT_FRAME,
      text: r.text,
      ...(r.image ? { frame: r.image.path } : {}),
      ...(r.isError ? { is_error: true } : {}),
      ...(r.over ? { over: true } : {}),
    });
    return r;
  }

  private async nextDelivery(): Promise<ToolResult> {
    if (this.delivered)
      return {
        isError: true,
        text: `Answer the open questions first with ${SUBMIT_ANSWER} (${this.delivered.questions.map((q) => q.qid).join(', ')}).`,
      };
    if (this.overSent || this.closed) return overResult();
    try {
      await this.until(() => this.queue.length > 0);
    } catch {
      return overResult(); // the model failed: whatever it asks now goes nowhere
    }
    const d = this.queue.shift();
    if (!d) return overResult();
    this.wake(); // a frame waiting for this one to be pulled may go in now
    if (d.over) {
      this.overSent = true;
      return overResult();
    }
    const parts: string[] = [...d.briefs];
    let image: ToolResult['image'];
    if (d.step) {
      this.frames++;
      parts.push(`Frame ${d.step.k}: ${d.step.header}`);
      if (d.step.rgb) image = { jpeg: readFileSync(d.step.rgb), path: this.opts.framePath(d.step.rgb) };
    } else if (d.end) {
      parts.push('The stream has ended: there are no more frames.');
    }
    if (d.questions?.length) {
      this.delivered = this.ask;
      parts.push(
        `${d.end ? 'Final questions' : 'Questions'} (answer each with ${SUBMIT_ANSWER} before the next frame):`,
        ...d.questions.map((q) => `- ${q.qid} (${q.answer_type}): ${q.text}`),
      );
    }
    return { text: parts.join('\n'), ...(image ? { image } : {}) };
  }

  /** submit_answer: every open question answered once, in a form the scorer reads; else refused with why. */
  submitAnswer(args: unknown): ToolResult {
    this.opts.transcript.write({ kind: 'tool_call', name: SUBMIT_ANSWER, args });
    const r = this.check(args);
    this.opts.transcript.write({
      kind: 'tool_result',
      name: SUBMIT_ANSWER,
      text: r.text,
      ...(r.isError ? { is_error: true } : {}),
    });
    this.tally(r);
    return r;
  }

  private check(args: unknown): ToolResult {
    const open = this.delivered;
    if (!open) return { isError: true, text: `No questions are open. Call ${NEXT_FRAME} for the next frame.` };
    const list = (args as { answers?: unknown } | null)?.answers;
    if (!Array.isArray(list))
      return { isError: true, text: 'Give {"answers": [{"qid": ..., "answer": {...}}, ...]}, one per open question.' };
    const types = new Map(open.questions.map((q) => [q.qid, q.answer_type]));
    const problems: string[] = [];
    const given = new Map<string, unknown>();
    for (const [i, a] of list.entries()) {
      const qid = (a as { qid?: unknown } | null)?.qid;
      if (typeof qid !== 'string') {
        problems.push(`answers[${i}] has no qid`);
        continue;
      }
      const type = types.get(qid);
      if (!type) {
        problems.push(`${qid} is not an open question`);
        continue;
      }
      if (given.has(qid)) {
        problems.push(`${qid} is answered twice`);
        continue;
      }
      const answer = (a as { answer?: unknown }).answer;
      const parsed = parseAnswer(answer, type);
      if (parsed.type === 'invalid') problems.push(`${qid}: ${parsed.reason}`);
      given.set(qid, answer);
    }
    for (const q of open.questions)
      if (!given.has(q.qid)) problems.push(`${q.qid} has no answer (give {"type":"unknown"} if you cannot tell)`);
    if (problems.length)
      return {
        isError: true,
        text: `Refused, nothing recorded: ${problems.join('; ')}. Send every open question's answer again.`,
      };
    this.delivered = null;
    this.ask = null;
    open.resolve(open.questions.map((q) => ({ qid: q.qid, answer: given.get(q.qid) })));
    return {
      text: `Recorded ${open.questions.length} answer${open.questions.length === 1 ? '' : 's'}. Call ${NEXT_FRAME}.`,
    };
  }
}

function overResult(): ToolResult {
  return { text: 'The job is over: there are no more frames or questions. Stop now.', over: true };
}
