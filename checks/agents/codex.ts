/**
 * `codex:<model>`: Codex headless (`codex exec --json`) with the same MCP server as Claude Code: the relay to the
 * case's desk (mcp-server.ts), given per run as `-c mcp_servers.stbench.command/args/env` overrides, its tool
 * timeout raised (a next_frame waits for the harness's next frame) and its tools limited to the two. CODEX_HOME is a
 * fresh folder of the case's holding only the login (auth.json: bound read-only in the sandbox; with --local a copy,
 * never a link, that goes back to the user's file whole once Codex refreshed it: cli-process.ts localLoginCopy), so
 * the user's config.toml, its MCP servers, profiles, skills and AGENTS.md are never read. A sandboxed run on an
 * OAuth auth.json with neither CODEX_API_KEY nor OPENAI_API_KEY set is warned about once (readOnlyLoginWarning).
 *
 * Codex has built-in tools of its own; every one its settings can turn off is off (CODEX_OFF: its shell and
 * unified exec, view_image, sub-agents, goals, apps, plugins, image generation, browser and computer use, web
 * search, request_user_input, the plan tool), its sandbox is read-only, and its instructions are stbench's system prompt alone
 * (`model_instructions_file`: it replaces Codex's own coding-agent instructions; the environment, permissions,
 * apps and skills sections are off too). What remains besides the two tools are the MCP resource readers
 * (list_mcp_resources, list_mcp_resource_templates, read_mcp_resource), which reach only the configured MCP servers:
 * stbench's, which serves no resources. A run in which Codex uses any other tool (a command, a file change, a web
 * search, a plan, a sub-agent), calls another server's tool, or says it ignored (or does not know) a setting the
 * guarantee rests on (any it turns off, its instructions, the MCP server: CODEX_NEEDED_KEYS) is refused at once:
 * the case is broken with Codex's words.
 *
 * Events: turn.completed's usage is spent (input_tokens less cached_input_tokens as input, cached_input_tokens as
 * cache reads, output_tokens; no dollars: priced from `prices` where the requested model has an entry, as Codex's
 * events name no model; under a dollar cap, `capped`, an unpriced model breaks the case before Codex starts); model
 * calls are not reported, so a turn counts one call per tool call and one that ends it. Items go to the transcript
 * (`cli_event`, images by "[image]"); turn.failed fails the case with its message (an `error` event alone is Codex
 * retrying).
 * A run that ends before the job is over is resumed (`codex exec resume THREAD`) with NUDGE_MESSAGE, at most
 * `maxNudges` times.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onInterrupt, TOOL_VERSION } from '../../foundation/index.ts';
import type { CostReport } from '../../formats/cost.ts';
import { type CliLogin, onPath } from '../harness/sandbox.ts';
import { type AgentBackend, type AgentContext, type AgentRun, refusedRun } from './agent-system.ts';
import {
  type CliBackendOptions,
  cliBackendSetup,
  cliEvent,
  exitWords,
  localLoginCopy,
  runCli,
  type CliHost,
} from './cli-process.ts';
import { RELAY_SCRIPT, RELAY_SOCKET_VAR, serveDesk, type DeskEndpoint } from './mcp-server.ts';
import type { Reasoning } from './model-spec.ts';
import { dollars, priceOf, type Prices } from './prices.ts';
import { FIRST_MESSAGE, MCP_SERVER_NAME, NEXT_FRAME, NUDGE_MESSAGE, SUBMIT_ANSWER } from './tools.ts';

export const DEFAULT_MAX_NUDGES = 3;

/** How long Codex lets one call of stbench's tools take, s (its default, 60 s, is short for a next_frame). */
export const CODEX_TOOL_TIMEOUT_S = 900;

/** Codex's features that carry a tool or load something of the user's: each turned off (`-c features.X=false`). */
export const CODEX_OFF_FEATURES = [
  'shell_tool',
  'unified_exec',
  'view_image',
  'multi_agent',
  'goals',
  'apps',
  'plugins',
  'image_generation',
  'browser_use',
  'computer_use',
  'sleep_tool',
  'skill_search',
  'tool_suggest',
  'hooks',
  'memories',
];

