/**
 * `stbench eval` and the model forms, up to where a model would start: each setting is refused where the form does
 * not take it (exit 2, naming the flag), a dollar cap on an unpriced model is refused, --dry-run prints the cases
 * and an estimate and writes nothing; and every eval now keeps a transcript per case and records where its numbers
 * come from (results.json provenance).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCase, imageTokens } from '../../../../checks/agents/estimate.ts';
import { parseModelSpec } from '../../../../checks/agents/model-spec.ts';
import { loadCase, readTranscript, transcriptPath } from '../../../../checks/harness/index.ts';
import { SCORING_VERSION } from '../../../../checks/score/index.ts';
import { makeCheckBuild, type CheckBuild } from '../../../helpers/check-fixture.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';

let b: CheckBuild;
let dir: string;
beforeAll(() => {
  b = makeCheckBuild({ scripts: 2, seed: 'model-forms' });
  dir = fixtureFolder('stbench-model-forms-');
});
afterAll(() => {
  rmSync(b.root, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

const evalArgs = (system: string, ...rest: string[]) => [
  'eval',
  system,
  '--data',
  b.root,
  '--out',
  join(dir, 'never'),
  ...rest,
];

describe('the model forms on the command line', () => {
  it('parses the four forms and leaves the others alone', () => {
    expect(parseModelSpec('claude:sonnet')).toEqual({ form: 'claude', model: 'sonnet' });
    expect(parseModelSpec('openai:qwen2.5-vl:7b')).toEqual({ form: 'openai', model: 'qwen2.5-vl:7b' });
    expect(parseModelSpec('cmd:python3 x.py')).toBeNull();
    expect(parseModelSpec('agent.py:Agent')).toBeNull();
    expect(parseModelSpec('all_unknown')).toBeNull();
  });

  it.each([
    [['claude:'], /claude: needs a model/],
    [['openai:bad model'], /is not a model id/],
    [['claude:sonnet', '--context', 'last:3'], /--context applies to the API loop .*Claude Code/],
    [['codex:gpt-5', '--base-url', 'http://localhost:1/v1'], /--base-url applies to openai: and anthropic:/],
    [['openai:m', '--base-url', 'ftp://x'], /--base-url must be an http or https URL/],
    [['openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--context', 'last:0'], /--context takes all or last:N/],
    [['openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--reasoning', 'max'], /--reasoning takes low, medium, high/],
    [['openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--local'], /drop --local/],
    [['openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--code', '.'], /--code names the code folder of a cmd:/],
    [['all_unknown', '--reasoning', 'low'], /--reasoning applies to a model/],
    [
      ['openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--max-usd', '5'],
      /needs the dollars of openai:m: give --prices/,
    ],
  ])('%j is refused with exit 2', async (args, message) => {
    const [system, ...rest] = args as string[];
    const r = await runCli(evalArgs(system, ...rest));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('a prices file with a bad field is refused naming its file, line and field', async () => {
    const file = join(dir, 'bad-prices.yaml');
    writeFileSync(file, 'models:\n  m:\n    input: 1\n    output: -2\n');
    const r = await runCli(evalArgs('openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--prices', file));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:4`);
    expect(r.stderr).toMatch(/models\.m\.output/);
  });
});

describe('--dry-run', () => {
  it('prints every selected case with its frames and an estimate, priced from --prices, and writes nothing', async () => {
    const prices = join(dir, 'prices.yaml');
    writeFileSync(prices, 'models:\n  test-model: { input: 1.0, output: 4.0 }\n');
    const r = await runCli([
      'eval',
      'openai:test-model',
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--data',
      b.root,
      '--prices',
      prices,
      '--context',
      'last:2',
      '--dry-run',
    ]);
    expect(r.code, r.stderr).toBe(0);
    for (const cid of b.cids) expect(r.stdout).toContain(`| ${cid} |`);
    expect(r.stdout).toMatch(/\| \*\*all\*\* \|/);
    expect(r.stdout).toMatch(/\$\d+\.\d\d/);
    expect(r.stdout).toContain('Nothing was run.');
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('estimates grow with the frames kept: all sends more than last:2, and calls follow the asks', () => {
    const lc = loadCase(join(b.root, 'private', b.cids[0]));
    const all = estimateCase(lc, 'openai', 3000, { kind: 'all' }, undefined);
    const last = estimateCase(lc, 'openai', 3000, { kind: 'last', n: 2 }, undefined);
    expect(all.input_tokens).toBeGreaterThan(last.input_tokens);
    expect(all.calls).toBe(lc.case.frames.length + lc.case.asks.length + (lc.case.end_qids.length ? 2 : 0) + 1);
    expect(all.usd).toBeNull();
    // the vendors' image rules: 640x480 is 410 tokens at Anthropic, 2 tiles of 512 (425) at OpenAI (never scaled up)
    expect(imageTokens('anthropic', 640, 480)).toBe(410);
    expect(imageTokens('openai', 640, 480)).toBe(425);
    expect(imageTokens('openai', 1024, 1024)).toBe(765); // scaled to 768 on the short side: 4 tiles
  });
});

describe('every eval keeps transcripts and records its provenance', () => {
  it('a scripted run: a transcript per case with every message, and results.json provenance', async () => {
    const out = join(dir, 'run-unknown');
    const r = await runCli(['eval', 'all_unknown', '--data', b.root, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const res = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(res.provenance).toMatchObject({
      stbench_version: expect.any(String),
      scoring_version: SCORING_VERSION,
      protocol_version: expect.stringMatching(/^stbench-stream\//),
      prompt_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [attempt] = readTranscript(transcriptPath(out, b.cids[0]));
    expect(attempt[0]).toMatchObject({ kind: 'attempt', attempt: 1, cid: b.cids[0], system: 'all_unknown' });
    const observed = attempt.filter((e) => e.kind === 'message' && (e.message as { type: string }).type === 'observe');
    const lc = loadCase(join(b.root, 'private', b.cids[0]));
    expect(observed.length).toBe(lc.case.frames.length);
    // frames by their path inside the data folder, never a staged or absolute path
    expect((observed[0].message as { step: { rgb: string } }).step.rgb).toBe(lc.case.frames[0].rgb);
    expect(attempt.at(-1)).toMatchObject({ kind: 'outcome', status: 'ok' });
  });
});
