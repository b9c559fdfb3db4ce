#!/usr/bin/env node
/**
 * A stand-in for Codex (`codex exec --json`), for the tests of checks/agents/codex.ts. It checks what stbench must
 * pass (exec --json, --skip-git-repo-check, a model, the stbench MCP server as -c overrides with its tool timeout
 * raised and its tools limited to the two, the shell and unified exec off, a read-only sandbox, the instructions
 * file, a fresh CODEX_HOME with no config.toml) and exits 2 with a message where one is missing; starts the MCP
 * server as the real CLI does; plays the policy (policy.mjs) for one turn, printing JSONL events: thread.started,
 * turn.started, item.started and item.completed of each mcp_tool_call (the result's content, images included), an
 * agent_message, and turn.completed with the turn's usage (per model call, one per tool call and one that ends the
 * turn: 400 input tokens of which 300 cached, 20 output). `exec resume THREAD PROMPT` goes on with a thread it
 * saved in CODEX_HOME.
 *
 * Knobs (environment): STANDIN_STOP_EVERY=N ends the turn after N next_frame calls; STANDIN_FAIL_AT=N fails the
 * turn there (an error event, then turn.failed, exit 1); STANDIN_CRASH_AT=N exits 3 there; STANDIN_SHELL_AT=N
 * runs a command there (a command_execution item); STANDIN_IGNORED=KEY says Codex ignored the setting KEY;
 * STANDIN_RECONNECT=1 prints a retry's error event first; STANDIN_LOGIN=rename rewrites CODEX_HOME/auth.json as a
 * refreshed login (a new file renamed over it), STANDIN_LOGIN=torn leaves it cut short (opened for writing in place,
 * half written); STANDIN_PROBE (policy.mjs).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answersFor, connectServer, isOver, knob, probe, questionsOf, refuse, textOf } from './policy.mjs';

const argv = process.argv.slice(2);
if (argv.includes('--version') || argv.includes('-V')) {
  process.stdout.write('codex-cli 0.99.0-stand-in\n');
  process.exit(0);
}
if (argv[0] !== 'exec') refuse('codex', 'the first argument must be exec');
let i = 1;
const resume = argv[1] === 'resume';
if (resume) i = 2;
const flags = new Set();
const config = {};
const positional = [];
let model;
for (; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--json' || a === '--skip-git-repo-check') flags.add(a);
  else if (a === '--model' || a === '-m') model = argv[++i];
  else if (a === '-c' || a === '--config') {
    const kv = argv[++i] ?? '';
    const eq = kv.indexOf('=');
    if (eq < 0) refuse('codex', `-c takes key=value, not ${kv}`);
    config[kv.slice(0, eq)] = tomlValue(kv.slice(eq + 1));
  } else if (a.startsWith('-')) refuse('codex', `unknown option ${JSON.stringify(a)}`);
  else positional.push(a);
}

/** The few TOML value forms stbench writes: JSON-like strings, arrays, numbers, booleans, inline tables. */
function tomlValue(v) {
  try {
    return JSON.parse(v);
  } catch {
    if (v.startsWith('{')) return JSON.parse(v.replace(/([A-Za-z_][A-Za-z0-9_]*)\s*=/g, '"$1":'));
    return v;
  }
}

const need = (ok, what) => ok || refuse('codex', `missing ${what}`);
need(flags.has('--json'), '--json');
need(flags.has('--skip-git-repo-check'), '--skip-git-repo-check');
need(!!model, '--model');
const s = 'mcp_servers.stbench';
need(typeof config[`${s}.command`] === 'string', `-c ${s}.command`);
need(
  Array.isArray(config[`${s}.args`]) && config[`${s}.args`][0] === '-e',
  `-c ${s}.args=["-e", RELAY_SCRIPT] (the relay)`,
);
need(typeof config[`${s}.env`]?.STBENCH_MCP_SOCKET === 'string', `-c ${s}.env={STBENCH_MCP_SOCKET=...}`);
need(config[`${s}.tool_timeout_sec`] >= 300, `-c ${s}.tool_timeout_sec (raised)`);
need(
  JSON.stringify(config[`${s}.enabled_tools`]) === '["next_frame","submit_answer"]',
  `-c ${s}.enabled_tools=["next_frame", "submit_answer"]`,
);
for (const f of ['shell_tool', 'unified_exec', 'view_image', 'multi_agent'])
  need(config[`features.${f}`] === false, `-c features.${f}=false`);
need(config.web_search === 'disabled', '-c web_search="disabled"');
need(config.sandbox_mode === 'read-only', '-c sandbox_mode="read-only"');
need(
  typeof config.model_instructions_file === 'string' && existsSync(config.model_instructions_file),
  '-c model_instructions_file=FILE (a file that exists)',
);
if (config.model_reasoning_effort !== undefined && !['low', 'medium', 'high'].includes(config.model_reasoning_effort))
  refuse('codex', `model_reasoning_effort ${config.model_reasoning_effort} is not low, medium or high`);
