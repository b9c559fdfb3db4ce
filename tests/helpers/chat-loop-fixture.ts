/**
 * The setup the API-loop tests share (openai-loop, anthropic-loop): the harness fixture's case and its frame, a
 * folder of the file's own with a prices file, stand-in servers (chat-stand-in.ts) closed after each test, a backend
 * against one, and a run of the case with its transcript kept. Called once at the top of a test file: it registers
 * the file's hooks, and the fixture's fields are set before its tests run.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type AgentBackend, agentSystem } from '../../checks/agents/agent-system.ts';
import type { ChatBackendOptions } from '../../checks/agents/chat-loop.ts';
import { DEFAULT_CONTEXT } from '../../checks/agents/context-policy.ts';
import {
  type CaseOutcome,
  openTranscript,
  readTranscript,
  runCase,
  type TranscriptEvent,
} from '../../checks/harness/index.ts';
import { ANSWER, type Api, type StandIn, type StandInOptions, startStandIn } from './chat-stand-in.ts';
import { fixtureFolder } from './fixture-folders.ts';
import { makeCase, type SynthCase, tempRoot } from './harness-fixture.ts';

/** The model the backends request and the stand-ins expect. */
export const CHAT_MODEL = 'stand-in-model';

export interface ChatRun {
  out: CaseOutcome;
  events: TranscriptEvent[];
}

export interface ChatLoopFixture<O> {
  /** the fixture's case */
  c: SynthCase;
  /** its frame: every image a stand-in is sent must be these bytes */
  jpeg: Buffer;
  /** the test file's folder */
  dir: string;
  /** prices.yaml in it */
  pricesFile: string;
  /** a stand-in server of the fixture's API, closed after the test */
  server(o?: Partial<Omit<StandInOptions, 'api' | 'jpeg'>>): Promise<StandIn>;
  /** a backend against `s`: the model, its base URL, one retry, a 10 s request timeout, no environment; then `o` */
  backend(s: StandIn, o?: Partial<O>): AgentBackend;
  /** run the case on `backend(s, o)` */
  run(s: StandIn, o?: Partial<O>): Promise<ChatRun>;
  /** run the case on a backend, with a transcript of its own: the outcome and the transcript's events */
  runBackend(b: AgentBackend): Promise<ChatRun>;
  /** the fixture's questions by qid with the answer the stand-in gives each */
  expectedAnswers(): Record<string, unknown>;
}

export function chatLoopFixture<O extends ChatBackendOptions>(o: {
  api: Api;
  /** the folder's name prefix */
  prefix: string;
  /** prices.yaml's text */
  prices: string;
  make: (opts: O) => AgentBackend;
}): ChatLoopFixture<O> {
  const servers: StandIn[] = [];
  let transcripts = 0;
  const fx: ChatLoopFixture<O> = {
    c: undefined as unknown as SynthCase,
    jpeg: Buffer.alloc(0),
    dir: '',
    pricesFile: '',
    async server(so = {}) {
      const s = await startStandIn({ api: o.api, jpeg: fx.jpeg, model: CHAT_MODEL, ...so });
      servers.push(s);
      return s;
    },
    backend: (s, bo = {}) =>
      o.make({
        model: CHAT_MODEL,
        baseUrl: s.url,
        context: DEFAULT_CONTEXT,
        maxRetries: 1,
        requestTimeoutMs: 10_000,
        env: {},
        ...bo,
      } as O),
    run: (s, bo = {}) => fx.runBackend(fx.backend(s, bo)),
    async runBackend(b) {
      const file = join(fx.dir, `t${transcripts++}.jsonl`);
      const transcript = openTranscript(file, { cid: fx.c.cid, system: `${o.api}:${CHAT_MODEL}`, channel: 'rgb_pose' });
      const out = await runCase(agentSystem(b), fx.c.dir, { replyTimeoutMs: 20_000, transcript });
      return { out, events: readTranscript(file).at(-1) ?? [] };
    },
    expectedAnswers: () => ({
      [fx.c.qids.q1]: ANSWER.number,
      [fx.c.qids.q2]: ANSWER.place,
      [fx.c.qids.q3]: ANSWER.offset,
      [fx.c.qids.q4]: ANSWER.place,
      [fx.c.qids.q5]: ANSWER.list,
    }),
  };
  beforeAll(async () => {
    fx.c = await makeCase(tempRoot());
    fx.jpeg = readFileSync(join(fx.c.root, 'scripts', fx.c.sid, 'sensors', 'rgb', '000010.jpg'));
    fx.dir = fixtureFolder(o.prefix);
    fx.pricesFile = join(fx.dir, 'prices.yaml');
    writeFileSync(fx.pricesFile, o.prices);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  afterAll(() => {
    rmSync(fx.c.root, { recursive: true, force: true });
    rmSync(fx.dir, { recursive: true, force: true });
  });
  return fx;
}
