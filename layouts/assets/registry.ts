/**
 * The asset kinds: every module of layouts/assets/kinds/ that exports `asset` (an AssetDef), found by reading the
 * folder (as compile/family-registry.ts finds the question families), so adding a kind is adding its module. Sorted
 * by kind. A module whose `asset.kind` does not match its file name (tv_console in tv-console.ts) is refused when the
 * registry loads (so no kind is declared twice).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AssetDef } from './asset.ts';

/**
 * The kinds a folder's modules declare, each module exporting `name` (a value with a `kind`) and named after its kind
 * (underscores as hyphens), sorted by kind. Shared by the fixed items' kinds and the things' (thing.ts).
 */
export async function loadKinds<T extends { kind: string }>(dir: URL, name: string): Promise<T[]> {
  const path = fileURLToPath(dir);
  const rel = relative(fileURLToPath(new URL('../../', import.meta.url)), path).replace(/\\/g, '/');
  const files = readdirSync(path)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const out: T[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(path, f)).href)) as Record<string, T | undefined>;
    const def = mod[name];
    if (!def) throw new Error(`${rel}/${f} exports no ${name}`);
    if (`${def.kind.replace(/_/g, '-')}.ts` !== f)
      throw new Error(`${rel}/${f} declares the kind ${def.kind}: the file is named after the kind`);
    out.push(def);
  }
  return out.sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/** Every asset kind, sorted by kind. */
export const ASSET_DEFS: readonly AssetDef[] = await loadKinds<AssetDef>(new URL('./kinds/', import.meta.url), 'asset');

const BY_KIND = new Map(ASSET_DEFS.map((d) => [d.kind, d]));

export function isAssetKind(kind: unknown): kind is string {
  return typeof kind === 'string' && BY_KIND.has(kind);
}

/** An asset kind by name; throws on a kind no module declares. */
export function assetDef(kind: string): AssetDef {
  const d = BY_KIND.get(kind);
  if (!d) throw new Error(`no asset kind ${kind} (known: ${ASSET_DEFS.map((x) => x.kind).join(', ')})`);
  return d;
}
