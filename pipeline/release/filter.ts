/**
 * Keeping what the check kept: a case's questions, gold rows, asks and end questions filtered to the kept qids.
 * Question and gold lines are kept byte for byte; a look point left with no question is removed from `asks`.
 */
import { familyKey, type CheckReport } from '../../checks/check-report.ts';
import { InputError, type InputIssue } from '../../foundation/index.ts';
import type { CaseContents, Contents } from './contents.ts';

/** The qids to ship, checked against the build: every kept qid is a question of its family in the build. */
export function shippedQids(contents: Contents, report: CheckReport, reportFile: string): Set<string> {
  const familyOf = new Map<string, string>();
  for (const c of contents.cases) for (const g of c.gold) familyOf.set(g.qid, familyKey(g.row));
  const out = new Set<string>();
  const issues: InputIssue[] = [];
  report.families.forEach((f, i) => {
    if (f.status !== 'kept') return;
    const key = familyKey(f);
    for (const q of f.kept_qids) {
      const actual = familyOf.get(q);
      if (actual === undefined)
        issues.push({
          file: reportFile,
          path: `families[${i}].kept_qids`,
          message: `${q} is not a question of the build`,
        });
      else if (actual !== key)
        issues.push({
          file: reportFile,
          path: `families[${i}].kept_qids`,
          message: `${q} is a question of ${actual}, not of ${key}`,
        });
      else out.add(q);
    }
  });
  if (issues.length) throw new InputError(issues);
  return out;
}

/** A case filtered to the kept qids: its case.json object and the question and gold lines to write. */
export interface FilteredCase {
  cid: string;
  caseJson: Record<string, unknown>;
  questions: string[];
  gold: string[];
}

export function filterCase(c: CaseContents, keep: ReadonlySet<string>): FilteredCase {
  const asks = c.file.asks
    .map((a) => ({ k: a.k, qids: a.qids.filter((q) => keep.has(q)) }))
    .filter((a) => a.qids.length > 0);
  const end_qids = c.file.end_qids.filter((q) => keep.has(q));
  return {
    cid: c.cid,
    caseJson: { ...c.raw, asks, end_qids },
    questions: c.questions.filter((q) => keep.has(q.qid)).map((q) => q.text),
    gold: c.gold.filter((g) => keep.has(g.qid)).map((g) => g.text),
  };
}
