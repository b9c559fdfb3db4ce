/**
 * Places built of assets: tests/inputs/places/asset-showroom.yaml (the living room and bedroom kinds, a round side
 * table and a table lamp standing on the nightstand, things resting on the couch's seat, the tables, the bed and the
 * console's top) and asset-showroom-home.yaml (the kitchen and bathroom kinds, things on the counter's worktop, the
 * sink's top and the shoe rack) hold one item of each kind between them. Each passes `stbench validate`; its solids
 * ray-cast with the truth renderer from a helper-like camera before each item, and every item shows.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../foundation/index.ts';
import { ASSET_DEFS } from '../../../../layouts/assets/registry.ts';
import { cameraPose, intrinsics } from '../../../../layouts/camera.ts';
import { loadPlaceFile } from '../../../../layouts/load.ts';
import { placeSolids, surfaceRect } from '../../../../layouts/world.ts';
import { initialState } from '../../../../layouts/world-state.ts';
import { truthEntities, truthIdOf } from '../../../../render/build-shot-list.ts';
import { raycastFrame, truthScene } from '../../../../render/truth/raycast-renderer.ts';

const FILES = ['asset-showroom.yaml', 'asset-showroom-home.yaml'].map((f) =>
  join(REPO_ROOT, 'tests', 'inputs', 'places', f),
);

it('the showrooms hold an item of every kind between them', () => {
  const kinds = new Set(FILES.flatMap((f) => loadPlaceFile(f).place.fixed.map((x) => x.asset?.kind)));
  expect(kinds).toEqual(new Set(ASSET_DEFS.map((d) => d.kind)));
});

describe.each(FILES)('a place of assets: %s', (FILE) => {
  it('passes stbench validate', () => {
    const out = execFileSync(process.execPath, [join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs'), 'validate', FILE], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(out).toMatch(/^ok: /);
  });

  const { place } = loadPlaceFile(FILE);

  it('holds assets, and things on the asset surfaces at their tops', () => {
    expect(place.fixed.every((f) => f.asset)).toBe(true);
    const state = initialState(place);
    for (const t of place.things) {
      const f = place.fixed.find((x) => x.id === t.rests_on)!;
      expect(state.things[t.id].z).toBe(f.surface);
      expect(surfaceRect(f).size[0]).toBeGreaterThan(t.size[0]);
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
      const pos: [number, number, number] = [f.center[0] + 1.6 * Math.sin(yaw), f.center[1] - 1.6 * Math.cos(yaw), 1.3];
      const frame = raycastFrame(k, cameraPose(pos, f.yaw + 90, -45), scene);
      let n = 0;
      for (const v of frame.ids) if (v === id) n++;
      expect(n, f.id).toBeGreaterThan(300);
    }
  });
});
