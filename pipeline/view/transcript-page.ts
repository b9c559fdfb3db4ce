/**
 * A case's transcript on its page (RUN_DIR/transcripts/<cid>.jsonl, the last attempt): a timeline of what the
 * harness sent, what the model said and called, what each tool returned (a frame as the site's copy of it, by path,
 * with a button that shows it in the viewer), refusals, retries, errors, usage per call, and the case's outcome,
 * cost and wall time; each submitted answer beside its score. Every text in a transcript is untrusted (a model wrote
 * it): all of it is escaped, and a frame path is shown as an image only where it is one of the case's own frames.
 * Long texts show their first lines and fold the rest; runs of frames sent and of raw CLI lines fold into one line.
 * The event kinds are those of checks/harness/transcript.ts and checks/agents/; a kind the view does not know is
 * shown as its JSON, folded.
 */
import type { TranscriptEvent } from '../../checks/harness/index.ts';
import { formatUsd } from '../../formats/cost.ts';
import { siteFramePath } from './case-page.ts';
import { answerText, costWords, scoreClass, scoreText, wallWords } from './formats.ts';
import { esc, num } from './html.ts';
import type { ViewCase, ViewOutcome, ViewRun, ViewTranscript } from './load-build.ts';

/** Lines of a text shown before the rest is folded (a tool result's, a model's). */
const TOOL_LINES = 4;
const MODEL_LINES = 14;
/** Characters of a text shown before the rest is folded, whatever its lines. */
const SHOWN_CHARS = 1500;

type Ev = TranscriptEvent & { ms?: unknown };

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const numOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** JSON of anything, for a folded block (never throws). */
function jsonText(v: unknown): string {
  try {
    return JSON.stringify(v, null, 1) ?? String(v);
  } catch {
    return String(v);
  }
}

/** A text as its first lines, the rest folded under "N more lines" (escaped). */
function clipped(text: string, lines: number, cls = 'tx-text'): string {
  const all = text.replace(/\s+$/, '').split('\n');
  let head = all.slice(0, lines).join('\n');
  let rest = all.slice(lines).join('\n');
  if (head.length > SHOWN_CHARS) {
    rest = head.slice(SHOWN_CHARS) + (rest ? `\n${rest}` : '');
    head = head.slice(0, SHOWN_CHARS);
  }
  const more = rest
    ? `<details class="tx-more"><summary>${all.length > lines ? `${all.length - lines} more line${all.length - lines === 1 ? '' : 's'}` : `${rest.length} more characters`}</summary><div class="${cls}">${esc(rest)}</div></details>`
    : '';
  return `<div class="${cls}">${esc(head)}</div>${more}`;
}

/** A folded JSON block under a summary. */
function folded(summary: string, v: unknown): string {
  return `<details class="tx-more"><summary>${summary}</summary><pre class="tx-json">${esc(jsonText(v))}</pre></details>`;
}

/** The scalar fields of an event as small chips (`key value`), dollars as dollars. */
function chips(e: Ev, skip: readonly string[] = []): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(e)) {
    if (k === 'kind' || k === 'ms' || skip.includes(k)) continue;
    if (typeof v === 'number' && Number.isFinite(v))
      out.push(`<span class="chip">${esc(k)} ${k === 'usd' ? `$${formatUsd(Math.max(0, v))}` : esc(String(v))}</span>`);
    else if (typeof v === 'string' && v.length <= 120) out.push(`<span class="chip">${esc(k)} ${esc(v)}</span>`);
    else if (typeof v === 'boolean') out.push(`<span class="chip">${esc(k)} ${v}</span>`);
  }
  return out.join(' ');
}

/** The event kinds a model-backed system writes (the others are the stream's). */
const MODEL_KINDS = new Set([
  'model_request',
  'model_reply',
  'usage',
  'tool_call',
  'tool_result',
  'cli_event',
  'retry',
]);

/** What renders one transcript: the case's frames by their path inside the data folder, and the run's scores. */
class Timeline {
  private readonly frameK = new Map<string, number>();
  private readonly items: string[] = [];
  /** a run of frames sent (observe messages) not yet written: their frame numbers */
  private sent: number[] = [];
  private sentMs: unknown;
  /** a run of raw CLI lines not yet written */
  private cli: Ev[] = [];
  /** tool calls waiting for their result, by tool name (the desk serves them in order) */
  private readonly pending = new Map<string, Ev[]>();
  /** whether a model's side shows (model calls, tool calls, a CLI's lines), not only the stream */
  modelSide = false;
  refusals = 0;
  retries = 0;
  errors = 0;
  calls = 0;

