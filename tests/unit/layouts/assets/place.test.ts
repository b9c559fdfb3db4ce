/**
 * A place built of assets: tests/inputs/places/asset-showroom.yaml holds one item of each kind (and a round side
 * table and a table lamp standing on the nightstand), things resting on the couch's seat, the tables, the bed and
 * the console's top (every other kind stands in another place's showroom, asset-showroom-<kind>.yaml). It passes
 * `stbench validate`; its solids ray-cast with the truth renderer from a helper-like
 * camera before each item, and every item shows.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

const FILE = join(REPO_ROOT, 'tests', 'inputs', 'places', 'asset-showroom.yaml');

describe('a place of assets', () => {
  it('passes stbench validate', () => {
    const out = execFileSync(process.execPath, [join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs'), 'validate', FILE], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    expect(out).toMatch(/^ok: /);
  });

  const { place } = loadPlaceFile(FILE);

  it('holds an item of every kind, and things on the asset surfaces at their tops', () => {
    // every kind stands in some showroom (this one, or another place's: asset-showroom-<place kind>.yaml)
    const dir = join(REPO_ROOT, 'tests', 'inputs', 'places');
    const others = readdirSync(dir).filter((f) => /^asset-showroom-.+\.yaml$/.test(f));
    const kinds = new Set(place.fixed.map((f) => f.asset?.kind));
    for (const f of others) for (const x of loadPlaceFile(join(dir, f)).place.fixed) kinds.add(x.asset?.kind);
    kinds.delete(undefined);
    expect(kinds).toEqual(new Set(ASSET_DEFS.map((d) => d.kind)));
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
