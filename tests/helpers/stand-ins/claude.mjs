#!/usr/bin/env node
/**
 * A stand-in for Claude Code (`claude`), for the tests of checks/agents/claude-code.ts. It checks the flags stbench
 * must pass (headless stream-json in and out with --verbose, built-in tools off with --tools "", the strict MCP
 * config of its own, the two tools allowed, dontAsk, no setting sources, a model and a system prompt) and exits 2
 * with a message where one is missing; starts the MCP server its config names as the real CLI does; prints the init
 * line with the tools it found (mcp__<server>__<tool>); then, for each user line on stdin, plays the policy
 * (policy.mjs), printing stream-json assistant, user and result lines: every model call is one message id, its
 * text and its tool use on lines of their own with the same usage (100 input, 20 output, 300 cache read, 40 cache
 * write tokens) and $0.00125, the result's total_cost_usd the session's running total.
 *
 * With --max-budget-usd X, a turn whose running total reaches X ends with an error_max_budget_usd result, as the
 * real CLI's does. A turn runs to its end after stdin closes (as the real CLI's does); then it exits.
 *
 * Knobs (environment): STANDIN_STOP_EVERY=N ends a turn after N next_frame calls (the backend nudges it on);
 * STANDIN_FAIL_AT=N answers the Nth next_frame with an error result (API status 529); STANDIN_CRASH_AT=N exits 3
 * there; STANDIN_EXTRA_TOOLS=A,B lists more tools on the init line; STANDIN_PROBE (policy.mjs) reports what it could
 * read, write and reach on the init line.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { answersFor, connectServer, isOver, knob, probe, questionsOf, refuse, textOf } from './policy.mjs';

const VALUED = [
  '--output-format',
  '--input-format',
  '--model',
  '--tools',
  '--mcp-config',
  '--allowedTools',
  '--permission-mode',
  '--setting-sources',
  '--system-prompt',
  '--effort',
  '--max-budget-usd',
];
const FLAGS = [
  '-p',
  '--print',
  '--verbose',
  '--strict-mcp-config',
  '--disable-slash-commands',
  '--no-session-persistence',
];

const argv = process.argv.slice(2);
if (argv.includes('--version') || argv.includes('-v')) {
  process.stdout.write('2.0.99 (Claude Code stand-in)\n');
  process.exit(0);
}
const opt = {};
const flags = new Set();
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (VALUED.includes(a)) {
    if (i + 1 >= argv.length) refuse('claude', `${a} needs a value`);
    opt[a] = argv[++i];
  } else if (FLAGS.includes(a)) flags.add(a);
  else refuse('claude', `unknown option ${JSON.stringify(a)}`);
}
const need = (ok, what) => ok || refuse('claude', `missing ${what}`);
need(flags.has('-p') || flags.has('--print'), '-p');
need(opt['--output-format'] === 'stream-json', '--output-format stream-json');
need(opt['--input-format'] === 'stream-json', '--input-format stream-json');
need(flags.has('--verbose'), '--verbose (stream-json output with -p needs it)');
need(opt['--tools'] === '', '--tools "" (every built-in tool off)');
need(flags.has('--strict-mcp-config'), '--strict-mcp-config');
need(opt['--mcp-config'] !== undefined, '--mcp-config');
need(opt['--permission-mode'] === 'dontAsk', '--permission-mode dontAsk');
need(opt['--setting-sources'] === '', '--setting-sources ""');
need(!!opt['--model'], '--model');
need(!!opt['--system-prompt'], '--system-prompt');
need(process.env.CLAUDE_CODE_DISABLE_CLAUDE_MDS === '1', 'CLAUDE_CODE_DISABLE_CLAUDE_MDS=1');
const allowed = (opt['--allowedTools'] ?? '').split(/[\s,]+/).filter(Boolean);
for (const t of ['mcp__stbench__next_frame', 'mcp__stbench__submit_answer'])
  need(allowed.includes(t), `--allowedTools ${t}`);
if (opt['--effort'] !== undefined && !['low', 'medium', 'high', 'max'].includes(opt['--effort']))
  refuse('claude', `--effort takes low, medium, high or max, not ${opt['--effort']}`);
const budget = opt['--max-budget-usd'] === undefined ? null : Number(opt['--max-budget-usd']);
if (budget !== null && !(budget > 0)) refuse('claude', `--max-budget-usd takes a positive amount, not ${budget}`);

const config = JSON.parse(readFileSync(opt['--mcp-config'], 'utf8'));
const names = Object.keys(config.mcpServers ?? {});
need(names.length === 1 && names[0] === 'stbench', 'an MCP config of one server, stbench');

const probed = await probe();
const { client, tools: serverTools } = await connectServer(config.mcpServers.stbench);
const model = { haiku: 'claude-haiku-standin', sonnet: 'claude-sonnet-standin', opus: 'claude-opus-standin' };
const resolved = model[opt['--model']] ?? opt['--model'];
const session = 'standin-session';
const out = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const tools = [
  ...(process.env.STANDIN_EXTRA_TOOLS ?? '').split(',').filter(Boolean),
  ...serverTools.map((t) => `mcp__stbench__${t}`),
];
out({
  type: 'system',
  subtype: 'init',
  session_id: session,
  tools,
  mcp_servers: [{ name: 'stbench', status: 'connected' }],
  model: resolved,
  permissionMode: opt['--permission-mode'],
  claude_code_version: '2.0.99',
  stand_in: {
    effort: opt['--effort'] ?? null,
    system_prompt_sha256: createHash('sha256').update(opt['--system-prompt']).digest('hex'),
    probe: probed,
  },
});

const USAGE = { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 300, cache_creation_input_tokens: 40 };
let calls = 0;
let frames = 0; // next_frame calls in all
const message = (content) => ({
  id: `msg_${calls}`,
  type: 'message',
  role: 'assistant',
  model: resolved,
  content,
  usage: USAGE,
});
/** One model call: its text and its tool use, each on an assistant line of its own with the same id and usage. */
function call(text, toolUse) {
  calls++;
  out({ type: 'assistant', message: message([{ type: 'text', text }]), session_id: session });
  if (toolUse) out({ type: 'assistant', message: message([toolUse]), session_id: session });
}
function result(subtype, extra = {}) {
  out({
    type: 'result',
    subtype,
    is_error: subtype !== 'success',
    num_turns: calls,
    session_id: session,
    total_cost_usd: calls * 0.00125,
    usage: USAGE,
    ...extra,
  });
}
async function tool(name, args) {
  const id = `toolu_${calls}`;
  call(`Calling ${name}.`, { type: 'tool_use', id, name: `mcp__stbench__${name}`, input: args });
  const r = await client.callTool({ name, arguments: args });
  const content = r.content.map((c) =>
    c.type === 'image' ? { type: 'image', source: { type: 'base64', media_type: c.mimeType, data: c.data } } : c,
  );
  out({
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: !!r.isError }] },
    session_id: session,
  });
  return r;
}

/** One turn: frames and answers until the job is over, or a knob ends it. */
async function turn() {
  let inTurn = 0;
  for (;;) {
    if (knob('STANDIN_STOP_EVERY') && inTurn >= knob('STANDIN_STOP_EVERY')) {
      call('I will stop here.');
      return result('success');
    }
    frames++;
    inTurn++;
    if (frames === knob('STANDIN_CRASH_AT')) {
      process.stderr.write('stand-in claude: crashed on purpose\n');
      process.exit(3);
    }
    if (frames === knob('STANDIN_FAIL_AT'))
      return result('error_during_execution', {
        is_error: true,
        api_error_status: 529,
        result: 'API Error: 529 Overloaded',
      });
    const text = textOf(await tool('next_frame', {}));
    if (budget !== null && calls * 0.00125 >= budget) return result('error_max_budget_usd', { is_error: true });
    if (isOver(text)) {
      call('The job is over.');
      return result('success');
    }
    const qs = questionsOf(text);
    if (qs.length) await tool('submit_answer', answersFor(qs));
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  need(m.type === 'user' && m.message?.role === 'user', 'a stream-json user line on stdin');
  await turn();
}
await client.close();
