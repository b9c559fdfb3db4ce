/**
 * Candidates: for one slot of a look point (or one end question), the families the slot allows, in order; for each,
 * the things (or directions, or people) it could ask about (its `candidates`, compile/families/<name>.ts), each
 * candidate's gold (its `gold`), then the screens. The first candidate that survives fills the slot; every candidate
 * tried is recorded in the funnel (kept, or dropped by the family itself or by a named screen).
 *
 * Where-is questions (a family declared `trick`: ego_mem, object_where, way_to, and person_mem for people) may be
 * trick questions: with probability TRICK_SHARE a slot tries first a thing never shown in the window — a thing of
 * the place the window never showed, or a colour and kind plausible for the place that no thing of it has — worded
 * exactly like a real one; its gold is unknown.
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

/**
 * Fill one slot: the families in order, each one's candidates in order; the first candidate the family answers and
 * every screen lets through is kept. Every candidate tried is counted in the funnel.
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
    for (const cand of candidatesFor(family, site)) {
      const key = `${family}|${targetKey(cand.target)}`;
      if (site.used.has(key)) continue;
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
        if (why !== null) {
          funnel.drop({ ...base, screen: s.name, reason: why });
          dropped = true;
          break;
        }
      }
      if (dropped) continue;
      site.used.add(key);
      funnel.keep(job, family);
      return { ...q, slot };
    }
  }
  return null;
}
