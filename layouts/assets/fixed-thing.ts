/**
 * A thing kind built by a fixed kind (a pallet thing by the pallet asset, a lamp by the table lamp): the fixed kind's
 * build at the thing's bounds, with its params (parsed once, as a fixed item's are; {} when none are given), no
 * surface and no shelves, drawn from the thing's stream. Its own module because the things' modules cannot import a
 * value from thing.ts: thing.ts loads them in its top-level await, so such an import would wait on itself for ever.
 */
import type { Stream } from '../../foundation/rng.ts';
import type { Vec3 } from '../solids.ts';
import type { AssetDef, AssetIssue, Part, SizeRange } from './asset.ts';
import type { ThingAssetDef } from './thing.ts';

/**
 * A thing kind `kind` of `shape` built by the fixed kind `asset` with `params`; its sizes the fixed kind's with those
 * params, or `sizes` (within them) where the thing needs fewer. Throws at once on params the fixed kind refuses, on
 * sizes outside its range, and on a range whose corners its `issues` refuse (a round kind for a box thing).
 */
export function fixedThing<P>(
  kind: string,
  shape: 'box' | 'cylinder',
  asset: AssetDef<P>,
  params: Record<string, unknown> = {},
  sizes?: SizeRange,
): ThingAssetDef {
  const p = asset.params.parse(params);
  const own = asset.sizes(p);
  const range = sizes ?? own;
  for (let k = 0; k < 3; k++)
    if (range.min[k] < own.min[k] - 1e-9 || range.max[k] > own.max[k] + 1e-9 || range.min[k] > range.max[k])
      throw new Error(`thing ${kind}: sizes outside the ${asset.kind} asset's (${own.min}..${own.max})`);
  // a thing's bounds: a cylinder's are [d, d, h]
  const bounds = (s: Vec3): Vec3 => (shape === 'cylinder' ? [s[0], s[0], s[2]] : s);
  const refused = (s: Vec3): AssetIssue[] => asset.issues?.(s, p) ?? [];
  for (let c = 0; c < 8; c++) {
    const s = bounds([0, 1, 2].map((k) => ((c >> k) & 1 ? range.max : range.min)[k]) as Vec3);
    const bad = refused(s);
    if (bad.length) throw new Error(`thing ${kind} (${shape}) at ${s}: ${bad.map((i) => i.message).join('; ')}`);
  }
  return {
    kind,
    shape,
    summary: asset.summary,
    sizes: range,
    build(size: Vec3, rng: Stream): Part[] {
      const bad = refused(size);
      if (bad.length) throw new Error(`thing ${kind} at ${size}: ${bad.map((i) => i.message).join('; ')}`);
      return asset.build(size, p, rng, undefined).parts;
    },
  };
}
