/**
 * The asset kinds: every module of layouts/assets/kinds/ that exports `asset` (an AssetDef), found by reading the
 * folder (as compile/family-registry.ts finds the question families), so adding a kind is adding its module. Sorted
 * by kind. A module whose `asset.kind` does not match its file name (tv_console in tv-console.ts) is refused when the
 * registry loads (so no kind is declared twice).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AssetDef } from './asset.ts';

const DIR = fileURLToPath(new URL('./kinds/', import.meta.url));

async function load(): Promise<AssetDef[]> {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const out: AssetDef[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(DIR, f)).href)) as { asset?: AssetDef };
    const def = mod.asset;
    if (!def) throw new Error(`layouts/assets/kinds/${f} exports no asset`);
    if (`${def.kind.replace(/_/g, '-')}.ts` !== f)
      throw new Error(`layouts/assets/kinds/${f} declares the kind ${def.kind}: the file is named after the kind`);
    out.push(def);
  }
  return out.sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

/** Every asset kind, sorted by kind. */
export const ASSET_DEFS: readonly AssetDef[] = await load();

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
