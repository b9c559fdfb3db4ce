/**
 * Driving one case through a system: the case's messages in order (case-messages.ts), each sent only after the
 * system replied to the one before (the reply to a frame is its request for the next), every reply checked. A
 * system that throws, crashes, hangs past the reply timeout or replies with garbage gets a broken outcome for the
 * case (not a score); the system is always torn down. A bad case (the build's fault) throws InputError instead.
 *
 * Cost: every reply may carry a cost report (what the system spent since its last one), and a subprocess may write
 * one more after finish; the case's outcome holds their sum (`cost`, absent when none came). A malformed report
 * breaks the case. With `caseUsd`, a case whose summed dollars pass the cap is stopped at once, as a case ends
 * (finish, the grace, the group killed, the folders removed), and is broken: `stopped: cost $Y over --case-usd X`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addCost, costProblem, formatUsd, zeroCost, type CostReport, type CostSum } from '../../formats/cost.ts';
import { checkpoint, onInterrupt, UsageError } from '../../foundation/index.ts';
import { caseMessages } from './case-messages.ts';
import { inProcessLink } from './in-process-link.ts';
import { loadCase, type LoadedCase } from './load-case.ts';
import {
  AnswersReply,
  CostLine,
  DEFAULT_CHANNEL,
  NextReply,
  parseChannel,
  type Channel,
  type Message,
} from './protocol.ts';
import { subprocessLink } from './subprocess-link.ts';
import { BrokenSystem, type HarnessSystem, type Link } from './system.ts';
import { NO_TRANSCRIPT, type Transcript } from './transcript.ts';
import { createHash } from 'node:crypto';

/** The default per-reply timeout: 180 s. */
export const DEFAULT_REPLY_TIMEOUT_MS = 180_000;

export interface RunCaseOptions {
  /** rgb_pose (default) or detections; rgbd_pose is refused */
  channel?: Channel | string;
  /** how long the system may take over any one reply (an answer or a frame request), ms */
  replyTimeoutMs?: number;
  /** subprocess: how long the process may take to exit after finish, ms */
  finishGraceMs?: number;
  /**
   * Stage frame files into a per-case scratch folder under case frame numbers (see CaseMessagesOptions); the
   * default is on for command systems and off for in-process ones, and a sandboxed system's are always staged.
   */
  stageFrames?: boolean;
  /**
   * The most a case may cost, dollars (`--case-usd`): once the system's reports sum to more, the case is stopped
   * and broken (`stopped: cost $Y over --case-usd X`). A positive number; none by default.
   */
  caseUsd?: number;
  /** called with every message as it is sent (diagnostics and tests) */
  onMessage?: (msg: Message) => void;
  /** the case's transcript: every message and reply, and what a model-backed system adds (default: none kept) */
  transcript?: Transcript;
}

export interface CaseTimings {
  /** from opening the system to its teardown, ms */
  wall_ms: number;
  frames: number;
  asks: number;
  /** per ask sent, how long its answers took, ms */
  answer_ms: number[];
}

export interface CaseOutcome {
  cid: string;
  status: 'ok' | 'broken';
  /** why the case is broken */
  reason?: string;
  /** raw answers by qid, in the order given (a broken case keeps what it answered before it broke) */
  answers: Map<string, unknown>;
  timings: CaseTimings;
  /** the sum of the system's cost reports (a broken case's too); absent when it sent none */
  cost?: CostSum;
  /** sha256 of the system prompt the start message carried */
  prompt_sha256?: string;
  /** what the case's earlier, broken attempts cost (run-many.ts: a --retry-broken rerun keeps them counted) */
  spent_before?: CostSum;
}

/** A `--case-usd` or `--max-usd` cap given in code: a positive finite number (the CLI checks its flags the same). */
export function checkUsdCap(flag: string, v: number | undefined): void {
  if (v !== undefined && !(Number.isFinite(v) && v > 0))
    throw new UsageError(`--${flag} must be a positive number of dollars, got ${v}`);
}

/** The reason of a case stopped at its cap. */
export function caseUsdReason(spent: number, cap: number): string {
  return `stopped: cost $${formatUsd(spent)} over --case-usd ${cap}`;
}

