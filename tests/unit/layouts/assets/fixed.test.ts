/**
 * Fixed items with assets: the parts posed by the item (a part's own yaw and tilt composed with the item's yaw, its
 * centre moved by the item's pose), what validation says of a misfit (each at its field), the library's materials
 * in every place's table, and the surface rectangle things rest on.
 */
import { describe, expect, it } from 'vitest';
import { assetIssues, assetSolids, buildAsset } from '../../../../layouts/assets/fixed.ts';
import { ASSET_MATERIALS } from '../../../../layouts/assets/materials.ts';
import type { Fixed, Place } from '../../../../layouts/place-schema.ts';
import { rotationMatrix, solidRotation } from '../../../../layouts/solids.ts';
import { fixedSolids, materialTable, surfaceRect } from '../../../../layouts/world.ts';

const item = (over: Partial<Fixed> = {}, asset: Record<string, unknown> = {}): Fixed => ({
  id: 'ns',
  kind: 'nightstand',
  shape: 'box',
  center: [2, 3],
  size: [0.5, 0.4, 0.55],
  yaw: 30,
  z: 0.1,
  material: 'walnut',
  ...over,
  asset: { kind: 'nightstand', seed: 4, handle: 'knob', ...asset },
});

function mul(a: Float64Array, b: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) out.push(a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j]);
  return out;
}

describe('an asset item as solids', () => {
  it('poses every part: centre T + Rz(yaw) c, rotation Rz(yaw) R_part (a knob rolled 90 degrees included)', () => {
    const f = item();
    const local = buildAsset('nightstand', f.size as [number, number, number], { handle: 'knob' }, 4).parts;
    const solids = fixedSolids(f);
    expect(solids.length).toBe(local.length);
    expect(local.some((p) => p.roll_deg === 90)).toBe(true);
    const Rz = rotationMatrix(30, 0, 0);
    for (const [k, p] of local.entries()) {
      const s = solids[k];
      expect(s.name).toBe(`fixed:ns/${p.name}`);
      expect(s.owner).toBe('ns');
      expect(s.role).toBe('fixed');
      expect(s.material).toBe(p.material === 'body' ? 'walnut' : p.material);
      const [x, y, z] = p.center;
      expect(s.center[0]).toBeCloseTo(2 + Rz[0] * x + Rz[1] * y, 12);
      expect(s.center[1]).toBeCloseTo(3 + Rz[3] * x + Rz[4] * y, 12);
      expect(s.center[2]).toBeCloseTo(0.1 + z, 12);
      const want = mul(Rz, rotationMatrix(p.yaw_deg ?? 0, p.pitch_deg ?? 0, p.roll_deg ?? 0));
      const got = [...solidRotation(s)];
      for (let i = 0; i < 9; i++) expect(got[i]).toBeCloseTo(want[i], 12);
    }
  });

  it('keeps a plain item one solid and its size the bounds every reader uses', () => {
    const { asset: _a, ...plain } = item();
    expect(fixedSolids(plain as Fixed).map((s) => s.name)).toEqual(['fixed:ns']);
    expect(assetSolids(item()).length).toBeGreaterThan(4);
  });

  it('gives the surface rectangle of the asset, turned with the item (the footprint for a plain item)', () => {
    const couch: Fixed = {
      id: 'c',
      kind: 'couch',
      shape: 'box',
      center: [1, 1],
      size: [2.2, 0.9, 0.85],
      yaw: 90,
      z: 0,
      material: 'fabric',
      surface: 0.44,
      asset: { kind: 'couch', seed: 1, arms: 'square' },
    };
    const r = surfaceRect(couch);
    expect(r.yaw).toBe(90);
    expect(r.size[0]).toBeLessThan(2.2 - 0.2);
    expect(r.size[1]).toBeLessThan(0.9 - 0.1);
    // the seat lies in front of the back: its centre is on the couch's -y side, which yaw 90 turns to +x
    expect(r.center[0]).toBeGreaterThan(1);
    const { asset: _a, ...plain } = couch;
    expect(surfaceRect(plain as Fixed)).toEqual({ center: [1, 1], size: [2.2, 0.9], yaw: 90 });
  });
});

