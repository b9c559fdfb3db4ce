/**
 * The API loop, written once for every chat API (openai-chat.ts, anthropic-messages.ts): the harness keeps the
 * conversation (the system prompt, FIRST_MESSAGE, then per model call the model's reply and the tool results),
 * makes each model call through a thin provider adapter, runs the model's tool calls on the desk in order, and ends
 * when next_frame has said the job is over. The model only ever sees what the two tools return. chatBackend makes a
 * backend of it: the defaults, the provenance and the client's settings are the same for every API; a provider's
 * file gives its client's call and translates the request and the reply.
 *
 * - A reply without a tool call while the job is not over gets NUDGE_MESSAGE, at most `maxNudges` times a case
 *   (default 3); after that the loop ends and the session breaks the case (the model stopped early).
 * - A call of an unknown tool, or arguments that are not a JSON object, goes back to the model as a refused tool
 *   result, as the desk's own refusals do; more than `maxToolErrors` refused calls in a row (default 10) break
 *   the case (a model that never gets a call right would otherwise loop for ever).
 * - The context policy (context-policy.ts) is applied before each call: with `last:N` only the images of the last N
 *   frames are sent; every earlier frame keeps its text with DROPPED_NOTE. The kept conversation itself is whole.
 * - Failures: the provider's client retries what can be retried (429, 5xx, 529, 408, 409, dropped connections,
 *   timeouts) with its own bounded backoff, honouring Retry-After; `recordingFetch` writes each failed attempt to
 *   the transcript (`retry` when another follows, `error` for the last; a timed-out attempt with `billed:
 *   'possibly'`, as an abandoned request may still be billed). When the client gives up, `done` rejects with the
 *   status and message: the case is broken, never scored. A reply the client got but that is not a reply
 *   (malformed JSON, no choices, the wrong shape) is asked for again once; a second malformed reply breaks the case.
 * - Each call is priced by the model id the API reported, else by the requested one (prices.ts); under a dollar cap
 *   (`capped`) a call that neither prices breaks the case once its tokens are counted, rather than spend uncounted.
 * - It stops at once when the case's signal aborts (the pending request is cancelled; `done` resolves). Each call
 *   gets a signal of its own, linked to the case's until the call ends (a client may leave a listener on it).
 *
 * Transcript events it adds (besides the desk's tool_call/tool_result): model_request (call number, messages,
 * images sent and dropped), model_reply (model id, text, tool calls, stop reason), usage (tokens; usd only when
 * priced), retry and error (each failed attempt), nudge. No image bytes are ever written: frames by path.
 */
import { setMaxListeners } from 'node:events';
import type { CostReport } from '../../formats/cost.ts';
import type { Transcript } from '../harness/index.ts';
import { type AgentBackend, type AgentContext, type AgentRun, refusedRun } from './agent-system.ts';
import { type ContextPolicy, contextName } from './context-policy.ts';
import type { ToolResult } from './desk.ts';
import type { Reasoning } from './model-spec.ts';
import { dollars, type Prices, priceOfCall } from './prices.ts';
import {
  FIRST_MESSAGE,
  NEXT_FRAME,
  NUDGE_MESSAGE,
  SUBMIT_ANSWER,
  type ToolDeclaration,
  toolDeclarations,
} from './tools.ts';

/** How many times a model that stops early is told to go on, per case. */
export const DEFAULT_MAX_NUDGES = 3;
/** How many refused tool calls in a row end the case. */
export const DEFAULT_MAX_TOOL_ERRORS = 10;
/** The client's retries of one model call (after the first attempt). */
export const DEFAULT_MAX_RETRIES = 4;
/**
 * How long one HTTP attempt may take before it is abandoned (and retried), ms: long, since a high-effort call with
 * a long context can take minutes, and an abandoned request may still be billed.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** What replaces a frame's image outside the context policy's window. */
