/**
 * Candidates: for one slot of a look point (or one end question), the families the slot allows, in order; for each,
 * the things (or directions, or people) it could ask about (its `candidates`, compile/families/<name>.ts), each
 * candidate's gold (its `gold`), then the screens. The first candidate that survives fills the slot; every candidate
 * tried is recorded in the funnel (kept, or dropped by the family itself or by a named screen).
 *
 * Where-is questions (a family declared `trick`: ego_mem, object_where, way_to, and person_mem for people) may be
 * trick questions: with probability TRICK_SHARE a slot asks, in place of a real question it could ask, a thing never
 * shown in the window — a thing of the place the window never showed, or a colour and kind plausible for the place
 * that no thing of it has — worded exactly like a real one; its gold is unknown.
 */
import type { Family } from '../formats/gold-row.ts';
import { TRICK_SHARE, type AskSite, type CandidateTry } from './ask/targets.ts';
import type { FamilyOutcome, GoldCore } from './ask/outcome.ts';
import { familyDef } from './family-registry.ts';
import { FAMILY_DROP, type Funnel } from './funnel.ts';
import type { Screen, ScreenCandidate } from './screens/index.ts';
import { targetKey, type Target } from './target.ts';

export { MAX_TARGETS, TRICK_SHARE, type AskSite, type CandidateTry } from './ask/targets.ts';

/** A question that filled a slot. */
export interface KeptQuestion extends ScreenCandidate {
  /** the slot it filled (0..2), or null for an end question */
  slot: number | null;
}

/** What the funnel calls a target (null for a family that names nothing). */
function targetLabel(t: Target): string | null {
  return t.type === 'none' ? null : targetKey(t);
}

/** The candidates a family offers at an ask site, in the order they are tried. */
export function candidatesFor(family: Family, site: AskSite): readonly CandidateTry[] {
  const def = familyDef(family);
  const trickFirst = def.trick && site.rng.coin(TRICK_SHARE);
  return def.candidates(site, trickFirst);
}

/** The family's outcome for one candidate. */
export function evaluate(family: Family, target: Target, site: AskSite): FamilyOutcome {
  return familyDef(family).gold(site, target);
}

/** The funnel key of a real question a trick took the place of. */
export const TRICK_IN_ITS_PLACE = 'trick_in_its_place';

/**
 * Fill one slot: the families in order, each one's candidates in order; the first candidate the family answers and
 * every screen lets through is kept. A trick takes the place of a real question: where the slot drew a trick, the
 * family asks one only if a real candidate of it survives there too (that one is then counted under
 * TRICK_IN_ITS_PLACE), so a trick is asked where a real question of its family could have been, and a family whose
 * real questions are scarce is not filled with tricks (its tricks stay about TRICK_SHARE of it). Every candidate tried
 * is counted in the funnel.
 */
export function fillSlot(
  families: readonly Family[],
  site: AskSite,
  slot: number | null,
  funnel: Funnel,
  screens: readonly Screen[],
): KeptQuestion | null {
  const { ctx } = site;
  const job = ctx.job.id;
  for (const family of families) {
    const cands = candidatesFor(family, site);
    const real = firstSurvivor(
      family,
      cands.filter((c) => !c.trick),
      site,
      funnel,
      screens,
    );
    if (!real) continue;
    const trick = firstSurvivor(
      family,
      cands.filter((c) => c.trick),
      site,
      funnel,
      screens,
    );
    const q = trick ?? real;
    if (trick)
      funnel.drop({
        job,
        family,
        sid: ctx.sid,
        cid: ctx.cid,
        k: ctx.script_k,
        thing: targetLabel(real.target),
        screen: TRICK_IN_ITS_PLACE,
        reason: `a trick (${targetLabel(trick.target)}) asked in its place`,
      });
    site.used.add(`${family}|${targetKey(q.target)}`);
    funnel.keep(job, family);
    return { ...q, slot };
  }
  return null;
}

/** The first candidate the family answers and every screen lets through (the others go to the funnel's drops). */
function firstSurvivor(
  family: Family,
  cands: readonly CandidateTry[],
  site: AskSite,
  funnel: Funnel,
  screens: readonly Screen[],
): ScreenCandidate | null {
  const { ctx } = site;
  const job = ctx.job.id;
  for (const cand of cands) {
    if (site.used.has(`${family}|${targetKey(cand.target)}`)) continue;
    const base = { job, family, sid: ctx.sid, cid: ctx.cid, k: ctx.script_k, thing: targetLabel(cand.target) };
    let out: FamilyOutcome;
    try {
      out = evaluate(family, cand.target, site);
    } catch (e) {
      throw new Error(
        `script ${ctx.sid}, case ${ctx.cid}, frame ${ctx.k ?? 'end'}: ${family} (${base.thing ?? '-'}): ${(e as Error).message}`,
      );
    }
    if (!out.ok) {
      funnel.drop({ ...base, screen: FAMILY_DROP, reason: out.reason });
      continue;
    }
    const q: ScreenCandidate = {
      family,
      target: cand.target,
      trick: cand.trick,
      text: out.text,
      gold: out.gold as GoldCore,
    };
    let dropped = false;
    for (const s of screens) {
      const why = s.apply(q, ctx);
      if (why === null) continue;
      funnel.drop({ ...base, screen: s.name, reason: why });
      dropped = true;
      break;
    }
    if (dropped) continue;
    return q;
  }
  return null;
}
