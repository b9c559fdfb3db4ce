/**
 * `anthropic:<model>`: the same API loop against a stand-in Messages API server of the test's own
 * (tests/helpers/chat-stand-in.ts), which checks every request's shape (tools with input_schema, each frame a base64
 * JPEG inside its tool_result, every tool_use answered, the roles alternating) and answers by a simple policy. A
 * healthy server gets the case answered with the usage (cache reads and writes too) summed exactly and priced from a
 * prices file; a 529 is retried; a malformed reply breaks the case, and --retry-broken completes it; `last:2` sends
 * at most two images.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentSystem } from '../../../../checks/agents/agent-system.ts';
import {
  type AnthropicOptions,
  anthropicBackend,
  checkAnthropicSetup,
} from '../../../../checks/agents/anthropic-messages.ts';
import { DEFAULT_CONTEXT, parseContext } from '../../../../checks/agents/context-policy.ts';
import { loadPrices } from '../../../../checks/agents/prices.ts';
import { type CaseOutcome, runCase, runManyReport, type TranscriptEvent } from '../../../../checks/harness/index.ts';
import { CHAT_MODEL as MODEL, chatLoopFixture } from '../../../helpers/chat-loop-fixture.ts';
import { REPORTED_MODEL, type StandIn, USAGE } from '../../../helpers/chat-stand-in.ts';
import { FRAMES } from '../../../helpers/harness-fixture.ts';

/** The fixture's model calls: 6 frames (the end questions come with the last), 3 answer sets, the one told "over". */
const CALLS = FRAMES + 3 + 1;
/** dollars per million: input 3, output 15, cache reads 0.3, cache writes 3.75 */
const PER_CALL_USD =
  (USAGE.anthropic.input_tokens * 3 +
    USAGE.anthropic.output_tokens * 15 +
    USAGE.anthropic.cache_read_input_tokens * 0.3 +
    USAGE.anthropic.cache_creation_input_tokens * 3.75) *
  1e-6;

const fx = chatLoopFixture<AnthropicOptions>({
  api: 'anthropic',
  prefix: 'stbench-anthropic-loop-',
  prices: 'models:\n  stand-in-model: { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 }\n',
  make: anthropicBackend,
});
const { server, backend, run, expectedAnswers } = fx;