  constructor(
    private readonly vc: ViewCase,
    private readonly run: ViewRun,
  ) {
    vc.loaded.case.frames.forEach((f, k) => this.frameK.set(f.rgb, k));
  }

  private at(ms: unknown): string {
    const t = numOf(ms);
    return `<span class="tx-t">${t === null ? '' : `+${num(t / 1000, 1)} s`}</span>`;
  }

  private item(e: { ms?: unknown }, cls: string, label: string, body: string): void {
    this.items.push(
      `<li class="tx ${cls}">${this.at(e.ms)}<span class="tx-k">${label}</span><div class="tx-b">${body}</div></li>`,
    );
  }

  /** A frame path: the site's copy as an image where it is one of the case's frames, else the path as text. */
  private frame(path: string): string {
    const k = this.frameK.get(path);
    if (k === undefined) return `<p class="small">frame <code>${esc(path)}</code> (not a frame of this case)</p>`;
    const c = this.vc.loaded.case;
    const cam = this.vc.robot.camera;
    return (
      `<figure class="tx-frame"><img loading="lazy" src="../${siteFramePath(c.sid, c.frames[k].rgb)}" width="${cam.width}" height="${cam.height}" alt="frame k${k}">` +
      `<figcaption><button class="jump" data-k="${k}" title="show frame ${k} in the viewer">k${k}</button> <code>${esc(path)}</code></figcaption></figure>`
    );
  }

  /** Answers ([{qid, answer}]) beside their scores in the run (scored: false for answers that were refused). */
  private answers(list: unknown, scored: boolean): string {
    if (!Array.isArray(list)) return folded('answers (not a list)', list);
    const rows = list.map((a) => {
      const o = obj(a);
      const qid = str(o?.qid) ?? '?';
      const r = this.run.rows.get(qid);
      const known = this.vc.loaded.questions.has(qid);
      const q = known ? `<a href="#q-${esc(qid)}"><code>${esc(qid)}</code></a>` : `<code>${esc(qid)}</code>`;
      const score = !scored
        ? '<td class="small">refused</td>'
        : r
          ? `<td class="num ${scoreClass(r.score)}">${scoreText(r.score)}</td>`
          : '<td class="small">not scored</td>';
      // a refused answer is often malformed: shown as it was sent
      const given = scored
        ? esc(answerText(o?.answer))
        : `<code>${esc(jsonText(o?.answer).replace(/\s+/g, ' ').slice(0, 300))}</code>`;
      return `<tr><td>${q}</td><td>${given}</td>${score}</tr>`;
    });
    return `<table class="tx-answers"><tr><th>question</th><th>answer</th><th>score</th></tr>${rows.join('')}</table>`;
  }

  private flushSent(): void {
    if (!this.sent.length) return;
    const ks = this.sent;
    const n = this.vc.loaded.case.frames.length;
    const btn = (k: number) =>
      Number.isInteger(k) && k >= 0 && k < n
        ? `<button class="jump" data-k="${k}">k${k}</button>`
        : `k${esc(String(k))}`;
    const what =
      ks.length === 1 ? `frame ${btn(ks[0])}` : `${ks.length} frames, ${btn(ks[0])} to ${btn(ks[ks.length - 1])}`;
    this.item({ ms: this.sentMs }, 'tx-stream', 'stream', `${what} sent`);
    this.sent = [];
  }

  private flushCli(): void {
    if (!this.cli.length) return;
    const n = this.cli.length;
    const first = this.cli[0];
    this.item(
      first,
      'tx-cli',
      'cli',
      folded(
        `${n} line${n === 1 ? '' : 's'} of the CLI's stream`,
        this.cli.map(({ kind: _k, ms: _m, ...rest }) => rest),
      ),
    );
    this.cli = [];
  }

  private flush(except?: 'sent' | 'cli'): void {
    if (except !== 'sent') this.flushSent();
    if (except !== 'cli') this.flushCli();
  }

  /** A model's turn: its text and the tool calls it made. */
  private turn(e: Ev, label: string, text: string | null, calls: { name: string; args: unknown }[], extra = ''): void {
    const body: string[] = [];
    if (text?.trim()) body.push(clipped(text, MODEL_LINES));
    for (const c of calls) {
      const args = obj(c.args);
      const short = args && Object.keys(args).length === 0 ? '()' : '(…)';
      body.push(
        `<div class="tx-call">→ <b>${esc(c.name)}</b>${short}${short === '(…)' ? folded('arguments', c.args) : ''}</div>`,
      );
    }
    if (!body.length) body.push('<span class="small">(no text, no tool call)</span>');
    this.item(e, 'tx-model', label, body.join('') + extra);
  }

