/**
 * data/questions.parquet: one row a shipped question (qid, case, script, job, layout, length, family, ability,
 * column, answer type, text), so the Hub's viewer shows the questions. No gold in it.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { CaseContents } from './contents.ts';

export const QUESTIONS_PARQUET = 'data/questions.parquet';

export const QUESTION_COLUMNS = [
  'qid',
  'case',
  'sid',
  'job',
  'layout',
  'length',
  'family',
  'ability',
  'column',
  'answer_type',
  'text',
] as const;
export type QuestionTableRow = Record<(typeof QUESTION_COLUMNS)[number], string>;

/** The table's rows: the kept questions of every case, in case order then file order. */
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
export function questionsParquet(rows: readonly QuestionTableRow[], toolVersion: string): Uint8Array {
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