/** The rest of what is turned off, as `-c` overrides (an unknown key is ignored by Codex with a warning). */
export const CODEX_OFF_SETTINGS = [
  'web_search="disabled"',
  'tools.experimental_request_user_input.enabled=false',
  'tools.update_plan.enabled=false',
  'sandbox_mode="read-only"',
  'approval_policy="never"',
  'include_permissions_instructions=false',
  'include_environment_context=false',
  'include_apps_instructions=false',
  'skills.include_instructions=false',
  'skills.bundled.enabled=false',
  'project_doc_max_bytes=0',
];

/**
 * Settings whose being ignored (an older or newer Codex that does not know one) would void the guarantee: every one
 * stbench turns off (CODEX_OFF_FEATURES as `features.X`, CODEX_OFF_SETTINGS), its instructions and its MCP server
 * (any `mcp_servers.*` key). A run in which Codex says one is ignored, unknown or unrecognized is refused.
 */
export const CODEX_NEEDED_KEYS: readonly string[] = [
  ...CODEX_OFF_FEATURES.map((f) => `features.${f}`),
  ...CODEX_OFF_SETTINGS.map((s) => s.slice(0, s.indexOf('='))),
  'model_instructions_file',
];

/** The words in which Codex says it did not take a setting. */
const NOT_TAKEN = /\b(ignor\w*|unknown|unrecogni[sz]ed|not recogni[sz]ed|unsupported)\b/i;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `key` as a whole in a text: not part of a longer key (`web_search_request`, `features.shell_tool_x`, `a.key`). */
const mentions = (text: string, key: string) => new RegExp(`(?<![\\w.])${escapeRe(key)}(?![\\w]|\\.\\w)`).test(text);

/**
 * The setting stbench needs that a warning of Codex's says it did not take (CODEX_NEEDED_KEYS; a feature also by its
 * bare name where the warning speaks of features), or null: `Codex is ignoring 1 unrecognized configuration
 * setting. ... \`features.shell_tool\` is ignored.` gives `features.shell_tool`.
 */
export function ignoredNeededSetting(message: string): string | null {
  if (!NOT_TAKEN.test(message)) return null;
  const mcp = /(?<![\w.])mcp_servers\.[\w.-]*\w/.exec(message);
  if (mcp) return mcp[0];
  for (const k of CODEX_NEEDED_KEYS) if (mentions(message, k)) return k;
  if (/feature/i.test(message))
    for (const f of CODEX_OFF_FEATURES)
      if (new RegExp(`[\`'"]${escapeRe(f)}[\`'"]`).test(message) || (f.includes('_') && mentions(message, f)))
        return `features.${f}`;
  return null;
}

/** The item types of the two tools' use and the model's own words; any other is a tool stbench did not give. */
const CODEX_ITEMS = new Set(['agent_message', 'reasoning', 'mcp_tool_call', 'error']);

const toml = (s: string) => JSON.stringify(s); // a JSON string is a TOML basic string

export interface CodexOptions extends CliBackendOptions {
  /** the prices file: Codex reports tokens, not dollars */
  prices?: Prices;
  /** a dollar cap is set (--case-usd, --max-usd): an unpriced model breaks the case rather than spend uncounted */
  capped?: boolean;
  /** more `-c key=value` overrides, after stbench's (a model provider, in tests a stand-in API) */
  config?: readonly string[];
}

/** The variables that log Codex in without its auth.json (no token to refresh). */
export const CODEX_KEY_VARS = ['CODEX_API_KEY', 'OPENAI_API_KEY'];

/** The user's Codex login: auth.json in CODEX_HOME, else in ~/.codex. */
export function codexLoginFile(home: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(env.CODEX_HOME || join(home, '.codex'), 'auth.json');
}