  add(e: Ev): void {
    const kind = e.kind;
    if (MODEL_KINDS.has(kind)) this.modelSide = true;
    if (kind === 'message' && obj(e.message)?.type === 'observe') {
      this.flush('sent');
      // the frame by its path where it is one of the case's, else by its number
      const step = obj(obj(e.message)?.step);
      const rgb = str(step?.rgb);
      const k = rgb !== null && this.frameK.has(rgb) ? this.frameK.get(rgb)! : numOf(step?.k);
      if (!this.sent.length) this.sentMs = e.ms;
      if (k !== null) this.sent.push(k);
      return;
    }
    if (kind === 'reply' && e.to !== 'ask' && obj(e.reply)?.type === 'next' && obj(e.reply)?.cost === undefined) return;
    if (kind === 'cli_event') {
      const shown = this.cliTurn(e);
      if (!shown) {
        this.flush('cli');
        this.cli.push(e);
      }
      return;
    }
    this.flush();
    switch (kind) {
      case 'attempt':
        return;
      case 'system_prompt': {
        const text = str(e.text) ?? '';
        const sha = str(e.sha256);
        this.item(
          e,
          'tx-prompt',
          'prompt',
          `<details class="tx-more"><summary>the system prompt${sha ? ` · sha256 <code>${esc(sha.slice(0, 12))}…</code>` : ''} · ${text.length} characters</summary><div class="tx-text">${esc(text)}</div></details>`,
        );
        return;
      }
      case 'message':
        this.message(e);
        return;
      case 'reply': {
        const r = obj(e.reply);
        if (e.to === 'ask' && r && Array.isArray(r.answers)) {
          this.item(e, 'tx-answers-row', 'answers', this.answers(r.answers, true));
          return;
        }
        this.item(e, 'tx-stream', 'reply', folded(`reply to ${esc(str(e.to) ?? '?')}`, e.reply));
        return;
      }
      case 'model_request':
        this.calls++;
        this.item(e, 'tx-req', 'call', chips(e) || 'a model call');
        return;
      case 'model_reply': {
        const calls = toolCalls(e.tool_calls);
        const text = str(e.text) ?? contentText(e.content);
        const reasoning = str(e.reasoning);
        this.turn(
          e,
          'model',
          text,
          calls,
          (reasoning
            ? `<details class="tx-more"><summary>reasoning</summary><div class="tx-text">${esc(reasoning)}</div></details>`
            : '') +
            (chips(e, ['text', 'reasoning']) ? `<div class="tx-chips">${chips(e, ['text', 'reasoning'])}</div>` : ''),
        );
        return;
      }
      case 'usage':
        this.item(e, 'tx-usage', 'usage', chips(e) || '<span class="small">nothing reported</span>');
        return;
      case 'tool_call': {
        const name = str(e.name) ?? '?';
        const q = this.pending.get(name) ?? this.pending.set(name, []).get(name)!;
        q.push(e);
        return;
      }
      case 'tool_result':
        this.toolResult(e);
        return;
      case 'retry':
        this.retries++;
        this.item(e, 'tx-retry', 'retry', chips(e) || 'a retry');
        return;
      case 'error':
        this.errors++;
        this.item(
          e,
          'tx-error',
          'error',
          (str(e.message) ? clipped(str(e.message)!, MODEL_LINES) : '') + (chips(e, ['message']) || ''),
        );
        return;
      case 'nudge':
        this.item(e, 'tx-retry', 'nudge', clipped(str(e.text) ?? '', TOOL_LINES));
        return;
      case 'broken':
        this.item(e, 'tx-error', 'broken', clipped(str(e.reason) ?? jsonText(e), MODEL_LINES));
        return;
      case 'outcome': {
        const status = str(e.status) ?? '?';
        const cost = obj(e.cost) as ViewOutcome['cost'] | null;
        const wall = numOf(e.wall_ms);
        this.item(
          e,
          status === 'ok' ? 'tx-ok' : 'tx-error',
          'outcome',
          `<b>${esc(status)}</b>${str(e.reason) ? `: ${esc(str(e.reason)!)}` : ''}` +
            `<div class="small">${cost ? esc(costWords(costOf(cost))) : 'no cost reported'}${wall !== null ? ` · ${wallWords(wall)}` : ''}</div>`,
        );
        return;
      }
      default:
        this.item(e, 'tx-other', esc(String(kind)), folded('the event', e));
    }
  }

