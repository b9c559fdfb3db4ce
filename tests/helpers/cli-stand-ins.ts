/**
 * Running a CLI backend (checks/agents/claude-code.ts, codex.ts) on the harness fixture's case with a stand-in CLI
 * (tests/helpers/stand-ins/), keeping the case's transcript: the outcome, the transcript's events and the
 * backend's provenance.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentSystem, type AgentBackend } from '../../checks/agents/agent-system.ts';
import {
  type CaseOutcome,
  openTranscript,
  readTranscript,
  runCase,
  type TranscriptEvent,
} from '../../checks/harness/index.ts';
import { fixtureFolder } from './fixture-folders.ts';
import type { SynthCase } from './harness-fixture.ts';

export const STAND_IN_CLAUDE = fileURLToPath(new URL('./stand-ins/claude.mjs', import.meta.url));
export const STAND_IN_CODEX = fileURLToPath(new URL('./stand-ins/codex.mjs', import.meta.url));

/** The answer the stand-ins give each of the fixture's questions (policy.mjs ANSWER, by the question's type). */
export const STAND_IN_ANSWERS: Record<string, unknown> = {
  number: { type: 'number', value: 1.2 },
  place: { type: 'place', x: 1, y: 2 },
  offset: { type: 'offset', ahead: 0.8, left: 0.1 },
  list: { type: 'list', places: [{ x: 3, y: 1 }] },
};

export interface BackendRun {
  out: CaseOutcome;
  events: TranscriptEvent[];
  provenance: Record<string, unknown>;
}

/** Run the case with the backend, its transcript kept in a fresh folder. */
export async function runBackend(backend: AgentBackend, c: SynthCase): Promise<BackendRun> {
  const system = agentSystem(backend);
  const file = join(fixtureFolder('stbench-cli-run-'), 'transcript.jsonl');
  const transcript = openTranscript(file, { cid: c.cid, system: backend.name, channel: 'rgb_pose' });
  const out = await runCase(system, c.dir, { replyTimeoutMs: 30_000, transcript });
  const events = readTranscript(file).at(-1) ?? [];
  return { out, events, provenance: system.provenance?.() ?? {} };
}

/** The events of a kind. */
export const eventsOf = (events: TranscriptEvent[], kind: string) => events.filter((e) => e.kind === kind);

/** The sum of the `usage` events' fields. */
export function usageSum(events: TranscriptEvent[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const e of eventsOf(events, 'usage'))
    for (const k of ['input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens', 'calls', 'usd'])
      if (typeof e[k] === 'number') sum[k] = (sum[k] ?? 0) + (e[k] as number);
  return sum;
}

/** The fixture's questions by qid with the answer the stand-ins give each. */
export function expectedAnswers(c: SynthCase): Record<string, unknown> {
  const type = { q1: 'number', q2: 'place', q3: 'offset', q4: 'place', q5: 'list' } as const;
  return Object.fromEntries(
    (Object.keys(type) as (keyof typeof type)[]).map((k) => [c.qids[k], STAND_IN_ANSWERS[type[k]]]),
  );
}

/** A stand-in Responses API for the real Codex (it answers every request 400, so no turn completes). */
export interface RefusingApi {
  /** the `-c` overrides that send Codex to it, the key read from STANDIN_KEY */
  provider: string[];
  /** the body of the first /responses request, once one came */
  first(): Record<string, unknown> | null;
  close(): void;
}

/** Start a RefusingApi on 127.0.0.1. */
export async function refusingResponsesApi(): Promise<RefusingApi> {
  let first: Record<string, unknown> | null = null;
  const api = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.url?.endsWith('/responses') && !first) first = JSON.parse(body);
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'stand-in API: no model here', type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  const port = (api.address() as AddressInfo).port;
  return {
    provider: [
      `model_providers.standin={name="standin",base_url="http://127.0.0.1:${port}/v1",env_key="STANDIN_KEY",wire_api="responses"}`,
      'model_provider="standin"',
    ],
    first: () => first,
    close: () => void api.close(),
  };
}

/** The tools a Responses API request gives the model, by name (a namespace's as `name(tool,...)`), sorted. */
export function requestTools(body: Record<string, unknown>): string[] {
  const tools = body.tools as { type: string; name?: string; tools?: { name: string }[] }[];
  return tools
    .map((t) => (t.type === 'namespace' ? `${t.name}(${t.tools!.map((x) => x.name).join(',')})` : (t.name ?? t.type)))
    .sort();
}

/**
 * The tools the real Codex's model has with stbench's settings, sorted: the two, and Codex's MCP resource readers,
 * which reach only stbench's server (it serves no resources).
 */
export const REAL_CODEX_TOOLS = [
  'list_mcp_resource_templates',
  'list_mcp_resources',
  'mcp__stbench(next_frame,submit_answer)',
  'read_mcp_resource',
].sort();
