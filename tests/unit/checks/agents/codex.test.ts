/**
 * `codex:` against a stand-in Codex (tests/helpers/stand-ins/codex.mjs) that checks what stbench passes (exec --json,
 * the stbench MCP server as -c overrides with its tool timeout raised, the shell off, a read-only sandbox, the
 * instructions file, a fresh CODEX_HOME), starts the server with the official SDK's client and prints Codex's JSONL
 * events: the case's answers come through the two tools; turn.completed's tokens are spent (the cached input apart)
 * and priced from the prices file, never guessed (under a dollar cap an unpriced model breaks the case before Codex
 * runs); a run that ends early is resumed with the nudge; turn.failed, a crash, a command run, and a setting Codex
 * says it ignored break the case with the reason; a retry's error event alone does not. Where the real `codex` is
 * installed, it is run with the same settings against a local stand-in API that records its first request: the
 * model's tools are the two and Codex's MCP resource readers, and its instructions are stbench's system prompt.
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODEX_OFF_FEATURES,
  CODEX_OFF_SETTINGS,
  codexArgs,
  codexBackend,
  codexConfig,
  type CodexOptions,
  ignoredNeededSetting,
} from '../../../../checks/agents/codex.ts';
import { dollars, type Prices } from '../../../../checks/agents/prices.ts';
import { FIRST_MESSAGE, NUDGE_MESSAGE } from '../../../../checks/agents/tools.ts';
import { onPath } from '../../../../checks/harness/index.ts';
import { roundUsd } from '../../../../formats/cost.ts';
import {
  type BackendRun,
  eventsOf,
  expectedAnswers,
  REAL_CODEX_TOOLS,
  type RefusingApi,
  refusingResponsesApi,
  requestTools,
  runBackend,
  STAND_IN_CODEX,
} from '../../../helpers/cli-stand-ins.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

let c: SynthCase;
let home: string;
beforeAll(async () => {
  c = await makeCase(tempRoot());
  home = fixtureFolder('stbench-codex-home-'); // no ~/.codex: nothing of the user's is read
});

const PRICES: Prices = new Map([['gpt-stand-in', { input: 2, output: 8, cache_read: 0.5 }]]);

const codex = (o: Partial<CodexOptions> = {}, env: Record<string, string> = {}) =>
  codexBackend({ model: 'gpt-stand-in', local: true, executable: STAND_IN_CODEX, home, ...o, env });

const toolCalls = (r: BackendRun) => eventsOf(r.events, 'tool_call').length;
const info = (r: BackendRun) => {
  const msg = eventsOf(r.events, 'cli_event')
    .map((e) => e.event as { item?: { type?: string; text?: string } })
    .find((e) => e?.item?.type === 'agent_message' && e.item.text?.startsWith('{"stand_in"'));
  return JSON.parse(msg!.item!.text!).stand_in as { prompt: string; effort: string; instructions_sha256: string };
};

describe('codex: through a stand-in Codex', () => {
  let run: BackendRun;
  beforeAll(async () => {
    run = await runBackend(codex({ reasoning: 'medium', prices: PRICES, capped: true }), c);
  }, 60_000);

  it('answers the case through the two tools', () => {
    expect(run.out.status).toBe('ok');
    expect(Object.fromEntries(run.out.answers)).toEqual(expectedAnswers(c));
  });

  it("spends turn.completed's tokens, the cached input apart, priced from the prices file", () => {
    const calls = toolCalls(run) + 1;
    expect(calls).toBe(11);
    const used = { input_tokens: 100 * calls, output_tokens: 20 * calls, cache_read_tokens: 300 * calls };
    expect(run.out.cost).toEqual({
      ...used,
      cache_write_tokens: 0,
      calls,
      usd: roundUsd(dollars(PRICES.get('gpt-stand-in'), used)!),
    });
    expect(run.provenance).toMatchObject({
      cli: 'codex',
      cli_version: 'codex-cli 0.99.0-stand-in',
      model_requested: 'gpt-stand-in',
      reasoning: 'medium',
      priced: true,
      tools_called: ['stbench/next_frame', 'stbench/submit_answer'],
    });
  });

  it('gives the system prompt as its instructions, the reasoning, and the first message', () => {
    const i = info(run);
    expect(i.instructions_sha256).toBe(eventsOf(run.events, 'system_prompt')[0].sha256);
    expect(i.effort).toBe('medium');
    expect(i.prompt).toBe(FIRST_MESSAGE);
  });

  it('keeps the events in the transcript, frames by "[image]"', () => {
    const file = readFileSync(join(c.root, 'scripts', c.sid, 'sensors', 'rgb', '000010.jpg'));
    const text = JSON.stringify(run.events);
    expect(text).not.toContain(file.toString('base64'));
    expect(text).toContain('"data":"[image]"');
  });

  it('counts no dollars for a model the prices file does not name', async () => {
    const r = await runBackend(codex(), c);
    expect(r.out.status).toBe('ok');
    expect(r.out.cost?.usd).toBe(0);
    expect(r.out.cost?.output_tokens).toBe(20 * (toolCalls(r) + 1));
    expect(r.provenance.priced).toBe(false);
  }, 60_000);

  it('under a dollar cap, breaks the case of an unpriced model before Codex runs (no entry is a prefix guess)', async () => {
    const r = await runBackend(codex({ model: 'gpt-stand-in-mini', prices: PRICES, capped: true }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toBe(
      'codex:gpt-stand-in-mini: a dollar cap (--case-usd, --max-usd) is set and its dollars cannot be counted: the prices file has no entry for gpt-stand-in-mini',
    );
    expect(eventsOf(r.events, 'cli_input')).toEqual([]);
    expect(r.provenance.priced).toBe(false);
  });
});

describe('codex: when the model stops or fails', () => {
  it('resumes a run that ended early with the nudge', async () => {
    const r = await runBackend(codex({}, { STANDIN_STOP_EVERY: '3' }), c);
    expect(r.out.status).toBe('ok');
    expect(Object.fromEntries(r.out.answers)).toEqual(expectedAnswers(c));
    expect(eventsOf(r.events, 'cli_input').map((e) => e.text)).toEqual([FIRST_MESSAGE, NUDGE_MESSAGE, NUDGE_MESSAGE]);
    expect(info(r).prompt).toBe(FIRST_MESSAGE);
    expect(r.out.cost?.calls).toBe(toolCalls(r) + 3); // each turn ends with a call of its own
  }, 60_000);

  it('gives up after the nudges: the case is broken, not scored', async () => {
    const r = await runBackend(codex({ maxNudges: 1 }, { STANDIN_STOP_EVERY: '2' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/the model stopped before the job was over/);
  }, 60_000);

  it('breaks the case on turn.failed, with its message', async () => {
    const r = await runBackend(codex({}, { STANDIN_FAIL_AT: '3' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/codex: the model's turn failed: exceeded retry limit, last status: 529 Overloaded/);
  }, 60_000);

  it('breaks the case when the CLI dies, with its exit and stderr', async () => {
    const r = await runBackend(codex({}, { STANDIN_CRASH_AT: '2' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/codex exited with code 3; stderr ends: stand-in codex: crashed on purpose/);
  }, 60_000);

  it('refuses a run in which the model used another tool', async () => {
    const r = await runBackend(codex({}, { STANDIN_SHELL_AT: '2' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/codex: the model used a tool stbench does not give \(command_execution\)/);
  }, 60_000);

  it('refuses a run in which Codex ignored its instructions setting', async () => {
    const r = await runBackend(codex({}, { STANDIN_IGNORED: 'model_instructions_file' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/Codex ignored a setting stbench needs: .*`model_instructions_file` is ignored/);
    expect(r.out.answers.size).toBe(0);
  }, 60_000);

  it('refuses a run in which Codex ignored a feature it turns off', async () => {
    const r = await runBackend(codex({}, { STANDIN_IGNORED: 'features.shell_tool' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/Codex ignored a setting stbench needs: .*`features\.shell_tool` is ignored/);
    expect(r.out.answers.size).toBe(0);
  }, 60_000);

  it('goes on through an error event that is only a retry', async () => {
    const r = await runBackend(codex({}, { STANDIN_RECONNECT: '1' }), c);
    expect(r.out.status).toBe('ok');
  }, 60_000);
});

describe("Codex's warnings about its settings", () => {
  const said = (key: string) =>
    `Codex is ignoring 1 unrecognized configuration setting.\n  session-flags: \`${key}\` is ignored.`;

  it('name every setting stbench turns off, its instructions and its MCP server as needed', () => {
    const keys = [
      ...CODEX_OFF_FEATURES.map((f) => `features.${f}`),
      ...CODEX_OFF_SETTINGS.map((s) => s.slice(0, s.indexOf('='))),
      'model_instructions_file',
      'mcp_servers.stbench.enabled_tools',
    ];
    for (const k of keys) expect(ignoredNeededSetting(said(k)), k).toBe(k);
    // other words for it: unknown, unrecognized; a feature by its bare name
    expect(ignoredNeededSetting('unknown configuration key `tools.update_plan.enabled`')).toBe(
      'tools.update_plan.enabled',
    );
    expect(ignoredNeededSetting('Unknown feature flag in [features]: view_image')).toBe('features.view_image');
  });

  it("leave a setting of the user's, a key that only begins like one, and other errors alone", () => {
    expect(ignoredNeededSetting(said('disable_response_storage'))).toBeNull();
    expect(ignoredNeededSetting(said('web_search_request'))).toBeNull();
    expect(ignoredNeededSetting(said('features.shell_tool_extra'))).toBeNull();
    expect(ignoredNeededSetting('`features.shell_tool` is deprecated')).toBeNull();
    expect(ignoredNeededSetting('Reconnecting... 1/5 (stream disconnected)')).toBeNull();
  });
});

describe('the login under --local', () => {
  const LOGIN = '{"tokens":{"refresh_token":"the-users-own"}}';
  const localHome = () => {
    const h = fixtureFolder('stbench-codex-login-');
    mkdirSync(join(h, '.codex'));
    writeFileSync(join(h, '.codex', 'auth.json'), LOGIN, { mode: 0o600 });
    return h;
  };

  it('is a copy, and a login the CLI refreshed goes back to the user whole', async () => {
    const h = localHome();
    const r = await runBackend(codex({ home: h }, { STANDIN_LOGIN: 'rename' }), c);
    expect(r.out.status).toBe('ok');
    const file = join(h, '.codex', 'auth.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ tokens: { refresh_token: 'refreshed-by-the-stand-in' } });
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('is never cut short by a CLI that tore its copy', async () => {
    const h = localHome();
    const r = await runBackend(codex({ home: h }, { STANDIN_LOGIN: 'torn' }), c);
    expect(r.out.status).toBe('ok');
    expect(readFileSync(join(h, '.codex', 'auth.json'), 'utf8')).toBe(LOGIN);
  }, 60_000);
});

describe('the settings stbench passes', () => {
  const config = codexConfig({ node: '/usr/bin/node', socket: '/s/mcp.sock', instructions: '/s/i.md' });
  const args = codexArgs({ model: 'm', config, prompt: FIRST_MESSAGE });

  it('name the relay, raise its timeout, turn the shell off and resume by thread', () => {
    expect(args.slice(0, 3)).toEqual(['exec', '--json', '--skip-git-repo-check']);
    expect(config).toContain('features.shell_tool=false');
    expect(config).toContain('mcp_servers.stbench.env={STBENCH_MCP_SOCKET="/s/mcp.sock"}');
    expect(config.find((s) => s.startsWith('mcp_servers.stbench.tool_timeout_sec='))).toMatch(/=\d{3,}$/);
    expect(config).not.toContain(expect.stringMatching(/^model_reasoning_effort/));
    const resume = codexArgs({ model: 'm', config, prompt: NUDGE_MESSAGE, resume: 'T1' });
    expect(resume.slice(0, 3)).toEqual(['exec', 'resume', '--json']);
    expect(resume.slice(-2)).toEqual(['T1', NUDGE_MESSAGE]);
  });

  it('are each required by the stand-in, which refuses a run without one', () => {
    const env = { ...process.env, CODEX_HOME: fixtureFolder('stbench-codex-h-') };
    for (const [drop, said] of [
      ['features.shell_tool=false', 'features.shell_tool=false'],
      [config.find((s) => s.startsWith('mcp_servers.stbench.tool_timeout_sec'))!, 'tool_timeout_sec'],
      ['sandbox_mode="read-only"', 'sandbox_mode'],
    ]) {
      const a = [...args];
      a.splice(a.indexOf(drop) - 1, 2);
      const r = spawnSync(process.execPath, [STAND_IN_CODEX, ...a], { encoding: 'utf8', env });
      expect(r.status, drop).toBe(2);
      expect(r.stderr).toContain(said);
    }
  });
});

const real = onPath('codex');
if (!real) console.warn('the real codex test skipped: codex is not on PATH (install @openai/codex to run it)');

describe.skipIf(!real)('the real Codex', () => {
  let api: RefusingApi;
  beforeAll(async () => {
    api = await refusingResponsesApi();
  });
  afterAll(() => api.close());

  it('accepts the settings; the model gets the two tools and the system prompt, nothing more', async () => {
    const r = await runBackend(
      codex({ executable: real!, config: api.provider, maxNudges: 0 }, { STANDIN_KEY: 'not-a-key' }),
      c,
    );
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/stand-in API: no model here/);
    const first = api.first();
    expect(first).not.toBeNull();
    expect(requestTools(first!)).toEqual(REAL_CODEX_TOOLS);
    const input = first!.input as { role: string; content: { text: string }[] }[];
    const prompt = eventsOf(r.events, 'system_prompt')[0].text;
    expect(input[0].content[0].text).toBe(prompt);
    expect(input.map((m) => m.role)).toEqual(['developer', 'user']);
    expect(input[1].content[0].text).toBe(FIRST_MESSAGE);
  }, 120_000);
});