describe('asset misfits', () => {
  const paths = (f: Fixed) => assetIssues(f).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('an unknown kind, with the known ones', () => {
    const f = { ...item(), asset: { kind: 'sofa_bed', seed: 0 } };
    expect(paths(f)).toEqual([
      expect.stringMatching(/^asset\.kind: unknown asset kind "sofa_bed" \(known: armchair, (\w+, )*bed,/),
    ]);
  });

  it('a param the kind does not have, a value it refuses', () => {
    expect(paths(item({}, { colour: 'red' }))).toEqual(['asset.colour: unknown nightstand param']);
    expect(paths(item({}, { handle: 'hook' }))[0]).toMatch(/^asset\.handle: /);
  });

  it('a size outside the kind range, each extent at its index', () => {
    expect(paths(item({ size: [0.5, 0.4, 1.5] }))).toEqual([
      'size.2: a nightstand asset is 0.35..0.85 m high (here 1.5)',
    ]);
  });

  it('a surface the kind cannot meet: not its top, a seat too high, a kind without one', () => {
    expect(paths(item({ surface: 0.6 }))).toEqual([
      "surface: surface must be its top (0.650 m): a nightstand's surface lies 0.550 m above its bottom",
    ]);
    expect(paths(item({ surface: 0.65 }))).toEqual([]);
    const couch: Fixed = {
      ...item({ size: [2, 0.9, 0.8], surface: 0.7 }),
      z: 0,
      asset: { kind: 'couch', seed: 0 },
    };
    expect(paths(couch)).toEqual([
      "surface: a couch's surface lies 0.300..0.550 m above its bottom at this size (here 0.700: 0.300..0.550 m)",
    ]);
    const chair: Fixed = {
      ...item({ size: [0.45, 0.5, 0.9], surface: 0.9 }),
      asset: { kind: 'dining_chair', seed: 0 },
    };
    expect(paths(chair)).toEqual([
      "surface: a dining_chair's surface lies 0.400..0.730 m above its bottom at this size (here 0.800: 0.500..0.830 m)",
    ]);
    const lamp: Fixed = {
      ...item({ size: [0.4, 0.4, 1.6], surface: 1.0 }),
      asset: { kind: 'floor_lamp', seed: 0 },
    };
    expect(paths(lamp)).toEqual(['surface: a floor_lamp asset has no surface things rest on']);
  });

  it('a round top on a table that is not square, shelves, a shape other than a box', () => {
    const t: Fixed = { ...item({ size: [1.2, 0.8, 0.75] }), asset: { kind: 'table', seed: 0, top: 'round' } };
    expect(paths(t)).toEqual(['asset.top: a round top needs length = width (here 1.2 and 0.8)']);
    expect(paths(item({ shape: 'cylinder' }))).toContain("shape: an asset's bounds are a box (shape: box)");
    expect(paths(item({ shelves: [0.3] }))).toContain('shelves: a nightstand asset takes no shelves');
  });

  it('shelves on shelving outside its range or too close together', () => {
    const rack: Fixed = {
      ...item({ size: [2, 0.6, 2.2], z: 0 }),
      kind: 'shelving',
      asset: { kind: 'shelving', seed: 1, style: 'rack' },
    };
    expect(paths({ ...rack, shelves: [0.3, 0.8, 1.3, 1.8] })).toEqual([]);
    expect(paths({ ...rack, shelves: [0.3, 2.3] })).toEqual([
      "shelves.1: a shelving's board tops lie 0.100..2.200 m above its bottom at this size (here 2.300)",
    ]);
    expect(paths({ ...rack, shelves: [0.3, 0.4] })).toEqual([
      "shelves.1: a shelving's boards rise by at least 0.150 m (here 0.100)",
    ]);
  });
});

describe('the library materials', () => {
  it('are in every place table, a place material of the same name winning', () => {
    const place = {
      materials: { wood_dark: { colour: [1, 0, 0], roughness: 0.5, metallic: 0 } },
      colour_words: {},
      things: [],
      people: [],
    } as unknown as Place;
    const t = materialTable(place);
    for (const k of Object.keys(ASSET_MATERIALS)) expect(t[k]).toBeDefined();
    expect(t.wood_dark.colour).toEqual([1, 0, 0]);
    expect(t.metal_dark).toEqual(ASSET_MATERIALS.metal_dark);
  });
});
