/**
 * The question families: every module of compile/families/ that exports `family` (a FamilyDef), found by reading
 * the folder, so adding a family is adding its module. Sorted by name. A module whose `family.name` does not match
 * its file name (clear_path in clear-path.ts), or a name declared twice, is refused when the registry loads.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FamilyDef } from './family.ts';

const DIR = fileURLToPath(new URL('./families/', import.meta.url));

async function load(): Promise<FamilyDef[]> {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const out: FamilyDef[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(DIR, f)).href)) as { family?: FamilyDef };
    const def = mod.family;
    if (!def) throw new Error(`compile/families/${f} exports no family`);
    if (`${def.name.replace(/_/g, '-')}.ts` !== f)
      throw new Error(`compile/families/${f} declares the family ${def.name}: the file is named after the family`);
    out.push(def);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Every family, sorted by name. */
export const FAMILY_DEFS: readonly FamilyDef[] = await load();

const BY_NAME = new Map(FAMILY_DEFS.map((d) => [d.name, d]));

export function isFamily(name: unknown): name is string {
  return typeof name === 'string' && BY_NAME.has(name);
}

/** A family by name; throws on a name no module declares. */
export function familyDef(name: string): FamilyDef {
  const d = BY_NAME.get(name);
  if (!d) throw new Error(`no question family ${name} (known: ${FAMILY_DEFS.map((x) => x.name).join(', ')})`);
  return d;
}

/** The names of the families with a property. */
export function familiesWhere(pred: (d: FamilyDef) => boolean): string[] {
  return FAMILY_DEFS.filter(pred).map((d) => d.name);
}

/** The fields of a gold row its family's declaration fixes. */
export interface FamilyFields {
  family: string;
  kind: string;
  ability: string;
  column: string;
  answer_type: string;
  harmful_side: string;
  catastrophe: string | null;
}

/**
 * Where a gold row disagrees with its family's declaration: an unknown family, or a kind, ability, column, answer
 * type, harmful side or catastrophe class other than the family's (the class may be null for a family whose class
 * holds only where the job declares hazards). Empty when it agrees.
 */
export function familyRowIssues(row: FamilyFields): { path: string; message: string }[] {
  const d = BY_NAME.get(row.family);
  if (!d) return [{ path: 'family', message: `no question family ${row.family}` }];
  const out: { path: string; message: string }[] = [];
  for (const f of ['kind', 'ability', 'answer_type', 'harmful_side'] as const) {
    if (row[f] !== d[f]) out.push({ path: f, message: `${d.name} has ${f} ${d[f]}, not ${row[f]}` });
  }
  if (d.column !== 'either' && row.column !== d.column)
    out.push({ path: 'column', message: `${d.name} is asked in the ${d.column} column, not ${row.column}` });
  const classes = d.catastrophe_where === 'job_hazards' ? [d.catastrophe, null] : [d.catastrophe];
  if (!classes.includes(row.catastrophe as never)) {
    out.push({
      path: 'catastrophe',
      message: `${d.name} has catastrophe class ${classes.map((c) => c ?? 'null').join(' or ')}, not ${row.catastrophe ?? 'null'}`,
    });
  }
  return out;
}
