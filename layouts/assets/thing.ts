/**
 * Things built by the asset library: a thing whose kind has a module in layouts/assets/things/ is drawn as that kind's
 * parts (a mug's hollow body and handle, a bowl's rim, a laptop's lid), not as one primitive. The thing's `shape` and
 * `size` stay its bounds, so every reader of its footprint, its support and its contact point is unchanged; the parts
 * lie inside them (a cylinder's parts inside its round footprint) and never interpenetrate, as a fixed item's do.
 *
 * A kind builds in the thing's own frame: the origin at the middle of the bottom, x along the length, y across (the
 * front at -y), z up. Its choices are drawn from the thing's id, so a thing looks the same wherever it is moved; the
 * parts are built once per thing and moved with its pose, named thing:<id>/<part> and owned by the thing (one truth
 * entity). 'body' is the thing's own material in its colour, so its colour word stays what its albedo shows; a small
 * part (a remote's buttons) may take a library material (layouts/assets/materials.ts).
 */
import { stream, type Stream } from '../../foundation/rng.ts';
import type { Thing } from '../place-schema.ts';
import type { Solid, Vec3 } from '../solids.ts';
import type { ThingPose } from '../world-state.ts';
import { type AssetIssue, type Part, placedPart, type SizeRange, sizeIssues } from './asset.ts';
import { loadKinds } from './registry.ts';

export interface ThingAssetDef {
  /** the thing kind it builds (a thing's `kind`) */
  kind: string;
  /** the bounds it fills: a thing of this kind with another shape stays one primitive */
  shape: 'box' | 'cylinder';
  /** one line for docs and the gallery */
  summary: string;
  /** the bounds it builds in (a thing of the kind outside them is reported by the place rules) */
  sizes: SizeRange;
  /** the parts inside bounds [L, W, H] (a cylinder's: [d, d, h]) */
  build(size: Vec3, rng: Stream): Part[];
}

/** Every thing kind of layouts/assets/things/, sorted by kind. */
export const THING_ASSETS: readonly ThingAssetDef[] = await loadKinds<ThingAssetDef>(
  new URL('./things/', import.meta.url),
  'thing',
);
const BY_KIND = new Map(THING_ASSETS.map((d) => [d.kind, d]));

/** The kind that builds a thing, if its kind has one and its shape is the one that kind fills. */
export function thingAsset(t: Pick<Thing, 'kind' | 'shape'>): ThingAssetDef | undefined {
  const d = BY_KIND.get(t.kind);
  return d && d.shape === t.shape ? d : undefined;
}

/** What is wrong with a thing its kind builds: a size outside the kind's (path below the thing: ['size', 0]). */
export function thingAssetIssues(t: Pick<Thing, 'kind' | 'shape' | 'size'>): AssetIssue[] {
  const d = thingAsset(t);
  return d ? sizeIssues(d.kind, thingBounds(t), d.sizes) : [];
}

/** A thing's bounds [L, W, H] as its shape reads its size. */
export function thingBounds(t: Pick<Thing, 'shape' | 'size'>): Vec3 {
  const [l, w, h] = t.size;
  return t.shape === 'sphere' ? [h, h, h] : t.shape === 'cylinder' ? [l, l, h] : [l, w, h];
}

/** The stream a thing's parts are drawn from: its id, the purpose thing/<kind>. */
export function thingStream(t: Pick<Thing, 'id' | 'kind'>): Stream {
  return stream(t.id, `thing/${t.kind}`);
}

const built = new WeakMap<Thing, Part[]>();

/** A thing's parts in its own frame (built once per thing object); undefined when no kind builds it. */
export function thingParts(t: Thing): Part[] | undefined {
  const def = thingAsset(t);
  if (!def) return undefined;
  let parts = built.get(t);
  if (!parts) {
    parts = def.build(thingBounds(t), thingStream(t));
    built.set(t, parts);
  }
  return parts;
}

/** A thing built by its kind as solids at a pose; undefined when no kind builds it. */
export function thingAssetSolids(t: Thing, pose: ThingPose, material: string): Solid[] | undefined {
  return thingParts(t)?.map((p) =>
    placedPart(p, pose, { name: `thing:${t.id}/${p.name}`, owner: t.id, role: 'thing', material }),
  );
}
