/**
 * Every asset kind, with each of its variants, at 100 seeds and sizes drawn over its accepted range (half of them
 * with a surface height asked for, drawn over its surface range): every part a sound solid inside the item's bounds
 * (1 mm), no two parts interpenetrating (touching is fine: none 10 um into another), unique part names, a surface
 * kind's flat top exactly at the height asked for and nothing above it over its surface rectangle, the same parts
 * from the same seed and other parts from another seed.
 */
import { describe, expect, it } from 'vitest';
import type { AssetDef } from '../../../../layouts/assets/asset.ts';
import { assetIssues, assetSolids, fixedAssetBuild } from '../../../../layouts/assets/fixed.ts';
import { ASSET_DEFS } from '../../../../layouts/assets/registry.ts';
import { raycast } from '../../../../layouts/geometry/raycast.ts';
import { overlappingPairs, penetration } from '../../../../layouts/overlap.ts';
import type { Fixed } from '../../../../layouts/place-schema.ts';
import { extentAlong, type Solid, solidIssues, type Vec3 } from '../../../../layouts/solids.ts';
import { sampleItem } from '../../../helpers/asset-items.ts';

const SEEDS = 100;
const TOL = 0.001;
/** Parts touch, to float precision: none reaches 10 um into another (the place rules allow 1 mm) */
const PEN = 1e-5;

/** Kinds whose surface is one flat slab: every point of the rectangle at the top (others: cushions with grooves). */
const FLAT = new Set([
  'table',
  'nightstand',
  'wardrobe',
  'tv_console',
  'bed',
  'packing_table',
  'building',
  'counter',
  'sink',
  'shoe_rack',
]);

function checkItem(def: AssetDef, f: Fixed): string[] {
  const out: string[] = [];
  const issues = assetIssues(f);
  if (issues.length) return issues.map((i) => `issue ${i.path.join('.')}: ${i.message}`);
  const solids = assetSolids(f);
  const [L, W, H] = f.size;
  const names = new Set<string>();
  for (const s of solids) {
    if (names.has(s.name)) out.push(`${s.name}: duplicate name`);
    names.add(s.name);
    for (const i of solidIssues(s)) out.push(`${s.name}: ${i.path.join('.')} ${i.message}`);
    const ex = extentAlong(s, 1, 0, 0),
      ey = extentAlong(s, 0, 1, 0),
      ez = extentAlong(s, 0, 0, 1);
    const lo = [s.center[0] + ex[0], s.center[1] + ey[0], s.center[2] + ez[0]];
    const hi = [s.center[0] + ex[1], s.center[1] + ey[1], s.center[2] + ez[1]];
    const blo = [-L / 2, -W / 2, 0],
      bhi = [L / 2, W / 2, H];
    for (let k = 0; k < 3; k++)
      if (lo[k] < blo[k] - TOL || hi[k] > bhi[k] + TOL)
        out.push(`${s.name}: outside the bounds along ${'xyz'[k]} (${lo[k].toFixed(4)}..${hi[k].toFixed(4)})`);
    if (!(s.size[0] > 0 && s.size[1] > 0 && s.size[2] > 0)) out.push(`${s.name}: empty size ${s.size}`);
  }
  for (const [a, b] of overlappingPairs(solids, PEN))
    out.push(`${a.name} x ${b.name}: interpenetrate by ${penetration(a, b).toFixed(4)} m`);
  const b = fixedAssetBuild(f);
  if (def.surface) {
    const sa = b.surface;
    if (!sa) out.push('no surface');
    else {
      if (f.surface !== undefined && Math.abs(sa.top - f.surface) > 1e-9)
        out.push(`surface at ${sa.top}, asked ${f.surface}`);
      const [lo, hi] = def.surface(f.size as Vec3, def.params.parse(paramsOf(f)));
      if (sa.top < lo - 1e-9 || sa.top > hi + 1e-9) out.push(`surface ${sa.top} outside ${lo}..${hi}`);
      if (!(sa.size[0] > 0.05 && sa.size[1] > 0.05)) out.push(`surface rectangle ${sa.size} is too small`);
      if (
        Math.abs(sa.center[0]) + sa.size[0] / 2 > L / 2 + 1e-9 ||
        Math.abs(sa.center[1]) + sa.size[1] / 2 > W / 2 + 1e-9
      )
        out.push('surface rectangle outside the bounds');
      const { flush, n, above } = surfaceRays(solids, sa, H);
      if (above) out.push(`something stands ${above.toFixed(4)} m above the surface within its rectangle`);
      const need = FLAT.has(def.kind) ? 1 : 0.6;
      if (flush / n < need) out.push(`only ${flush} of ${n} points of the surface rectangle are at its top`);
    }
  } else if (b.surface) out.push('a surface on a kind without one');
  if (def.shelves) {
    const sa = b.shelfArea;
    if (!sa) out.push('no shelf area');
    else {
      if (
        Math.abs(sa.center[0]) + sa.size[0] / 2 > L / 2 + 1e-9 ||
        Math.abs(sa.center[1]) + sa.size[1] / 2 > W / 2 + 1e-9
      )
        out.push('shelf area outside the bounds');
      // every board's flat top covers the shelf area at its shelf's height
      for (const top of f.shelves ?? []) {
        const { flush, n } = surfaceRays(solids, { top, center: sa.center, size: sa.size }, H, top + 0.01);
        if (flush < n) out.push(`only ${flush} of ${n} points of the shelf area at ${top.toFixed(3)} are on a board`);
      }
    }
  } else if (b.shelfArea) out.push('a shelf area on a kind without shelves');
  return out;
}

