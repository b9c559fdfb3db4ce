/**
 * A stand-in for a chat API, of the tests' own: an HTTP server on 127.0.0.1 serving POST /v1/chat/completions (the
 * OpenAI form) or POST /v1/messages (the Anthropic form). It checks each request's shape (the model, both tools
 * declared, every frame a base64 JPEG whose bytes are the fixture's, every tool result answering a call of the reply
 * before it) and records what it found wrong in `problems`; it answers by a simple policy: call next_frame; when the
 * newest tool results list questions (`- <qid> (<type>): ...`), call submit_answer with a fixed answer per type;
 * once it reads "job is over", answer with text and no tool call. Faults (an error status, a hang, a dropped
 * connection, a malformed body) are served first, one a request, or on every request.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Api = 'openai' | 'anthropic';

/** What a request gets instead of an answer. */
export type Fault = 'hang' | 'drop' | 'malformed' | { status: number; headers?: Record<string, string> };

/** The model's move in place of the policy's: a tool call by name and raw arguments, or plain text. */
export type Move = { tool: string; args: string } | { text: string };

/** The answer the policy gives a question, by its type. */
export const ANSWER: Record<string, unknown> = {
  number: { type: 'number', value: 1.2 },
  place: { type: 'place', x: 1, y: 2 },
  offset: { type: 'offset', ahead: 0.8, left: 0.1 },
  list: { type: 'list', places: [{ x: 3, y: 1 }] },
  heading: { type: 'heading', deg: 90 },
};

/** The usage every answer reports. */
export const USAGE = {
  openai: { prompt_tokens: 1000, completion_tokens: 20, prompt_tokens_details: { cached_tokens: 600 } },
  anthropic: {
    input_tokens: 400,
    output_tokens: 20,
    cache_read_input_tokens: 600,
    cache_creation_input_tokens: 50,
  },
};

/** The model id the stand-in reports (the requested one with a date, as hosted APIs do). */
export const REPORTED_MODEL = 'stand-in-model-2026-01-01';

export interface StandInOptions {
  api: Api;
  /** the fixture's frame: every image sent must be these bytes */
  jpeg: Buffer;
  /** the model the requests must name */
  model: string;
  /** the model id the replies report (default REPORTED_MODEL) */
  reported?: string;
  /** served first, one per request */
  faults?: Fault[];
  /** served on every request (after `faults`) */
  always?: Fault;
  /** the move of the n-th answered request (0-based), in place of the policy's */
  moves?: (n: number) => Move | undefined;
}

export interface SeenRequest {
  /** images in the request */
  images: number;
  /** every text of the request's messages, joined */
  text: string;
  /** the newest message's text */
  last: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface StandIn {
  /** the base URL a client is given */
  url: string;
  requests: SeenRequest[];
  /** what was wrong with the requests' shape */
  problems: string[];
  /** requests answered with a reply (not a fault) */
  answered: number;
  /** requests whose connection the client closed before an answer (a hang it gave up on) */
  abandoned: number;
  close(): Promise<void>;
}

const QUESTION = /^- (\S+) \((\w+)\):/gm;

/** The policy's move given the newest tool results' text. */
function policyMove(newest: string): Move {
  if (/job is over/.test(newest)) return { text: 'Done.' };
  const qs = [...newest.matchAll(QUESTION)].map((m) => ({ qid: m[1], type: m[2] }));
  if (qs.length)
    return {
      tool: 'submit_answer',
      args: JSON.stringify({ answers: qs.map((q) => ({ qid: q.qid, answer: ANSWER[q.type] })) }),
    };
  return { tool: 'next_frame', args: '{}' };
}

type Obj = Record<string, unknown>;

/** Check an OpenAI request; returns its images, texts and the newest tool results' text. */
function readOpenai(body: Obj, o: StandInOptions, problems: string[]): Omit<SeenRequest, 'body' | 'headers'> {
  const p = (s: string) => problems.push(`openai: ${s}`);
  if (body.model !== o.model) p(`model ${String(body.model)}`);
  const tools = (body.tools as { type?: string; function?: { name?: string; parameters?: Obj } }[]) ?? [];
  const names = tools.map((t) => t.function?.name).sort();
  if (JSON.stringify(names) !== '["next_frame","submit_answer"]') p(`tools ${JSON.stringify(names)}`);
  for (const t of tools)
    if (t.type !== 'function' || t.function?.parameters?.type !== 'object') p(`tool shape ${JSON.stringify(t)}`);
  const msgs = (body.messages as Obj[]) ?? [];
  if (msgs[0]?.role !== 'system' || typeof msgs[0]?.content !== 'string') p('no system message first');
  let images = 0;
  const texts: string[] = [];
  let open = new Set<string>();
  let lastAssistant = -1;
  msgs.forEach((m, i) => {
    if (m.role === 'assistant') {
      if (open.size) p(`tool calls ${[...open]} have no result`);
      lastAssistant = i;
      open = new Set(((m.tool_calls as { id: string }[]) ?? []).map((c) => c.id));
    } else if (m.role === 'tool') {
      if (typeof m.content !== 'string') p('a tool message whose content is not text');
      if (!open.delete(String(m.tool_call_id))) p(`a tool result for ${String(m.tool_call_id)}, no open call`);
      texts.push(String(m.content));
    } else if (m.role === 'user') {
      if (open.size) p(`a user message before the results of ${[...open]}`);
      if (typeof m.content === 'string') texts.push(m.content);
      else
        for (const part of m.content as { type: string; text?: string; image_url?: { url: string } }[]) {
          if (part.type === 'text') texts.push(part.text ?? '');
          if (part.type === 'image_url') {
            images++;
            const url = part.image_url?.url ?? '';
            const pre = 'data:image/jpeg;base64,';
            if (!url.startsWith(pre)) p(`an image URL ${url.slice(0, 40)}`);
            else if (!Buffer.from(url.slice(pre.length), 'base64').equals(o.jpeg)) p('an image that is not the frame');
          }
        }
    }
  });
  if (open.size) p(`tool calls ${[...open]} have no result at the end`);
  const newest = msgs
    .slice(lastAssistant + 1)
    .filter((m) => m.role === 'tool' || (m.role === 'user' && typeof m.content === 'string'))
    .map((m) => String(m.content))
    .join('\n');
  return { images, text: texts.join('\n'), last: newest };
}

/** Check an Anthropic request. */
function readAnthropic(
  body: Obj,
  headers: IncomingMessage['headers'],
  o: StandInOptions,
  problems: string[],
): Omit<SeenRequest, 'body' | 'headers'> {
  const p = (s: string) => problems.push(`anthropic: ${s}`);
  if (body.model !== o.model) p(`model ${String(body.model)}`);
  if (typeof body.max_tokens !== 'number') p('no max_tokens');
  if (!headers['x-api-key'] && !headers.authorization) p('no key header (x-api-key or authorization)');
  if (!headers['anthropic-version']) p('no anthropic-version header');
  const tools = (body.tools as { name?: string; input_schema?: Obj; description?: string }[]) ?? [];
  const names = tools.map((t) => t.name).sort();
  if (JSON.stringify(names) !== '["next_frame","submit_answer"]') p(`tools ${JSON.stringify(names)}`);
  for (const t of tools) if (t.input_schema?.type !== 'object' || !t.description) p(`tool shape ${JSON.stringify(t)}`);
  if (!body.system) p('no system prompt');
  const msgs = (body.messages as { role: string; content: unknown }[]) ?? [];
  let images = 0;
  const texts: string[] = [];
  let open = new Set<string>();
  let newest = '';
  msgs.forEach((m, i) => {
    if (m.role !== (i % 2 === 0 ? 'user' : 'assistant')) p(`message ${i} is ${m.role}`);
    const blocks = (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content) as Obj[];
    if (m.role === 'assistant') {
      if (open.size) p(`tool calls ${[...open]} have no result`);
      open = new Set(blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id)));
      return;
    }
    const here: string[] = [];
    for (const b of blocks) {
      if (b.type === 'text') here.push(String(b.text));
      if (b.type !== 'tool_result') continue;
      if (!open.delete(String(b.tool_use_id))) p(`a tool result for ${String(b.tool_use_id)}, no open call`);
      for (const c of b.content as Obj[]) {
        if (c.type === 'text') here.push(String(c.text));
        if (c.type === 'image') {
          images++;
          const s = c.source as { type?: string; media_type?: string; data?: string };
          if (s.type !== 'base64' || s.media_type !== 'image/jpeg')
            p(`an image source ${JSON.stringify(s).slice(0, 80)}`);
          else if (!Buffer.from(s.data ?? '', 'base64').equals(o.jpeg)) p('an image that is not the frame');
        }
      }
    }
    if (open.size) p(`tool calls ${[...open]} have no result`);
    texts.push(...here);
    newest = here.join('\n');
  });
  return { images, text: texts.join('\n'), last: newest };
}

