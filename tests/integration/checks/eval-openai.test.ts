/**
 * A whole paid run as a user makes it, with the real `openai` client against a stand-in chat-completions server of
 * the test's own: `eval openai:<model> --dry-run`, then the run with two workers and a prices file, then `eval
 * compare` against the floor and `view RUN`. The results say how the model ran (harness_loop), what it cost
 * (tokens, cache reads, calls, dollars at the given price), where the numbers come from (provenance with the model
 * id the API reported), and the view shows each case's transcript.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PROTOCOL_VERSION } from '../../../checks/agents/tools.ts';
import { makeCheckBuild, type CheckBuild } from '../../helpers/check-fixture.ts';
import { REPORTED_MODEL, startStandIn, type StandIn, USAGE } from '../../helpers/chat-stand-in.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { fixtureFolder } from '../../helpers/fixture-folders.ts';

let b: CheckBuild;
let dir: string;
let server: StandIn;
beforeAll(async () => {
  b = makeCheckBuild({ scripts: 3, seed: 'eval-openai' });
  dir = fixtureFolder('stbench-eval-openai-');
  server = await startStandIn({ api: 'openai', jpeg: Buffer.from('jpeg'), model: 'stand-in-model' });
  writeFileSync(join(dir, 'prices.yaml'), 'models:\n  stand-in-model: { input: 2.0, output: 8.0, cache_read: 0.5 }\n');
});
afterAll(async () => {
  await server.close();
  rmSync(b.root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

const json = (f: string) => JSON.parse(readFileSync(f, 'utf8'));

describe('eval openai:<model> end to end', () => {
  it('--dry-run estimates and sends nothing', async () => {
    const r = await runCli(['eval', 'openai:stand-in-model', '--base-url', server.url, '--data', b.root, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('| **all** |');
    expect(server.requests.length).toBe(0);
  });

  it('runs every case through the two tools, priced, and records how', async () => {
    const out = join(dir, 'run');
    const r = await runCli([
      'eval',
      'openai:stand-in-model',
      '--base-url',
      server.url,
      '--data',
      b.root,
      '--out',
      out,
      '--workers',
      '2',
      '--prices',
      join(dir, 'prices.yaml'),
      '--max-usd',
      '100',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(server.problems).toEqual([]);
    const res = json(join(out, 'results.json'));
    expect(res).toMatchObject({
      system: 'openai:stand-in-model',
      sandbox: 'harness_loop',
      cases_scored: 3,
      broken: [],
    });
    // every request answered, each one model call with the stand-in's usage
    const calls = server.answered;
    const u = USAGE.openai;
    expect(res.cost).toMatchObject({
      calls,
      input_tokens: calls * (u.prompt_tokens - u.prompt_tokens_details.cached_tokens),
      cache_read_tokens: calls * u.prompt_tokens_details.cached_tokens,
      output_tokens: calls * u.completion_tokens,
      cases_reporting: 3,
    });
    // priced by the id the API reported (stand-in-model-2026-01-01 is the entry's id with a date suffix)
    const perCall = (400 * 2 + 20 * 8 + 600 * 0.5) / 1e6;
    expect(res.cost.usd).toBeCloseTo(calls * perCall, 9);
    expect(res.provenance).toMatchObject({
      scoring_version: expect.any(String),
      system: {
        agent_protocol: AGENT_PROTOCOL_VERSION,
        agent_protocol_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        models_reported: [REPORTED_MODEL],
        context: 'all',
      },
    });
    expect(readdirSync(join(out, 'transcripts')).sort()).toEqual(b.cids.map((c) => `${c}.jsonl`).sort());
    const md = readFileSync(join(out, 'results.md'), 'utf8');
    expect(md).toMatch(/Cost: \d+ input tokens, \d+ output tokens, \d+ cache-read tokens, \d+ model calls, \$/);
    expect(md).toContain('Sandbox: harness_loop');
  });

  it('compares against the floor and shows the transcripts in the view', async () => {
    const floor = join(dir, 'floor');
    expect((await runCli(['eval', 'all_unknown', '--data', b.root, '--out', floor])).code).toBe(0);
    const c = await runCli(['eval', 'compare', floor, join(dir, 'run')]);
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/apartment_a/);
    const v = await runCli(['view', join(dir, 'run')]);
    expect(v.code, v.stderr).toBe(0);
    const page = readdirSync(join(dir, 'run', 'view'), { recursive: true }).find(
      (f) => String(f).includes(b.cids[0]) && String(f).endsWith('.html'),
    );
    expect(page).toBeDefined();
    const html = readFileSync(join(dir, 'run', 'view', String(page)), 'utf8');
    expect(html).toContain('next_frame');
    expect(html).toContain('submit_answer');
    expect(existsSync(join(dir, 'run', 'view', 'index.html'))).toBe(true);
  });
});
