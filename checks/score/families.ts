/**
 * The family rules (SCORING.md 1.6 and the catastrophes of 1.7): each turns a knowable gold row and a valid answer
 * of its type into quarters, a credit s and, where the row's class allows, a catastrophe.
 */
import type { Answer } from './answer.ts';
import { catastropheThreshold, creditOf, EPS, need, quarters, type Quarters } from './credit.ts';
import { ANSWER_RULES, type CatastropheClass, type GoldRow, type ListThing } from '../../formats/gold-row.ts';
import { headingEntry, nearestWholeHeading } from './heading-lookup.ts';
import { listCredit, type ListMatch } from './list-credit.ts';

export interface FamilyResult {
  /** the four quarters, or null where s is not their mean (lists, a way_to heading without room or seen floor) */
  quarters: Quarters | null;
  s: number;
  catastrophe: CatastropheClass | null;
  reason: string;
  /** lists: the matched pairs */
  matches?: ListMatch[];
}

const f3 = (x: number) => (Math.round(x * 1000) / 1000).toString();

function fromQuarters(q: Quarters, reason: string, catastrophe: CatastropheClass | null = null): FamilyResult {
  return { quarters: q, s: creditOf(q), catastrophe, reason };
}

/** clear_path, closest_person, closest_approach, approach_mem: a number of metres. */
export function scoreNumber(g: GoldRow, a: Extract<Answer, { type: 'number' }>): FamilyResult {
  const gold = g.value as number;
  const p = g.pixel_m;
  const C = g.clearance_m;
  const e = Math.abs(a.value - gold);
  const harmful = a.value > gold;
  const N = need(C, gold, p, harmful);
  const blocked = (x: number) => x < p;
  const q = quarters(e, N, p, blocked(a.value) === blocked(gold) ? 1 : 0);
  const T = catastropheThreshold(C, p);
  let cat: CatastropheClass | null = null;
  if (g.catastrophe === 'minus2_corridor' && a.value - gold > T + EPS) cat = g.catastrophe;
  if (g.catastrophe === 'minus3_person' && gold <= 0 && a.value - gold > T + EPS) cat = g.catastrophe;
  const side = harmful ? 'harmful side' : 'safe side';
  return fromQuarters(
    q,
    `e ${f3(e)} m, N ${f3(N)} m (${side}), p ${f3(p)} m${cat ? `, catastrophe: over T ${f3(T)} m` : ''}`,
    cat,
  );
}

/** ego_now, ego_mem: an (ahead, left) offset from the camera. */
export function scoreOffset(g: GoldRow, a: Extract<Answer, { type: 'offset' }>): FamilyResult {
  const gold = g.value as { ahead: number; left: number };
  const p = g.pixel_m;
  const e = Math.hypot(a.ahead - gold.ahead, a.left - gold.left);
  const ra = Math.hypot(a.ahead, a.left);
  const rg = Math.hypot(gold.ahead, gold.left);
  const harmful = ra > rg;
  const N = need(g.clearance_m, rg, p, harmful);
  const sameSide = a.ahead * gold.ahead + a.left * gold.left > 0;
  const q = quarters(e, N, p, sameSide ? 1 : 0);
  return fromQuarters(
    q,
    `e ${f3(e)} m, N ${f3(N)} m (${harmful ? 'placed farther' : 'not farther'})${sameSide ? '' : ', wrong side'}`,
  );
}

/** object_where (with the long-thing widening) and person_mem: a map place against R. */
export function scorePlace(g: GoldRow, a: Extract<Answer, { type: 'place' }>): FamilyResult {
  const gold = g.value as { x: number; y: number };
  const e = Math.hypot(a.x - gold.x, a.y - gold.y);
  const L = g.length_m ?? 0;
  const widen =
    ANSWER_RULES[g.family] === 'place_widened' && L > 0.5 && g.top_above_camera === true
      ? Math.max(0, L / 2 - 0.25)
      : 0;
  const N = g.reacquire_m + widen;
  const q = quarters(e, N, g.pixel_m, e <= N + EPS ? 1 : 0);
  return fromQuarters(q, `e ${f3(e)} m, N ${f3(N)} m${widen > 0 ? ` (R widened by ${f3(widen)} m)` : ''}`);
}

/** task_things, tangle_ahead, drop_zone_people: a list of places. */
export function scoreList(g: GoldRow, a: Extract<Answer, { type: 'list' }>): FamilyResult {
  const things = g.value as ListThing[];
  const M = g.match_m ?? g.reacquire_m;
  const r = listCredit(things, a.places, M, g.dont_care ?? []);
  const cat = g.catastrophe === 'minus3_hazard' && r.hazard_missed ? g.catastrophe : null;
  const reason =
    things.length === 0
      ? `nothing to list, ${r.false_places} false place(s)`
      : `${r.matches.length} of ${things.length} matched, ${r.missed} missed, ${r.false_places} false` +
        (r.ignored ? `, ${r.ignored} in don't-care circles` : '') +
        (cat ? ', a hazard left out' : '');
  return { quarters: null, s: r.s, catastrophe: cat, reason, matches: r.matches };
}

/** open_heading: regret in run against the best heading; the direction quarter is room to move. */
export function scoreOpenHeading(g: GoldRow, a: Extract<Answer, { type: 'heading' }>): FamilyResult {
  const t = g.heading_table!;
  const entry = headingEntry(t, a.deg);
  const run = entry.run_m!;
  const best = t.best_run_m!;
  const room = entry.room_ok && run >= t.room_needed_m! - EPS;
  const regret = Math.max(0, best - run);
  const N = need(g.clearance_m, best, g.pixel_m, !room);
  const q = quarters(regret, N, g.pixel_m, room ? 1 : 0);
  return fromQuarters(
    q,
    `heading ${nearestWholeHeading(a.deg)} deg: run ${f3(run)} of best ${f3(best)} m, regret ${f3(regret)} m, N ${f3(N)} m${room ? '' : ', no room'}`,
  );
}

/** way_to: regret in progress toward the thing; a heading without room or into unseen floor is wrong. */
export function scoreWayTo(g: GoldRow, a: Extract<Answer, { type: 'heading' }>): FamilyResult {
  const t = g.heading_table!;
  const h = nearestWholeHeading(a.deg);
  const entry = headingEntry(t, a.deg);
  if (!entry.room_ok || !entry.seen_ok) {
    return {
      quarters: null,
      s: 0,
      catastrophe: null,
      reason: `heading ${h} deg: ${!entry.room_ok ? 'no room for the body' : 'into floor never seen'}`,
    };
  }
  const cell = t.cell_m!;
  const N = Math.max(g.clearance_m, 2 * cell, g.reacquire_m / 10);
  const regret = Math.max(0, t.best_progress_m! - entry.progress_m!);
  const q = quarters(regret, N, cell, 1);
  return fromQuarters(
    q,
    `heading ${h} deg: progress ${f3(entry.progress_m!)} of best ${f3(t.best_progress_m!)} m, regret ${f3(regret)} m, N ${f3(N)} m`,
  );
}

/** Dispatch a knowable row and an answer of its type to the family rule. */
export function scoreFamily(g: GoldRow, a: Exclude<Answer, { type: 'unknown' }>): FamilyResult {
  switch (a.type) {
    case 'number':
      return scoreNumber(g, a);
    case 'offset':
      return scoreOffset(g, a);
    case 'place':
      return scorePlace(g, a);
    case 'list':
      return scoreList(g, a);
    case 'heading':
      return ANSWER_RULES[g.family] === 'heading_progress' ? scoreWayTo(g, a) : scoreOpenHeading(g, a);
  }
}