describe('anthropic: against a healthy server', () => {
  let s: StandIn;
  let out: CaseOutcome;
  let events: TranscriptEvent[];
  let provenance: Record<string, unknown>;
  beforeAll(async () => {
    s = await server();
    const b = backend(s, { prices: loadPrices(fx.pricesFile), reasoning: 'medium' });
    const r = await run(s, { prices: loadPrices(fx.pricesFile), reasoning: 'medium' });
    out = r.out;
    events = r.events;
    // provenance is the backend's across its cases: run one more case on the backend itself
    await runCase(agentSystem(b), fx.c.dir, { replyTimeoutMs: 20_000 });
    provenance = b.provenance();
  }, 30_000);

  it('answers the case through the two tools, every request well formed', () => {
    expect(s.problems).toEqual([]);
    expect(out.status, out.reason).toBe('ok');
    expect(Object.fromEntries(out.answers)).toEqual(expectedAnswers());
    expect(s.answered).toBe(2 * CALLS);
  });

  it('sends each frame inside its tool_result, the tools with input_schema, effort and cache breakpoints', () => {
    expect(s.requests.slice(0, CALLS).map((r) => r.images)).toEqual([0, 1, 2, 2, 3, 4, 5, 5, 6, 6]);
    const body = s.requests[3].body as {
      system: { cache_control?: unknown }[];
      messages: { content: { cache_control?: unknown }[] }[];
      output_config?: unknown;
      max_tokens: number;
    };
    expect(body.output_config).toEqual({ effort: 'medium' });
    expect(body.max_tokens).toBe(8192);
    expect(body.system[0].cache_control).toEqual({ type: 'ephemeral' });
    expect(body.messages.at(-1)?.content.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(body.messages[1].content.at(-1)?.cache_control).toBeUndefined();
    expect(s.requests[0].headers['x-api-key'] ?? s.requests[0].headers.authorization).toMatch(/^(Bearer )?none$/);
  });

  it('sums the usage exactly, cache writes too, and prices it from the prices file', () => {
    expect(out.cost).toEqual({
      input_tokens: CALLS * USAGE.anthropic.input_tokens,
      output_tokens: CALLS * USAGE.anthropic.output_tokens,
      cache_read_tokens: CALLS * USAGE.anthropic.cache_read_input_tokens,
      cache_write_tokens: CALLS * USAGE.anthropic.cache_creation_input_tokens,
      calls: CALLS,
      usd: Math.round(CALLS * PER_CALL_USD * 1e9) / 1e9,
    });
    const usage = events.filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(CALLS);
    expect(usage[0].usd).toBeCloseTo(PER_CALL_USD, 12);
    expect(JSON.stringify(events)).not.toContain('base64');
  });

  it('records its provenance', () => {
    expect(provenance).toMatchObject({
      api: 'anthropic-messages',
      base_url: s.url,
      model_requested: MODEL,
      models_reported: [REPORTED_MODEL],
      context: 'all',
      reasoning: 'medium',
      priced: true,
      max_retries: 1,
    });
  });
});

describe('anthropic: faults and the run folder', () => {
  it('a 529 is retried and the case is ok; the transcript shows the retry', async () => {
    const s = await server({ faults: [{ status: 529, headers: { 'retry-after': '0' } }] });
    const { out, events } = await run(s);
    expect(out.status, out.reason).toBe('ok');
    expect(events.filter((e) => e.kind === 'retry')).toEqual([
      expect.objectContaining({ call: 1, attempt: 1, status: 529, retry_after: '0' }),
    ]);
  });

  it('a server that hangs breaks the case with a reason naming the timeout', async () => {
    const s = await server({ always: 'hang' });
    const { out, events } = await run(s, { requestTimeoutMs: 300, maxRetries: 0 });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/failed after 1 attempt: the request timed out \(no reply within 300 ms\)/);
    expect(s.requests).toHaveLength(1);
    // the abandoned attempt may still be billed
    expect(events.find((e) => e.kind === 'error' && e.call === 1)).toMatchObject({ attempt: 1, billed: 'possibly' });
  });

  it('a malformed reply twice breaks the case; --retry-broken against a healthy server completes it', async () => {
    const runDir = join(fx.dir, 'run');
    const bad = await server({ always: 'malformed' });
    const r1 = await runManyReport(agentSystem(backend(bad)), [fx.c.dir], { runDir, transcripts: true });
    expect(r1.outcomes[0].status).toBe('broken');
    expect(r1.outcomes[0].reason).toMatch(/anthropic:stand-in-model: the model's reply was malformed twice/);
    expect(bad.requests).toHaveLength(2);
    const good = await server();
    const r2 = await runManyReport(agentSystem(backend(good)), [fx.c.dir], {
      runDir,
      transcripts: true,
      retryBroken: true,
    });
    expect(r2.outcomes[0].status, r2.outcomes[0].reason).toBe('ok');
    expect(Object.fromEntries(r2.outcomes[0].answers)).toEqual(expectedAnswers());
    const seen = good.requests.length;
    const r3 = await runManyReport(agentSystem(backend(good)), [fx.c.dir], {
      runDir,
      transcripts: true,
      retryBroken: true,
    });
    expect(good.requests.length).toBe(seen);
    expect(r3.outcomes[0].status).toBe('ok');
  });

  it('context last:2 sends at most two images, the earlier frames by their text with a note', async () => {
    const s = await server();
    const { out } = await run(s, { context: parseContext('last:2') });
    expect(out.status, out.reason).toBe('ok');
    expect(s.problems).toEqual([]);
    expect(Math.max(...s.requests.map((r) => r.images))).toBe(2);
    const last = s.requests.at(-1)?.text ?? '';
    expect(last).toMatch(/Frame 0: \[k0 .*\n\[image dropped: context last:2\]/);
    expect(last.split('[image dropped: context last:2]')).toHaveLength(FRAMES - 2 + 1);
  });
});

describe('anthropic: setup', () => {
  const opts = (o: Partial<AnthropicOptions>): AnthropicOptions => ({
    model: MODEL,
    context: DEFAULT_CONTEXT,
    env: {},
    ...o,
  });
  it('needs a key or a base URL', () => {
    expect(checkAnthropicSetup(opts({}))).toMatch(/needs ANTHROPIC_API_KEY set, or a base URL/);
    expect(checkAnthropicSetup(opts({ env: { ANTHROPIC_API_KEY: 'k' } }))).toBeNull();
    expect(checkAnthropicSetup(opts({ baseUrl: 'http://127.0.0.1:9' }))).toBeNull();
    expect(checkAnthropicSetup(opts({ baseUrl: 'nope' }))).toMatch(/is not a URL/);
  });
});
