/**
 * `claude:<model>`: Claude Code headless, the reference agent. Per case it serves the desk's MCP server on a socket
 * (mcp-server.ts serveDesk), writes an MCP config naming one server, `stbench`, the relay (`node -e RELAY_SCRIPT`),
 * and runs
 *
 *   claude -p --output-format stream-json --verbose --input-format stream-json --model M
 *     --tools "" --strict-mcp-config --mcp-config CONFIG
 *     --allowedTools mcp__stbench__next_frame,mcp__stbench__submit_answer --permission-mode dontAsk
 *     --setting-sources "" --disable-slash-commands --no-session-persistence --system-prompt PROMPT [--effort R]
 *     [--max-budget-usd X]
 *
 * `--tools ""` turns every built-in tool off, `--strict-mcp-config` with the run's own `--mcp-config` leaves no MCP
 * server but stbench's (not the user's, not a project's), `--allowedTools` lets the two run without a prompt and
 * `--permission-mode dontAsk` denies, without asking, anything not allowed. `--setting-sources ""` reads none of
 * the user's or a project's settings (their hooks, permissions, model or environment), `--disable-slash-commands`
 * loads no skill or command, `--no-session-persistence` writes no session to disk, and CLAUDE_CODE_DISABLE_CLAUDE_MDS
 * and CLAUDE_CODE_DISABLE_AUTO_MEMORY keep CLAUDE.md files and the memory folder out of its context: the model's
 * memory is the conversation. The init line lists the tools the model has; a run whose list is not exactly the two
 * is refused (the case broken, naming them).
 *
 * The first user message (tools.ts FIRST_MESSAGE) goes as a stream-json line on stdin. Each assistant line is kept
 * in the transcript (`cli_event`), and its usage spent once per message id (a message's content blocks come as
 * lines of their own, each with the message's usage); each model call is one message. A `result` line ends a turn:
 * its total_cost_usd is the session's running total (Claude Code's own figure, at API prices), and the increase is
 * spent; an error result (is_error, or a subtype error_*) fails the case with its reason and API status. With
 * `maxBudgetUsd` (the run's --case-usd) the CLI gets --max-budget-usd, its own cap on the session's dollars: its
 * error_max_budget_usd result breaks the case with a reason naming --case-usd. A turn that ends before the job is
 * over gets NUDGE_MESSAGE as another user line, at most `maxNudges` times; then the backend gives up (the case is
 * broken: the model stopped).
 *
 * Claude Code reports its dollars only on result lines, so none is lost at the end: once the job is over (next_frame
 * said so), stdin is closed, and the CLI ends its turn, writes its result and exits. A case stopped while a turn is in
 * flight (ended early by the harness) closes stdin too, and the CLI is given up to AGENT_FINISH_GRACE_MS to write
 * the turn's result (the desk, closed, tells the model the job is over) before it is killed; whatever it reports
 * meanwhile is spent. Tokens that no result line priced (a CLI that died, or was killed, mid-turn) are priced from
 * `prices` by the message's model where it has an entry, spent and marked in the transcript as priced by stbench
 * (`priced_by`); else they are spent without dollars.
 *
 * In the verified mode it runs in the sandbox with the network (cli-process.ts), its private home holding only its
 * login: ~/.claude/.credentials.json read-only and a copy of ~/.claude.json (the CLI rewrites it); with --local, a
 * plain process with the user's home.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_VERSION } from '../../foundation/index.ts';
import { type CostReport, formatUsd, roundUsd } from '../../formats/cost.ts';
import { type CliLogin, onPath } from '../harness/sandbox.ts';
import { AGENT_FINISH_GRACE_MS, type AgentBackend, type AgentContext, type AgentRun } from './agent-system.ts';
import {
  type CliBackendOptions,
  cliBackendSetup,
  cliEvent,
  exitWords,
  runCli,
  type CliHost,
  type CliRun,
} from './cli-process.ts';
import { RELAY_SCRIPT, RELAY_SOCKET_VAR, serveDesk, type DeskEndpoint } from './mcp-server.ts';
import type { Reasoning } from './model-spec.ts';
import { dollars, priceOfCall, type Prices } from './prices.ts';
import { FIRST_MESSAGE, MCP_SERVER_NAME, NEXT_FRAME, NUDGE_MESSAGE, SUBMIT_ANSWER } from './tools.ts';

/** The two tools as Claude Code names them. */
export const CLAUDE_TOOLS = [NEXT_FRAME, SUBMIT_ANSWER].map((t) => `mcp__${MCP_SERVER_NAME}__${t}`);

