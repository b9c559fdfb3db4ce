/**
 * Every file under a folder with its size and sha256 (symbolic links as their target, not followed), to show that a
 * command wrote or changed nothing it should not have: snapshot before, snapshot after, diff.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export type Snapshot = Map<string, string>;

export function snapshot(root: string): Snapshot {
  const out: Snapshot = new Map();
  const walk = (rel: string): void => {
    const abs = rel ? join(root, rel) : root;
    for (const name of readdirSync(abs)) {
      const r = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(root, r));
      if (st.isSymbolicLink()) out.set(r, `link -> ${readlinkSync(join(root, r))}`);
      else if (st.isDirectory()) walk(r);
      else
        out.set(
          r,
          `${st.size} ${createHash('sha256')
            .update(readFileSync(join(root, r)))
            .digest('hex')}`,
        );
    }
  };
  if (existsSync(root)) walk('');
  return out;
}

/** What changed between two snapshots: `+ path` added, `- path` removed, `~ path` changed; `allowed(rel)` exempts. */
export function diffSnapshots(
  before: Snapshot,
  after: Snapshot,
  allowed: (rel: string) => boolean = () => false,
): string[] {
  const out: string[] = [];
  for (const [k, v] of before) {
    if (allowed(k)) continue;
    if (!after.has(k)) out.push(`- ${k}`);
    else if (after.get(k) !== v) out.push(`~ ${k}`);
  }
  for (const k of after.keys()) if (!before.has(k) && !allowed(k)) out.push(`+ ${k}`);
  return out.sort();
}

/** Every path under a folder, folders included (an empty temporary folder counts too), sorted. */
export function treePaths(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of readdirSync(rel ? join(root, rel) : root, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      out.push(r);
      if (e.isDirectory()) walk(r);
    }
  };
  if (existsSync(root)) walk('');
  return out.sort();
}
