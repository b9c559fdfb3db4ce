/**
 * What a family returns for one ask: the question's text and its gold (everything on the gold row but the
 * identity fields, which the compiler adds), or the reason it asks nothing here.
 */
import { catastropheClassFor, FAMILY_ANSWER_TYPE, GoldRow, type Family, type GoldRowInput } from '../../formats/gold-row.ts';
import { FAMILY_INFO } from '../../jobs/families.ts';
import { ageOf, type EvidenceFrame } from '../age.ts';
import { askFrame, type AskContext, type FrameView } from './inputs.ts';

/** The identity fields the compiler adds to a gold row. */
export type GoldIdentity = Pick<GoldRowInput, 'qid' | 'job' | 'layout' | 'sid' | 'cid' | 'length'>;
/** A gold row less its identity. */
export type GoldCore = Omit<GoldRowInput, keyof GoldIdentity>;

export type FamilyOutcome =
  | { ok: true; family: Family; text: string; gold: GoldCore }
  | { ok: false; family: Family; reason: string };

export function skip(family: Family, reason: string): FamilyOutcome {
  return { ok: false, family, reason };
}

const ev = (f: FrameView): EvidenceFrame => ({ k: f.k, t: f.t, task: f.task });

/** The fields every gold shares, from the family, the job and the evidence frames. */
export function baseGold(
  ctx: AskContext,
  family: Family,
  o: { knowable: boolean; value: GoldCore['value']; evidence: readonly FrameView[]; pixel_m: number; task_critical?: boolean; column?: 'now' | 'memory' },
): GoldCore {
  const info = FAMILY_INFO[family];
  const a = ageOf(ev(askFrame(ctx)), o.evidence.map(ev));
  const column = o.column ?? (info.column === 'now' ? 'now' : info.column === 'memory' ? 'memory' : a.column);
  const j = ctx.job;
  return {
    family,
    kind: info.kind,
    ability: info.ability,
    column,
    answer_type: FAMILY_ANSWER_TYPE[family],
    knowable: o.knowable,
    value: o.knowable ? o.value : null,
    evidence_frames: a.evidence_frames,
    age_s: a.age_s,
    age_band: column === 'now' ? 'now' : a.age_band === 'now' ? 'recent' : a.age_band,
    task_critical: o.task_critical ?? false,
    clearance_m: j.clearance_m,
    reacquire_m: j.reacquire_m,
    match_m: j.match_m,
    pixel_m: o.pixel_m,
    harmful_side: HARMFUL_SIDE[family],
    catastrophe: catastropheClassFor(family, j.job),
  };
}

/** The harmful side of each family's error, in words (the gold row's harmful_side). */
export const HARMFUL_SIDE: Record<Family, string> = {
  clear_path: 'longer',
  closest_person: 'wider',
  closest_approach: 'wider',
  approach_mem: 'wider',
  ego_now: 'farther',
  ego_mem: 'farther',
  object_where: 'none',
  person_mem: 'none',
  task_things: 'none',
  tangle_ahead: 'none',
  drop_zone_people: 'none',
  open_heading: 'no_room',
  way_to: 'no_room',
};

/** The full gold row: the core with its identity, checked against the scorer's schema (throws on a bad row). */
export function goldRow(core: GoldCore, id: GoldIdentity): GoldRow {
  return GoldRow.parse({ ...id, ...core });
}
