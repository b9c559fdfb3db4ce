/**
 * `openai:<model>`: the API loop against a stand-in chat-completions server of the test's own
 * (tests/helpers/chat-stand-in.ts), which checks every request's shape and answers by a simple policy. A healthy
 * server gets the fixture case answered (every frame sent as a JPEG data URL, the tools declared, the usage summed
 * exactly); a server that answers 429 once is retried; one that hangs, drops the connection or answers malformed JSON
 * breaks the case with a reason, and a rerun with --retry-broken completes it; `last:2` sends at most two images;
 * a model that stops is nudged, then the case is broken; a model's bad tool calls are refused and bounded. A call is
 * priced by the id the API reported, else by the requested one; under a dollar cap, one neither prices breaks the
 * case. A long case leaves no listener per call on the case's signal; a base URL's key never reaches provenance.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentSystem } from '../../../../checks/agents/agent-system.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, shownUrl } from '../../../../checks/agents/chat-loop.ts';
import { DEFAULT_CONTEXT, parseContext } from '../../../../checks/agents/context-policy.ts';
import { checkOpenaiSetup, type OpenaiOptions, openaiBackend } from '../../../../checks/agents/openai-chat.ts';
import { loadPrices, type Prices } from '../../../../checks/agents/prices.ts';
import { NUDGE_MESSAGE } from '../../../../checks/agents/tools.ts';
import {
  type CaseOutcome,
  readTranscript,
  runCase,
  runManyReport,
  type TranscriptEvent,
} from '../../../../checks/harness/index.ts';
import { CHAT_MODEL as MODEL, chatLoopFixture } from '../../../helpers/chat-loop-fixture.ts';
import { type Move, REPORTED_MODEL, type StandIn, startStandIn, USAGE } from '../../../helpers/chat-stand-in.ts';
import { FRAMES } from '../../../helpers/harness-fixture.ts';

/** The fixture's model calls: 6 frames (the end questions come with the last), 3 answer sets, the one told "over". */
const CALLS = FRAMES + 3 + 1;

const fx = chatLoopFixture<OpenaiOptions>({
  api: 'openai',
  prefix: 'stbench-openai-loop-',
  prices: 'models:\n  stand-in-model: { input: 2, output: 8, cache_read: 0.5 }\n',
  make: openaiBackend,
});
const { server, backend, run, expectedAnswers } = fx;

/** The exact token sums of n answered calls. */
const tokens = (n: number) => ({
  input_tokens: n * (USAGE.openai.prompt_tokens - USAGE.openai.prompt_tokens_details.cached_tokens),
  cache_read_tokens: n * USAGE.openai.prompt_tokens_details.cached_tokens,
  cache_write_tokens: 0,
  output_tokens: n * USAGE.openai.completion_tokens,
  calls: n,
});