  private message(e: Ev): void {
    const m = obj(e.message);
    const type = str(m?.type) ?? '?';
    if (type === 'start') {
      const prompt = str(m?.system_prompt);
      this.item(
        e,
        'tx-stream',
        'stream',
        `start${str(m?.channel) ? ` · channel ${esc(str(m?.channel)!)}` : ''}` +
          (prompt
            ? `<details class="tx-more"><summary>the system prompt it carried · ${prompt.length} characters</summary><div class="tx-text">${esc(prompt)}</div></details>`
            : ''),
      );
    } else if (type === 'task') {
      this.item(e, 'tx-stream', 'task', clipped(`task ${numOf(m?.index) ?? '?'}: ${str(m?.text) ?? ''}`, TOOL_LINES));
    } else if (type === 'ask') {
      const qs = Array.isArray(m?.questions) ? m.questions.map((q) => str(obj(q)?.qid) ?? '?') : [];
      const links = qs
        .map((q) =>
          this.vc.loaded.questions.has(q)
            ? `<a href="#q-${esc(q)}"><code>${esc(q)}</code></a>`
            : `<code>${esc(q)}</code>`,
        )
        .join(' ');
      this.item(e, 'tx-stream', 'stream', `${m?.end ? 'final ' : ''}questions asked: ${links}`);
    } else if (type === 'finish') {
      this.item(e, 'tx-stream', 'stream', 'finish');
    } else this.item(e, 'tx-stream', 'stream', folded(esc(type), m));
  }

  private toolResult(e: Ev): void {
    const name = str(e.name) ?? '?';
    const call = this.pending.get(name)?.shift();
    const refused = e.is_error === true;
    if (refused) this.refusals++;
    const body: string[] = [];
    if (name.endsWith('submit_answer') && call) {
      const args = obj(call.args);
      body.push(this.answers(args?.answers, !refused));
    } else if (call && obj(call.args) && Object.keys(obj(call.args)!).length) body.push(folded('arguments', call.args));
    if (str(call?.args_error))
      body.push(`<div class="small">unreadable arguments: ${esc(str(call!.args_error)!)}</div>`);
    const text = str(e.text);
    if (text) body.push(clipped(text, TOOL_LINES));
    const frame = str(e.frame);
    if (frame) body.push(this.frame(frame));
    const tags = `${refused ? ' <span class="tag tx-refused">refused</span>' : ''}${e.over === true ? ' <span class="tag">job over</span>' : ''}`;
    this.item(e, refused ? 'tx-tool tx-refusal' : 'tx-tool', `${esc(name)}${tags}`, body.join(''));
  }

  /** A CLI line that says something a reader wants (a model's text or tool call) as a turn; false: a raw line. */
  private cliTurn(e: Ev): boolean {
    const line = cliPayload(e);
    if (!line) return false;
    // Claude Code's stream-json: {"type":"assistant","message":{"content":[{"type":"text"},{"type":"tool_use"}]}}
    const msg = obj(line.message);
    if (line.type === 'assistant' && msg && Array.isArray(msg.content)) {
      const text = contentText(msg.content);
      const calls = msg.content
        .map(obj)
        .filter((p): p is Record<string, unknown> => !!p && p.type === 'tool_use')
        .map((p) => ({ name: str(p.name) ?? '?', args: p.input }));
      this.flush();
      this.turn(e, 'model', text, calls);
      return true;
    }
    // Codex's JSONL: {"type":"item.completed","item":{"type":"agent_message","text":...}}
    const item = obj(line.item);
    if (line.type === 'item.completed' && item && item.type === 'agent_message' && str(item.text)) {
      this.flush();
      this.turn(e, 'model', str(item.text), []);
      return true;
    }
    return false;
  }

  end(): string {
    this.flush();
    for (const [name, calls] of this.pending)
      for (const c of calls)
        this.item(
          c,
          'tx-tool tx-error',
          esc(name),
          `${folded('arguments', c.args)}<span class="small">(no result)</span>`,
        );
    this.pending.clear();
    return `<ol class="timeline">${this.items.join('\n')}</ol>`;
  }
}

