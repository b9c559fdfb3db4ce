/**
 * `claude:` against a stand-in Claude Code (tests/helpers/stand-ins/claude.mjs) that checks the flags stbench passes,
 * starts the MCP server of its config with the official SDK's client as the real CLI does, and speaks stream-json:
 * the case's answers come through the two tools; tokens (once per message id) and Claude Code's own dollars (the
 * increase of its running total) are spent exactly; the transcript keeps the stream without images; a model that
 * stops early is nudged, and given up on after the nudges; an error result (API status 529), a crash and a tool list
 * other than the two break the case with the reason. A case that ends mid-turn keeps the turn's dollars (stdin is
 * closed and its result line awaited before the CLI is stopped); Claude Code's own budget (--max-budget-usd, from
 * --case-usd) breaks the case naming --case-usd; the tokens of a CLI that died without a result line are priced from
 * --prices where it has an entry. Where the real `claude` is installed, it is run with the same flags and must list
 * exactly the two tools (its init line needs no login).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLAUDE_TOOLS,
  claudeArgs,
  claudeCodeBackend,
  type ClaudeCodeOptions,
  relayMcpConfig,
} from '../../../../checks/agents/claude-code.ts';
import { Desk } from '../../../../checks/agents/desk.ts';
import { serveDesk } from '../../../../checks/agents/mcp-server.ts';
import { dollars, type Prices } from '../../../../checks/agents/prices.ts';
import { FIRST_MESSAGE, NUDGE_MESSAGE } from '../../../../checks/agents/tools.ts';
import { NO_TRANSCRIPT, onPath, type TranscriptEvent } from '../../../../checks/harness/index.ts';
import { addCost, roundUsd, zeroCost } from '../../../../formats/cost.ts';
import {
  type BackendRun,
  eventsOf,
  expectedAnswers,
  runBackend,
  STAND_IN_CLAUDE,
  usageSum,
} from '../../../helpers/cli-stand-ins.ts';
import { fixtureFolder } from '../../../helpers/fixture-folders.ts';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

let c: SynthCase;
beforeAll(async () => {
  c = await makeCase(tempRoot());
});

const claude = (o: Partial<ClaudeCodeOptions> = {}, env: Record<string, string> = {}) =>
  claudeCodeBackend({ model: 'haiku', local: true, executable: STAND_IN_CLAUDE, ...o, env });

/** Model calls the stand-in made: one per tool call, one per turn's end. */
const toolCalls = (r: BackendRun) => eventsOf(r.events, 'tool_call').length;

describe('claude: through a stand-in Claude Code', () => {
  let run: BackendRun;
  beforeAll(async () => {
    run = await runBackend(claude({ reasoning: 'high' }), c);
  }, 60_000);

  it('answers the case through the two tools', () => {
    expect(run.out.status).toBe('ok');
    expect(Object.fromEntries(run.out.answers)).toEqual(expectedAnswers(c));
  });

  it('spends each message once and Claude Code dollars as reported', () => {
    // one model call per tool call and one that ends the turn; each message's usage comes on two lines
    const calls = toolCalls(run) + 1;
    expect(calls).toBe(11);
    expect(run.out.cost).toEqual({
      input_tokens: 100 * calls,
      output_tokens: 20 * calls,
      cache_read_tokens: 300 * calls,
      cache_write_tokens: 40 * calls,
      calls,
      usd: roundUsd(calls * 0.00125),
    });
    expect(roundUsd(usageSum(run.events).usd)).toBe(roundUsd(calls * 0.00125));
  });

  it('passes the system prompt, the reasoning and the first message, and records what it saw', () => {
    const init = eventsOf(run.events, 'cli_event').find((e) => (e.event as { subtype?: string })?.subtype === 'init')!
      .event as { tools: string[]; stand_in: { effort: string; system_prompt_sha256: string } };
    expect(init.tools.sort()).toEqual([...CLAUDE_TOOLS].sort());
    expect(init.stand_in.effort).toBe('high');
    expect(init.stand_in.system_prompt_sha256).toBe(eventsOf(run.events, 'system_prompt')[0].sha256);
    expect(eventsOf(run.events, 'cli_input').map((e) => e.text)).toEqual([FIRST_MESSAGE]);
    expect(run.provenance).toMatchObject({
      cli: 'claude-code',
      cli_version: '2.0.99 (Claude Code stand-in)',
      model_requested: 'haiku',
      models_reported: ['claude-haiku-standin'],
      reasoning: 'high',
      tools: expect.arrayContaining(CLAUDE_TOOLS),
    });
  });

  it('keeps the stream in the transcript, frames by "[image]", never inlined', () => {
    const file = readFileSync(join(c.root, 'scripts', c.sid, 'sensors', 'rgb', '000010.jpg'));
    const text = JSON.stringify(run.events);
    expect(text).not.toContain(file.toString('base64'));
    expect(text).toContain('"data":"[image]"');
    expect(eventsOf(run.events, 'cli_event').some((e) => (e.event as { type?: string })?.type === 'result')).toBe(true);
  });
});