export function droppedNote(context: ContextPolicy): string {
  return `[image dropped: context ${contextName(context)}]`;
}

/** A tool call as the model made it. */
export interface ToolCall {
  id: string;
  name: string;
  /** the parsed arguments (an object), when they parsed */
  args: unknown;
  /** why the arguments could not be read (not JSON, not an object) */
  argsError?: string;
}

/** One model reply, provider-neutral. */
export interface ChatReply {
  text: string;
  calls: ToolCall[];
  /** tokens of the call (no dollars: the loop prices them) */
  usage: CostReport;
  /** the model id the API reported */
  model?: string;
  stop?: string | null;
  /** the provider's own assistant message (or content), sent back verbatim in the next requests */
  echo: unknown;
}

/** A tool result as the next request carries it. */
export interface SentToolResult {
  callId: string;
  name: string;
  text: string;
  isError?: boolean;
  /** the frame's JPEG, when the context policy keeps it */
  image?: Buffer;
}

export type Turn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; reply: ChatReply }
  | { role: 'tools'; results: SentToolResult[] };

/** One model call's input, with the context policy applied. */
export interface ChatRequest {
  system: string;
  turns: Turn[];
  tools: ToolDeclaration[];
}

/** A provider adapter: one model call. It throws MalformedReply for a reply that is not one, anything else for a failure. */
export interface ChatApi {
  call(req: ChatRequest, signal: AbortSignal): Promise<ChatReply>;
}

/** A reply the client received but that is no reply (malformed JSON, the wrong shape). */
export class MalformedReply extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedReply';
  }
}

/** What the loop needs of a backend's settings. */
export interface ChatLoopSettings {
  /** the system's name (openai:<model>): reasons begin with it */
  name: string;
  /** the model requested (priced by the id the API reports, else this) */
  model: string;
  context: ContextPolicy;
  prices?: Prices;
  /** a dollar cap is set (--case-usd, --max-usd): a call that cannot be priced breaks the case */
  capped?: boolean;
  maxRetries: number;
  requestTimeoutMs: number;
  maxNudges?: number;
  maxToolErrors?: number;
  /** the model ids the API reported, across cases (provenance) */
  modelsReported: Set<string>;
}

/** The state of one model call's attempts, shared with the fetch the client is given. */
export interface AttemptState {
  call: number;
  /** HTTP attempts made for this call */
  attempt: number;
  /** attempts made before the current client call (a malformed reply asked again) */
  base: number;
}

