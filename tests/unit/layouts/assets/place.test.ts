/**
 * Places built of assets: the showrooms tests/inputs/places/*.yaml (each named by its id) together hold one item of each kind
 * (the home furniture's a round side table and a table lamp standing on the nightstand besides, things resting on
 * the couch's seat, the tables, the bed and the console's top; the warehouse kinds' totes on a rack's levels, a
 * carton on the pallet, a parcel on the packing table). Each passes `stbench validate`; its solids ray-cast with the
 * truth renderer from a helper-like camera before each item, and every item shows.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../foundation/index.ts';
import { ASSET_DEFS } from '../../../../layouts/assets/registry.ts';
import { cameraPose, intrinsics } from '../../../../layouts/camera.ts';
import { loadPlaceFile } from '../../../../layouts/load.ts';
import { placeSolids, shelfRect, surfaceRect } from '../../../../layouts/world.ts';
import { initialState } from '../../../../layouts/world-state.ts';
import { truthEntities, truthIdOf } from '../../../../render/build-shot-list.ts';
import { raycastFrame, truthScene } from '../../../../render/truth/raycast-renderer.ts';

const DIR = join(REPO_ROOT, 'tests', 'inputs', 'places');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => join(DIR, f));

describe('the showrooms', () => {
  it('hold an item of every kind between them', () => {
    const kinds = new Set(FILES.flatMap((f) => loadPlaceFile(f).place.fixed.map((x) => x.asset?.kind)));
    expect(kinds).toEqual(new Set(ASSET_DEFS.map((d) => d.kind)));
  });
});

for (const FILE of FILES)
  describe(`a place of assets: ${FILE.slice(DIR.length + 1)}`, () => {
    it('passes stbench validate', () => {
      const out = execFileSync(
        process.execPath,
        [join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs'), 'validate', FILE],
        {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
      expect(out).toMatch(/^ok: /);
    });

    const { place } = loadPlaceFile(FILE);

    it('holds things on the asset surfaces at their tops, and on shelves at their levels', () => {
      const state = initialState(place);
      for (const t of place.things) {
        if (t.rests_on === 'floor') {
          expect(state.things[t.id].z).toBe(0);
          continue;
        }
        const f = place.fixed.find((x) => x.id === t.rests_on)!;
        expect(state.things[t.id].z).toBe(f.shelves ? f.shelves[t.level!] : f.surface);
        expect((shelfRect(f) ?? surfaceRect(f)).size[0]).toBeGreaterThan(t.size[0]);
      }
    });

    it('ray-casts: every item seen from a helper-like camera before it (1.3 m up, pitched down 45 degrees, 1.6 m off)', () => {
      const solids = placeSolids(place);
      const entities = truthEntities(place);
      const scene = truthScene(solids, truthIdOf(entities));
      const k = intrinsics(320, 240, 80);
      for (const f of place.fixed) {
        const id = entities.find((e) => e.entity === f.id)!.truth_id;
        const yaw = (f.yaw * Math.PI) / 180;
        // 1.6 m in front of the item (its -y), looking at it
        const pos: [number, number, number] = [
          f.center[0] + 1.6 * Math.sin(yaw),
          f.center[1] - 1.6 * Math.cos(yaw),
          1.3,
        ];
        const frame = raycastFrame(k, cameraPose(pos, f.yaw + 90, -45), scene);
        let n = 0;
        for (const v of frame.ids) if (v === id) n++;
        expect(n, f.id).toBeGreaterThan(300);
      }
    });
  });
