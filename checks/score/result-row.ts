/**
 * A result row: a scored row with the gold row's keys that aggregation and reports group by, so that a results file
 * can be re-aggregated and compared without the gold.
 */
import type { GoldRow } from '../../formats/gold-row.ts';
import type { ScoredRow } from './score.ts';

export interface ResultRow extends ScoredRow {
  layout: string;
  job: GoldRow['job'];
  sid: string;
  cid: string;
  family: GoldRow['family'];
  kind: GoldRow['kind'];
  ability: GoldRow['ability'];
  column: GoldRow['column'];
  length: GoldRow['length'];
  age_band: GoldRow['age_band'];
  task_critical: boolean;
  knowable: boolean;
}

export function resultRow(g: GoldRow, r: ScoredRow): ResultRow {
  return {
    ...r,
    layout: g.layout,
    job: g.job,
    sid: g.sid,
    cid: g.cid,
    family: g.family,
    kind: g.kind,
    ability: g.ability,
    column: g.column,
    length: g.length,
    age_band: g.age_band,
    task_critical: g.task_critical,
    knowable: g.knowable,
  };
}
