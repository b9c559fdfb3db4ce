/** Golds, answers, scores, costs and times in words for the view's pages. */
import type { GoldRow } from '../../checks/score/index.ts';
import { formatUsd, type CostSum } from '../../formats/cost.ts';
import { num } from './html.ts';

const signedDeg = (d: number) => `${d > 0 ? '+' : ''}${num(d, 0)}° (${d > 0 ? 'left' : d < 0 ? 'right' : 'ahead'})`;

/** A gold row's value in words. */
export function goldText(g: GoldRow): string {
  if (!g.knowable || g.value === null) return 'unknown';
  const v = g.value;
  if (typeof v === 'number') return g.answer_type === 'heading' ? signedDeg(v) : `${num(v)} m`;
  if (Array.isArray(v)) {
    if (v.length === 0) return 'none (an empty list)';
    return (
      `${v.length} place${v.length === 1 ? '' : 's'}: ` +
      v.map((t) => `(${num(t.x)}, ${num(t.y)})${t.hazard ? ' hazard' : ''}`).join(', ')
    );
  }
  if ('ahead' in v) return `ahead ${num(v.ahead)} m, left ${num(v.left)} m`;
  return `(${num(v.x)}, ${num(v.y)}) on the map`;
}

/** A raw answer in words (anything unexpected is shown as JSON). */
export function answerText(a: unknown): string {
  if (a === undefined) return 'no answer';
  if (!a || typeof a !== 'object') return JSON.stringify(a);
  const o = a as Record<string, unknown>;
  const n = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : NaN);
  switch (o.type) {
    case 'unknown':
      return 'unknown';
    case 'number':
      return `${num(n('value'))} m`;
    case 'offset':
      return `ahead ${num(n('ahead'))} m, left ${num(n('left'))} m`;
    case 'place':
      return `(${num(n('x'))}, ${num(n('y'))}) on the map`;
    case 'heading':
      return signedDeg(n('deg'));
    case 'list': {
      const ps = Array.isArray(o.places) ? (o.places as { x: number; y: number }[]) : [];
      return ps.length
        ? `${ps.length}: ` + ps.map((p) => `(${num(p.x)}, ${num(p.y)})`).join(', ')
        : 'none (an empty list)';
    }
    default:
      return JSON.stringify(a);
  }
}

/** A signed score to 2 decimals (+0.52, -1.00). */
export function scoreText(x: number): string {
  const s = num(x, 2);
  return x > 0 && !s.startsWith('-') && Number(s) !== 0 ? `+${s}` : Number(s) === 0 ? '+0.00' : s;
}

/** The CSS class of a row score: good (≥ 0.5), fair (≥ 0), poor (< 0), catastrophe (≤ -2). */
export function scoreClass(score: number): string {
  return score <= -2 ? 'sc-cat' : score < 0 ? 'sc-poor' : score < 0.5 ? 'sc-fair' : 'sc-good';
}

/** A case's cost in words: the dollars, the tokens, the model calls ("no cost reported" when there is none). */
export function costWords(c: CostSum | undefined): string {
  if (!c) return 'no cost reported';
  const parts = [
    `${c.input_tokens} input`,
    `${c.output_tokens} output`,
    ...(c.cache_read_tokens ? [`${c.cache_read_tokens} cache-read`] : []),
    ...(c.cache_write_tokens ? [`${c.cache_write_tokens} cache-write`] : []),
  ];
  return `$${formatUsd(c.usd)} · ${parts.join(', ')} tokens${c.calls ? ` · ${c.calls} model call${c.calls === 1 ? '' : 's'}` : ''}`;
}

/** A wall time in seconds, from milliseconds (12.3 s). */
export function wallWords(ms: number): string {
  return `${num(ms / 1000, 1)} s`;
}