describe('openai: against a healthy server', () => {
  let s: StandIn;
  let out: CaseOutcome;
  let events: TranscriptEvent[];
  const b = { current: null as ReturnType<typeof openaiBackend> | null };
  beforeAll(async () => {
    s = await startStandIn({ api: 'openai', jpeg: fx.jpeg, model: MODEL });
    b.current = backend(s);
    ({ out, events } = await fx.runBackend(b.current));
    await s.close();
  }, 30_000);

  it('answers the case through the two tools, every request well formed', () => {
    expect(s.problems).toEqual([]);
    expect(out.status, out.reason).toBe('ok');
    expect(Object.fromEntries(out.answers)).toEqual(expectedAnswers());
    expect(s.answered).toBe(CALLS);
  });

  it('sends every frame as a JPEG data URL after its tool result, all of them kept with context all', () => {
    expect(s.requests.at(-1)?.images).toBe(FRAMES);
    expect(s.requests.map((r) => r.images)).toEqual([0, 1, 2, 2, 3, 4, 5, 5, 6, 6]);
    const first = s.requests[0].body as { messages: { role: string; content: string }[]; tools: unknown[] };
    expect(first.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(first.messages[0].content).toMatch(/next_frame/);
    expect(s.requests.at(-1)?.text).toMatch(/Frame 0: \[k0 /);
  });

  it('sums the usage exactly: uncached input, cache reads, output, calls; no dollars unpriced', () => {
    expect(out.cost).toEqual({ ...tokens(CALLS), usd: 0 });
    const usage = events.filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(CALLS);
    for (const u of usage) expect(u).not.toHaveProperty('usd');
  });

  it('keeps a transcript of requests, replies and usage, frames by path and never inlined', () => {
    const kinds = events.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'model_request')).toHaveLength(CALLS);
    expect(kinds.filter((k) => k === 'model_reply')).toHaveLength(CALLS);
    const reply = events.find((e) => e.kind === 'model_reply') as unknown as {
      model: string;
      tool_calls: { name: string }[];
    };
    expect(reply.model).toBe(REPORTED_MODEL);
    expect(reply.tool_calls[0].name).toBe('next_frame');
    const frames = events.filter((e) => e.kind === 'tool_result' && e.frame).map((e) => e.frame);
    expect(frames).toHaveLength(FRAMES);
    expect(frames[0]).toBe(`scripts/${fx.c.sid}/sensors/rgb/000010.jpg`);
    const text = JSON.stringify(events);
    expect(text).not.toContain('base64');
    expect(text).not.toContain(fx.jpeg.toString('base64').slice(0, 40));
  });

  it('records its provenance: the model as the API reported it, the context, unpriced', () => {
    expect(b.current?.provenance()).toEqual({
      api: 'openai-chat',
      base_url: s.url,
      model_requested: MODEL,
      models_reported: [REPORTED_MODEL],
      context: 'all',
      reasoning: null,
      priced: false,
      max_retries: 1,
      request_timeout_ms: 10_000,
    });
  });
});

describe('openai: faults', () => {
  it('a 429 with Retry-After: 0 is retried and the case is ok; the transcript shows the retry', async () => {
    const s = await server({ faults: [{ status: 429, headers: { 'retry-after': '0' } }] });
    const { out, events } = await run(s);
    expect(out.status, out.reason).toBe('ok');
    expect(events.filter((e) => e.kind === 'retry')).toEqual([
      expect.objectContaining({ call: 1, attempt: 1, status: 429, retry_after: '0' }),
    ]);
    expect(out.cost?.calls).toBe(CALLS);
  });

  it('a server that hangs breaks the case with a reason naming the timeout; nothing answered', async () => {
    const s = await server({ always: 'hang' });
    const { out, events } = await run(s, { requestTimeoutMs: 300, maxRetries: 1 });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/openai:stand-in-model: the model call failed after 2 attempts: .*timed out/);
    expect(out.reason).toMatch(/300 ms/);
    expect(out.answers.size).toBe(0);
    expect(s.requests).toHaveLength(2);
    expect(events.filter((e) => e.kind === 'retry' || e.kind === 'error').map((e) => e.kind)).toEqual([
      'retry',
      'error',
      'error',
    ]);
    // an abandoned request may still be billed: each timed-out attempt says so
    expect(events.filter((e) => e.kind === 'retry' || (e.kind === 'error' && e.call))).toEqual([
      expect.objectContaining({ kind: 'retry', attempt: 1, billed: 'possibly' }),
      expect.objectContaining({ kind: 'error', attempt: 2, billed: 'possibly' }),
    ]);
  });

  it('a dropped connection is retried: once, the case is ok; every time, it is broken', async () => {
    const once = await server({ faults: ['drop'] });
    const ok = await run(once);
    expect(ok.out.status, ok.out.reason).toBe('ok');
    expect(ok.events.filter((e) => e.kind === 'retry')).toEqual([
      expect.objectContaining({ call: 1, attempt: 1, error: expect.any(String) }),
    ]);
    const always = await server({ always: 'drop' });
    const bad = await run(always);
    expect(bad.out.status).toBe('broken');
    expect(bad.out.reason).toMatch(/failed after 2 attempts: connection failed \(other side closed\)/);
    expect(always.requests).toHaveLength(2);
  });

  it('a malformed reply is asked for again once; twice breaks the case with a clear reason', async () => {
    const once = await server({ faults: ['malformed'] });
    const ok = await run(once);
    expect(ok.out.status, ok.out.reason).toBe('ok');
    expect(ok.events.find((e) => e.kind === 'retry')).toMatchObject({ call: 1, error: /malformed reply/ });
    const always = await server({ always: 'malformed' });
    const bad = await run(always);
    expect(bad.out.status).toBe('broken');
    expect(bad.out.reason).toMatch(/the model's reply was malformed twice: the body is not JSON/);
    expect(always.requests).toHaveLength(2);
    expect(bad.out.answers.size).toBe(0);
  });

  it('a 400 is not retried: the case is broken with the status and message', async () => {
    const s = await server({ always: { status: 400 } });
    const { out } = await run(s);
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/failed after 1 attempt: 400 .*stand-in status 400/);
    expect(s.requests).toHaveLength(1);
  });

  it('when the case ends, the pending request is cancelled and no other is made', async () => {
    const s = await server({ always: 'hang' });
    const out = await runCase(agentSystem(backend(s, { requestTimeoutMs: 60_000 })), fx.c.dir, { replyTimeoutMs: 500 });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/no reply to \w+ within 0.5 s/);
    await expect.poll(() => s.abandoned, { timeout: 5000 }).toBe(1);
    expect(s.requests).toHaveLength(1);
  });
});

