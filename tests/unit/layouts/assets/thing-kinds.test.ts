/**
 * Every thing kind of the asset library (layouts/assets/things/) at 100 ids and sizes drawn over its range: every part
 * a sound solid inside the thing's bounds (a cylinder's inside its round footprint; 1 mm), no two parts
 * interpenetrating (none 10 um into another), unique part names, the parts reaching the bounds' bottom, top and sides
 * (the thing's size stays what its footprint, support and contact point are read from), the same parts from the same
 * id and others from another; moved and turned with the thing's pose. The place rules report a size out of the
 * kind's range, and apartment_a's things of these kinds are built of their parts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { stream } from '../../../../foundation/rng.ts';
import { thingAsset, thingAssetSolids, THING_ASSETS, type ThingAssetDef } from '../../../../layouts/assets/thing.ts';
import { readPlaceText } from '../../../../layouts/load.ts';
import { overlappingPairs, penetration } from '../../../../layouts/overlap.ts';
import type { Thing } from '../../../../layouts/place-schema.ts';
import { extentAlong, type Solid, solidIssues, type Vec3 } from '../../../../layouts/solids.ts';
import { placeSolids } from '../../../../layouts/world.ts';

const SEEDS = 100;
const TOL = 0.001;
const PEN = 1e-5;

function thingOf(def: ThingAssetDef, id: string, size: Vec3): Thing {
  return {
    id,
    kind: def.kind,
    colour: 'red',
    shape: def.shape,
    size: def.shape === 'cylinder' ? [size[0], size[0], size[2]] : size,
    rests_on: 'floor',
    position: { x: 0, y: 0, yaw: 0 },
  } as Thing;
}

const at = (x: number, y: number, z: number, yaw: number) => ({ x, y, z, yaw, rests_on: 'floor' });

/** lowest and highest reach of a solid along a unit direction, from the world origin */
const reach = (s: Solid, d: [number, number, number]): [number, number] => {
  const e = extentAlong(s, d[0], d[1], d[2]);
  const c = s.center[0] * d[0] + s.center[1] * d[1] + s.center[2] * d[2];
  return [c + e[0], c + e[1]];
};

function checkThing(def: ThingAssetDef, t: Thing): string[] {
  const out: string[] = [];
  const solids = thingAssetSolids(t, at(0, 0, 0, 0), 'plastic@red')!;
  const [L, W, H] = t.size;
  const names = new Set<string>();
  let top = -Infinity;
  let bottom = Infinity;
  const side = { x: [Infinity, -Infinity], y: [Infinity, -Infinity], r: 0 };
  for (const s of solids) {
    if (names.has(s.name)) out.push(`${s.name}: duplicate name`);
    names.add(s.name);
    for (const i of solidIssues(s)) out.push(`${s.name}: ${i.path.join('.')} ${i.message}`);
    const [z0, z1] = reach(s, [0, 0, 1]);
    top = Math.max(top, z1);
    bottom = Math.min(bottom, z0);
    if (z0 < -TOL || z1 > H + TOL) out.push(`${s.name}: outside the bounds along z (${z0}..${z1})`);
    if (def.shape === 'cylinder') {
      for (let k = 0; k < 72; k++) {
        const a = (k * Math.PI) / 36;
        side.r = Math.max(side.r, reach(s, [Math.cos(a), Math.sin(a), 0])[1]);
      }
    } else {
      const [x0, x1] = reach(s, [1, 0, 0]);
      const [y0, y1] = reach(s, [0, 1, 0]);
      side.x = [Math.min(side.x[0], x0), Math.max(side.x[1], x1)];
      side.y = [Math.min(side.y[0], y0), Math.max(side.y[1], y1)];
    }
  }
  if (Math.abs(bottom) > TOL) out.push(`the parts' bottom is at ${bottom}, not 0`);
  if (Math.abs(top - H) > TOL) out.push(`the parts' top is at ${top}, not ${H}`);
  if (def.shape === 'cylinder') {
    if (side.r > L / 2 + TOL) out.push(`a part reaches ${side.r} from the axis, outside the round bounds ${L / 2}`);
    if (side.r < L / 2 - 2 * TOL) out.push(`the parts reach only ${side.r} of the radius ${L / 2}`);
  } else {
    for (const [k, [lo, hi], half] of [
      ['x', side.x, L / 2],
      ['y', side.y, W / 2],
    ] as const) {
      if (lo < -half - TOL || hi > half + TOL) out.push(`outside the bounds along ${k} (${lo}..${hi})`);
      if (lo > -half + TOL || hi < half - TOL) out.push(`the parts span ${lo}..${hi} of +-${half} along ${k}`);
    }
  }
  for (const [a, b] of overlappingPairs(solids, PEN))
    out.push(`${a.name} x ${b.name}: interpenetrate by ${penetration(a, b).toFixed(5)} m`);
  return out;
}