/** A CostSum from what an outcome line holds (missing fields as 0). */
function costOf(c: Record<string, unknown>): NonNullable<ViewOutcome['cost']> {
  const n = (k: string) => numOf(c[k]) ?? 0;
  return {
    input_tokens: n('input_tokens'),
    output_tokens: n('output_tokens'),
    cache_read_tokens: n('cache_read_tokens'),
    cache_write_tokens: n('cache_write_tokens'),
    calls: n('calls'),
    usd: Math.max(0, n('usd')),
  };
}

/** The text of a message's content: a string, or the text parts of a list of parts. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts = content
    .map(obj)
    .filter((p) => p && p.type === 'text' && typeof p.text === 'string')
    .map((p) => p!.text as string);
  return parts.length ? parts.join('\n') : null;
}

/** The tool calls of a model_reply: [{name, args}] from {name, args|arguments|input} or {function: {name, arguments}}. */
function toolCalls(v: unknown): { name: string; args: unknown }[] {
  if (!Array.isArray(v)) return [];
  return v.map((c) => {
    const o = obj(c) ?? {};
    const f = obj(o.function);
    return {
      name: str(o.name) ?? str(f?.name) ?? '?',
      args: o.args ?? o.arguments ?? o.input ?? f?.arguments ?? (str(o.args_error) ? { args_error: o.args_error } : {}),
    };
  });
}

/** The stream line a cli_event carries: its `event`, `line` or `data` object, else the event itself. */
function cliPayload(e: Ev): Record<string, unknown> | null {
  for (const k of ['event', 'line', 'data', 'json']) {
    const v = e[k];
    if (obj(v)) return obj(v);
    if (typeof v === 'string') {
      try {
        return obj(JSON.parse(v));
      } catch {
        return null;
      }
    }
  }
  return obj(e);
}

/**
 * The transcript section of a case page (empty without a transcript): the case's outcome, cost and wall time, the
 * counts of calls, refusals, retries and errors, a note of earlier attempts, and the timeline.
 */
export function transcriptSection(vc: ViewCase, run: ViewRun, t: ViewTranscript | null): string {
  if (!t) return '';
  const tl = new Timeline(vc, run);
  for (const e of t.events) tl.add(e);
  const timeline = tl.end();
  const cid = vc.loaded.case.cid;
  const o = run.outcomes.get(cid);
  const end = [...t.events].reverse().find((e) => e.kind === 'outcome') as Ev | undefined;
  const status = o?.status ?? str(end?.status) ?? 'unfinished';
  const reason = o?.reason ?? str(end?.reason);
  const cost = o?.cost ?? (obj(end?.cost) ? costOf(obj(end?.cost)!) : undefined);
  const wall = o?.wall_ms ?? numOf(end?.wall_ms);
  const facts = [
    `<span class="${status === 'ok' ? 'st-ok' : 'st-broken'}">${esc(status)}${reason ? `: ${esc(reason)}` : ''}</span>`,
    `<span>${esc(costWords(cost))}</span>`,
    ...(wall !== null && wall !== undefined ? [`<span>${wallWords(wall)}</span>`] : []),
    ...(tl.calls ? [`<span>${tl.calls} model call${tl.calls === 1 ? '' : 's'} recorded</span>`] : []),
    ...(tl.modelSide || tl.refusals
      ? [
          `<span class="${tl.refusals ? 'st-warn' : ''}">${tl.refusals} refused call${tl.refusals === 1 ? '' : 's'}</span>`,
        ]
      : []),
    ...(tl.modelSide || tl.retries
      ? [`<span class="${tl.retries ? 'st-warn' : ''}">${tl.retries} retr${tl.retries === 1 ? 'y' : 'ies'}</span>`]
      : []),
    ...(tl.modelSide || tl.errors
      ? [`<span class="${tl.errors ? 'st-broken' : ''}">${tl.errors} error${tl.errors === 1 ? '' : 's'}</span>`]
      : []),
  ];
  const earlier = t.earlier.length
    ? `<p class="small tx-earlier">Attempt ${t.attempts} of ${t.attempts}: ${t.earlier.length} earlier attempt${t.earlier.length === 1 ? '' : 's'} (` +
      t.earlier.map((a) => esc(a.status + (a.reason ? `: ${a.reason}` : ''))).join('; ') +
      `) kept in <code>transcripts/${cid}.jsonl</code>, not shown.</p>`
    : '';
  return (
    `<section class="transcript" id="transcript"><h2>Transcript <span class="small">the last attempt; frames as the model got them</span></h2>` +
    `<div class="facts">${facts.join('')}</div>${earlier}${timeline}</section>`
  );
}
