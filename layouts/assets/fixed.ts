/**
 * Fixed items built by the asset library: what is wrong with an item's asset (for the place rules), its parts (built
 * once per item object) and those parts as the place's solids, turned and moved by the item's pose.
 *
 * Pose: a part at c with rotation Rz(yaw_p) Ry(pitch_p) Rx(roll_p) in the asset's frame lies, for an item at
 * (x, y) with bottom z and yaw Y, at (x, y, z) + Rz(Y) c with rotation Rz(Y) Rz(yaw_p) Ry(pitch_p) Rx(roll_p) =
 * Rz(Y + yaw_p) Ry(pitch_p) Rx(roll_p): the yaws add and the tilts stay the part's own, exactly.
 */
import { stream, type Stream } from '../../foundation/rng.ts';
import type { AssetRef, Fixed } from '../place-schema.ts';
import type { Solid, Vec3 } from '../solids.ts';
import { type AssetBuild, type AssetDef, type AssetIssue, placedPart, sizeIssues } from './asset.ts';
import { assetDef, ASSET_DEFS, isAssetKind } from './registry.ts';

/** Tolerance (metres) of the check that a surface meets its kind's range (as the place rules' other fits). */
const TOL = 0.001;

/** The params of an asset reference: every field but kind and seed. */
export function assetParamsRaw(ref: AssetRef): Record<string, unknown> {
  const { kind: _k, seed: _s, ...rest } = ref;
  return rest;
}

/** The stream an asset's choices are drawn from: its seed, the purpose asset/<kind>. */
export function assetStream(kind: string, seed: number): Stream {
  return stream(seed, `asset/${kind}`);
}

/** The height above the item's bottom its surface must have (undefined: no surface asked). */
function surfaceAbove(f: Fixed): number | undefined {
  return f.surface === undefined ? undefined : f.surface - f.z;
}

/**
 * What is wrong with a fixed item's asset, each issue's path below the item (['asset', 'kind'], ['size', 0],
 * ['surface']): an unknown kind, params its kind refuses, a size outside its range, a surface it cannot meet, bounds
 * that are not a box, shelves on a kind that takes none or shelves it cannot build. Empty for an item without an asset
 * or with a sound one.
 */
export function assetIssues(f: Fixed): AssetIssue[] {
  const ref = f.asset;
  if (!ref) return [];
  const out: AssetIssue[] = [];
  if (f.shape !== 'box') out.push({ path: ['shape'], message: "an asset's bounds are a box (shape: box)" });
  if (!isAssetKind(ref.kind)) {
    out.push({
      path: ['asset', 'kind'],
      message: `unknown asset kind "${ref.kind}" (known: ${ASSET_DEFS.map((d) => d.kind).join(', ')})`,
    });
    return out;
  }
  const def = assetDef(ref.kind);
  const res = def.params.safeParse(assetParamsRaw(ref));
  if (!res.success) {
    for (const iss of res.error.issues) {
      if (iss.code === 'unrecognized_keys')
        for (const k of iss.keys)
          out.push({ path: ['asset', ...(iss.path as (string | number)[]), k], message: `unknown ${ref.kind} param` });
      else out.push({ path: ['asset', ...(iss.path as (string | number)[])], message: iss.message });
    }
    return out;
  }
  const p = res.data;
  const size = f.size as Vec3;
  out.push(...sizeIssues(ref.kind, size, def.sizes(p)));
  if (out.length) return out;
  out.push(...(def.issues?.(size, p) ?? []));
  if (f.shelves) {
    if (!def.shelves) out.push({ path: ['shelves'], message: `a ${ref.kind} asset takes no shelves` });
    else {
      const r = def.shelves(size, p);
      f.shelves.forEach((s, k) => {
        const h = s - f.z;
        if (h < r.lo - TOL || h > r.hi + TOL)
          out.push({
            path: ['shelves', k],
            message: `a ${ref.kind}'s board tops lie ${r.lo.toFixed(3)}..${r.hi.toFixed(3)} m above its bottom at this size (here ${h.toFixed(3)})`,
          });
        if (k > 0 && s - f.shelves![k - 1] < r.gap - TOL)
          out.push({
            path: ['shelves', k],
            message: `a ${ref.kind}'s boards rise by at least ${r.gap.toFixed(3)} m (here ${(s - f.shelves![k - 1]).toFixed(3)})`,
          });
      });
    }
  }
  const h = surfaceAbove(f);
  if (h !== undefined) {
    if (!def.surface) out.push({ path: ['surface'], message: `a ${ref.kind} asset has no surface things rest on` });
    else {
      const [lo, hi] = def.surface(size, p);
      if (h < lo - TOL || h > hi + TOL)
        out.push({
          path: ['surface'],
          message:
            hi - lo < 1e-9
              ? `surface must be its top (${(f.z + lo).toFixed(3)} m): a ${ref.kind}'s surface lies ${lo.toFixed(3)} m above its bottom`
              : `a ${ref.kind}'s surface lies ${lo.toFixed(3)}..${hi.toFixed(3)} m above its bottom at this size (here ${h.toFixed(3)}: ${(f.z + lo).toFixed(3)}..${(f.z + hi).toFixed(3)} m)`,
        });
    }
  }
  return out;
}

