/**
 * The checks of a job's question fields that need the families (compile/family-registry.ts): every family it
 * lists, slots or asks at the end exists, its first look-point slot holds harm families only, and a job that asks a
 * list has a matching radius. `stbench validate` and the compile run them with the jobs layer's own checks; each
 * issue names the file, line and field.
 */
import { InputError, pathString, REPO_ROOT, type InputIssue } from '../foundation/index.ts';
import { checkJobFiles, listJobFiles, type JobCheck } from '../jobs/load.ts';
import { familyDef, FAMILY_DEFS, isFamily } from './family-registry.ts';

type Path = (string | number)[];

export const familyIssues: JobCheck = (raw, file, locate) => {
  const out: InputIssue[] = [];
  const add = (path: Path, message: string) => {
    const loc = locate(path);
    out.push({ file, line: loc?.line, column: loc?.column, path: pathString(path), message });
  };
  const known = (f: unknown, path: Path) => {
    if (typeof f !== 'string') return false;
    if (isFamily(f)) return true;
    add(path, `unknown family ${JSON.stringify(f)} (known: ${FAMILY_DEFS.map((d) => d.name).join(', ')})`);
    return false;
  };
  const families = Array.isArray(raw.families) ? raw.families : [];
  families.forEach((f, i) => known(f, ['families', i]));
  const lp = raw.look_points as { slots?: unknown } | undefined;
  if (lp && Array.isArray(lp.slots)) {
    lp.slots.forEach((slot, si) => {
      if (!Array.isArray(slot)) return;
      slot.forEach((f, fi) => {
        if (!known(f, ['look_points', 'slots', si, fi])) return;
        const kind = familyDef(f as string).kind;
        if (si === 0 && kind !== 'harm')
          add(['look_points', 'slots', si, fi], `the first slot is for harm families; ${f} is ${kind}`);
      });
    });
  }
  if (Array.isArray(raw.end_questions)) {
    raw.end_questions.forEach((q, i) => {
      const f = (q as { family?: unknown } | null)?.family;
      if (f !== undefined) known(f, ['end_questions', i, 'family']);
    });
  }
  const match = raw.match_m as { value?: unknown } | undefined;
  if (match && match.value === null) {
    for (const f of families)
      if (isFamily(f) && familyDef(f).answer_type === 'list')
        add(['match_m', 'value'], `the job asks ${f} (a list), so it needs a matching radius`);
  }
  return out;
};

/** Check every job of a repository with the family checks; throws an InputError listing every issue. */
export function checkJobFamilies(repoRoot: string = REPO_ROOT): void {
  const { issues } = checkJobFiles(listJobFiles(repoRoot), familyIssues);
  if (issues.length) throw new InputError(issues);
}
