/**
 * What `stbench export --force` may replace: a folder that is an stbench dataset and nothing else (or an empty
 * folder). Every file in it is release.json or listed in its release.json's `files`, no path in it is a symbolic
 * link, and it neither holds nor lies inside the build or the repository (the repository's ignored output folders,
 * those its .gitignore names as `/name/`, excepted: `build/demo-dataset` is where the demo exports). Anything else
 * is refused (exit 2) and left as it is: --force never deletes what export did not write.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRelease, realPathOf, REPO_ROOT, sameOrInside } from '../../foundation/index.ts';
import { listFiles, listLinks } from './files.ts';

/** The repository's ignored top-level output folders (`/build/` in .gitignore), as real paths. */
function ignoredOutputFolders(repo: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(repo, '.gitignore'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((l) => /^\/([^/*!#\s]+)\/?\s*$/.exec(l.trim())?.[1])
    .filter((n): n is string => !!n)
    .map((n) => realPathOf(join(repo, n)));
}

/** Why `out` may not be replaced by an export of `build` (null: it may). */
export function whyNotReplaceable(out: string, build: string, repo: string = REPO_ROOT): string | null {
  const st = lstatSync(out);
  if (st.isSymbolicLink()) return 'it is a symbolic link';
  if (!st.isDirectory()) return 'it is a file, not a dataset folder';
  const realOut = realPathOf(out);
  const realBuild = realPathOf(build);
  if (sameOrInside(realBuild, realOut)) return 'it holds the build';
  if (sameOrInside(realOut, realBuild)) return 'it lies inside the build';
  const realRepo = realPathOf(repo);
  if (sameOrInside(realRepo, realOut)) return 'it holds the stbench repository';
  if (
    sameOrInside(realOut, realRepo) &&
    !ignoredOutputFolders(realRepo).some((d) => sameOrInside(realOut, d) && realOut !== d)
  ) {
    return 'it lies inside the stbench repository (outside its ignored output folders such as build/)';
  }
  if (readdirSync(out).length === 0) return null;
  const links = listLinks(out);
  if (links.length)
    return `it holds a symbolic link (${links[0]}${links.length > 1 ? `, and ${links.length - 1} more` : ''}), which no dataset does`;
  // what a dataset is: foundation/folder-kind.ts (its release.json read within the JSON limit, in any key order)
  const release = readRelease(out);
  if (release.state === 'absent') return 'it is not an stbench dataset: it has no release.json';
  if (release.state === 'unreadable') return 'its release.json is not readable';
  const files = release.state === 'stbench' ? release.value.files : undefined;
  if (!files || typeof files !== 'object') return 'its release.json is not an stbench release (no format or files)';
  const listed = new Set(Object.keys(files));
  const extra = listFiles(out).filter((f) => f !== 'release.json' && !listed.has(f));
  if (extra.length)
    return `it holds ${extra.length} file${extra.length === 1 ? '' : 's'} its release.json does not list (${extra.slice(0, 3).join(', ')}${extra.length > 3 ? ', ...' : ''}), which are not the dataset's`;
  return null;
}