/** The `-c` overrides stbench runs Codex with (the relay's node and socket, the instructions file). */
export function codexConfig(o: {
  reasoning?: Reasoning;
  node: string;
  socket: string;
  instructions: string;
  config?: readonly string[];
}): string[] {
  const s = `mcp_servers.${MCP_SERVER_NAME}`;
  const settings = [
    `${s}.command=${toml(o.node)}`,
    `${s}.args=[${toml('-e')}, ${toml(RELAY_SCRIPT)}]`,
    `${s}.env={${RELAY_SOCKET_VAR}=${toml(o.socket)}}`,
    `${s}.enabled_tools=[${toml(NEXT_FRAME)}, ${toml(SUBMIT_ANSWER)}]`,
    `${s}.startup_timeout_sec=60`,
    `${s}.tool_timeout_sec=${CODEX_TOOL_TIMEOUT_S}`,
    `model_instructions_file=${toml(o.instructions)}`,
    ...(o.reasoning ? [`model_reasoning_effort=${toml(o.reasoning)}`] : []),
    ...CODEX_OFF_FEATURES.map((f) => `features.${f}=false`),
    ...CODEX_OFF_SETTINGS,
    ...(o.config ?? []),
  ];
  return settings.flatMap((c) => ['-c', c]);
}

/** `codex exec` (or `codex exec resume THREAD`) with the prompt. */
export function codexArgs(o: { model: string; config: string[]; prompt: string; resume?: string }): string[] {
  return [
    'exec',
    ...(o.resume ? ['resume'] : []),
    '--json',
    '--skip-git-repo-check',
    '--model',
    o.model,
    ...o.config,
    ...(o.resume ? [o.resume] : []),
    o.prompt,
  ];
}

export const CODEX_INSTALL_HINT =
  'codex: runs Codex: install it (npm install -g @openai/codex) and log in (codex login; or set CODEX_API_KEY)';

export function codexBackend(opts: CodexOptions): AgentBackend {
  const { name, host, version, mode } = cliBackendSetup(opts, {
    cli: 'codex',
    installHint: CODEX_INSTALL_HINT,
    loginFile: (home) => codexLoginFile(home),
    keyVars: CODEX_KEY_VARS,
  });
  const called = new Set<string>();
  return {
    name,
    mode,
    provenance: () => ({
      cli: 'codex',
      cli_version: version,
      model_requested: opts.model,
      // Codex's events name no model
      models_reported: [],
      reasoning: opts.reasoning ?? null,
      priced: !!priceOf(opts.prices, opts.model),
      tools_called: [...called].sort(),
      features_off: CODEX_OFF_FEATURES,
    }),
    start(ctx) {
      return startCodex(ctx, opts, host, (t) => called.add(t));
    },
  };
}

