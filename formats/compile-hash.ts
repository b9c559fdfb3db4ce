/**
 * The identity of a compile: one sha256 over every compiled case's files. The compile records it, the check names
 * the compile it read by it, and the export refuses a check report whose hash is not the build's.
 * It imports only foundation/, so any stage may use it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The files of a compiled case, in the order they are hashed. */
export const CASE_FILES = ['case.json', 'questions.jsonl', 'gold.jsonl'] as const;

/** The case ids of a build or dataset: the folders private/<cid>/ holding a case.json, sorted. */
export function caseIdsOf(root: string): string[] {
  const priv = join(root, 'private');
  if (!existsSync(priv)) return [];
  return readdirSync(priv)
    .filter(
      (name) =>
        !name.startsWith('.') &&
        name !== 'index' &&
        existsSync(join(priv, name, 'case.json')) &&
        statSync(join(priv, name)).isDirectory(),
    )
    .sort();
}

/**
 * sha256 over every private/<cid>/{case.json, questions.jsonl, gold.jsonl} of `root`, cases in sorted order: each
 * file contributes the line `<cid>/<file> <sha256 of its bytes>` (`-` when missing).
 */
export function compileHash(root: string): string {
  const h = createHash('sha256');
  for (const cid of caseIdsOf(root)) {
    for (const f of CASE_FILES) {
      const p = join(root, 'private', cid, f);
      const fh = existsSync(p) ? createHash('sha256').update(readFileSync(p)).digest('hex') : '-';
      h.update(`${cid}/${f} ${fh}\n`);
    }
  }
  return h.digest('hex');
}
