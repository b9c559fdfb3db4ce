/**
 * Systems the harness can run, and the link it talks to one through. One protocol, two transports:
 * - in-process: a TypeScript object per case with start/task/observe/ask/finish (scripted systems);
 * - subprocess: any command speaking JSON lines on stdin/stdout, a fresh process per case.
 * A link sends one message and waits for its reply; a problem the system causes (a throw, a crash, garbage, a
 * timeout) is a `BrokenSystem` error, which the driver turns into a broken outcome for the case.
 */
import type { CaseFile } from '../../formats/case-schema.ts';
import type { CostReport } from '../../formats/cost.ts';
import type { Transcript } from './transcript.ts';
import type { CodeFolder, Sandbox, SandboxMode } from './sandbox.ts';
import type {
  AnswersReply,
  AskMsg,
  Channel,
  FinishMsg,
  Message,
  NextReply,
  ObserveMsg,
  StartMsg,
  TaskMsg,
} from './protocol.ts';

/**
 * One case's session of an in-process system. Methods resolving to nothing mean {"type":"next"}; a paid system may
 * resolve to {"type":"next","cost":{...}} and put `cost` beside its answers, as over a pipe (the scripted systems
 * cost nothing and report none).
 */
export interface SystemSession {
  start(msg: StartMsg): Promise<NextReply | void>;
  task(msg: TaskMsg): Promise<NextReply | void>;
  observe(msg: ObserveMsg): Promise<NextReply | void>;
  ask(msg: AskMsg): Promise<AnswersReply>;
  /** the case is over; a paid system may resolve to what it spent since its last report (`{cost}`) */
  finish(msg: FinishMsg): Promise<void | { cost?: CostReport }>;
  /**
   * Always called when the case ends (after finish, or at once when the case broke: `abort`): a system that
   * started processes or opened connections (a model-backed one) ends them here.
   */
  close?(abort: boolean): Promise<void>;
  /**
   * After close: what the system spent that no reply carried (a model call made after its last reply, a case that
   * broke mid-call); the driver adds it to the case's cost, broken or not.
   */
  unreported?(): CostReport | undefined;
}

/**
 * What an in-process system is told when a case opens: build-side bookkeeping a scripted instrument may use
 * (e.g. to leave the case's own script out of its priors). It never reaches a subprocess system.
 */
export interface CaseInfo {
  root: string;
  cid: string;
  sid: string;
  job: string;
  layout: string;
  length: CaseFile['length'];
  channel: Channel;
  /** the case's transcript (RUN_DIR/transcripts/<cid>.jsonl under eval; one that keeps nothing elsewhere) */
  transcript: Transcript;
}

/**
 * What a scripted system stands for in the check's gates (docs/check.md): the ceiling (the perfect reader), the
 * floor (always unknown), a memory of the stream, a reader of the latest frame only (memory_needed), a shortcut (what
 * a system could score without the skill), or a diagnostic (read, never gated).
 */
export type SystemRole = 'ceiling' | 'floor' | 'memory' | 'now_only' | 'shortcut' | 'diagnostic';

/** A gate that reads one system's answers for itself: the constants gate, the balance rule's class priors. */
export type SystemGate = 'constants' | 'class_priors';

/** A system run in this process: a fresh session per case. */
export interface InProcessSystem {
  kind: 'in_process';
  name: string;
  /**
   * How it runs, where it is not a scripted system in stbench's own process (`in_process`): a model-backed system
   * says `bwrap_net` (its CLI in the sandbox with the network), `harness_loop` (its model called from the harness,
   * seeing only what the tools return) or `none` (--local)
   */
  mode?: SandboxMode;
  /** what results.json records of it beyond its name (a model's id, a CLI's version, its settings), once it ran */
  provenance?(): Record<string, unknown>;
  /**
   * The settings that make its answers what they are beyond its name (a model's endpoint, reasoning, context):
   * recorded in run.json, and a run folder of other settings is refused, so one run never mixes two
   */
  settings?: Record<string, unknown>;
  /** the channels it can run on (default every one) */
  channels?: readonly Channel[];
  /** its role in the check (the scripted systems; a system run only by `stbench eval` may have none) */
  role?: SystemRole;
  /** the gate that reads it for itself, if any */
  gate?: SystemGate;
  open(info: CaseInfo): SystemSession | Promise<SystemSession>;
}

/**
 * An external program: `command` runs through /bin/sh, a fresh process per case; in `sandbox` where given
 * (sandbox.ts: what `stbench eval` and `run` do unless --local), else as a plain process.
 */
export interface CommandSystem {
  kind: 'command';
  name: string;
  command: string;
  /** where the command runs (default: stbench's working folder) */
  cwd?: string;
  env?: Record<string, string>;
  /**
   * the folders of the system's own code, read-only in the sandbox (default: its working folder); each is checked
   * before it is shown (sandbox.ts checkCodeFolders: refused where it holds or lies inside a build or dataset)
   */
  codeDirs?: (string | CodeFolder)[];
  /** the sandbox it runs in; none: a plain process */
  sandbox?: Sandbox;
}

export type HarnessSystem = InProcessSystem | CommandSystem;

/** An external command as a system, named `cmd:<command>`. */
export function commandSystem(
  command: string,
  extra: { cwd?: string; env?: Record<string, string>; codeDirs?: (string | CodeFolder)[]; sandbox?: Sandbox } = {},
): CommandSystem {
  return { kind: 'command', name: `cmd:${command}`, command, ...extra };
}

/** A fault of the system under test: the case's outcome is broken, with this reason. */
export class BrokenSystem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokenSystem';
  }
}

/** The harness's side of one case's conversation. */
export interface Link {
  /** Send a message; resolve to the system's reply (undefined for finish). Rejects with BrokenSystem. */
  exchange(msg: Message, timeoutMs: number): Promise<unknown>;
  /** Tear the system down (always called; `abort` after a broken outcome: no grace period). */
  close(abort?: boolean): Promise<void>;
  /**
   * Once closed: the lines a subprocess wrote after finish (its last cost report, docs/protocol.md; none when finish
   * was never sent), or an in-process session's unreported cost as such a line.
   */
  trailing?(): string[];
}