function startCodex(ctx: AgentContext, opts: CodexOptions, host: CliHost, onCall: (t: string) => void): AgentRun {
  const maxNudges = opts.maxNudges ?? DEFAULT_MAX_NUDGES;
  const price = priceOf(opts.prices, opts.model);
  if (opts.capped && !price)
    return refusedRun(
      `codex:${opts.model}: a dollar cap (--case-usd, --max-usd) is set and its dollars cannot be counted: the prices file has no entry for ${opts.model}`,
    );
  let ep: DeskEndpoint | null = null;
  /** unregisters the --local login's write-back on Ctrl-C */
  let offLogin: (() => void) | null = null;
  let kill: (() => void) | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let failure: string | null = null;

  const fail = (why: string) => {
    failure ??= `codex: ${why}`;
    kill?.();
  };

  const done = (async () => {
    const served = await serveDesk(ctx.desk, TOOL_VERSION);
    if (stopped) return void (await served.close());
    ep = served;
    const codexHome = join(ep.dir, 'codex-home');
    mkdirSync(codexHome);
    const userAuth = codexLoginFile(host.home);
    const logins: CliLogin[] = [];
    // --local: a copy, never a link (Codex rewrites auth.json in place, truncating it first: through a link that
    // would be the user's file, and a CLI stopped mid-write would leave it cut short); a login it refreshed goes back
    const login = host.local ? localLoginCopy(userAuth, join(codexHome, 'auth.json')) : null;
    if (login) offLogin = onInterrupt(() => void login.sync()); // after the CLI is ended, before the folder goes
    if (!host.local) logins.push({ from: userAuth, to: join(codexHome, 'auth.json') });
    const instructions = join(ep.dir, 'instructions.md');
    writeFileSync(instructions, ctx.systemPrompt);
    const config = codexConfig({
      reasoning: opts.reasoning,
      node: onPath('node') ?? process.execPath,
      socket: ep.socket,
      instructions,
      config: opts.config,
    });
    let thread: string | null = null;
    for (let nudges = 0; ; nudges++) {
      const prompt = nudges === 0 ? FIRST_MESSAGE : NUDGE_MESSAGE;
      ctx.transcript.write({ kind: 'cli_input', text: prompt, ...(nudges ? { nudge: nudges } : {}) });
      let turnCalls = 0;
      let lastError: string | null = null;
      let completed = false;
      const onLine = (line: string) => {
        if (failure) return;
        const ev = cliEvent(ctx.transcript, line);
        if (ev === undefined) return;
        const type = String(ev.type ?? '');
        if (type === 'thread.started' && typeof ev.thread_id === 'string') thread = ev.thread_id;
        else if (type.startsWith('item.')) {
          const item = (ev.item ?? {}) as Record<string, unknown>;
          const kind = String(item.type ?? '');
          if (!CODEX_ITEMS.has(kind)) return fail(`the model used a tool stbench does not give (${kind})`);
          if (kind === 'error' && ignoredNeededSetting(String(item.message ?? '')))
            return fail(`Codex ignored a setting stbench needs: ${String(item.message).replace(/\s+/g, ' ')}`);
          if (kind === 'mcp_tool_call') {
            const tool = `${String(item.server)}/${String(item.tool)}`;
            onCall(tool);
            if (item.server !== MCP_SERVER_NAME || (item.tool !== NEXT_FRAME && item.tool !== SUBMIT_ANSWER))
              return fail(`the model called ${tool}, not one of stbench's two tools`);
            if (type === 'item.completed') turnCalls++;
          }
        } else if (type === 'turn.completed') {
          completed = true;
          const u = (ev.usage ?? {}) as Record<string, unknown>;
          const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);
          const cached = n(u.cached_input_tokens);
          const cost: CostReport = {
            input_tokens: Math.max(0, n(u.input_tokens) - cached),
            cache_read_tokens: cached,
            output_tokens: n(u.output_tokens),
            calls: turnCalls + 1,
          };
          const usd = dollars(price, cost);
          if (usd !== undefined) cost.usd = usd;
          turnCalls = 0;
          ctx.transcript.write({ kind: 'usage', ...cost });
          ctx.spend(cost);
        } else if (type === 'turn.failed') {
          const e = ev.error as { message?: unknown } | undefined;
          fail(`the model's turn failed: ${String(e?.message ?? lastError ?? 'no reason given')}`);
        } else if (type === 'error') {
          lastError = String(ev.message ?? '');
          if (ignoredNeededSetting(lastError))
            fail(`Codex ignored a setting stbench needs: ${lastError.replace(/\s+/g, ' ')}`);
        }
      };
      const cli = runCli(host, {
        args: codexArgs({ model: opts.model, config, prompt, resume: nudges ? thread! : undefined }),
        caseDir: ep.dir,
        logins,
        env: { CODEX_HOME: codexHome, ...opts.env },
        input: false,
        onLine,
      });
      kill = cli.kill;
      running = cli.closed;
      const c = await cli.closed;
      kill = null;
      const unsynced = login?.sync();
      if (unsynced) ctx.transcript.write({ kind: 'error', message: unsynced });
      if (stopped || ctx.desk.isOver) return;
      if (failure) throw new Error(failure);
      if (c.error || c.code !== 0 || c.signal)
        throw new Error(`codex ${exitWords(c)}${lastError && !completed ? `; its last error: ${lastError}` : ''}`);
      if (!thread) throw new Error('codex: the run ended without a thread id to resume');
      if (nudges >= maxNudges) {
        ctx.transcript.write({
          kind: 'error',
          message: `the model stopped ${nudges + 1} times before the job was over`,
        });
        return; // the session breaks the case: the job is not over
      }
    }
  })().catch((e: unknown) => {
    if (stopped || ctx.desk.isOver) return;
    throw e;
  });

  const stop = async () => {
    stopped = true;
    kill?.();
    await running;
    await done.catch(() => {});
    offLogin?.();
    await ep?.close();
    ep = null;
  };
  ctx.signal.addEventListener('abort', () => void stop(), { once: true });
  return { done, stop };
}