const home = process.env.CODEX_HOME;
need(!!home && existsSync(home), 'CODEX_HOME (a folder)');
need(!existsSync(join(home, 'config.toml')), 'a fresh CODEX_HOME (it holds a config.toml)');
const extra = readdirSync(home).filter((n) => n !== 'auth.json' && n !== 'sessions');
need(extra.length === 0, `a CODEX_HOME holding only the login (it holds ${extra.join(', ')})`);
need(positional.length === (resume ? 2 : 1), resume ? 'THREAD PROMPT' : 'PROMPT');

const sessions = join(home, 'sessions');
let thread;
if (resume) {
  thread = positional[0];
  if (!existsSync(join(sessions, `${thread}.json`))) {
    process.stderr.write(`stand-in codex: no saved session for thread ${thread}\n`);
    process.exit(1);
  }
} else {
  thread = randomUUID();
  mkdirSync(sessions, { recursive: true });
  writeFileSync(join(sessions, `${thread}.json`), JSON.stringify({ model }));
}
const state = JSON.parse(readFileSync(join(sessions, `${thread}.json`), 'utf8'));
state.frames ??= 0;
const save = () => writeFileSync(join(sessions, `${thread}.json`), JSON.stringify(state));

const auth = join(home, 'auth.json');
if (process.env.STANDIN_LOGIN === 'rename') {
  writeFileSync(`${auth}.tmp`, JSON.stringify({ tokens: { refresh_token: 'refreshed-by-the-stand-in' } }));
  renameSync(`${auth}.tmp`, auth);
} else if (process.env.STANDIN_LOGIN === 'torn') writeFileSync(auth, '{"tokens": {"refre');

const out = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const probed = await probe();
const server = {
  command: config[`${s}.command`],
  args: config[`${s}.args`],
  env: config[`${s}.env`],
};
const { client } = await connectServer(server);
out({ type: 'thread.started', thread_id: thread });
out({ type: 'turn.started' });
if (process.env.STANDIN_IGNORED)
  out({
    type: 'item.completed',
    item: {
      id: 'item_ignored',
      type: 'error',
      message: `Codex is ignoring 1 unrecognized configuration setting.\n  session-flags: \`${process.env.STANDIN_IGNORED}\` is ignored.`,
    },
  });
if (process.env.STANDIN_RECONNECT) out({ type: 'error', message: 'Reconnecting... 1/5 (stream disconnected)' });
out({
  type: 'item.completed',
  item: {
    id: 'item_info',
    type: 'agent_message',
    text: JSON.stringify({
      stand_in: {
        prompt: positional.at(-1),
        effort: config.model_reasoning_effort ?? null,
        instructions_sha256: createHash('sha256').update(readFileSync(config.model_instructions_file)).digest('hex'),
        probe: probed,
      },
    }),
  },
});

let item = 0;
let toolCalls = 0;
async function tool(name, args) {
  const id = `item_${item++}`;
  const started = {
    id,
    type: 'mcp_tool_call',
    server: 'stbench',
    tool: name,
    arguments: args,
    result: null,
    error: null,
  };
  out({ type: 'item.started', item: { ...started, status: 'in_progress' } });
  const r = await client.callTool({ name, arguments: args });
  toolCalls++;
  out({
    type: 'item.completed',
    item: { ...started, result: { content: r.content, structured_content: null }, status: 'completed' },
  });
  return r;
}
function endTurn(text) {
  out({ type: 'item.completed', item: { id: `item_${item++}`, type: 'agent_message', text } });
  const calls = toolCalls + 1;
  out({
    type: 'turn.completed',
    usage: { input_tokens: 400 * calls, cached_input_tokens: 300 * calls, output_tokens: 20 * calls },
  });
  save();
}

let inTurn = 0;
for (;;) {
  if (knob('STANDIN_STOP_EVERY') && inTurn >= knob('STANDIN_STOP_EVERY')) {
    endTurn('I will stop here.');
    break;
  }
  state.frames++;
  inTurn++;
  if (state.frames === knob('STANDIN_CRASH_AT')) {
    process.stderr.write('stand-in codex: crashed on purpose\n');
    process.exit(3);
  }
  if (state.frames === knob('STANDIN_FAIL_AT')) {
    out({ type: 'error', message: 'stream error: 529 Overloaded; retrying 5/5' });
    out({ type: 'turn.failed', error: { message: 'exceeded retry limit, last status: 529 Overloaded' } });
    process.exit(1);
  }
  if (state.frames === knob('STANDIN_SHELL_AT'))
    out({
      type: 'item.started',
      item: { id: `item_${item++}`, type: 'command_execution', command: 'cat /etc/passwd', status: 'in_progress' },
    });
  const text = textOf(await tool('next_frame', {}));
  if (isOver(text)) {
    endTurn('The job is over.');
    break;
  }
  const qs = questionsOf(text);
  if (qs.length) await tool('submit_answer', answersFor(qs));
}
await client.close();
