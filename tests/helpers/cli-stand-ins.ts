/**
 * Running a CLI backend (checks/agents/claude-code.ts, codex.ts) on the harness fixture's case with a stand-in CLI
 * (tests/helpers/stand-ins/), keeping the case's transcript: the outcome, the transcript's events and the
 * backend's provenance.
 */
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
