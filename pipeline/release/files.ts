/** Listing and hashing the files of a folder tree (relative paths with `/`, sorted), and copying one file. */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashFile } from '../../foundation/index.ts';

/** Every file under `root` (relative paths, `/`-separated, sorted); `skip(rel)` prunes a path and what is under it. */
export function listFiles(root: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const abs = rel ? join(root, rel) : root;
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** Every symbolic link under `root` (relative paths, sorted); links are not followed. */
export function listLinks(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(rel ? join(root, rel) : root, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) out.push(r);
      else if (e.isDirectory()) walk(r);
    }
  };
  walk('');
  return out.sort();
}

/** sha256 of each listed file, keyed by its relative path. */
export function hashFiles(root: string, rels: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rels) out[r] = hashFile(join(root, r));
  return out;
}

/** Copy `from` to `to`, creating the folders. */
export function copyInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}