/** The variables every Claude Code run gets: no CLAUDE.md, no memory folder. */
export const CLAUDE_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1',
  CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1',
};

export const DEFAULT_MAX_NUDGES = 3;

export interface ClaudeCodeOptions extends CliBackendOptions {
  /** an alias Claude Code knows (haiku, sonnet, opus) or a full model id, passed to --model as given */
  model: string;
  /** prices the tokens no result line reported the dollars of (Claude Code reports its own on result lines) */
  prices?: Prices;
  /** Claude Code's own cap on a case's dollars (--max-budget-usd): the run's --case-usd */
  maxBudgetUsd?: number;
}

/** The arguments stbench runs Claude Code with (the MCP config's file, the system prompt). */
export function claudeArgs(o: {
  model: string;
  reasoning?: Reasoning;
  mcpConfig: string;
  systemPrompt: string;
  maxBudgetUsd?: number;
}): string[] {
  return [
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--input-format',
    'stream-json',
    '--model',
    o.model,
    '--tools',
    '',
    '--strict-mcp-config',
    '--mcp-config',
    o.mcpConfig,
    '--allowedTools',
    CLAUDE_TOOLS.join(','),
    '--permission-mode',
    'dontAsk',
    '--setting-sources',
    '',
    '--disable-slash-commands',
    '--no-session-persistence',
    '--system-prompt',
    o.systemPrompt,
    ...(o.reasoning ? ['--effort', o.reasoning] : []),
    ...(o.maxBudgetUsd !== undefined ? ['--max-budget-usd', String(o.maxBudgetUsd)] : []),
  ];
}

/** The MCP config naming the relay to the case's socket as the one server, `stbench`. */
export function relayMcpConfig(socket: string): { mcpServers: Record<string, unknown> } {
  return {
    mcpServers: {
      [MCP_SERVER_NAME]: {
        type: 'stdio',
        command: onPath('node') ?? process.execPath,
        args: ['-e', RELAY_SCRIPT],
        env: { [RELAY_SOCKET_VAR]: socket },
      },
    },
  };
}

/** The login Claude Code needs in its private home: its credentials (read-only) and a copy of its settings file. */
export function claudeLogins(home: string, env: NodeJS.ProcessEnv = process.env): CliLogin[] {
  const dir = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  return [
    { from: join(dir, '.credentials.json'), to: join(home, '.claude', '.credentials.json') },
    {
      from: env.CLAUDE_CONFIG_DIR ? join(env.CLAUDE_CONFIG_DIR, '.claude.json') : join(home, '.claude.json'),
      to: join(home, '.claude.json'),
      copy: true,
    },
  ];
}

/** The variables that log Claude Code in without its credentials file (no token to refresh). */
export const CLAUDE_KEY_VARS = ['ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN'];

export const CLAUDE_INSTALL_HINT =
  'claude: runs Claude Code: install it (npm install -g @anthropic-ai/claude-code) and log in (claude, then /login; or set ANTHROPIC_API_KEY)';

export function claudeCodeBackend(opts: ClaudeCodeOptions): AgentBackend {
  const { name, host, version, mode } = cliBackendSetup(opts, {
    cli: 'claude',
    installHint: CLAUDE_INSTALL_HINT,
    loginFile: (home) => claudeLogins(home)[0].from,
    keyVars: CLAUDE_KEY_VARS,
    problem:
      opts.maxBudgetUsd !== undefined && !(Number.isFinite(opts.maxBudgetUsd) && opts.maxBudgetUsd > 0)
        ? `maxBudgetUsd must be a positive amount, not ${opts.maxBudgetUsd}`
        : null,
  });
  const reported = new Set<string>();
  let toolsSeen: string[] | null = null;
  return {
    name,
    mode,
    provenance: () => ({
      cli: 'claude-code',
      cli_version: version,
      model_requested: opts.model,
      models_reported: [...reported].sort(),
      reasoning: opts.reasoning ?? null,
      tools: toolsSeen,
    }),
    start(ctx) {
      return startClaude(
        ctx,
        opts,
        host,
        (m) => reported.add(m),
        (t) => (toolsSeen = t),
      );
    },
  };
}

interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

