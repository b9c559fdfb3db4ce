/**
 * Items built by the asset library for tests and the gallery: a kind's item at a size drawn over its accepted range.
 */
import { stream } from '../../foundation/rng.ts';
import type { AssetDef } from '../../layouts/assets/asset.ts';
import type { Fixed } from '../../layouts/place-schema.ts';
import type { Vec3 } from '../../layouts/solids.ts';

/**
 * An item of a kind: a size drawn over its range (width = length where the kind asks it), a surface or not, shelves
 * (one to five, drawn over the kind's shelf range, apart by its least rise) for a kind that takes them.
 */
export function sampleItem(def: AssetDef, params: Record<string, unknown>, seed: number): Fixed {
  const r = stream(seed, 'test/asset-size', def.kind + JSON.stringify(params));
  const p = def.params.parse(params);
  const { min, max } = def.sizes(p);
  const size: Vec3 = [0, 1, 2].map((k) => r.uniform(min[k], max[k])) as Vec3;
  if (def.issues?.(size, p).length) size[1] = Math.min(max[1], Math.max(min[1], size[0]));
  if (def.issues?.(size, p).length) size[0] = size[1];
  let surface: number | undefined;
  if (def.surface && r.coin(0.5)) {
    const [lo, hi] = def.surface(size, p);
    surface = r.uniform(lo, hi);
  }
  let shelves: number[] | undefined;
  if (def.shelves) {
    const sr = def.shelves(size, p);
    const nMax = Math.min(5, Math.floor((sr.hi - sr.lo) / sr.gap) + 1);
    const n = 1 + Math.floor(r.uniform(0, nMax - 1e-9));
    const slack = sr.hi - sr.lo - (n - 1) * sr.gap;
    const u = Array.from({ length: n }, () => r.uniform(0, slack)).sort((a, b) => a - b);
    shelves = u.map((v, k) => sr.lo + v + k * sr.gap);
  }
  return {
    id: 'item',
    kind: def.kind,
    shape: 'box',
    center: [0, 0],
    size,
    yaw: 0,
    z: 0,
    material: 'wood',
    ...(surface !== undefined ? { surface } : {}),
    ...(shelves ? { shelves } : {}),
    asset: { ...params, kind: def.kind, seed },
  };
}