const RETRYABLE = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** Whether a fetch failure was the client abandoning the attempt at its timeout (the case's own abort aside). */
const timedOut = (e: unknown) => {
  const name = (e as Error)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
};

/** What a fetch failure was, in words. */
function fetchError(e: unknown, timeoutMs: number): string {
  const err = e as Error & { cause?: { message?: string; code?: string } };
  if (timedOut(e)) return `no reply within ${timeoutMs} ms`;
  const cause = err?.cause ? `: ${err.cause.code ?? err.cause.message ?? String(err.cause)}` : '';
  return `${err?.message ?? String(e)}${cause}`;
}

/** The wait a response's headers ask for before the next attempt, ms (undefined: the client's own backoff). */
function retryAfterMs(h: Headers): number | undefined {
  const ms = Number.parseFloat(h.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms > 0) return ms;
  const v = h.get('retry-after');
  if (!v) return undefined;
  // a wait of 0 or less is left to the client (one client takes it as it is, another uses its backoff)
  const s = Number.parseFloat(v);
  if (Number.isFinite(s)) return s > 0 ? s * 1000 : undefined;
  const at = Date.parse(v) - Date.now();
  return Number.isFinite(at) && at > 0 ? at : undefined;
}

/**
 * The fetch a provider's client is given: it passes every request through and writes each failed attempt (a status
 * of 400 or more, or a thrown error) to the transcript, as `retry` when the client will try again and `error` for the
 * last. Cancellations of the case itself are not failures and are not written. An attempt abandoned at the timeout
 * says `billed: 'possibly'`: the server may have gone on and charged for it.
 */
export function recordingFetch(
  transcript: Transcript,
  state: AttemptState,
  opts: { maxRetries: number; timeoutMs: number; signal: AbortSignal },
  inner: typeof fetch = globalThis.fetch,
): typeof fetch {
  return async (input, init) => {
    const attempt = ++state.attempt;
    const more = attempt - state.base <= opts.maxRetries;
    try {
      const res = await inner(input, init);
      if (res.status >= 400) {
        const should = res.headers.get('x-should-retry');
        const retried = more && (should === 'true' || (should !== 'false' && RETRYABLE(res.status)));
        const after = res.headers.get('retry-after-ms') ?? res.headers.get('retry-after');
        const wait = retryAfterMs(res.headers);
        transcript.write({
          kind: retried ? 'retry' : 'error',
          call: state.call,
          attempt,
          status: res.status,
          ...(after !== null ? { retry_after: after } : {}),
          ...(retried && wait !== undefined ? { wait_ms: Math.round(wait) } : {}),
        });
      }
      return res;
    } catch (e) {
      if (!opts.signal.aborted)
        transcript.write({
          kind: more ? 'retry' : 'error',
          call: state.call,
          attempt,
          error: fetchError(e, opts.timeoutMs),
          ...(timedOut(e) ? { billed: 'possibly' } : {}),
        });
      throw e;
    }
  };
}

/** The conversation as the next call sends it: images outside the context policy's window dropped, with a note. */
export function applyContext(
  turns: readonly Turn[],
  context: ContextPolicy,
): { turns: Turn[]; kept: number; dropped: number } {
  const total = turns.reduce((n, t) => n + (t.role === 'tools' ? t.results.filter((r) => r.image).length : 0), 0);
  const keepFrom = context.kind === 'all' ? 0 : Math.max(0, total - context.n);
  let i = 0;
  let kept = 0;
  const note = droppedNote(context);
  const out = turns.map((t): Turn => {
    if (t.role !== 'tools') return t;
    return {
      role: 'tools',
      results: t.results.map((r) => {
        if (!r.image) return r;
        if (i++ >= keepFrom) {
          kept++;
          return r;
        }
        const { image: _drop, ...rest } = r;
        return { ...rest, text: `${r.text}\n${note}` };
      }),
    };
  });
  return { turns: out, kept, dropped: total - kept };
}

/** The reason a failed call breaks the case with (the clients' error classes are told apart by name). */
function failureReason(name: string, e: unknown, state: AttemptState, timeoutMs: number): string {
  const err = e as Error & { cause?: Error & { cause?: Error & { code?: string } } };
  const kind = err?.constructor?.name ?? '';
  const attempts = state.attempt - state.base;
  const tries = attempts ? ` after ${attempts} attempt${attempts === 1 ? '' : 's'}` : ''; // 0: refused before sending
  let what = err?.message ?? String(e);
  if (kind === 'APIConnectionTimeoutError') what = `the request timed out (no reply within ${timeoutMs} ms)`;
  else if (kind === 'APIConnectionError') {
    const detail = err.cause?.cause?.message ?? err.cause?.cause?.code ?? err.cause?.message;
    what = `connection failed${detail ? ` (${detail})` : ''}`;
  }
  return `${name}: the model call failed${tries}: ${what}`.slice(0, 1000);
}

/**
 * Run the loop for one case: `open` makes the provider adapter from the fetch it must give its client (the fetch
 * that records failed attempts).
 */
export function runChatLoop(
  ctx: AgentContext,
  settings: ChatLoopSettings,
  open: (fetch: typeof globalThis.fetch) => ChatApi,
): AgentRun {
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  if (ctx.signal.aborted) abort.abort();
  else ctx.signal.addEventListener('abort', onAbort, { once: true });
  const signal = abort.signal;
  const state: AttemptState = { call: 0, attempt: 0, base: 0 };
  const maxNudges = settings.maxNudges ?? DEFAULT_MAX_NUDGES;
  const maxToolErrors = settings.maxToolErrors ?? DEFAULT_MAX_TOOL_ERRORS;
  const t = ctx.transcript;
  const tools = toolDeclarations();

  const done = (async () => {
    const api = open(
      recordingFetch(t, state, { maxRetries: settings.maxRetries, timeoutMs: settings.requestTimeoutMs, signal }),
    );
    const turns: Turn[] = [{ role: 'user', text: FIRST_MESSAGE }];
    let nudges = 0;
    let refusedInRow = 0;

    /** One model call; undefined when the case was stopped meanwhile. */
    const call = async (): Promise<ChatReply | undefined> => {
      state.call++;
      state.attempt = 0;
      state.base = 0;
      const view = applyContext(turns, settings.context);
      t.write({
        kind: 'model_request',
        call: state.call,
        messages: view.turns.length + 1,
        images: view.kept,
        ...(view.dropped ? { images_dropped: view.dropped } : {}),
      });
      const req = { system: ctx.systemPrompt, turns: view.turns, tools };
      for (let malformed = 0; ; malformed++) {
        // the call's own signal, linked to the case's only while it runs: a client's listener on it goes with it
        const one = new AbortController();
        setMaxListeners(settings.maxRetries + 2, one.signal); // a client may add one per attempt
        const link = () => one.abort();
        if (signal.aborted) one.abort();
        else signal.addEventListener('abort', link, { once: true });
        try {
          return await api.call(req, one.signal);
        } catch (e) {
          if (signal.aborted) return undefined;
          if (e instanceof MalformedReply) {
            const message = `malformed reply: ${e.message}`.slice(0, 500);
            if (malformed === 0) {
              t.write({ kind: 'retry', call: state.call, attempt: state.attempt, error: message });
              state.base = state.attempt;
              continue;
            }
            throw new Error(`${settings.name}: the model's reply was malformed twice: ${e.message}`.slice(0, 1000));
          }
          throw new Error(failureReason(settings.name, e, state, settings.requestTimeoutMs));
        } finally {
          signal.removeEventListener('abort', link);
        }
      }
    };

    /** Run one tool call on the desk (or refuse it). */
    const run = async (tc: ToolCall): Promise<ToolResult> => {
      if (tc.name === NEXT_FRAME) return ctx.desk.nextFrame();
      if (tc.name === SUBMIT_ANSWER && !tc.argsError) return ctx.desk.submitAnswer(tc.args);
      const text =
        tc.name === SUBMIT_ANSWER
          ? `Refused: the arguments are not a JSON object (${tc.argsError}). Send {"answers": [...]} again.`
          : `There is no tool ${JSON.stringify(tc.name)}: the tools are ${NEXT_FRAME} and ${SUBMIT_ANSWER}.`;
      t.write({
        kind: 'tool_call',
        name: tc.name,
        ...(tc.argsError ? { args_error: tc.argsError } : { args: tc.args }),
      });
      t.write({ kind: 'tool_result', name: tc.name, text, is_error: true });
      return { text, isError: true };
    };

    while (!signal.aborted) {
      const reply = await call();
      if (!reply) return;
      if (reply.model) settings.modelsReported.add(reply.model);
      t.write({
        kind: 'model_reply',
        call: state.call,
        ...(reply.model ? { model: reply.model } : {}),
        text: reply.text,
        tool_calls: reply.calls.map((c) => ({
          id: c.id,
          name: c.name,
          ...(c.argsError ? { args_error: c.argsError } : { args: c.args }),
        })),
        ...(reply.stop ? { stop: reply.stop } : {}),
      });
      const usd = dollars(priceOfCall(settings.prices, reply.model, settings.model), reply.usage);
      const used: CostReport = { ...reply.usage, calls: 1, ...(usd !== undefined ? { usd } : {}) };
      t.write({ kind: 'usage', call: state.call, ...used });
      ctx.spend(used);
      if (settings.capped && usd === undefined)
        throw new Error(
          `${settings.name}: a dollar cap (--case-usd, --max-usd) is set and this call's dollars cannot be counted: the prices file has no entry for ${reply.model ? `the model the API reported (${reply.model}) nor ` : ''}the model requested (${settings.model})`.slice(
            0,
            1000,
          ),
        );
      turns.push({ role: 'assistant', reply });
      if (signal.aborted) return;

      if (reply.calls.length === 0) {
        if (ctx.desk.isOver || nudges >= maxNudges) return; // the session breaks a case whose job is not over
        nudges++;
        t.write({ kind: 'nudge', n: nudges, text: NUDGE_MESSAGE });
        turns.push({ role: 'user', text: NUDGE_MESSAGE });
        continue;
      }

      const results: SentToolResult[] = [];
      let over = false;
      for (const tc of reply.calls) {
        // once the job is over, a call after it is answered without the desk
        const r: ToolResult = over ? { text: 'The job is over. Stop now.', over: true } : await run(tc);
        if (signal.aborted) return;
        results.push({
          callId: tc.id,
          name: tc.name,
          text: r.text,
          ...(r.isError ? { isError: true } : {}),
          ...(r.image ? { image: r.image.jpeg } : {}),
        });
        if (r.over) over = true;
        if (r.isError) {
          refusedInRow++;
          if (refusedInRow > maxToolErrors)
            throw new Error(
              `${settings.name}: the model made ${refusedInRow} refused tool calls in a row (the last: ${r.text})`.slice(
                0,
                1000,
              ),
            );
        } else refusedInRow = 0;
      }
      turns.push({ role: 'tools', results });
      if (over || ctx.desk.isOver) return;
    }
  })();
  void done.catch(() => {}).finally(() => ctx.signal.removeEventListener('abort', onAbort));

  return {
    done,
    stop: async () => {
      abort.abort();
      await done.catch(() => {});
    },
  };
}

/** The settings every API backend takes (openai-chat.ts, anthropic-messages.ts). */
export interface ChatBackendOptions {
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
  /** the environment read for the API's base URL and key (OPENAI_*, ANTHROPIC_*; default process.env) */
  env?: NodeJS.ProcessEnv;
}

/** The chat APIs, by the form of their systems (`openai:<model>`, `anthropic:<model>`). */
export type ChatForm = 'openai' | 'anthropic';

/** A backend's base URL and key: the options', else the environment's `<FORM>_BASE_URL` and `<FORM>_API_KEY`. */
export function chatEndpoint(opts: ChatBackendOptions, form: ChatForm): { baseUrl?: string; apiKey?: string } {
  const env = opts.env ?? process.env;
  const prefix = form.toUpperCase();
  return {
    baseUrl: opts.baseUrl || env[`${prefix}_BASE_URL`] || undefined,
    apiKey: opts.apiKey || env[`${prefix}_API_KEY`] || undefined,
  };
}

/**
 * Why a backend cannot reach its API as given (no model name, a base URL that is no http(s) URL, neither a key nor
 * a base URL), or null; `example` is a base URL the refusal of one that is no URL shows.
 */
export function endpointProblem(opts: ChatBackendOptions, form: ChatForm, example: string): string | null {
  const r = chatEndpoint(opts, form);
  const prefix = form.toUpperCase();
  if (!opts.model) return `${form}: needs a model name (${form}:<model>)`;
  if (r.baseUrl !== undefined) {
    let u: URL;
    try {
      u = new URL(r.baseUrl);
    } catch {
      return `the base URL ${JSON.stringify(r.baseUrl)} is not a URL (e.g. ${example})`;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      return `the base URL ${JSON.stringify(r.baseUrl)} is not an http(s) URL`;
  }
  if (!r.apiKey && !r.baseUrl)
    return `${form}:${opts.model} needs ${prefix}_API_KEY set, or a base URL (--base-url or ${prefix}_BASE_URL) of a server that needs no key`;
  return null;
}

/** What every provider's client (the official SDKs) is made with. */
export interface ChatClientOptions {
  apiKey: string;
  baseURL: string;
  maxRetries: number;
  timeout: number;
  /** the fetch that records failed attempts (recordingFetch) */
  fetch: typeof globalThis.fetch;
}

/** What one API backend has of its own; chatBackend does the rest. */
export interface ChatBackendSpec {
  /** the system is `<form>:<model>` */
  form: ChatForm;
  /** provenance's `api` */
  api: string;
  /** the base URL the client is given (provenance records it without what could hold a key) */
  baseUrl: string;
  /** the key the client is given */
  apiKey: string;
  /** why the backend cannot run as given, or null: asked as each case starts, which is broken with it */
  problem(): string | null;
  /** provenance's keys after the shared ones */
  provenance?: Record<string, unknown>;
  /** the provider's client, made once a case: it sends one model call and gives the reply's body */
  client(o: ChatClientOptions): (req: ChatRequest, signal: AbortSignal) => PromiseLike<unknown>;
  /** a reply's body as the loop's reply; MalformedReply when it is not one */
  reply(body: unknown): ChatReply;
}

/**
 * An API backend: the loop run per case with the backend's settings (retries and the request timeout defaulted),
 * its provenance (the model ids the API reported across its cases, and whether each is priced), and a case started
 * while `spec.problem()` says why it cannot run broken with that reason.
 */
export function chatBackend(opts: ChatBackendOptions, spec: ChatBackendSpec): AgentBackend {
  const maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
  const requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const name = `${spec.form}:${opts.model}`;
  const modelsReported = new Set<string>();
  return {
    name,
    mode: 'harness_loop',
    provenance: () => {
      const models = modelsReported.size ? [...modelsReported] : [opts.model];
      return {
        api: spec.api,
        base_url: shownUrl(spec.baseUrl),
        model_requested: opts.model,
        models_reported: [...modelsReported].sort(),
        context: contextName(opts.context),
        reasoning: opts.reasoning ?? null,
        priced: models.every((m) => priceOfCall(opts.prices, m, opts.model) !== undefined),
        max_retries: maxRetries,
        request_timeout_ms: requestTimeoutMs,
        ...spec.provenance,
      };
    },
    start(ctx) {
      const problem = spec.problem();
      if (problem) return refusedRun(problem);
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
          const send = spec.client({
            apiKey: spec.apiKey,
            baseURL: spec.baseUrl,
            maxRetries,
            timeout: requestTimeoutMs,
            fetch,
          });
          return { call: async (req, signal) => spec.reply(await replyBody(send(req, signal))) };
        },
      );
    },
  };
}

/** A client's call's reply body: a 200 whose body is not JSON fails the client's parse, a MalformedReply here. */
async function replyBody(request: PromiseLike<unknown>): Promise<unknown> {
  try {
    return await request;
  } catch (e) {
    if (e instanceof SyntaxError) throw new MalformedReply(`the body is not JSON (${e.message})`);
    throw e;
  }
}

/** A value of a reply as a reason shows it: JSON, cut at 200 characters. */
export const shownValue = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 200);

/** A reply's token count: a whole number, 0 for anything that is not a count. */
export const tokenCount = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

/** A data URL of a frame's JPEG. */
export function jpegDataUrl(jpeg: Buffer): string {
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** A base URL as provenance records it: no user name or password, query or fragment in it (a key may be there). */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    // not a URL (refused before any run): still drop what could hold a key
    return url.replace(/[?#].*$/s, '').replace(/^([a-z][\w+.-]*:\/\/)[^/@]*@/i, '$1');
  }
}
