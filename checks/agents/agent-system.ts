/**
 * A model-backed system: an in-process system (harness/system.ts) whose session puts the case's stream on a desk
 * (desk.ts) and starts a backend, the thing that makes a model call the two tools until the job is over: Claude
 * Code or Codex headless with stbench's MCP server (claude-code.ts, codex.ts), or the API loop in the harness
 * (chat-loop.ts). One session per case; the backend is started on the case's start message and stopped when the
 * case ends, whatever way it ends.
 *
 * What the model spent comes in through `spend` as the backend learns it and goes out on the session's next reply
 * (the driver sums a case's reports, caps it with --case-usd, and saves it). A backend whose model fails for good
 * (its retries spent, its CLI dead) rejects `done`: the case is broken with that reason, never scored. A backend
 * that ends while the job is not over (the model stopped, after the nudges it was given) breaks the case too.
 */
import type { CostReport } from '../../formats/cost.ts';
import { addCost, zeroCost } from '../../formats/cost.ts';
import { UsageError } from '../../foundation/index.ts';
import type {
  AnswersReply,
  AskMsg,
  CaseInfo,
  InProcessSystem,
  NextReply,
  ObserveMsg,
  SandboxMode,
  StartMsg,
  SystemSession,
  TaskMsg,
  Transcript,
} from '../harness/index.ts';
import { relative, isAbsolute } from 'node:path';
import { Desk } from './desk.ts';
import { agentProtocolSha256, agentSystemPrompt, AGENT_PROTOCOL_VERSION, sha256 } from './tools.ts';

/** What a backend gets for one case. */
export interface AgentContext {
  cid: string;
  desk: Desk;
  /** the whole system prompt: the protocol's and the agent part (tools.ts) */
  systemPrompt: string;
  transcript: Transcript;
  /** add what a model call cost (tokens, calls, dollars where priced) */
  spend(cost: CostReport): void;
  /** aborted when the case ends */
  signal: AbortSignal;
}

/** One case's run of a backend. */
export interface AgentRun {
  /** resolves when the backend ended by itself (the job over, or the model stopped); rejects when the model failed */
  done: Promise<void>;
  /** end it now (always called as the case ends) */
  stop(): Promise<void>;
}

/** A way of running a model through the two tools. */
export interface AgentBackend {
  /** the system's name as results record it (claude:sonnet, openai:gpt-4.1-mini, ...) */
  name: string;
  mode: SandboxMode;
  start(ctx: AgentContext): AgentRun;
  /** what results.json records of it: model ids as the API reported them, CLI version, settings */
  provenance(): Record<string, unknown>;
}

/** The run of a case that cannot start: `done` rejects with `reason`, so the case is broken with it. */
export function refusedRun(reason: string): AgentRun {
  const done = Promise.reject(new Error(reason));
  return { done, stop: async () => void (await done.catch(() => {})) };
}

/** How long a backend may take to end by itself after the job is over before it is stopped, ms. */
export const AGENT_FINISH_GRACE_MS = 30_000;

/** What of a backend's provenance is a setting: a run folder holds the runs of one value of each (run.json). */
export const SETTING_KEYS = ['api', 'cli', 'base_url', 'model_requested', 'reasoning', 'context'] as const;

/** A model-backed system from its backend. */
export function agentSystem(backend: AgentBackend): InProcessSystem {
  const p = backend.provenance();
  return {
    kind: 'in_process',
    name: backend.name,
    mode: backend.mode,
    channels: ['rgb_pose'],
    settings: Object.fromEntries(SETTING_KEYS.filter((k) => p[k] !== undefined).map((k) => [k, p[k]])),
    provenance: () => ({
      agent_protocol: AGENT_PROTOCOL_VERSION,
      agent_protocol_sha256: agentProtocolSha256(),
      ...backend.provenance(),
    }),
    open: (info) => new AgentSession(backend, info),
  };
}

class AgentSession implements SystemSession {
  private readonly desk: Desk;
  private readonly abort = new AbortController();
  private run: AgentRun | null = null;
  private pending = zeroCost();
  private spent = false;

  constructor(
    private readonly backend: AgentBackend,
    private readonly info: CaseInfo,
  ) {
    if (info.channel !== 'rgb_pose')
      throw new UsageError(`${backend.name} reads the camera: it runs on the rgb_pose channel, not ${info.channel}`);
    this.desk = new Desk({
      transcript: info.transcript,
      framePath: (p) => (isAbsolute(p) ? relative(info.root, p) : p),
    });
  }

  /** What was spent since the last reply, for the next one. */
  private cost(): { cost?: CostReport } {
    if (!this.spent) return {};
    const c = this.pending;
    this.pending = zeroCost();
    this.spent = false;
    return { cost: c };
  }

  private next(): NextReply {
    return { type: 'next', ...this.cost() };
  }

  async start(msg: StartMsg): Promise<NextReply> {
    const systemPrompt = agentSystemPrompt(msg.system_prompt);
    this.info.transcript.write({ kind: 'system_prompt', sha256: sha256(systemPrompt), text: systemPrompt });
    const run = this.backend.start({
      cid: this.info.cid,
      desk: this.desk,
      systemPrompt,
      transcript: this.info.transcript,
      spend: (c) => {
        this.pending = addCost(this.pending, c);
        this.spent = true;
      },
      signal: this.abort.signal,
    });
    this.run = run;
    run.done.then(
      () => {
        if (!this.desk.isOver) this.desk.fail('the model stopped before the job was over');
      },
      (e: unknown) => {
        const reason = (e as Error)?.message ?? String(e);
        this.info.transcript.write({ kind: 'error', message: reason });
        this.desk.fail(reason);
      },
    );
    return this.next();
  }

  async task(msg: TaskMsg): Promise<NextReply> {
    this.desk.brief(msg.text);
    return this.next();
  }

  async observe(msg: ObserveMsg): Promise<NextReply> {
    await this.desk.frame(msg.step);
    return this.next();
  }

  async ask(msg: AskMsg): Promise<AnswersReply> {
    const answers = await this.desk.questions(msg.questions, msg.end);
    return { answers, ...this.cost() };
  }

  async finish(): Promise<{ cost?: CostReport }> {
    this.desk.finish();
    if (this.run) {
      let t: NodeJS.Timeout | undefined;
      await Promise.race([
        this.run.done.catch(() => {}),
        new Promise<void>((r) => (t = setTimeout(r, AGENT_FINISH_GRACE_MS))),
      ]);
      clearTimeout(t);
      await this.run.stop();
    }
    return this.cost();
  }

  async close(): Promise<void> {
    this.desk.close();
    this.abort.abort();
    await this.run?.stop();
  }

  unreported(): CostReport | undefined {
    return this.cost().cost;
  }
}
