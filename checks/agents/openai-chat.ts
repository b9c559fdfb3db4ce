/**
 * `openai:<model>`: the API loop (chat-loop.ts) against any OpenAI-compatible chat-completions server (hosted APIs,
 * vLLM, Ollama, llama.cpp's server), through the official `openai` client. This file only translates: the
 * conversation into `messages` and `tools`, the reply into tool calls and usage.
 *
 * - The base URL is `baseUrl`, else OPENAI_BASE_URL, else the client's default (api.openai.com); the key is
 *   `apiKey`, else OPENAI_API_KEY. A server with a base URL and no key gets the placeholder key `none` (local
 *   servers ignore it); with neither a key nor a base URL the backend cannot run (checkOpenaiSetup says why, and a
 *   case started anyway is broken with that reason).
 * - The tools go as `function` tools. A frame cannot go in a `tool` message on most servers, so each tool result is
 *   a `tool` message (its text) and the frames of a reply's calls follow in one `user` message: a text part naming
 *   the call and the image as a `data:image/jpeg;base64,` URL.
 * - `reasoning` is sent as `reasoning_effort`. Usage: prompt_tokens less the cached ones is the input, the cached
 *   ones the cache reads, completion_tokens the output; dollars only from a prices-file entry of the model id the
 *   API reported (else of the requested one).
 * - Retries are the client's (maxRetries, its exponential backoff, Retry-After honoured), each HTTP attempt bounded
 *   by requestTimeoutMs.
 */
import OpenAI from 'openai';
import type { AgentBackend } from './agent-system.ts';
import { checkAnthropicSetup } from './anthropic-messages.ts';
import {
  type ChatBackendOptions,
  type ChatReply,
  type ChatRequest,
  chatBackend,
  chatEndpoint,
  endpointProblem,
  jpegDataUrl,
  MalformedReply,
  shownValue as shown,
  tokenCount as count,
  type ToolCall,
} from './chat-loop.ts';

/** The settings of `openai:<model>`; the environment is read for OPENAI_BASE_URL and OPENAI_API_KEY. */
export type OpenaiOptions = ChatBackendOptions;

/** The client's base URL when none is given. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The key sent to a server given by its base URL when no key is set (local servers ignore it). */
export const PLACEHOLDER_KEY = 'none';

/**
 * Why `openai:<model>` cannot run as given (no key and no base URL, a base URL that is no URL), or null; with
 * `form: 'anthropic'`, the same of `anthropic:<model>` (checkAnthropicSetup).
 */
export function checkOpenaiSetup(opts: OpenaiOptions & { form?: 'openai' | 'anthropic' }): string | null {
  if (opts.form === 'anthropic') return checkAnthropicSetup(opts);
  return endpointProblem(opts, 'openai', 'http://localhost:11434/v1');
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ContentPart = OpenAI.Chat.Completions.ChatCompletionContentPart;

/** The conversation as chat-completions `messages`. */
export function openaiMessages(req: ChatRequest): Message[] {
  const out: Message[] = [{ role: 'system', content: req.system }];
  for (const t of req.turns) {
    if (t.role === 'user') out.push({ role: 'user', content: t.text });
    else if (t.role === 'assistant') out.push(t.reply.echo as Message);
    else {
      const frames: ContentPart[] = [];
      for (const r of t.results) {
        out.push({ role: 'tool', tool_call_id: r.callId, content: r.text });
        if (r.image)
          frames.push(
            { type: 'text', text: `The camera frame that ${r.name} (call ${r.callId}) returned:` },
            { type: 'image_url', image_url: { url: jpegDataUrl(r.image) } },
          );
      }
      if (frames.length) out.push({ role: 'user', content: frames });
    }
  }
  return out;
}

/** A chat completion as the loop's reply; MalformedReply when it is not one. */
export function openaiReply(body: unknown): ChatReply {
  const b = body as {
    model?: unknown;
    choices?: { message?: unknown; finish_reason?: unknown }[];
    usage?: {
      prompt_tokens?: unknown;
      completion_tokens?: unknown;
      prompt_tokens_details?: { cached_tokens?: unknown };
    };
  };
  if (!b || typeof b !== 'object' || !Array.isArray(b.choices) || !b.choices[0] || typeof b.choices[0] !== 'object')
    throw new MalformedReply(`a chat completion has choices[0].message, not ${shown(body)}`);
  const m = b.choices[0].message as { content?: unknown; tool_calls?: unknown } | undefined;
  if (!m || typeof m !== 'object') throw new MalformedReply(`choices[0] has no message: ${shown(b.choices[0])}`);
  const text = typeof m.content === 'string' ? m.content : '';
  const raw = m.tool_calls ?? [];
  if (!Array.isArray(raw)) throw new MalformedReply(`tool_calls is not a list: ${shown(raw)}`);
  const calls: ToolCall[] = [];
  const echoCalls: OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall[] = [];
  for (const [i, c] of raw.entries()) {
    const tc = c as { id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } };
    const id = typeof tc?.id === 'string' && tc.id ? tc.id : `call_${i}`;
    const name = typeof tc?.function?.name === 'string' ? tc.function.name : String(tc?.type ?? '');
    const argText = typeof tc?.function?.arguments === 'string' ? tc.function.arguments : '';
    let args: unknown;
    let argsError: string | undefined;
    try {
      args = argText.trim() ? JSON.parse(argText) : {};
      if (!args || typeof args !== 'object' || Array.isArray(args)) argsError = `${shown(args)} is not an object`;
    } catch (e) {
      argsError = `${(e as Error).message}: ${argText.slice(0, 200)}`;
    }
    calls.push({ id, name, args: argsError ? undefined : args, ...(argsError ? { argsError } : {}) });
    echoCalls.push({ id, type: 'function', function: { name, arguments: argText } });
  }
  const u = b.usage;
  const prompt = count(u?.prompt_tokens);
  const cached = Math.min(prompt, count(u?.prompt_tokens_details?.cached_tokens));
  const echo: OpenAI.Chat.Completions.ChatCompletionAssistantMessageParam = {
    role: 'assistant',
    // with tool calls an empty text is null, as the API itself writes it
    content: echoCalls.length && !text ? null : text,
    ...(echoCalls.length ? { tool_calls: echoCalls } : {}),
  };
  return {
    text,
    calls,
    usage: { input_tokens: prompt - cached, output_tokens: count(u?.completion_tokens), cache_read_tokens: cached },
    ...(typeof b.model === 'string' && b.model ? { model: b.model } : {}),
    stop: typeof b.choices[0].finish_reason === 'string' ? b.choices[0].finish_reason : null,
    echo,
  };
}

/** The `openai:<model>` backend. */
export function openaiBackend(opts: OpenaiOptions): AgentBackend {
  const r = chatEndpoint(opts, 'openai');
  return chatBackend(opts, {
    form: 'openai',
    api: 'openai-chat',
    baseUrl: r.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: r.apiKey ?? PLACEHOLDER_KEY,
    problem: () => checkOpenaiSetup(opts),
    client(o) {
      const client = new OpenAI(o);
      return (req, signal) =>
        client.chat.completions.create(
          {
            model: opts.model,
            messages: openaiMessages(req),
            tools: req.tools.map((t) => ({
              type: 'function' as const,
              function: { name: t.name, description: t.description, parameters: t.parameters },
            })),
            ...(opts.reasoning ? { reasoning_effort: opts.reasoning } : {}),
          },
          { signal },
        );
    },
    reply: openaiReply,
  });
}
