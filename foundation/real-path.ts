/**
 * The one real-path resolver and the one "inside" test, used by every rule that decides on where a path leads: the
 * output-path rule (output-path.ts), the rule on paths a build or dataset names (inside-root.ts), what a folder is
 * to stbench (folder-kind.ts) and the sandbox's code-folder check (checks/harness/sandbox.ts).
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';

/** The most links followed in one path (the system's own limit, ELOOP, is 40). */
const MAX_LINK_HOPS = 40;

/**
 * The real path of a path that may not exist yet, resolved as the system would: component by component from the
 * root, every symbolic link followed (a dangling one too: a write through it would land at its target), the part
 * that does not exist appended as it is. A relative path is taken from the working folder.
 */
export function realPathOf(path: string): string {
  // not resolve(): a `..` after a link leads out of the link's target, as the system reads it, not back up the path
  const parts = (isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`).split(sep).filter(Boolean);
  let cur: string = sep;
  let hops = 0;
  while (parts.length) {
    const part = parts.shift()!;
    if (part === '.') continue;
    if (part === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, part);
    let link = false;
    try {
      link = lstatSync(next).isSymbolicLink();
    } catch {
      // missing (the rest is appended as it is), or a file where a folder should be
    }
    if (link && hops < MAX_LINK_HOPS) {
      hops++;
      let target: string;
      try {
        target = readlinkSync(next);
      } catch {
        cur = next;
        continue;
      }
      if (isAbsolute(target)) cur = sep;
      parts.unshift(...target.split(sep).filter(Boolean));
      continue;
    }
    cur = next;
  }
  // an existing path: the system's own answer (the same but for a path the loop could not read)
  try {
    return realpathSync(cur);
  } catch {
    return cur;
  }
}

/** Whether `inner` is `outer` or lies inside it (absolute, normalised paths: real paths, or resolve()'s). */
export function sameOrInside(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}