describe('openai: the run folder', () => {
  it('end to end through runManyReport: transcripts kept, priced usage, a second run resumes', async () => {
    const s = await server();
    const runDir = join(fx.dir, 'run-ok');
    const system = agentSystem(backend(s, { prices: loadPrices(fx.pricesFile) }));
    const r1 = await runManyReport(system, [fx.c.dir], { runDir, transcripts: true, replyTimeoutMs: 20_000 });
    expect(r1.outcomes[0].status, r1.outcomes[0].reason).toBe('ok');
    // 400 uncached at $2, 600 cache reads at $0.5, 20 output at $8 per million, per call
    const usd = CALLS * (400 * 2 + 600 * 0.5 + 20 * 8) * 1e-6;
    expect(r1.outcomes[0].cost).toEqual({ ...tokens(CALLS), usd: Math.round(usd * 1e9) / 1e9 });
    const events = readTranscript(join(runDir, 'transcripts', `${fx.c.cid}.jsonl`)).at(-1) ?? [];
    const usage = events.filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(CALLS);
    expect(usage[0].usd).toBeCloseTo((400 * 2 + 600 * 0.5 + 20 * 8) * 1e-6, 12);
    expect(system.provenance?.()).toMatchObject({ priced: true, models_reported: [REPORTED_MODEL] });
    const seen = s.requests.length;
    const r2 = await runManyReport(system, [fx.c.dir], { runDir, transcripts: true, replyTimeoutMs: 20_000 });
    expect(s.requests.length).toBe(seen);
    expect(r2.outcomes[0].status).toBe('ok');
    expect(Object.fromEntries(r2.outcomes[0].answers)).toEqual(expectedAnswers());
  });

  it('a case broken by a failing server is kept broken, and --retry-broken against a healthy one completes it', async () => {
    const runDir = join(fx.dir, 'run-broken');
    const bad = await server({ always: { status: 503 } });
    const r1 = await runManyReport(agentSystem(backend(bad)), [fx.c.dir], { runDir, transcripts: true });
    expect(r1.outcomes[0].status).toBe('broken');
    expect(r1.outcomes[0].reason).toMatch(/failed after 2 attempts: 503/);
    const events = readTranscript(join(runDir, 'transcripts', `${fx.c.cid}.jsonl`)).at(-1) ?? [];
    expect(events.filter((e) => e.kind === 'retry')).toEqual([expect.objectContaining({ status: 503, attempt: 1 })]);
    const good = await server();
    const r2 = await runManyReport(agentSystem(backend(good)), [fx.c.dir], { runDir, transcripts: true });
    expect(good.requests).toHaveLength(0);
    expect(r2.outcomes[0].status).toBe('broken');
    const r3 = await runManyReport(agentSystem(backend(good)), [fx.c.dir], {
      runDir,
      transcripts: true,
      retryBroken: true,
    });
    expect(r3.outcomes[0].status, r3.outcomes[0].reason).toBe('ok');
    expect(Object.fromEntries(r3.outcomes[0].answers)).toEqual(expectedAnswers());
    expect(readTranscript(join(runDir, 'transcripts', `${fx.c.cid}.jsonl`))).toHaveLength(2);
  });
});

