/**
 * `eval --dry-run` for a model form: before any money is spent, per case the frames, the asks and questions, the
 * model calls the two tools take at the least (one next_frame per frame, one submit_answer per ask, the last
 * next_frame), and an estimate of the tokens: every call sends the whole conversation so far (the system prompt,
 * each frame's image and text kept by the context policy), so a case's input grows with the square of its frames;
 * with a prompt cache most of it is read from the cache (the newest part is not). Image tokens follow each vendor's
 * published rule (Anthropic: width x height / 750 after fitting 1568 px; OpenAI: 85 + 170 per 512 px tile after
 * fitting 2048 and then 768 on the short side); text is taken at 4 characters a token. An estimate, said so: the
 * model's own words, its reasoning and any retries come on top.
 */
import type { LoadedCase } from '../harness/index.ts';
import { robotFacts } from '../harness/index.ts';
import type { ContextPolicy } from './context-policy.ts';
import type { ModelForm } from './model-spec.ts';
import { dollars, type ModelPrice } from './prices.ts';

/** Text tokens of a string, at 4 characters a token. */
const textTokens = (s: string | number) => Math.ceil((typeof s === 'number' ? s : s.length) / 4);

/** Tokens of one frame's image for a form's vendor. */
export function imageTokens(form: ModelForm, width: number, height: number): number {
  if (form === 'claude' || form === 'anthropic') {
    const f = Math.min(1, 1568 / Math.max(width, height));
    return Math.ceil((Math.round(width * f) * Math.round(height * f)) / 750);
  }
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = 768 / Math.min(w, h);
  if (short < 1) {
    w *= short;
    h *= short;
  }
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

export interface CaseEstimate {
  cid: string;
  frames: number;
  asks: number;
  questions: number;
  /** model calls at the least */
  calls: number;
  /** input tokens sent over the case's calls (the whole conversation each time) */
  input_tokens: number;
  /** of them, the part a prompt cache could serve (what an earlier call sent already) */
  cacheable_tokens: number;
  output_tokens: number;
  /** dollars at the given price, no cache counted (null: unpriced) */
  usd: number | null;
}

/** Per-frame and per-question text the tools return, in characters (a header line, a question line). */
const FRAME_TEXT_CHARS = 260;
const QUESTION_CHARS = 160;
/** What a tool call and a short thought take to write, tokens; an answer per question. */
const CALL_OUTPUT = 60;
const ANSWER_OUTPUT = 40;

export function estimateCase(
  lc: LoadedCase,
  form: ModelForm,
  systemPromptChars: number,
  context: ContextPolicy,
  price: ModelPrice | undefined,
): CaseEstimate {
  const cam = robotFacts(lc.robot).camera;
  const img = imageTokens(form, cam?.width ?? 640, cam?.height ?? 480);
  const asksAt = new Map(lc.case.asks.map((a) => [a.k, a.qids.length]));
  const questions = lc.case.asks.reduce((n, a) => n + a.qids.length, 0) + lc.case.end_qids.length;
  const fixed = textTokens(systemPromptChars) + 400; // the prompt, the tools' declarations
  let frames = 0;
  let textSoFar = 0;
  let input = 0;
  let cacheable = 0;
  let calls = 0;
  let output = 0;
  let sentBefore = 0;
  const call = (answers: number) => {
    const images = context.kind === 'all' ? frames : Math.min(frames, context.n);
    const sent = fixed + textSoFar + images * img;
    input += sent;
    cacheable += Math.min(sentBefore, sent);
    sentBefore = sent;
    calls++;
    output += CALL_OUTPUT + answers * ANSWER_OUTPUT;
  };
  for (const f of lc.case.frames) {
    call(0); // next_frame
    frames++;
    textSoFar += textTokens(FRAME_TEXT_CHARS);
    const q = asksAt.get(f.step.k);
    if (q) {
      textSoFar += textTokens(q * QUESTION_CHARS);
      call(q); // submit_answer
      textSoFar += textTokens(80);
    }
  }
  if (lc.case.end_qids.length) {
    call(0);
    textSoFar += textTokens(lc.case.end_qids.length * QUESTION_CHARS);
    call(lc.case.end_qids.length);
  }
  call(0); // the next_frame that says the job is over
  const usd = dollars(price, { input_tokens: input, output_tokens: output });
  return {
    cid: lc.case.cid,
    frames,
    asks: lc.case.asks.length + (lc.case.end_qids.length ? 1 : 0),
    questions,
    calls,
    input_tokens: input,
    cacheable_tokens: cacheable,
    output_tokens: output,
    usd: usd === undefined ? null : usd,
  };
}
