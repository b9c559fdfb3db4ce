/**
 * A place (in a state) as solids: floor slabs, wall pieces, door leaves, fixed furniture, things at their poses
 * and people as figures. Every stage that needs geometry (the public map, sweeps, ray casts, the shot list) starts
 * from `placeSolids`, so the geometry that renders is the geometry gold is computed from.
 */
import type { Fixed, Material, Place, Thing } from './place-schema.ts';
import type { Solid } from './solids.ts';
import { SHELF_BOARD, SHELF_POST } from './assets/asset.ts';
import { assetShelfRect, assetSolids, assetSurfaceRect } from './assets/fixed.ts';
import { cordSolids } from './assets/cord.ts';
import { ASSET_MATERIALS } from './assets/materials.ts';
import { thingAssetSolids, thingBounds } from './assets/thing.ts';
import { personSolids } from './person-figure.ts';
import { doorLeaf, wallAxes, wallSolids } from './walls.ts';
import { initialState, type ThingPose, type WorldState } from './world-state.ts';

export { SHELF_BOARD, SHELF_POST };

/** Materials available without being declared in a place (a place may override them). */
export const DEFAULT_MATERIALS: Record<string, Material> = {
  plastic: { colour: [0.5, 0.5, 0.5], roughness: 0.45, metallic: 0 },
  cloth: {
    colour: [0.5, 0.5, 0.5],
    roughness: 0.9,
    metallic: 0,
    pattern: { kind: 'fabric', colour2: [0.4, 0.4, 0.4], scale: 0.01 },
  },
  /** a person's skin (layouts/person-figure.ts PERSON_SKINS), hair and shoes */
  skin_light: { colour: [0.84, 0.66, 0.55], roughness: 0.55, metallic: 0 },
  skin: { colour: [0.72, 0.53, 0.42], roughness: 0.6, metallic: 0 },
  skin_tan: { colour: [0.55, 0.37, 0.25], roughness: 0.6, metallic: 0 },
  skin_dark: { colour: [0.3, 0.19, 0.13], roughness: 0.6, metallic: 0 },
  hair_black: { colour: [0.025, 0.022, 0.02], roughness: 0.55, metallic: 0 },
  hair_brown: { colour: [0.16, 0.09, 0.05], roughness: 0.6, metallic: 0 },
  hair_blond: { colour: [0.58, 0.44, 0.24], roughness: 0.6, metallic: 0 },
  hair_grey: { colour: [0.5, 0.5, 0.49], roughness: 0.6, metallic: 0 },
  shoe_black: { colour: [0.03, 0.03, 0.03], roughness: 0.4, metallic: 0 },
  shoe_brown: { colour: [0.22, 0.12, 0.06], roughness: 0.45, metallic: 0 },
  shoe_white: { colour: [0.82, 0.82, 0.8], roughness: 0.5, metallic: 0 },
};

/**
 * Every material a solid of the place may name: the place's materials, the defaults (these and the asset library's,
 * layouts/assets/materials.ts: a place's own material of the same name wins), and the coloured variants
 * `<base>@<colour word>` of things and people (the base material with its colour replaced by the word's RGB).
 */
export function materialTable(place: Place): Record<string, Material> {
  const out: Record<string, Material> = { ...DEFAULT_MATERIALS, ...ASSET_MATERIALS, ...place.materials };
  const variant = (base: string, word: string) => {
    const m = out[base];
    const rgb = place.colour_words[word];
    if (m && rgb)
      out[`${base}@${word}`] = {
        ...m,
        colour: rgb,
        pattern: m.pattern ? { ...m.pattern, colour2: rgb.map((c) => c * 0.8) as [number, number, number] } : undefined,
      };
  };
  for (const t of place.things) variant(thingBaseMaterial(t), t.colour);
  for (const p of place.people) {
    variant('cloth', p.colour);
    variant('cloth', p.trousers);
  }
  for (const k of Object.keys(out)) if (out[k].pattern === undefined) delete out[k].pattern;
  return out;
}

export function thingBaseMaterial(t: Thing): string {
  return t.material ?? 'plastic';
}

/**
 * A fixed piece of furniture as solids: one, the posts and boards of a shelving unit, or the parts its asset kind
 * builds (layouts/assets/).
 */
export function fixedSolids(f: Fixed): Solid[] {
  if (f.asset) return assetSolids(f);
  const base = { owner: f.id, role: 'fixed' as const, material: f.material, yaw_deg: f.yaw };
  if (!f.shelves) {
    return [
      {
        ...base,
        name: `fixed:${f.id}`,
        shape: f.shape,
        center: [f.center[0], f.center[1], f.z + f.size[2] / 2],
        size: [...f.size],
      },
    ];
  }
  const [L, W, H] = f.size;
  const c = Math.cos((f.yaw * Math.PI) / 180);
  const s = Math.sin((f.yaw * Math.PI) / 180);
  const at = (lx: number, ly: number, z: number): [number, number, number] => [
    f.center[0] + lx * c - ly * s,
    f.center[1] + lx * s + ly * c,
    z,
  ];
  const out: Solid[] = [];
  const px = L / 2 - SHELF_POST / 2;
  const py = W / 2 - SHELF_POST / 2;
  [
    [-px, -py],
    [px, -py],
    [px, py],
    [-px, py],
  ].forEach(([x, y], i) =>
    out.push({
      ...base,
      name: `fixed:${f.id}/post${i}`,
      shape: 'box',
      center: at(x, y, f.z + H / 2),
      size: [SHELF_POST, SHELF_POST, H],
    }),
  );
  f.shelves.forEach((top, i) =>
    out.push({
      ...base,
      name: `fixed:${f.id}/board${i}`,
      shape: 'box',
      center: at(0, 0, top - SHELF_BOARD / 2),
      size: [L - 2 * SHELF_POST, W, SHELF_BOARD],
    }),
  );
  return out;
}