describe('openai: prices and caps', () => {
  /** dollars per call at the prices file's stand-in-model entry */
  const perCall = (400 * 2 + 600 * 0.5 + 20 * 8) * 1e-6;

  it('a reply whose reported id has no entry is priced by the requested id', async () => {
    const s = await server({ reported: 'unlisted-model-x' });
    const b = backend(s, { prices: loadPrices(fx.pricesFile) });
    const { out, events } = await fx.runBackend(b);
    expect(out.status, out.reason).toBe('ok');
    expect(out.cost?.usd).toBeCloseTo(CALLS * perCall, 9);
    const usage = events.filter((e) => e.kind === 'usage');
    expect(usage[0].usd).toBeCloseTo(perCall, 12);
    expect(b.provenance()).toMatchObject({ models_reported: ['unlisted-model-x'], priced: true });
  });

  it('under a dollar cap, a call that neither id prices breaks the case once its tokens are counted', async () => {
    // `stand-in` is no entry of stand-in-model (no prefix is a price), nor of stand-in-model-2026-01-01
    const prices: Prices = new Map([['stand-in', { input: 1, output: 1 }]]);
    const s = await server();
    const { out, events } = await run(s, { prices, capped: true });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(
      /^openai:stand-in-model: a dollar cap \(--case-usd, --max-usd\) is set and this call's dollars cannot be counted: the prices file has no entry for the model the API reported \(stand-in-model-2026-01-01\) nor the model requested \(stand-in-model\)$/,
    );
    expect(s.requests).toHaveLength(1);
    expect(out.cost).toMatchObject({ ...tokens(1), usd: 0 });
    expect(events.filter((e) => e.kind === 'usage')).toHaveLength(1);
    expect(out.answers.size).toBe(0);
  });

  it('under a dollar cap, a deployment name without an entry is priced by the id the API reports', async () => {
    const s = await server({ model: 'my-deployment' });
    const { out } = await run(s, { model: 'my-deployment', prices: loadPrices(fx.pricesFile), capped: true });
    expect(out.status, out.reason).toBe('ok');
    expect(out.cost?.usd).toBeCloseTo(CALLS * perCall, 9);
  });
});

describe('openai: a long case', () => {
  it("leaves no listener per call on the case's signal (no MaxListenersExceededWarning)", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      // 12 refused calls first: 12 + CALLS model calls, each of which the client links to the signal it is given
      const s = await server({ moves: (n) => (n < 12 ? { tool: 'look_around', args: '{}' } : undefined) });
      const { out } = await run(s, { maxToolErrors: 20 });
      expect(out.status, out.reason).toBe('ok');
      expect(s.requests).toHaveLength(12 + CALLS);
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });
});

describe('openai: the conversation', () => {
  it('context last:2 sends at most two images, the earlier frames by their text with a note', async () => {
    const s = await server();
    const { out, events } = await run(s, { context: parseContext('last:2') });
    expect(out.status, out.reason).toBe('ok');
    expect(s.problems).toEqual([]);
    expect(Math.max(...s.requests.map((r) => r.images))).toBe(2);
    const last = s.requests.at(-1)?.text ?? '';
    expect(last).toMatch(/Frame 0: \[k0 .*\n\[image dropped: context last:2\]/);
    expect(last).toMatch(/Frame 3: \[k3 .*\n\[image dropped: context last:2\]/);
    expect(last.split('[image dropped: context last:2]')).toHaveLength(FRAMES - 2 + 1);
    expect(events.filter((e) => e.kind === 'model_request').at(-1)).toMatchObject({ images: 2, images_dropped: 4 });
  });

  it('a model that stops is nudged three times, then the case is broken', async () => {
    const s = await server({ moves: () => ({ text: 'I would rather not.' }) });
    const { out, events } = await run(s);
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/the model stopped before the job was over/);
    expect(s.requests).toHaveLength(4);
    expect(s.requests.slice(1).map((r) => r.last)).toEqual([NUDGE_MESSAGE, NUDGE_MESSAGE, NUDGE_MESSAGE]);
    expect(events.filter((e) => e.kind === 'nudge')).toHaveLength(3);
  });

  it('an unknown tool and arguments that are not JSON are refused to the model, which goes on', async () => {
    const moves = (n: number): Move | undefined =>
      n === 0 ? { tool: 'look_around', args: '{}' } : n === 1 ? { tool: 'submit_answer', args: '{oops' } : undefined;
    const s = await server({ moves });
    const { out, events } = await run(s);
    expect(out.status, out.reason).toBe('ok');
    expect(s.problems).toEqual([]);
    expect(s.requests[1].last).toMatch(/There is no tool "look_around": the tools are next_frame and submit_answer/);
    expect(s.requests[2].last).toMatch(/Refused: the arguments are not a JSON object/);
    expect(events.filter((e) => e.kind === 'tool_result' && e.is_error)).toHaveLength(2);
  });

  it('refused calls in a row are bounded: the case is broken', async () => {
    const s = await server({ moves: () => ({ tool: 'look_around', args: '{}' }) });
    const { out } = await run(s, { maxToolErrors: 3 });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/made 4 refused tool calls in a row .*no tool "look_around"/);
    expect(s.requests).toHaveLength(4);
  });

  it('sends the reasoning setting as reasoning_effort', async () => {
    const s = await server({ moves: () => ({ text: 'stop' }) });
    await run(s, { reasoning: 'high', maxNudges: 0 });
    expect(s.requests[0].body.reasoning_effort).toBe('high');
  });
});

