/**
 * `anthropic:<model>`: the API loop (chat-loop.ts) against the Messages API, through the official
 * `@anthropic-ai/sdk` client. This file only translates: the conversation into `messages` (a tool result's frame
 * goes inside its `tool_result` block as a base64 JPEG image) and `tools` (`input_schema`), the reply into tool calls
 * and usage. The assistant's content blocks are sent back verbatim (thinking blocks included, as the API requires).
 *
 * - The base URL is `baseUrl`, else ANTHROPIC_BASE_URL, else the API's; the key `apiKey`, else ANTHROPIC_API_KEY
 *   (a server given by its base URL with no key set gets the placeholder `none`; neither: checkAnthropicSetup says
 *   why). The key is always passed to the client, so it reads no other credential.
 * - `max_tokens` per reply: `maxTokens` (default 8192). `reasoning` is sent as `output_config.effort` (a model
 *   without that setting refuses the request, and the case is broken with the API's message).
 * - The system prompt and the newest message carry a prompt-cache breakpoint, so each call reads the conversation
 *   before it from the cache. Usage: input_tokens (uncached), output_tokens, cache_read_input_tokens and
 *   cache_creation_input_tokens (the cache writes); dollars only from a prices-file entry.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { AgentBackend } from './agent-system.ts';
import {
  type ChatBackendOptions,
  type ChatReply,
  type ChatRequest,
  chatBackend,
  chatEndpoint,
  endpointProblem,
  MalformedReply,
  shownValue as shown,
  tokenCount as count,
  type ToolCall,
} from './chat-loop.ts';

/** The settings of `anthropic:<model>`; the environment is read for ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY. */
export interface AnthropicOptions extends ChatBackendOptions {
  /** max_tokens of each reply (default 8192) */
  maxTokens?: number;
}

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_MAX_TOKENS = 8192;

/** Why `anthropic:<model>` cannot run as given, or null. */
export function checkAnthropicSetup(opts: AnthropicOptions): string | null {
  const problem = endpointProblem(opts, 'anthropic', 'https://api.anthropic.com');
  if (problem) return problem;
  if (opts.maxTokens !== undefined && !(Number.isInteger(opts.maxTokens) && opts.maxTokens >= 1))
    return `max_tokens must be a whole number of at least 1, not ${opts.maxTokens}`;
  return null;
}

type MessageParam = Anthropic.Messages.MessageParam;
type Block = Anthropic.Messages.ContentBlockParam;
const CACHE = { type: 'ephemeral' } as const;

/** The conversation as Messages API `messages`, the newest message's last block a cache breakpoint. */
export function anthropicMessages(req: ChatRequest): MessageParam[] {
  const out: MessageParam[] = [];
  for (const t of req.turns) {
    if (t.role === 'user') out.push({ role: 'user', content: [{ type: 'text', text: t.text }] });
    else if (t.role === 'assistant') out.push({ role: 'assistant', content: t.reply.echo as Block[] });
    else
      out.push({
        role: 'user',
        content: t.results.map(
          (r): Anthropic.Messages.ToolResultBlockParam => ({
            type: 'tool_result',
            tool_use_id: r.callId,
            content: [
              { type: 'text', text: r.text },
              ...(r.image
                ? [
                    {
                      type: 'image' as const,
                      source: {
                        type: 'base64' as const,
                        media_type: 'image/jpeg' as const,
                        data: r.image.toString('base64'),
                      },
                    },
                  ]
                : []),
            ],
            ...(r.isError ? { is_error: true } : {}),
          }),
        ),
      });
  }
  const last = out[out.length - 1];
  if (last && Array.isArray(last.content) && last.content.length) {
    const blocks = [...last.content];
    blocks[blocks.length - 1] = { ...blocks[blocks.length - 1], cache_control: CACHE } as Block;
    out[out.length - 1] = { ...last, content: blocks } as MessageParam;
  }
  return out;
}

/** A Messages API reply as the loop's reply; MalformedReply when it is not one. */
export function anthropicReply(body: unknown): ChatReply {
  const b = body as {
    model?: unknown;
    content?: unknown;
    stop_reason?: unknown;
    usage?: {
      input_tokens?: unknown;
      output_tokens?: unknown;
      cache_read_input_tokens?: unknown;
      cache_creation_input_tokens?: unknown;
    };
  };
  if (!b || typeof b !== 'object' || !Array.isArray(b.content))
    throw new MalformedReply(`a message has a content list, not ${shown(body)}`);
  const text: string[] = [];
  const calls: ToolCall[] = [];
  for (const block of b.content as {
    type?: unknown;
    text?: unknown;
    id?: unknown;
    name?: unknown;
    input?: unknown;
  }[]) {
    if (!block || typeof block !== 'object') throw new MalformedReply(`a content block is ${shown(block)}`);
    if (block.type === 'text' && typeof block.text === 'string') text.push(block.text);
    if (block.type === 'tool_use') {
      if (typeof block.id !== 'string' || typeof block.name !== 'string')
        throw new MalformedReply(`a tool_use block has an id and a name: ${shown(block)}`);
      const ok = block.input && typeof block.input === 'object' && !Array.isArray(block.input);
      calls.push({
        id: block.id,
        name: block.name,
        args: ok ? block.input : undefined,
        ...(ok ? {} : { argsError: `${shown(block.input)} is not an object` }),
      });
    }
  }
  const u = b.usage;
  return {
    text: text.join('\n'),
    calls,
    usage: {
      input_tokens: count(u?.input_tokens),
      output_tokens: count(u?.output_tokens),
      cache_read_tokens: count(u?.cache_read_input_tokens),
      cache_write_tokens: count(u?.cache_creation_input_tokens),
    },
    ...(typeof b.model === 'string' && b.model ? { model: b.model } : {}),
    stop: typeof b.stop_reason === 'string' ? b.stop_reason : null,
    echo: b.content,
  };
}

/** The `anthropic:<model>` backend. */
export function anthropicBackend(opts: AnthropicOptions): AgentBackend {
  const r = chatEndpoint(opts, 'anthropic');
  const maxTokens = opts.maxTokens ?? DEFAULT_MAX_TOKENS;
  return chatBackend(opts, {
    form: 'anthropic',
    api: 'anthropic-messages',
    baseUrl: r.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
    apiKey: r.apiKey ?? 'none',
    problem: () => checkAnthropicSetup(opts),
    provenance: { max_tokens: maxTokens },
    client(o) {
      const client = new Anthropic(o);
      return (req, signal) =>
        client.messages.create(
          {
            model: opts.model,
            max_tokens: maxTokens,
            system: [{ type: 'text', text: req.system, cache_control: CACHE }],
            messages: anthropicMessages(req),
            tools: req.tools.map((t) => ({
              name: t.name,
              description: t.description,
              input_schema: t.parameters as Anthropic.Messages.Tool.InputSchema,
            })),
            ...(opts.reasoning ? { output_config: { effort: opts.reasoning } } : {}),
          },
          { signal },
        );
    },
    reply: anthropicReply,
  });
}