/** The cost report a reply carries (undefined when none); a malformed one breaks the case. */
function costOf(what: string, reply: unknown): CostReport | undefined {
  if (!reply || typeof reply !== 'object' || !('cost' in reply)) return undefined;
  const cost = (reply as { cost: unknown }).cost;
  if (cost === undefined) return undefined; // an in-process reply's unset field
  const problem = costProblem(cost);
  if (problem) throw new BrokenSystem(`the cost in the reply to ${what} is malformed: ${problem}`);
  return cost as CostReport;
}

/** The cost reports among the lines a subprocess wrote after finish; a malformed one breaks the case. */
function trailingCosts(lines: readonly string[]): CostReport[] {
  const out: CostReport[] = [];
  for (const line of lines) {
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      continue; // not a report: what a system writes after finish was never read, and still is not
    }
    if (!v || typeof v !== 'object' || (v as { type?: unknown }).type !== 'cost') continue;
    const cost = (v as { cost?: unknown }).cost;
    const problem = cost === undefined ? null : costProblem(cost);
    if (problem) throw new BrokenSystem(`the cost line after finish is malformed: ${problem}`);
    const r = CostLine.safeParse(v);
    if (!r.success)
      throw new BrokenSystem(
        `the line after finish must be {"type":"cost","cost":{...}}, not ${JSON.stringify(v).slice(0, 200)}`,
      );
    out.push(r.data.cost);
  }
  return out;
}

function checkReply(msg: Message, reply: unknown, answers: Map<string, unknown>): void {
  const shown = () => JSON.stringify(reply)?.slice(0, 200) ?? String(reply);
  if (msg.type === 'finish') return;
  if (msg.type !== 'ask') {
    if (!NextReply.safeParse(reply).success)
      throw new BrokenSystem(`the reply to ${msg.type} must be {"type":"next"}, not ${shown()}`);
    return;
  }
  const r = AnswersReply.safeParse(reply);
  if (!r.success)
    throw new BrokenSystem(`the reply to ask must be {"answers":[{"qid":..,"answer":..}]}, not ${shown()}`);
  const asked = new Set(msg.questions.map((q) => q.qid));
  const given = new Set<string>();
  for (const a of r.data.answers) {
    if (!asked.has(a.qid)) throw new BrokenSystem(`answered ${a.qid}, which this ask did not ask`);
    if (given.has(a.qid)) throw new BrokenSystem(`answered ${a.qid} twice`);
    given.add(a.qid);
    if (a.answer !== undefined) answers.set(a.qid, a.answer);
  }
}

/** Run one case (private/<cid> of a build, or an already loaded case) through a system. */
export async function runCase(
  system: HarnessSystem,
  caseDir: string | LoadedCase,
  opts: RunCaseOptions = {},
): Promise<CaseOutcome> {
  checkUsdCap('case-usd', opts.caseUsd);
  const lc = typeof caseDir === 'string' ? loadCase(caseDir) : caseDir;
  const channel = parseChannel(opts.channel ?? DEFAULT_CHANNEL);
  const timeout = opts.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS;
  // a sandboxed system sees no build path: its frames are always staged
  const sandboxed = system.kind === 'command' && system.sandbox !== undefined;
  const staged = sandboxed || (opts.stageFrames ?? system.kind === 'command');
  const stageDir = staged ? mkdtempSync(join(tmpdir(), 'stbench-frames-')) : undefined;
  // the staged frames go on Ctrl-C too, not only when the case ends
  const off = stageDir ? onInterrupt(() => rmSync(stageDir, { recursive: true, force: true })) : () => {};
  try {
    return await drive(system, lc, channel, timeout, stageDir, opts);
  } finally {
    off();
    if (stageDir) rmSync(stageDir, { recursive: true, force: true });
  }
}

