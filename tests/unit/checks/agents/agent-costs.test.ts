/**
 * The money a model-backed case spends is never lost: a case that breaks mid-call keeps every call it made in its
 * cost, a --retry-broken rerun keeps the broken attempt's dollars in the run folder's total, and a model whose tool
 * calls are refused again and again breaks its case instead of paying until the timeout. A run folder holds one
 * model's runs at one set of settings, and a model is refused up front on a channel it cannot read.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSystem } from '../../../../checks/agents/agent-system.ts';
import { DEFAULT_CONTEXT } from '../../../../checks/agents/context-policy.ts';
import { Desk, MAX_REFUSALS_IN_A_ROW } from '../../../../checks/agents/desk.ts';
import { openaiBackend } from '../../../../checks/agents/openai-chat.ts';
import { loadPrices } from '../../../../checks/agents/prices.ts';
import { BrokenSystem, NO_TRANSCRIPT, runCase, runManyReport } from '../../../../checks/harness/index.ts';
import { makeCheckBuild, type CheckBuild } from '../../../helpers/check-fixture.ts';
import { startStandIn, type StandIn } from '../../../helpers/chat-stand-in.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

const MODEL = 'stand-in-model';
let c: SynthCase;
let b: CheckBuild;
let dir: string;
const servers: StandIn[] = [];
beforeAll(async () => {
  c = await makeCase(tempRoot());
  b = makeCheckBuild({ scripts: 2, seed: 'agent-costs' });
  dir = fixtureFolder('stbench-agent-costs-');
  writeFileSync(join(dir, 'prices.yaml'), `models:\n  ${MODEL}: { input: 1.0, output: 1.0, cache_read: 1.0 }\n`);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(c.root, { recursive: true, force: true });
  rmSync(b.root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

async function server(o: Partial<Parameters<typeof startStandIn>[0]> = {}, jpeg?: Buffer) {
  const { readFileSync } = await import('node:fs');
  const frame = jpeg ?? readFileSync(join(c.root, 'scripts', c.sid, 'sensors', 'rgb', '000010.jpg'));
  const s = await startStandIn({ api: 'openai', jpeg: frame, model: MODEL, ...o });
  servers.push(s);
  return s;
}

const backend = (s: StandIn) =>
  openaiBackend({
    model: MODEL,
    baseUrl: s.url,
    context: DEFAULT_CONTEXT,
    maxRetries: 0,
    requestTimeoutMs: 10_000,
    env: {},
    prices: loadPrices(join(dir, 'prices.yaml')),
  });

describe('the cost of a model-backed case', () => {
  it('a case that breaks mid-call keeps every call it made in its cost', async () => {
    // the model makes three calls, then stops calling tools: nudged three times, then the case breaks
    const broken = await server({ moves: (i) => (i >= 3 ? { text: 'I will stop here.' } : undefined) });
    const out = await runCase(agentSystem(backend(broken)), c.dir, { replyTimeoutMs: 20_000 });
    expect(out.status).toBe('broken');
    expect(out.reason).toMatch(/stopped before the job was over/);
    // every call the server answered is in the case's cost: the ones after the last reply too
    expect(out.cost?.calls).toBe(broken.answered);
    expect(broken.answered).toBeGreaterThan(3);
  });

  it('a model whose calls are refused again and again breaks its case', async () => {
    const desk = new Desk({ transcript: NO_TRANSCRIPT, framePath: (p) => p });
    const asked = desk.questions([{ qid: 'q0000000000000001', text: 'How far?', answer_type: 'number' }], true);
    const first = await desk.nextFrame();
    expect(first.text).toMatch(/Final questions/);
    for (let i = 0; i < MAX_REFUSALS_IN_A_ROW; i++) expect(desk.submitAnswer({ answers: [] }).isError).toBe(true);
    // the eleventh refusal in a row is one too many (an accepted call would have reset the count)
    desk.submitAnswer({ answers: [] });
    await expect(asked).rejects.toThrow(BrokenSystem);
    await expect(asked).rejects.toThrow(/refused 11 times in a row/);
  });

  it('--retry-broken keeps the broken attempt’s dollars in the run folder', async () => {
    const runDir = join(dir, 'retry');
    const bad = await startStandIn({
      api: 'openai',
      jpeg: Buffer.alloc(0),
      model: MODEL,
      moves: (i) => (i >= 2 ? { text: 'done' } : undefined),
    });
    servers.push(bad);
    const first = await runManyReport(agentSystem(backend(bad)), [c.dir], { runDir, replyTimeoutMs: 20_000 });
    expect(first.outcomes[0].status).toBe('broken');
    const spentFirst = first.usd;
    expect(spentFirst).toBeGreaterThan(0);
    const good = await server();
    const again = await runManyReport(agentSystem(backend(good)), [c.dir], {
      runDir,
      retryBroken: true,
      replyTimeoutMs: 20_000,
    });
    const o = again.outcomes[0];
    expect(o.status).toBe('ok');
    expect(o.spent_before?.usd).toBeCloseTo(spentFirst, 9);
    expect(again.usd).toBeCloseTo(spentFirst + (o.cost?.usd ?? 0), 9);
  });
});

describe('a run folder of a model', () => {
  it('holds one set of settings: a rerun with another --context is refused', async () => {
    const s = await server({}, Buffer.from('jpeg'));
    const out = join(dir, 'settings');
    const args = ['eval', `openai:${MODEL}`, '--base-url', s.url, '--data', b.root, '--out', out];
    const r1 = await runCli([...args, '--context', 'last:2']);
    expect(r1.code, r1.stderr).toBe(0);
    const r2 = await runCli([...args, '--context', 'all']);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/settings .*"context":"last:2".*not .*"context":"all"/);
  });

  it('a model on the detections channel is refused before anything runs', async () => {
    const s = await server({}, Buffer.from('jpeg'));
    const r = await runCli([
      'eval',
      `openai:${MODEL}`,
      '--base-url',
      s.url,
      '--data',
      b.root,
      '--out',
      join(dir, 'detections'),
      '--channel',
      'detections',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/runs on the rgb_pose channel, not detections/);
    expect(s.requests.length).toBe(0);
  });
});
