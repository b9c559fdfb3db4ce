/**
 * A reference release's figures (a YAML file under checks/references/, given to `stbench check --reference`): per job
 * its scripts, frames, questions and questions by ability; the floor per layout and column with its interval; the
 * worst shortcut lead, the ceiling and the trick share. The check sets them beside its own validity report.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { loadYamlWith, REPO_ROOT } from '../foundation/index.ts';

const num = z.number().finite();

export const Reference = z.strictObject({
  name: z.string().min(1),
  source: z.string().min(1),
  jobs: z.array(
    z.strictObject({
      layout: z.string().min(1),
      job: z.string().min(1),
      scripts: z.number().int().nonnegative(),
      frames: z.number().int().positive(),
      questions: z.number().int().nonnegative(),
      by_ability: z.record(z.string(), z.number().int().nonnegative()),
    }),
  ),
  floor: z.array(
    z.strictObject({
      layout: z.string().min(1),
      column: z.enum(['headline', 'now', 'memory']),
      score: num,
      interval: z.tuple([num, num]),
      /** questions in the column (now, memory) */
      n: z.number().int().nonnegative().optional(),
      /** cases the row covers (headline) */
      cases: z.number().int().nonnegative().optional(),
    }),
  ),
  worst_shortcut_lead: num,
  ceiling: num,
  trick_share: num.min(0).max(1),
});
export type Reference = z.infer<typeof Reference>;

/** The references the project keeps, by the name `--reference` takes. */
export const REFERENCES_DIR = join(REPO_ROOT, 'checks', 'references');

/** Load a reference: a file path, or the name of one under checks/references/ (without .yaml). */
export function loadReference(nameOrFile: string): Reference {
  const file = existsSync(nameOrFile) ? nameOrFile : join(REFERENCES_DIR, `${nameOrFile}.yaml`);
  return loadYamlWith(file, Reference).value;
}