describe('openai: setup', () => {
  const opts = (o: Partial<OpenaiOptions>): OpenaiOptions => ({
    model: MODEL,
    context: DEFAULT_CONTEXT,
    env: {},
    ...o,
  });

  it('needs a key or a base URL, and a base URL that is an http(s) URL', () => {
    expect(checkOpenaiSetup(opts({}))).toMatch(/needs OPENAI_API_KEY set, or a base URL/);
    expect(checkOpenaiSetup(opts({ apiKey: 'k' }))).toBeNull();
    expect(checkOpenaiSetup(opts({ baseUrl: 'http://127.0.0.1:9/v1' }))).toBeNull();
    expect(checkOpenaiSetup(opts({ env: { OPENAI_API_KEY: 'k' } }))).toBeNull();
    expect(checkOpenaiSetup(opts({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } }))).toBeNull();
    expect(checkOpenaiSetup(opts({ baseUrl: 'not a url' }))).toMatch(/is not a URL/);
    expect(checkOpenaiSetup(opts({ baseUrl: 'ftp://x/v1' }))).toMatch(/not an http\(s\) URL/);
    expect(checkOpenaiSetup({ ...opts({}), form: 'anthropic' })).toMatch(/needs ANTHROPIC_API_KEY/);
  });

  it('waits 600 s for a reply by default, and records it', () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(600_000);
    const b = openaiBackend(opts({ baseUrl: 'http://127.0.0.1:9/v1' }));
    expect(b.provenance()).toMatchObject({ request_timeout_ms: 600_000 });
  });

  it('records the base URL without a user, password, query or fragment: a key given there never reaches results', () => {
    const b = openaiBackend(opts({ baseUrl: 'https://user:sk-pw@example.test/v1?key=sk-query#sk-frag' }));
    expect(b.provenance().base_url).toBe('https://example.test/v1');
    expect(shownUrl('http://127.0.0.1:9/v1/?api-version=1&key=sk-x')).toBe('http://127.0.0.1:9/v1');
    expect(shownUrl('not a url?key=sk-x')).toBe('not a url');
    expect(shownUrl('weird://user:sk-x@ host/v1#sk-y')).not.toMatch(/sk-/);
  });

  it('a case started without a key or base URL is broken with that reason', async () => {
    const out = await runCase(agentSystem(openaiBackend(opts({}))), fx.c.dir, { replyTimeoutMs: 20_000 });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/needs OPENAI_API_KEY/);
  });

  it('sends the placeholder key to a server given by its base URL and no key, and the key when set', async () => {
    const s = await server({ moves: () => ({ text: 'stop' }) });
    await run(s, { maxNudges: 0 });
    expect(s.requests[0].headers.authorization).toBe('Bearer none');
    await run(s, { maxNudges: 0, apiKey: 'sk-test' });
    expect(s.requests[1].headers.authorization).toBe('Bearer sk-test');
  });
});