describe('claude: when the model stops or fails', () => {
  it('nudges a model that stopped early, and the case goes on', async () => {
    const r = await runBackend(claude({}, { STANDIN_STOP_EVERY: '3' }), c);
    expect(r.out.status).toBe('ok');
    expect(Object.fromEntries(r.out.answers)).toEqual(expectedAnswers(c));
    const inputs = eventsOf(r.events, 'cli_input');
    expect(inputs.map((e) => e.text)).toEqual([FIRST_MESSAGE, NUDGE_MESSAGE, NUDGE_MESSAGE]);
    // each stop is a model call of its own
    expect(r.out.cost?.calls).toBe(toolCalls(r) + 1 + 2);
    expect(r.out.cost?.usd).toBe(roundUsd((toolCalls(r) + 3) * 0.00125));
  }, 60_000);

  it('gives up after the nudges: the case is broken, not scored', async () => {
    const r = await runBackend(claude({ maxNudges: 1 }, { STANDIN_STOP_EVERY: '2' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/the model stopped before the job was over/);
    expect(eventsOf(r.events, 'cli_input')).toHaveLength(2);
  }, 60_000);

  it('breaks the case on an error result, with its reason and API status', async () => {
    const r = await runBackend(claude({}, { STANDIN_FAIL_AT: '3' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/claude: the model's turn failed: API Error: 529 Overloaded \(API status 529/);
  }, 60_000);

  it('breaks the case when the CLI dies, with its exit and stderr', async () => {
    const r = await runBackend(claude({}, { STANDIN_CRASH_AT: '2' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/claude exited with code 3; stderr ends: stand-in claude: crashed on purpose/);
  }, 60_000);

  it('prices the tokens of a CLI that died before its result line from --prices, marked as priced by stbench', async () => {
    const prices: Prices = new Map([
      ['claude-haiku-standin', { input: 1, output: 5, cache_read: 0.1, cache_write: 1.25 }],
    ]);
    const r = await runBackend(claude({ prices }, { STANDIN_CRASH_AT: '2' }), c);
    expect(r.out.status).toBe('broken');
    const calls = toolCalls(r);
    const tokens = {
      input_tokens: 100 * calls,
      output_tokens: 20 * calls,
      cache_read_tokens: 300 * calls,
      cache_write_tokens: 40 * calls,
    };
    const usd = roundUsd(dollars(prices.get('claude-haiku-standin'), tokens)!);
    expect(usd).toBeGreaterThan(0);
    expect(r.out.cost).toEqual({ ...tokens, calls, usd });
    expect(eventsOf(r.events, 'usage').filter((e) => e.priced_by === 'stbench')).toEqual([
      expect.objectContaining({ usd }),
    ]);
    // no entry: the tokens are spent without dollars
    const unpriced = await runBackend(claude({}, { STANDIN_CRASH_AT: '2' }), c);
    expect(unpriced.out.cost).toMatchObject({ ...tokens, usd: 0 });
  }, 60_000);

  it('breaks the case when Claude Code reaches its own budget (--max-budget-usd, from --case-usd)', async () => {
    const r = await runBackend(claude({ maxBudgetUsd: 0.005 }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/--case-usd/);
    expect(r.out.reason).toMatch(/--max-budget-usd 0\.005/);
    expect(r.out.cost?.usd).toBe(0.005);
  }, 60_000);

  it('stopped mid-turn, closes stdin and waits for the result line: the turn keeps its dollars', async () => {
    const events: TranscriptEvent[] = [];
    let pulled!: () => void;
    const waiting = new Promise<void>((r) => (pulled = r));
    const transcript = {
      file: null,
      write(e: TranscriptEvent) {
        events.push(e);
        if (e.kind === 'tool_call') pulled();
      },
    };
    const desk = new Desk({ transcript, framePath: (p) => p });
    const abort = new AbortController();
    let spent = zeroCost();
    const run = claude().start({
      cid: 'c',
      desk,
      systemPrompt: 'You are a test.',
      transcript,
      spend: (x) => (spent = addCost(spent, x)),
      signal: abort.signal,
    });
    await waiting; // the model waits in next_frame: a turn in flight, its dollars not yet reported
    // the case ends as a session's close ends it: the desk closed, then the backend stopped
    desk.close();
    abort.abort();
    await run.stop();
    await run.done;
    // its call, and the one that ended the turn once next_frame said the job is over
    expect(spent.usd).toBe(roundUsd(2 * 0.00125));
    expect(spent.calls).toBe(2);
    expect(eventsOf(events, 'cli_event').some((e) => (e.event as { type?: string })?.type === 'result')).toBe(true);
  }, 60_000);

  it('refuses a run whose tools are not exactly the two', async () => {
    const r = await runBackend(claude({}, { STANDIN_EXTRA_TOOLS: 'Bash' }), c);
    expect(r.out.status).toBe('broken');
    expect(r.out.reason).toMatch(/its tools must be exactly .*: Bash must not be there/);
    expect(r.out.answers.size).toBe(0);
  }, 60_000);
});

describe('the flags stbench passes', () => {
  const args = claudeArgs({ model: 'haiku', mcpConfig: '/nonexistent.json', systemPrompt: 'p' });

  it('keep the built-in tools off, the MCP config strict and the two tools allowed', () => {
    const at = (f: string) => args[args.indexOf(f) + 1];
    expect(at('--tools')).toBe('');
    expect(args).toContain('--strict-mcp-config');
    expect(at('--allowedTools')).toBe(CLAUDE_TOOLS.join(','));
    expect(at('--permission-mode')).toBe('dontAsk');
    expect(args).not.toContain('--effort');
    const high = claudeArgs({ model: 'opus', reasoning: 'low', mcpConfig: 'x', systemPrompt: 'p' });
    expect(high.slice(-2)).toEqual(['--effort', 'low']);
    expect(args).not.toContain('--max-budget-usd');
    const capped = claudeArgs({ model: 'opus', mcpConfig: 'x', systemPrompt: 'p', maxBudgetUsd: 2.5 });
    expect(capped[capped.indexOf('--max-budget-usd') + 1]).toBe('2.5');
  });

  it('are each required by the stand-in, which refuses a run without one', () => {
    const drop = (flag: string, n: number) => {
      const a = [...args];
      a.splice(a.indexOf(flag), n);
      return spawnSync(process.execPath, [STAND_IN_CLAUDE, ...a], {
        encoding: 'utf8',
        env: { ...process.env, CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1' },
      });
    };
    for (const [flag, n, said] of [
      ['--tools', 2, '--tools ""'],
      ['--strict-mcp-config', 1, '--strict-mcp-config'],
      ['--allowedTools', 2, '--allowedTools'],
      ['--verbose', 1, '--verbose'],
    ] as const) {
      const r = drop(flag, n);
      expect(r.status, flag).toBe(2);
      expect(r.stderr).toContain(`missing ${said}`);
    }
  });
});

const real = onPath('claude');
if (!real)
  console.warn('the real claude test skipped: claude is not on PATH (install @anthropic-ai/claude-code to run it)');

describe.skipIf(!real)('the real Claude Code', () => {
  it('accepts the flags and lists exactly the two tools (no login needed)', async () => {
    const desk = new Desk({ transcript: NO_TRANSCRIPT, framePath: (p) => p });
    const ep = await serveDesk(desk, 'test');
    try {
      const mcpConfig = join(ep.dir, 'mcp.json');
      writeFileSync(mcpConfig, JSON.stringify(relayMcpConfig(ep.socket)));
      // a fresh home and no model keys: nothing can reach a paid model
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: fixtureFolder('stbench-claude-home-') };
      for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN', 'CLAUDE_CONFIG_DIR'])
        delete env[k];
      const child = spawn(real!, claudeArgs({ model: 'haiku', mcpConfig, systemPrompt: 'You are a test.' }), {
        env: { ...env, CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
        cwd: ep.dir,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.stdin.write(
        `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' }, parent_tool_use_id: null, session_id: 'default' })}\n`,
      );
      let init: { tools?: string[] } | undefined;
      for await (const line of createInterface({ input: child.stdout })) {
        const ev = JSON.parse(line);
        if (ev.type === 'system' && ev.subtype === 'init') {
          init = ev;
          break;
        }
      }
      child.stdin.end();
      child.kill('SIGKILL');
      expect(init, stderr).toBeDefined();
      expect([...(init!.tools ?? [])].sort()).toEqual([...CLAUDE_TOOLS].sort());
    } finally {
      await ep.close();
    }
  }, 120_000);
});
