/**
 * Constant answers learned from training golds: for a group of gold rows, the candidate answers a form-reading
 * system could give without looking (unknown, the mean value, quantiles of numbers, the empty list, the commonest
 * list and the places most lists hold, straight ahead), and the one with the best mean gate score on the group. Shared by priors and form_adversary.
 */
import { quantile } from 'simple-statistics';
import { score, type AnswerType, type GoldRow } from '../score/index.ts';

const UNKNOWN = { type: 'unknown' } as const;

/** The candidate constant answers for golds of one answer type. */
export function candidates(type: AnswerType, golds: readonly GoldRow[]): unknown[] {
  const known = golds.filter((g) => g.knowable && g.value !== null);
  const out: unknown[] = [UNKNOWN];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  if (!known.length) return type === 'list' ? [UNKNOWN, { type: 'list', places: [] }] : out;
  if (type === 'number' || type === 'heading') {
    const xs = known.map((g) => g.value as number);
    const qs = [0.1, 0.25, 0.5, 0.75, 0.9].map((p) => quantile(xs, p));
    for (const v of [mean(xs), ...qs, ...(type === 'heading' ? [0, 90, -90, 180] : [])])
      out.push(type === 'number' ? { type, value: v } : { type, deg: v });
  } else if (type === 'offset') {
    const os = known.map((g) => g.value as { ahead: number; left: number });
    out.push({ type, ahead: mean(os.map((o) => o.ahead)), left: mean(os.map((o) => o.left)) });
    out.push({
      type,
      ahead: quantile(
        os.map((o) => o.ahead),
        0.5,
      ),
      left: quantile(
        os.map((o) => o.left),
        0.5,
      ),
    });
  } else if (type === 'place') {
    const ps = known.map((g) => g.value as { x: number; y: number });
    out.push({ type, x: mean(ps.map((p) => p.x)), y: mean(ps.map((p) => p.y)) });
    out.push({
      type,
      x: quantile(
        ps.map((p) => p.x),
        0.5,
      ),
      y: quantile(
        ps.map((p) => p.y),
        0.5,
      ),
    });
  } else {
    out.push({ type: 'list', places: [] }, ...listConstants(known));
  }
  return out;
}

/** The share of the lists a place must be in for FREQUENT_PLACES to list it: each such share is a candidate. */
const FREQUENT_SHARES = [1 / 2, 1 / 3];

/**
 * The list constants a system could learn from training lists without looking: the commonest list itself, and the
 * places that recur (on the 0.1 m grid) in at least half, or a third, of the lists. A thing that lies in most lists
 * (one by every route's start) makes such a list beat unknown, which the empty list alone never shows.
 */
function listConstants(known: readonly GoldRow[]): unknown[] {
  type Place = { x: number; y: number };
  const lists = known.map((g) => g.value as Place[]);
  const cell = (p: Place) => `${Math.round(p.x * 10)},${Math.round(p.y * 10)}`;
  const byList = new Map<string, { n: number; places: Place[] }>();
  const byCell = new Map<string, { n: number; at: Place }>();
  for (const ps of lists) {
    const k = ps.map(cell).sort().join(' ');
    const e = byList.get(k) ?? byList.set(k, { n: 0, places: ps }).get(k)!;
    e.n++;
    for (const c of new Set(ps.map(cell))) {
      const at = ps.find((p) => cell(p) === c)!;
      const f = byCell.get(c) ?? byCell.set(c, { n: 0, at }).get(c)!;
      f.n++;
    }
  }
  const out: unknown[] = [];
  const commonest = [...byList.entries()].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1))[0];
  if (commonest?.[1].places.length)
    out.push({ type: 'list', places: commonest[1].places.map((p) => ({ x: p.x, y: p.y })) });
  for (const share of FREQUENT_SHARES) {
    const places = [...byCell.entries()]
      .filter(([, f]) => f.n >= share * lists.length)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([, f]) => ({ x: f.at.x, y: f.at.y }));
    if (places.length) out.push({ type: 'list', places });
  }
  return out;
}

/** The candidate with the best mean gate score on the golds (ties: the earlier candidate, unknown first). */
export function bestConstant(type: AnswerType, golds: readonly GoldRow[]): { answer: unknown; mean_gate: number } {
  const cs = candidates(type, golds);
  let best = { answer: cs[0] as unknown, mean_gate: -Infinity };
  for (const c of cs) {
    const m = golds.length ? golds.reduce((a, g) => a + score(g, c).score_gate, 0) / golds.length : 0;
    if (m > best.mean_gate + 1e-12) best = { answer: c, mean_gate: m };
  }
  return best;
}
