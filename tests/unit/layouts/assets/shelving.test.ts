/**
 * Asset shelving with the item's shelves: a tote put on each level (at the height every reader of shelves gives it,
 * at the ends and the edges of the shelf rectangle) rests on its board exactly: the board's top is right under its
 * bottom, it touches no part, and the rectangle things stand on is a plain unit's for a rack.
 */
import { describe, expect, it } from 'vitest';
import { getPlace } from '../../../../layouts/load.ts';
import { overlappingPairs } from '../../../../layouts/overlap.ts';
import { raycast } from '../../../../layouts/geometry/raycast.ts';
import type { Fixed, Place, Thing } from '../../../../layouts/place-schema.ts';
import { fixedSolids, SHELF_POST, shelfRect, thingSolids } from '../../../../layouts/world.ts';
import { surfaceTop } from '../../../../layouts/world-state.ts';

const SHELVES = [0.3, 0.8, 1.3, 1.8];

const unit = (style: 'rack' | 'bookcase', seed: number, yaw: number): Fixed => ({
  id: 'unit',
  kind: 'shelving',
  shape: 'box',
  center: [5, 3],
  size: style === 'rack' ? [2.0, 0.6, 2.2] : [1.6, 0.45, 2.2],
  yaw,
  z: 0,
  material: 'rack_steel',
  shelves: style === 'rack' ? SHELVES : [0.3, 0.8, 1.3, 1.8],
  asset: { kind: 'shelving', seed, style },
});

const tote: Thing = {
  id: 'tote',
  kind: 'tote',
  colour: 'red',
  shape: 'box',
  size: [0.6, 0.4, 0.3],
  rests_on: 'unit',
  position: { x: 0, y: 0, yaw: 0 },
  light_furniture: false,
  loose: false,
} as unknown as Thing;

describe('asset shelving', () => {
  for (const style of ['rack', 'bookcase'] as const)
    for (const yaw of [0, 90, -30])
      it(`${style} at yaw ${yaw}: a tote on each level rests on its board exactly, touching no part`, () => {
        for (let seed = 0; seed < 4; seed++) {
          const f = unit(style, seed, yaw);
          const place = { fixed: [f] } as unknown as Place;
          const parts = fixedSolids(f);
          const r = shelfRect(f)!;
          const c = Math.cos((r.yaw * Math.PI) / 180),
            s = Math.sin((r.yaw * Math.PI) / 180);
          // along the unit at its two ends and the middle, against the front and the back edge
          const hx = r.size[0] / 2 - 0.3,
            hy = r.size[1] / 2 - 0.2;
          for (const [u, v] of [
            [-hx, 0],
            [0, 0],
            [hx, -hy],
            [-hx, hy],
          ])
            f.shelves!.forEach((_, level) => {
              const z = surfaceTop(place, 'unit', level)!;
              expect(z).toBe(f.shelves![level]);
              const pose = {
                x: r.center[0] + u * c - v * s,
                y: r.center[1] + u * s + v * c,
                z,
                yaw,
                rests_on: 'unit',
                level,
              };
              const t = thingSolids(tote, pose);
              expect(overlappingPairs([...parts, ...t], 1e-5).filter(([a, b]) => a.owner !== b.owner)).toEqual([]);
              for (const [du, dv] of [
                [0, 0],
                [0.29, 0.19],
                [-0.29, -0.19],
              ]) {
                const px = pose.x + du * c - dv * s,
                  py = pose.y + du * s + dv * c;
                const hit = raycast(parts, [px, py, z + 0.001], [0, 0, -1]);
                expect(hit?.point[2]).toBeCloseTo(z, 9);
              }
            });
        }
      });

  it("a rack's shelf rectangle is a plain unit's: between the uprights, the full depth", () => {
    const f = unit('rack', 3, 30);
    const { asset: _a, ...plain } = f;
    expect(shelfRect(f)).toEqual(shelfRect(plain as Fixed));
    expect(shelfRect(f)!.size).toEqual([2.0 - 2 * SHELF_POST, 0.6]);
  });

  it("warehouse_a's racks carry every tote on its board, touching no part", () => {
    const place = getPlace('warehouse_a');
    const onShelves = place.things.filter((t) => t.level !== undefined);
    expect(onShelves.length).toBeGreaterThan(50);
    for (const t of onShelves) {
      const f = place.fixed.find((x) => x.id === t.rests_on)!;
      const z = surfaceTop(place, f.id, t.level)!;
      const parts = fixedSolids(f);
      const ts = thingSolids(t, { ...t.position, z, rests_on: f.id, level: t.level });
      expect(overlappingPairs([...parts, ...ts], 1e-5).filter(([a, b]) => a.owner !== b.owner)).toEqual([]);
      const hit = raycast(parts, [t.position.x, t.position.y, z + 0.001], [0, 0, -1]);
      expect(hit?.point[2]).toBeCloseTo(z, 9);
    }
  });
});
