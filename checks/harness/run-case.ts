/**
 * Driving one case through a system: the case's messages in order (case-messages.ts), each sent only after the
 * system replied to the one before (the reply to a frame is its request for the next), every reply checked. A
 * system that throws, crashes, hangs past the reply timeout or replies with garbage gets a broken outcome for the
 * case (not a score); the system is always torn down. A bad case (the build's fault) throws InputError instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onInterrupt } from '../../foundation/index.ts';
import { caseMessages } from './case-messages.ts';
import { inProcessLink } from './in-process-link.ts';
import { loadCase, type LoadedCase } from './load-case.ts';
import { AnswersReply, DEFAULT_CHANNEL, NextReply, parseChannel, type Channel, type Message } from './protocol.ts';
import { subprocessLink } from './subprocess-link.ts';
import { BrokenSystem, type HarnessSystem, type Link } from './system.ts';

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
   * default is on for command systems and off for in-process ones.
   */
  stageFrames?: boolean;
  /** called with every message as it is sent (diagnostics and tests) */
  onMessage?: (msg: Message) => void;
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
  const lc = typeof caseDir === 'string' ? loadCase(caseDir) : caseDir;
  const channel = parseChannel(opts.channel ?? DEFAULT_CHANNEL);
  const timeout = opts.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS;
  const staged = opts.stageFrames ?? system.kind === 'command';
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
  try {
    if (system.kind === 'command') {
      link = subprocessLink(system, { finishGraceMs: opts.finishGraceMs });
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
          }),
        );
      } catch (e) {
        throw new BrokenSystem(`the system could not open the case: ${(e as Error)?.message ?? String(e)}`);
      }
    }
    for (let it = first; !it.done; it = messages.next()) {
      const msg = it.value;
      opts.onMessage?.(msg);
      const sent = performance.now();
      const reply = await link.exchange(msg, timeout);
      if (msg.type === 'observe') timings.frames++;
      if (msg.type === 'ask') {
        timings.asks++;
        timings.answer_ms.push(Math.round(performance.now() - sent));
      }
      checkReply(msg, reply, answers);
    }
  } catch (e) {
    if (!(e instanceof BrokenSystem)) {
      await link?.close(true);
      throw e;
    }
    reason = e.message;
  }
  if (link) await link.close(reason !== undefined);
  timings.wall_ms = Math.round(performance.now() - t0);
  return {
    cid: lc.case.cid,
    status: reason === undefined ? 'ok' : 'broken',
    ...(reason !== undefined ? { reason } : {}),
    answers,
    timings,
  };
}
