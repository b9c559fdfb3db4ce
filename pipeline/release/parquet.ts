/**
 * data/questions-<split>.parquet: one table per split (dev; heldout where the release holds one), one row a shipped
 * question (qid, case, script, job, layout, split, length, family, ability, column, answer type, text), so the Hub's
 * viewer shows the questions of each split apart. No gold in it.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { Split } from '../../formats/split.ts';
import type { CaseContents } from './contents.ts';

/** The questions table of a split. */
export const questionsParquet = (split: Split): string => `data/questions-${split}.parquet`;
/** The dev split's table: every release holds it. */
export const QUESTIONS_PARQUET = questionsParquet('dev');

export const QUESTION_COLUMNS = [
  'qid',
  'case',
  'sid',
  'job',
  'layout',
  'split',
  'length',
  'family',
  'ability',
  'column',
  'answer_type',
  'text',
] as const;
export type QuestionTableRow = Record<(typeof QUESTION_COLUMNS)[number], string>;

/** The table's rows: the kept questions of every case, in case order then file order (every split: filter by `split`). */
export function questionTable(cases: readonly CaseContents[], keep: ReadonlySet<string>): QuestionTableRow[] {
  const out: QuestionTableRow[] = [];
  for (const c of cases) {
    const gold = new Map(c.gold.map((g) => [g.qid, g.row]));
    for (const q of c.questions) {
      if (!keep.has(q.qid)) continue;
      const g = gold.get(q.qid)!;
      out.push({
        qid: q.qid,
        case: c.cid,
        sid: c.file.sid,
        job: g.job,
        layout: g.layout,
        split: g.split,
        length: g.length,
        family: g.family,
        ability: g.ability,
        column: g.column,
        answer_type: q.row.answer_type,
        text: q.row.text,
      });
    }
  }
  return out;
}

/** The Parquet file's bytes (deterministic: same rows, same bytes). */
export function questionsParquetBytes(rows: readonly QuestionTableRow[], toolVersion: string): Uint8Array {
  const buf = parquetWriteBuffer({
    columnData: QUESTION_COLUMNS.map((name) => ({
      name,
      data: rows.map((r) => r[name]),
      type: 'STRING' as const,
      nullable: false,
    })),
    createdBy: `stbench ${toolVersion}`,
  });
  return new Uint8Array(buf);
}