/**
 * The parts of a kind at a size, from its params as given (parsed here: throws on params it refuses) and a seed;
 * `surface` the height above the bottom its surface must have, `shelves` the heights above the bottom of its board
 * tops (a kind that takes shelves). For tests, the gallery and the items' solids.
 */
export function buildAsset(
  kind: string,
  size: Vec3,
  params: Record<string, unknown>,
  seed: number,
  surface?: number,
  shelves?: readonly number[],
): AssetBuild {
  const def: AssetDef = assetDef(kind);
  const p = def.params.parse(params);
  return def.build(size, p, assetStream(kind, seed), surface, shelves);
}

const builds = new WeakMap<Fixed, AssetBuild>();

/** The parts of a fixed item's asset (built once per item object; throws when the asset has issues). */
export function fixedAssetBuild(f: Fixed): AssetBuild {
  const ref = f.asset;
  if (!ref) throw new Error(`fixed ${f.id} has no asset`);
  let b = builds.get(f);
  if (b) return b;
  const issues = assetIssues(f);
  if (issues.length)
    throw new Error(`fixed ${f.id}: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  b = buildAsset(
    ref.kind,
    f.size as Vec3,
    assetParamsRaw(ref),
    ref.seed,
    surfaceAbove(f),
    f.shelves?.map((s) => s - f.z),
  );
  builds.set(f, b);
  return b;
}

/** A fixed item's asset as the place's solids: named fixed:<id>/<part>, owned by the item, at its pose. */
export function assetSolids(f: Fixed): Solid[] {
  const at = { x: f.center[0], y: f.center[1], z: f.z, yaw: f.yaw };
  return fixedAssetBuild(f).parts.map((p) =>
    placedPart(p, at, { name: `fixed:${f.id}/${p.name}`, owner: f.id, role: 'fixed', material: f.material }),
  );
}

type MapRect = { center: [number, number]; size: [number, number]; yaw: number };

/** An asset-frame rectangle of a fixed item in the map frame. */
function mapRect(f: Fixed, sa: { center: [number, number]; size: [number, number] }): MapRect {
  const yaw = (f.yaw * Math.PI) / 180;
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  const [x, y] = sa.center;
  return {
    center: [f.center[0] + x * c - y * s, f.center[1] + x * s + y * c],
    size: [sa.size[0], sa.size[1]],
    yaw: f.yaw,
  };
}

/** Where things rest on a fixed item with an asset: its surface rectangle in the map frame (undefined: none). */
export function assetSurfaceRect(f: Fixed): MapRect | undefined {
  const sa = fixedAssetBuild(f).surface;
  return sa ? mapRect(f, sa) : undefined;
}

/** Where things stand on the boards of a fixed item whose asset takes shelves, in the map frame (undefined: none). */
export function assetShelfRect(f: Fixed): MapRect | undefined {
  const sa = fixedAssetBuild(f).shelfArea;
  return sa ? mapRect(f, sa) : undefined;
}