const TOKEN_MAP = [
  ['input_tokens', 'input_tokens'],
  ['output_tokens', 'output_tokens'],
  ['cache_read_input_tokens', 'cache_read_tokens'],
  ['cache_creation_input_tokens', 'cache_write_tokens'],
] as const;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

function startClaude(
  ctx: AgentContext,
  opts: ClaudeCodeOptions,
  host: CliHost,
  onModel: (m: string) => void,
  onTools: (t: string[]) => void,
): AgentRun {
  const maxNudges = opts.maxNudges ?? DEFAULT_MAX_NUDGES;
  let ep: DeskEndpoint | null = null;
  let cli: CliRun | null = null;
  let stopped = false;
  let killed = false;
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  let settled = false;
  const finish = (err?: string) => {
    if (settled) return;
    settled = true;
    if (err && !stopped && !ctx.desk.isOver) settle.reject(new Error(err));
    else settle.resolve();
  };
  const fail = (why: string) => {
    finish(`claude: ${why}`);
    killed = true;
    cli?.kill();
  };

  let initSeen = false;
  let nudges = 0;
  let lastTotal = 0;
  /** a user line was sent whose turn has not ended (no result line yet) */
  let turnOpen = false;
  const usageById = new Map<string, Record<string, number>>();
  /** the tokens spent since the last result line, by message: no result line has priced them yet */
  const unpriced: { model: string | undefined; cost: CostReport }[] = [];
  let lastModel: string | undefined;

  const send = (text: string, nudge?: number) => {
    ctx.transcript.write({ kind: 'cli_input', text, ...(nudge ? { nudge } : {}) });
    turnOpen = true;
    cli?.write(
      JSON.stringify({
        type: 'user',
        message: { role: 'user', content: text },
        parent_tool_use_id: null,
        session_id: 'default',
      }),
    );
  };

  /** What a line reports spent: a message's tokens (once per id), a result's dollars. Counted even once settled. */
  const account = (ev: Record<string, unknown>) => {
    if (ev.type === 'assistant') {
      const m = (ev.message ?? {}) as { id?: unknown; model?: unknown; usage?: Usage };
      const model = typeof m.model === 'string' && m.model !== '<synthetic>' ? m.model : undefined;
      if (model) {
        onModel(model);
        lastModel = model;
      }
      const id = typeof m.id === 'string' ? m.id : null;
      if (id && m.usage) {
        const before = usageById.get(id);
        const cost: CostReport = before ? {} : { calls: 1 };
        const now: Record<string, number> = { ...before };
        let any = !before;
        for (const [from, to] of TOKEN_MAP) {
          const v = num(m.usage[from]);
          const d = v - (before?.[from] ?? 0);
          if (d > 0) {
            cost[to] = d;
            now[from] = v;
            any = true;
          } else now[from] ??= v;
        }
        usageById.set(id, now);
        if (any) {
          ctx.transcript.write({ kind: 'usage', message_id: id, ...cost });
          ctx.spend(cost);
          unpriced.push({ model: model ?? lastModel, cost });
        }
      }
    } else if (ev.type === 'result') {
      turnOpen = false;
      unpriced.length = 0; // the running total covers every message so far
      const total = roundUsd(num(ev.total_cost_usd));
      if (total > lastTotal) {
        const usd = roundUsd(total - lastTotal);
        lastTotal = total;
        ctx.transcript.write({ kind: 'usage', usd, total_cost_usd: total });
        ctx.spend({ usd });
      }
    }
  };

  /** The CLI ended: the tokens no result line priced, priced from `prices` where the model has an entry. */
  const priceUnreported = () => {
    if (!unpriced.length) return;
    let usd = 0;
    let priced = 0;
    for (const u of unpriced) {
      const d = dollars(priceOfCall(opts.prices, u.model, opts.model), u.cost);
      if (d === undefined) continue;
      usd += d;
      priced++;
    }
    const left = unpriced.length - priced;
    unpriced.length = 0;
    usd = roundUsd(usd);
    ctx.transcript.write({
      kind: 'usage',
      ...(priced ? { usd, priced_by: 'stbench' } : {}),
      ...(left ? { unpriced_usage: left } : {}),
      note: 'Claude Code ended without a result line for these tokens',
    });
    if (priced) ctx.spend({ usd });
  };

  const onLine = (line: string) => {
    const ev = cliEvent(ctx.transcript, line);
    if (ev === undefined) return;
    if (!settled && (ev.type === 'assistant' || ev.type === 'result') && !initSeen)
      return fail(`it wrote ${ev.type} before its init line, so its tools are unknown`);
    account(ev);
    // the model was told the job is over: the CLI ends its turn (and reports it), then exits
    if (ctx.desk.isOver) cli?.endInput();
    if (settled) return;
    if (ev.type === 'system' && ev.subtype === 'init') {
      initSeen = true;
      const tools = Array.isArray(ev.tools) ? ev.tools.map(String) : [];
      onTools(tools);
      if (typeof ev.model === 'string') onModel(ev.model);
      const extra = tools.filter((t) => !CLAUDE_TOOLS.includes(t));
      const missing = CLAUDE_TOOLS.filter((t) => !tools.includes(t));
      if (extra.length || missing.length)
        fail(
          `its tools must be exactly ${CLAUDE_TOOLS.join(', ')}, but it lists [${tools.join(', ')}]${extra.length ? `: ${extra.join(', ')} must not be there` : ''}${missing.length ? `: ${missing.join(', ')} missing` : ''}`,
        );
      return;
    }
    if (ev.type === 'result') {
      const subtype = String(ev.subtype ?? '');
      if (subtype === 'error_max_budget_usd' && opts.maxBudgetUsd !== undefined)
        return fail(
          `stopped at --case-usd ${opts.maxBudgetUsd}: Claude Code ended the case at its own cap (--max-budget-usd ${opts.maxBudgetUsd}), having spent $${formatUsd(lastTotal)}`,
        );
      if (ev.is_error === true || subtype.startsWith('error')) {
        const status = ev.api_error_status ?? null;
        const what = typeof ev.result === 'string' && ev.result ? ev.result : subtype || 'error';
        const extra = [
          status !== null ? `API status ${status}` : null,
          typeof ev.api_error === 'string' ? ev.api_error : null,
          typeof ev.terminal_reason === 'string' ? ev.terminal_reason : null,
          subtype && subtype !== 'success' ? subtype : null,
        ].filter(Boolean);
        return fail(`the model's turn failed: ${what}${extra.length ? ` (${extra.join(', ')})` : ''}`);
      }
      if (ctx.desk.isOver || stopped) {
        cli?.endInput();
        return;
      }
      if (nudges < maxNudges) {
        nudges++;
        send(NUDGE_MESSAGE, nudges);
        return;
      }
      ctx.transcript.write({ kind: 'error', message: `the model stopped ${nudges + 1} times before the job was over` });
      finish(); // the session breaks the case: the job is not over
      cli?.endInput();
    }
  };

  const main = (async () => {
    try {
      const served = await serveDesk(ctx.desk, TOOL_VERSION);
      if (stopped) return void (await served.close());
      ep = served;
      const mcpConfig = join(ep.dir, 'mcp.json');
      writeFileSync(mcpConfig, JSON.stringify(relayMcpConfig(ep.socket)));
      cli = runCli(host, {
        args: claudeArgs({
          model: opts.model,
          reasoning: opts.reasoning,
          mcpConfig,
          systemPrompt: ctx.systemPrompt,
          maxBudgetUsd: opts.maxBudgetUsd,
        }),
        caseDir: ep.dir,
        logins: claudeLogins(host.home),
        env: { ...CLAUDE_ENV, ...opts.env },
        input: true,
        onLine,
      });
      send(FIRST_MESSAGE);
      const c = await cli.closed;
      priceUnreported();
      if (c.error || c.code !== 0 || c.signal) finish(`claude ${exitWords(c)}`);
      else if (!initSeen) finish(`claude exited without its init line${c.stderr ? `; stderr ends: ${c.stderr}` : ''}`);
      else finish();
    } catch (e) {
      finish(`claude could not start: ${(e as Error)?.message ?? String(e)}`);
    }
  })();

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      stopped = true;
      const run = cli as CliRun | null;
      if (run && !killed) {
        // a turn in flight reports its dollars on its result line: let it end (stdin closed) within the grace
        run.endInput();
        if (turnOpen) {
          let t: NodeJS.Timeout | undefined;
          await Promise.race([run.closed, new Promise<void>((r) => (t = setTimeout(r, AGENT_FINISH_GRACE_MS)))]);
          clearTimeout(t);
        }
        run.kill();
      }
      await main;
      finish();
      await ep?.close();
      ep = null;
    })());
  ctx.signal.addEventListener('abort', () => void stop(), { once: true });
  return { done, stop };
}
