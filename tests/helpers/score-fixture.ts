/** Gold rows for the scorer's tests: a valid base row per family, with overrides, parsed through the schema. */
import { GoldRow, type Family, type GoldRowInput, type Job } from '../../formats/gold-row.ts';
import { familyDef } from '../../compile/family-registry.ts';

/** The catastrophe class a family's row carries (only the vacuum declares hazards). */
const catastropheOf = (family: Family, job: Job) => {
  const d = familyDef(family);
  return d.catastrophe_where === 'job_hazards' && job !== 'vacuum/2' ? null : d.catastrophe;
};

let n = 0;

export function gold(family: Family, over: Partial<GoldRowInput> = {}): GoldRow {
  const job = (over.job ?? 'helper/1') as Job;
  const base: GoldRowInput = {
    qid: (n++).toString(16).padStart(16, '0'),
    job,
    layout: 'apartment_a',
    sid: 's1',
    cid: 'c1',
    length: 'short',
    family,
    kind: 'harm',
    ability: 'clearance',
    column: 'now',
    answer_type: familyDef(family).answer_type,
    knowable: true,
    value: 1,
    evidence_frames: [3],
    age_s: 0,
    age_band: 'now',
    task_critical: false,
    clearance_m: 0.15,
    reacquire_m: 1,
    match_m: 0.5,
    pixel_m: 0.01,
    harmful_side: 'none',
    catastrophe: catastropheOf(family, job),
  };
  if (family === 'object_where') Object.assign(base, { length_m: 0.3, top_above_camera: false });
  return GoldRow.parse({ ...base, ...over });
}

/** A heading table from a function of the relative heading. */
export function table(f: (h: number) => { run_m?: number; progress_m?: number; room_ok: boolean; seen_ok?: boolean }) {
  return { step_deg: 1 as const, entries: Array.from({ length: 360 }, (_, i) => f(i - 180)) };
}