function paramsOf(f: Fixed): Record<string, unknown> {
  const { kind: _k, seed: _s, ...rest } = f.asset!;
  return rest;
}

/**
 * Rays down (from `from`, default 1 m over the item) over a 12 x 12 grid of the surface rectangle: how many hit at the
 * top (1 mm), the most any hit is above.
 */
function surfaceRays(
  solids: Solid[],
  sa: { top: number; center: [number, number]; size: [number, number] },
  H: number,
  from = H + 1,
) {
  let flush = 0,
    n = 0,
    above = 0;
  for (let i = 0; i < 12; i++)
    for (let j = 0; j < 12; j++) {
      const x = sa.center[0] + ((i + 0.5) / 12 - 0.5) * sa.size[0];
      const y = sa.center[1] + ((j + 0.5) / 12 - 0.5) * sa.size[1];
      const hit = raycast(solids, [x, y, from], [0, 0, -1]);
      n++;
      const z = hit ? hit.point[2] : -Infinity;
      if (Math.abs(z - sa.top) <= TOL) flush++;
      if (z > sa.top + TOL) above = Math.max(above, z - sa.top);
    }
  return { flush, n, above };
}

describe('asset kinds', () => {
  it('the registry finds every module of layouts/assets/kinds/', () => {
    expect(ASSET_DEFS.map((d) => d.kind)).toEqual([
      'armchair',
      'bathtub',
      'bed',
      'bench',
      'bin',
      'building',
      'bus_shelter',
      'car',
      'cart',
      'charger',
      'couch',
      'counter',
      'dining_chair',
      'dock',
      'drum',
      'floor_lamp',
      'fridge',
      'lamp_post',
      'nightstand',
      'packing_table',
      'pallet',
      'pallet_jack',
      'shelving',
      'shoe_rack',
      'sink',
      'street_bin',
      'table',
      'table_lamp',
      'toilet',
      'tree',
      'trolley',
      'tv_console',
      'wardrobe',
    ]);
  });

  for (const def of ASSET_DEFS) {
    describe(def.kind, () => {
      for (const params of def.variants) {
        it(`${JSON.stringify(params)}: ${SEEDS} seeds build sound parts within the bounds, apart, flush`, () => {
          const bad: string[] = [];
          for (let seed = 0; seed < SEEDS; seed++) {
            const f = sampleItem(def, params, seed);
            for (const m of checkItem(def, f)) bad.push(`seed ${seed} size ${f.size.map((v) => v.toFixed(3))}: ${m}`);
          }
          expect(bad.slice(0, 20)).toEqual([]);
        });
      }

      it('builds the same parts from the same seed, other parts from another', () => {
        const f = sampleItem(def, {}, 5);
        const again = { ...f, asset: { ...f.asset! } };
        expect(assetSolids(again)).toEqual(assetSolids(f));
        const other = { ...f, asset: { ...f.asset!, seed: 6 } };
        expect(assetSolids(other)).not.toEqual(assetSolids(f));
      });

      it('builds at the corners of its size range', () => {
        const p = def.params.parse(def.variants[0]);
        const { min, max } = def.sizes(p);
        const bad: string[] = [];
        for (let c = 0; c < 8; c++) {
          const size = [0, 1, 2].map((k) => ((c >> k) & 1 ? max[k] : min[k])) as Vec3;
          if (def.issues?.(size, p).length) continue;
          for (let seed = 0; seed < 10; seed++) {
            const f = { ...sampleItem(def, {}, seed), size };
            delete (f as { surface?: number }).surface;
            delete (f as { shelves?: number[] }).shelves;
            for (const m of checkItem(def, f)) bad.push(`corner ${size} seed ${seed}: ${m}`);
          }
        }
        expect(bad.slice(0, 20)).toEqual([]);
      });
    });
  }
});
