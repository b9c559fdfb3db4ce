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
import {
  type ChatApi,
  type ChatReply,
  type ChatRequest,
  DEFAULT_MAX_RETRIES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  jpegDataUrl,
  MalformedReply,
  runChatLoop,
  shownUrl,
  type ToolCall,
} from './chat-loop.ts';
import { checkAnthropicSetup } from './anthropic-messages.ts';
import { type ContextPolicy, contextName } from './context-policy.ts';
import type { Reasoning } from './model-spec.ts';
import { type Prices, priceOfCall } from './prices.ts';

export interface OpenaiOptions {
  model: string;
  baseUrl?: string;
  apiKey?: string;
  context: ContextPolicy;
  prices?: Prices;
  /** a dollar cap is set (--case-usd, --max-usd): a call that no entry prices breaks the case */
  capped?: boolean;
  reasoning?: Reasoning;
  /** the client's retries of a call (default 4) */
  maxRetries?: number;
  /** one HTTP attempt's limit, ms (default 600 000) */
  requestTimeoutMs?: number;
  /** times a model that stops early is told to go on (default 3) */
  maxNudges?: number;
  /** refused tool calls in a row that end the case (default 10) */
  maxToolErrors?: number;
  /** the environment read for OPENAI_BASE_URL and OPENAI_API_KEY (default process.env) */
  env?: NodeJS.ProcessEnv;
}

/** The client's base URL when none is given. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The key sent to a server given by its base URL when no key is set (local servers ignore it). */
export const PLACEHOLDER_KEY = 'none';

interface Resolved {
  baseUrl?: string;
  apiKey?: string;
}

function resolve(opts: OpenaiOptions): Resolved {
  const env = opts.env ?? process.env;
  return {
    baseUrl: opts.baseUrl || env.OPENAI_BASE_URL || undefined,
    apiKey: opts.apiKey || env.OPENAI_API_KEY || undefined,
  };
}

/**
 * Why `openai:<model>` cannot run as given (no key and no base URL, a base URL that is no URL), or null; with
 * `form: 'anthropic'`, the same of `anthropic:<model>` (checkAnthropicSetup).
 */
export function checkOpenaiSetup(opts: OpenaiOptions & { form?: 'openai' | 'anthropic' }): string | null {
  if (opts.form === 'anthropic') return checkAnthropicSetup(opts);
  const r = resolve(opts);
  if (!opts.model) return 'openai: needs a model name (openai:<model>)';
  if (r.baseUrl !== undefined) {
    let u: URL;
    try {
      u = new URL(r.baseUrl);
    } catch {
      return `the base URL ${JSON.stringify(r.baseUrl)} is not a URL (e.g. http://localhost:11434/v1)`;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      return `the base URL ${JSON.stringify(r.baseUrl)} is not an http(s) URL`;
  }
  if (!r.apiKey && !r.baseUrl)
    return `openai:${opts.model} needs OPENAI_API_KEY set, or a base URL (--base-url or OPENAI_BASE_URL) of a server that needs no key`;
  return null;
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

const shown = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 200);
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

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
  const r = resolve(opts);
  const maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
  const requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const name = `openai:${opts.model}`;
  const modelsReported = new Set<string>();
  return {
    name,
    mode: 'harness_loop',
    provenance: () => {
      const models = modelsReported.size ? [...modelsReported] : [opts.model];
      return {
        api: 'openai-chat',
        base_url: shownUrl(r.baseUrl ?? OPENAI_DEFAULT_BASE_URL),
        model_requested: opts.model,
        models_reported: [...modelsReported].sort(),
        context: contextName(opts.context),
        reasoning: opts.reasoning ?? null,
        priced: models.every((m) => priceOfCall(opts.prices, m, opts.model) !== undefined),
        max_retries: maxRetries,
        request_timeout_ms: requestTimeoutMs,
      };
    },
    start(ctx) {
      const problem = checkOpenaiSetup(opts);
      if (problem) {
        const done = Promise.reject(new Error(problem));
        return { done, stop: async () => void (await done.catch(() => {})) };
      }
      return runChatLoop(
        ctx,
        {
          name,
          model: opts.model,
          context: opts.context,
          prices: opts.prices,
          capped: opts.capped,
          maxRetries,
          requestTimeoutMs,
          maxNudges: opts.maxNudges,
          maxToolErrors: opts.maxToolErrors,
          modelsReported,
        },
        (fetch): ChatApi => {
          const client = new OpenAI({
            apiKey: r.apiKey ?? PLACEHOLDER_KEY,
            baseURL: r.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
            maxRetries,
            timeout: requestTimeoutMs,
            fetch,
          });
          return {
            async call(req, signal) {
              let body: unknown;
              try {
                body = await client.chat.completions.create(
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
              } catch (e) {
                // a 200 whose body is not JSON: the client's parse fails
                if (e instanceof SyntaxError) throw new MalformedReply(`the body is not JSON (${e.message})`);
                throw e;
              }
              return openaiReply(body);
            },
          };
        },
      );
    },
  };
}