function reply(api: Api, n: number, move: Move, model: string): Obj {
  if (api === 'openai') {
    const message =
      'tool' in move
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: move.tool, arguments: move.args } }],
          }
        : { role: 'assistant', content: move.text };
    return {
      id: `chatcmpl-${n}`,
      object: 'chat.completion',
      created: 0,
      model,
      choices: [{ index: 0, message, finish_reason: 'tool' in move ? 'tool_calls' : 'stop' }],
      usage: USAGE.openai,
    };
  }
  let input: unknown = {};
  if ('tool' in move)
    try {
      input = JSON.parse(move.args);
    } catch {
      input = move.args; // arguments that are not an object
    }
  return {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model,
    content:
      'tool' in move
        ? [
            { type: 'text', text: 'Next.' },
            { type: 'tool_use', id: `toolu_${n}`, name: move.tool, input },
          ]
        : [{ type: 'text', text: move.text }],
    stop_reason: 'tool' in move ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: USAGE.anthropic,
  };
}

/** Start a stand-in. */
export async function startStandIn(o: StandInOptions): Promise<StandIn> {
  const faults = [...(o.faults ?? [])];
  const hanging = new Set<ServerResponse>();
  const self: StandIn = {
    url: '',
    requests: [],
    problems: [],
    answered: 0,
    abandoned: 0,
    close: async () => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const path = o.api === 'openai' ? '/v1/chat/completions' : '/v1/messages';
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== 'POST' || req.url !== path) {
      self.problems.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
      return;
    }
    let body: Obj;
    try {
      body = JSON.parse(raw);
    } catch {
      self.problems.push('a body that is not JSON');
      res.writeHead(400).end();
      return;
    }
    const read =
      o.api === 'openai' ? readOpenai(body, o, self.problems) : readAnthropic(body, req.headers, o, self.problems);
    self.requests.push({ ...read, body, headers: req.headers });
    const fault = faults.shift() ?? o.always;
    if (fault === 'hang') {
      hanging.add(res);
      res.on('close', () => {
        if (hanging.delete(res)) self.abandoned++;
      });
      return;
    }
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [{"message": ');
      return;
    }
    if (fault) {
      res
        .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
        .end(JSON.stringify({ error: { type: 'stand_in_error', message: `stand-in status ${fault.status}` } }));
      return;
    }
    const n = self.answered++;
    const move = o.moves?.(n) ?? policyMove(read.last);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(reply(o.api, n, move, o.reported ?? REPORTED_MODEL)));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  self.url = o.api === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`;
  return self;
}