describe.each(THING_ASSETS.map((d) => [d.kind, d] as const))('the thing kind %s', (_kind, def) => {
  it(`builds sound parts inside its bounds, touching and reaching them, at ${SEEDS} ids and sizes`, () => {
    const rng = stream('thing sizes', def.kind);
    const bad: string[] = [];
    for (let i = 0; i < SEEDS; i++) {
      const size = [0, 1, 2].map((k) => rng.uniform(def.sizes.min[k], def.sizes.max[k])) as Vec3;
      // the corners of the range as well as draws within it
      if (i < 2) for (let k = 0; k < 3; k++) size[k] = (i ? def.sizes.max : def.sizes.min)[k];
      const t = thingOf(def, `${def.kind}_${i}`, size);
      for (const m of checkThing(def, t)) bad.push(`${t.id} ${t.size.map((x) => x.toFixed(3))}: ${m}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('draws its parts from the thing’s id, and moves and turns them with its pose', () => {
    const size = def.sizes.min.map((x, k) => (x + def.sizes.max[k]) / 2) as Vec3;
    const a = thingOf(def, 'one', size);
    const parts = (t: Thing, yaw = 0) => thingAssetSolids(t, at(2, -1, 0.5, yaw), 'm')!;
    expect(parts(a)).toEqual(parts(thingOf(def, 'one', size)));
    expect(parts(thingOf(def, 'two', size))).not.toEqual(parts(a));
    for (const s of parts(a)) expect(s.center[2]).toBeGreaterThanOrEqual(0.5 - 1e-9);
    const turned = parts(a, 90);
    for (const [k, s] of parts(a).entries()) {
      // turned a quarter about the thing's centre (2, -1): (dx, dy) -> (-dy, dx)
      const [dx, dy] = [s.center[0] - 2, s.center[1] + 1];
      expect(turned[k].center[0]).toBeCloseTo(2 - dy, 9);
      expect(turned[k].center[1]).toBeCloseTo(-1 + dx, 9);
    }
  });
});

describe('things built by the library in places', () => {
  const FILE = 'layouts/apartment_a.yaml';
  const TEXT = readFileSync(FILE, 'utf8');

  it('the place rules report a size out of the kind’s range', () => {
    const r = readPlaceText(
      TEXT.replace(
        'kind: mug, colour: orange, shape: cylinder, size: [0.09, 0.09, 0.1]',
        'kind: mug, colour: orange, shape: cylinder, size: [0.3, 0.3, 0.1]',
      ),
      FILE,
    );
    expect(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n')).toMatch(
      /things\[\d+\]\.size\[0\]: a mug asset is 0\.06\.\.0\.14/,
    );
  });

  it('the authored places’ things of these kinds are built of their parts, and every kind is used by one', () => {
    const kinds = new Set(THING_ASSETS.map((d) => d.kind));
    const used = new Set<string>();
    for (const file of ['layouts/apartment_a.yaml', 'layouts/warehouse_a.yaml', 'layouts/downtown_a.yaml']) {
      const place = readPlaceText(readFileSync(file, 'utf8'), file).place!.place;
      const solids = placeSolids(place);
      for (const t of place.things.filter((t) => thingAsset(t))) {
        used.add(t.kind);
        const own = solids.filter((s) => s.owner === t.id);
        expect(own.length, t.id).toBeGreaterThan(0);
        for (const s of own) expect(s.name.startsWith(`thing:${t.id}/`), s.name).toBe(true);
      }
    }
    expect(used).toEqual(kinds);
    const solids = placeSolids(readPlaceText(TEXT, FILE).place!.place);
    const mug = solids.filter((s) => s.owner === 'orange_mug').map((s) => s.name.split('/')[1]);
    expect(mug).toEqual(['body', 'arm_top', 'arm_low', 'grip']);
  });
});
