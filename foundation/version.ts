/** The tool's version, read once from package.json. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

/** The repository root (where package.json lives). */
export const REPO_ROOT: string = fileURLToPath(new URL('../', import.meta.url));

/**
 * The git commit stbench runs from (null outside a git checkout, or where git is absent), read once: results
 * record it beside the version.
 */
export function toolCommit(): string | null {
  if (commit === undefined) {
    const r = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 10_000 });
    const out = r.status === 0 ? r.stdout.trim() : '';
    commit = /^[0-9a-f]{40}$/.test(out) ? out : null;
    if (commit) {
      const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 10_000,
      });
      if (dirty.status === 0 && dirty.stdout.trim()) commit += '+modified';
    }
  }
  return commit;
}
let commit: string | null | undefined;