/**
 * Where things rest on a fixed piece with a surface (its top at `surface`): a rectangle in the map frame, its
 * footprint for a plain piece, the flat top its kind builds for an asset (a couch's seat cushions, a console's top
 * in front of its television). Shelving's boards are read from its shelves, not here.
 */
export function surfaceRect(f: Fixed): { center: [number, number]; size: [number, number]; yaw: number } {
  if (f.asset) {
    const r = assetSurfaceRect(f);
    if (r) return r;
  }
  return { center: [f.center[0], f.center[1]], size: [f.size[0], f.size[1]], yaw: f.yaw };
}

/**
 * Where things stand on a shelving unit's boards (every level alike): a rectangle in the map frame, the board between
 * the posts for a plain unit, the rectangle its kind builds for an asset (a rack's decking between its uprights, the
 * same; a bookcase's boards between its sides in front of its back). Undefined for an item without shelves.
 */
export function shelfRect(f: Fixed): { center: [number, number]; size: [number, number]; yaw: number } | undefined {
  if (!f.shelves) return undefined;
  if (f.asset) {
    const r = assetShelfRect(f);
    if (r) return r;
  }
  return { center: [f.center[0], f.center[1]], size: [f.size[0] - 2 * SHELF_POST, f.size[1]], yaw: f.yaw };
}

/** Cord segment end points in the map frame. */
export function cordPoints(t: Thing, pose: { x: number; y: number; yaw: number }): [number, number][] {
  const c = Math.cos((pose.yaw * Math.PI) / 180);
  const s = Math.sin((pose.yaw * Math.PI) / 180);
  return (t.path ?? []).map(([x, y]) => [pose.x + x * c - y * s, pose.y + x * s + y * c]);
}

/** A thing at a pose as solids: its kind's parts (layouts/assets/thing.ts), a cable along its path for a cord, or one. */
export function thingSolids(t: Thing, pose: ThingPose): Solid[] {
  const material = `${thingBaseMaterial(t)}@${t.colour}`;
  const base = { owner: t.id, role: 'thing' as const, material };
  const [, w, h] = t.size;
  if (t.shape === 'cord') return cordSolids(t.id, t.path ?? [], pose, w, h, material);
  const built = thingAssetSolids(t, pose, material);
  if (built) return built;
  return [
    {
      ...base,
      name: `thing:${t.id}`,
      shape: t.shape,
      center: [pose.x, pose.y, pose.z + h / 2],
      size: thingBounds(t),
      yaw_deg: pose.yaw,
    },
  ];
}

/** Floor slabs (below z = 0) and the ceiling slab (above the walls), if any. */
export function floorSolids(place: Place): Solid[] {
  const b = place.bounds;
  const t = place.floor.thickness;
  const slab = (
    name: string,
    owner: string,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    z0: number,
    z1: number,
    material: string,
    role: 'floor' | 'ceiling' = 'floor',
  ): Solid => ({
    name,
    owner,
    role,
    shape: 'box',
    center: [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2],
    size: [x1 - x0, y1 - y0, z1 - z0],
    yaw_deg: 0,
    material,
  });
  const out: Solid[] = [];
  if (!place.floor.per_room) {
    out.push(slab('floor', 'floor', b.x_min, b.y_min, b.x_max, b.y_max, -t, 0, place.floor.material));
  } else {
    out.push(slab('floor', 'floor', b.x_min, b.y_min, b.x_max, b.y_max, -2 * t, -t, place.floor.material));
    for (const r of place.rooms) {
      const xs = r.polygon.map((p) => p[0]);
      const ys = r.polygon.map((p) => p[1]);
      out.push(
        slab(
          `floor:${r.id}`,
          'floor',
          Math.min(...xs),
          Math.min(...ys),
          Math.max(...xs),
          Math.max(...ys),
          -t,
          0,
          r.floor_material ?? place.floor.material,
        ),
      );
    }
  }
  if (place.ceiling) {
    const c = place.ceiling;
    out.push(
      slab(
        'ceiling',
        'ceiling',
        b.x_min,
        b.y_min,
        b.x_max,
        b.y_max,
        c.height,
        c.height + c.thickness,
        c.material,
        'ceiling',
      ),
    );
  }
  return out;
}

/** Structure that never moves: floor, ceiling, wall pieces and fixed furniture (not doors). */
export function structureSolids(place: Place): Solid[] {
  return [...floorSolids(place), ...wallAxes(place).flatMap(wallSolids), ...place.fixed.flatMap(fixedSolids)];
}

/**
 * Every solid of the place in a state (default: the place file's initial state). Things resting on 'carried'
 * and people absent from the state are left out.
 */
export function placeSolids(place: Place, state: WorldState = initialState(place)): Solid[] {
  const out = structureSolids(place);
  for (const d of place.doors) out.push(doorLeaf(place, d, state.doors[d.id] ?? d.initial));
  for (const t of place.things) {
    const pose = state.things[t.id];
    if (!pose || pose.rests_on === 'carried') continue;
    out.push(...thingSolids(t, pose));
  }
  for (const p of place.people) {
    const pose = state.people[p.id];
    if (pose) out.push(...personSolids(p, pose));
  }
  return out;
}
