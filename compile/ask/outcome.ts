/**
 * What a family returns for one ask: the question's text and its gold (everything on the gold row but the
 * identity fields, which the compiler adds), or the reason it asks nothing here.
 */
import {
  GoldRow,
  type Ability,
  type AnswerType,
  type CatastropheClass,
  type Family,
  type GoldRowInput,
  type Kind,
} from '../../formats/gold-row.ts';
import { ageOf, type EvidenceFrame } from '../age.ts';
import { askFrame, type AskContext, type FrameView } from './inputs.ts';

/** The identity fields the compiler adds to a gold row. */
export type GoldIdentity = Pick<GoldRowInput, 'qid' | 'job' | 'layout' | 'split' | 'sid' | 'cid' | 'length'>;
/** A gold row less its identity. */
export type GoldCore = Omit<GoldRowInput, keyof GoldIdentity>;

export type FamilyOutcome =
  | { ok: true; family: Family; text: string; gold: GoldCore }
  | { ok: false; family: Family; reason: string };

export function skip(family: Family, reason: string): FamilyOutcome {
  return { ok: false, family, reason };
}

const ev = (f: FrameView): EvidenceFrame => ({ k: f.k, t: f.t, task: f.task });

/** What a family's gold rows say of it (compile/family.ts FamilyDef holds these and more). */
export interface GoldFacts {
  name: Family;
  kind: Kind;
  ability: Ability;
  column: 'now' | 'memory' | 'either';
  answer_type: AnswerType;
  harmful_side: string;
  catastrophe: CatastropheClass | null;
  catastrophe_where: 'always' | 'job_hazards';
}

/** The fields every gold shares, from the family, the job and the evidence frames. */
export function baseGold(
  ctx: AskContext,
  info: GoldFacts,
  o: {
    knowable: boolean;
    value: GoldCore['value'];
    evidence: readonly FrameView[];
    pixel_m: number;
    task_critical?: boolean;
    column?: 'now' | 'memory';
  },
): GoldCore {
  const a = ageOf(ev(askFrame(ctx)), o.evidence.map(ev));
  const column = o.column ?? (info.column === 'now' ? 'now' : info.column === 'memory' ? 'memory' : a.column);
  const j = ctx.job;
  return {
    family: info.name,
    kind: info.kind,
    ability: info.ability,
    column,
    answer_type: info.answer_type,
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
    harmful_side: info.harmful_side,
    catastrophe: info.catastrophe_where === 'job_hazards' && !j.hazards ? null : info.catastrophe,
  };
}

/** The full gold row: the core with its identity, checked against the scorer's schema (throws on a bad row). */
export function goldRow(core: GoldCore, id: GoldIdentity): GoldRow {
  return GoldRow.parse({ ...id, ...core });
}