async function drive(
  system: HarnessSystem,
  lc: LoadedCase,
  channel: Channel,
  timeout: number,
  stageDir: string | undefined,
  opts: RunCaseOptions,
): Promise<CaseOutcome> {
  const messages = caseMessages(lc, channel, { stageDir });
  const first = messages.next(); // builds the plan's inputs (e.g. the oracle) before any system starts
  const answers = new Map<string, unknown>();
  const timings: CaseTimings = { wall_ms: 0, frames: 0, asks: 0, answer_ms: [] };
  const t0 = performance.now();
  let link: Link | null = null;
  let reason: string | undefined;
  let cost: CostSum | undefined;
  const spend = (report: CostReport | undefined) => {
    if (report) cost = addCost(cost ?? zeroCost(), report);
  };
  const cap = opts.caseUsd;
  const overCap = () => cap !== undefined && cost !== undefined && cost.usd > cap;
  let finished = false; // finish was sent
  let stopped = false; // at the cap
  let promptSha: string | undefined;
  const transcript = opts.transcript ?? NO_TRANSCRIPT;
  try {
    if (system.kind === 'command') {
      link = subprocessLink(system, { finishGraceMs: opts.finishGraceMs, stageDir, hide: [lc.root] });
    } else {
      const c = lc.case;
      try {
        link = inProcessLink(
          await system.open({
            root: lc.root,
            cid: c.cid,
            sid: c.sid,
            job: c.job,
            layout: c.layout,
            length: c.length,
            channel,
            transcript,
          }),
        );
      } catch (e) {
        throw new BrokenSystem(`the system could not open the case: ${(e as Error)?.message ?? String(e)}`);
      }
    }
    for (let it = first; !it.done; it = messages.next()) {
      // an in-process system answers on this thread: a signal is let in between messages (foundation/interrupt.ts)
      await checkpoint();
      const msg = it.value;
      opts.onMessage?.(msg);
      if (msg.type === 'start') promptSha = createHash('sha256').update(msg.system_prompt).digest('hex');
      transcript.write({ kind: 'message', message: transcribed(msg, lc) });
      const sent = performance.now();
      if (msg.type === 'finish') finished = true;
      const reply = await link.exchange(msg, timeout);
      if (reply !== undefined) transcript.write({ kind: 'reply', to: msg.type, reply });
      if (msg.type === 'observe') timings.frames++;
      if (msg.type === 'ask') {
        timings.asks++;
        timings.answer_ms.push(Math.round(performance.now() - sent));
      }
      spend(costOf(msg.type, reply));
      checkReply(msg, reply, answers);
      if (overCap()) {
        // stopped as a case ends: finish, then the grace to exit (and write its last cost line)
        stopped = finished = true;
        await link.exchange({ type: 'finish' }, timeout);
        break;
      }
    }
  } catch (e) {
    if (!(e instanceof BrokenSystem)) {
      await link?.close(true);
      throw e;
    }
    if (!stopped) reason = e.message;
    if (!stopped) transcript.write({ kind: 'broken', reason: e.message });
  }
  if (link) await link.close(reason !== undefined && !finished);
  // what the system spent after its last reply: a subprocess's line after finish, an in-process session's unreported
  // cost (a model-backed case that broke mid-call spent money no reply carried)
  if (link) {
    try {
      for (const r of trailingCosts(link.trailing?.() ?? [])) spend(r);
    } catch (e) {
      if (!(e instanceof BrokenSystem)) throw e;
      reason ??= e.message;
    }
  }
  // the last report may take the case over its cap too: a case that cost more than its cap is never scored
  if ((stopped || reason === undefined) && overCap()) reason = caseUsdReason(cost!.usd, cap!);
  timings.wall_ms = Math.round(performance.now() - t0);
  transcript.write({
    kind: 'outcome',
    status: reason === undefined ? 'ok' : 'broken',
    ...(reason !== undefined ? { reason } : {}),
    ...(cost !== undefined ? { cost } : {}),
    wall_ms: timings.wall_ms,
  });
  return {
    cid: lc.case.cid,
    status: reason === undefined ? 'ok' : 'broken',
    ...(reason !== undefined ? { reason } : {}),
    answers,
    timings,
    ...(cost !== undefined ? { cost } : {}),
    ...(promptSha ? { prompt_sha256: promptSha } : {}),
  };
}

/** A message as the transcript keeps it: a frame by its path inside the data folder, not where it was staged. */
function transcribed(msg: Message, lc: LoadedCase): Message {
  if (msg.type !== 'observe') return msg;
  const f = lc.case.frames.find((fr) => fr.step.k === msg.step.k);
  const step = { ...msg.step };
  if (step.rgb !== undefined && f) step.rgb = f.rgb;
  if (step.depth !== undefined && f) step.depth = f.depth;
  return { ...msg, step };
}
