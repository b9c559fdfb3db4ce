/**
 * trick_share: a post-pass over the questions a job kept. Of its where-is questions (ego_mem, object_where,
 * way_to), between TRICK_SHARE_MIN and TRICK_SHARE_MAX must be trick unknowns (naming a thing never shown, worded
 * exactly like the real ones), wherever the job kept at least TRICK_SHARE_MIN_QUESTIONS where-is questions after the
 * per-candidate screens. The band holds per job and split: a job's held-out places are read apart from its dev
 * places (formats/split.ts), so their share is brought into the band on its own. Slot filling draws tricks at random (compile/candidates.ts, TRICK_SHARE), so the share
 * drifts; the pass dropping the fewest questions brings a share above one in five (TRICK_SHARE_AIM, the card's
 * figure) down to it by dropping surplus tricks, and a share below the band up to its floor by dropping real
 * where-is questions (those not task-critical first); which ones is drawn from a seeded stream. Every drop goes to
 * the funnel under `trick_share`.
 */
import { stream } from '../foundation/index.ts';
import type { CompiledCase } from './compile-case.ts';
import { targetKey } from './target.ts';
import { familiesWhere } from './family-registry.ts';
import type { Funnel } from './funnel.ts';
import type { Split } from '../formats/split.ts';

export const TRICK_SHARE_SCREEN = 'trick_share';
/** The where-is families (declared `trick`). */
export const WHERE_IS_FAMILIES: readonly string[] = familiesWhere((d) => d.trick);
export const TRICK_SHARE_MIN = 0.15;
export const TRICK_SHARE_MAX = 0.25;
/** Where a share above it is brought: one in five (the card: about one where-is question in five is a trick). */
export const TRICK_SHARE_AIM = 0.2;
/** Where-is questions a job needs for the band to apply (below, one question moves the share by over 5 points). */
export const TRICK_SHARE_MIN_QUESTIONS = 20;

/** One kept question, as the pass sees it. */
export interface ShareItem {
  job: string;
  /** the question's split (default dev) */
  split?: Split;
  family: string;
  trick: boolean;
  task_critical: boolean;
  /** a key unique over the compile (the qid) */
  key: string;
}

export interface ShareJob {
  job: string;
  split: Split;
  where_is: number;
  tricks: number;
  /** whether the band applied (where_is >= TRICK_SHARE_MIN_QUESTIONS) */
  applies: boolean;
  dropped_tricks: number;
  dropped_real: number;
  where_is_after: number;
  tricks_after: number;
  share_after: number | null;
}

export interface SharePlan {
  drops: { key: string; job: string; reason: string }[];
  jobs: ShareJob[];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Which kept questions to drop so that every job's trick share lies in the band, per split. Pure; same inputs, same
 * plan.
 */
export function trickSharePlan(items: readonly ShareItem[], seed: string): SharePlan {
  const drops: SharePlan['drops'] = [];
  const jobs: ShareJob[] = [];
  const splitOf = (i: ShareItem): Split => i.split ?? 'dev';
  const groups = [...new Set(items.map((i) => `${i.job}\u0000${splitOf(i)}`))].sort();
  for (const [job, split] of groups.map((g) => g.split('\u0000') as [string, Split])) {
    // the dev split keeps the stream a job had before splits, so a dev-only compile draws as it did
    const rng = stream(seed, 'compile/trick-share', split === 'dev' ? job : `${job}@${split}`);
    const mine = items
      .filter((i) => i.job === job && splitOf(i) === split && WHERE_IS_FAMILIES.includes(i.family))
      .sort((a, b) => cmp(a.key, b.key));
    const n = mine.length;
    const t = mine.filter((i) => i.trick).length;
    const applies = n >= TRICK_SHARE_MIN_QUESTIONS;
    let dt = 0,
      dr = 0;
    if (applies && t / n > TRICK_SHARE_AIM) {
      // (t - d) / (n - d) <= aim
      dt = Math.ceil((t - TRICK_SHARE_AIM * n) / (1 - TRICK_SHARE_AIM) - 1e-9);
      for (const it of rng.shuffle(mine.filter((i) => i.trick)).slice(0, dt))
        drops.push({ key: it.key, job, reason: `trick share ${t}/${n} above one in five` });
    } else if (applies && t > 0 && t / n < TRICK_SHARE_MIN) {
      // t / (n - d) >= min
      dr = n - Math.floor(t / TRICK_SHARE_MIN + 1e-9);
      const real = mine.filter((i) => !i.trick);
      const order = [
        ...rng.shuffle(real.filter((i) => !i.task_critical)),
        ...rng.shuffle(real.filter((i) => i.task_critical)),
      ];
      for (const it of order.slice(0, dr))
        drops.push({ key: it.key, job, reason: `trick share ${t}/${n} below ${TRICK_SHARE_MIN * 100}%` });
    }
    const na = n - dt - dr,
      ta = t - dt;
    jobs.push({
      job,
      split,
      where_is: n,
      tricks: t,
      applies,
      dropped_tricks: dt,
      dropped_real: dr,
      where_is_after: na,
      tricks_after: ta,
      share_after: na ? ta / na : null,
    });
  }
  return { drops, jobs };
}

/** A compiled case less some of its questions (by qid): rows, asks and end questions. */
export function withoutQuestions(c: CompiledCase, qids: ReadonlySet<string>): CompiledCase {
  const keep = c.questions.map((q) => !qids.has(q.qid));
  const asks = c.file.asks
    .map((a) => ({ ...a, qids: a.qids.filter((q) => !qids.has(q)) }))
    .filter((a) => a.qids.length > 0);
  return {
    ...c,
    file: { ...c.file, asks, end_qids: c.file.end_qids.filter((q) => !qids.has(q)) },
    questions: c.questions.filter((_, i) => keep[i]),
    gold: c.gold.filter((_, i) => keep[i]),
    kept: c.kept.filter((_, i) => keep[i]),
  };
}

/**
 * The pass over a compile's cases (all jobs): plans the drops, records each in the funnel under `trick_share`
 * (with its script, case, frame and thing) and returns the cases less those questions, in the same order.
 */
export function applyTrickShare(
  cases: readonly CompiledCase[],
  seed: string,
  funnel: Funnel,
): { cases: CompiledCase[]; plan: SharePlan } {
  const items: ShareItem[] = cases.flatMap((c) =>
    c.kept.map((q, i) => ({
      job: c.file.job,
      split: c.file.split,
      family: q.family,
      trick: q.trick,
      task_critical: q.gold.task_critical,
      key: c.questions[i].qid,
    })),
  );
  const plan = trickSharePlan(items, seed);
  const byKey = new Map(plan.drops.map((d) => [d.key, d]));
  const out = cases.map((c) => {
    const gone = new Set(c.questions.map((q) => q.qid).filter((q) => byKey.has(q)));
    if (!gone.size) return c;
    c.questions.forEach((row, i) => {
      const d = byKey.get(row.qid);
      if (!d) return;
      const ask = c.file.asks.find((a) => a.qids.includes(row.qid));
      const q = c.kept[i];
      funnel.retract({
        job: c.file.job,
        family: q.family,
        sid: c.file.sid,
        cid: c.file.cid,
        k: ask ? c.file.frames[ask.k].script_k : null,
        thing: q.target.type === 'none' ? null : targetKey(q.target),
        screen: TRICK_SHARE_SCREEN,
        reason: d.reason,
      });
    });
    return withoutQuestions(c, gone);
  });
  return { cases: out, plan };
}
