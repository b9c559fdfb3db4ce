/**
 * Hand-checked golds: one small case per job in a 6 x 6 m room, its frames ray-cast (render/truth's ray-cast
 * renderer) and turned into truth records by frameTruth, as the render stage does; the expected gold is stated from
 * the geometry by hand and the compiler's family value checked against it (to 1 mm where the gold is exact).
 *
 * - clear_path ahead: a wall across the room whose face stands D ahead of the body's front (the base drives D).
 * - object_where: a box at a known spot beside the drive; its gold is the box's middle.
 * - ego_now: the offset from the ask camera of the nearest point where the box meets the floor (its footprint's
 *   point nearest the camera), read from the pixels, so within the gold's own pixel size p (+ 1 mm).
 */
import { describe, expect, it } from 'vitest';
import type { FrameView, JobView } from '../../../compile/ask/index.ts';
import { clearPath } from '../../../compile/families/clear-path.ts';
import { egoNow } from '../../../compile/families/ego-now.ts';
import { objectWhere } from '../../../compile/families/object-where.ts';
import { cameraFromBase, cameraPose } from '../../../layouts/camera.ts';
import { getPlace } from '../../../layouts/load.ts';
import type { Solid } from '../../../layouts/solids.ts';
import {
  entityBoxes,
  floorGrid,
  frameTruth,
  paletteFromColourWords,
  raycastFrame,
  truthScene,
  type EntityInfo,
} from '../../../render/truth/index.ts';
import { box, ctx, GRID, job, room, world } from '../../helpers/compile-fixture.ts';

const THING = 'red_box';

/** The room, a wall across it at x = wallX (when given) and a red box of the given middle and size on the floor. */
function scene(
  wallX: number | null,
  mid: [number, number],
  size: [number, number, number],
): (Solid & { truth_id?: number })[] {
  const s: (Solid & { truth_id?: number })[] = [...room()];
  if (wallX !== null) s.push(box('wall_x', [wallX + 0.05, 3, 1.25], [0.1, 6, 2.5], 'wall'));
  s.push({ ...box(THING, [mid[0], mid[1], size[2] / 2], size, 'thing'), material: 'red', truth_id: 1 });
  return s;
}

/** Frames of base poses, ray-cast and recorded as the render stage records them. */
function render(
  j: JobView,
  solids: (Solid & { truth_id?: number })[],
  poses: { x: number; y: number; heading: number }[],
): FrameView[] {
  const grid = floorGrid({
    x_min: GRID.x0,
    x_max: GRID.x0 + GRID.nx * GRID.cell,
    y_min: GRID.y0,
    y_max: GRID.y0 + GRID.ny * GRID.cell,
  });
  const palette = paletteFromColourWords(
    getPlace('apartment_a').colour_words as Record<string, readonly [number, number, number]>,
  );
  const table = new Map<number, EntityInfo>([
    [
      1,
      {
        truth_id: 1,
        entity: THING,
        role: 'thing',
        kind: 'box',
        colour: 'red',
        support: { kind: 'floor', top_z: 0 },
        box: entityBoxes(solids).get(1),
      },
    ],
  ]);
  const truth = truthScene(solids);
  return poses.map((p, k) => {
    const pose = { x: p.x, y: p.y, z: j.baseZ_m, heading_deg: p.heading };
    const c = cameraFromBase(pose, j.mount);
    const cam = cameraPose(c.position, c.yawDeg, c.pitchDeg);
    const r = raycastFrame(j.intr, cam, truth);
    const v = frameTruth({ k, t: 2 * k, intrinsics: j.intr, camera: cam, depth: r.depth, ids: r.ids }, table, grid, {
      palette,
    }).visibility;
    return {
      k,
      t: v.t,
      task: 0,
      pose,
      camera: v.camera,
      entities: v.entities,
      seen: { floor: v.seen.floor, obstacle: v.seen.obstacle },
    };
  });
}

const REF = { id: THING, colour: 'red', kind: 'box' };

/** One case per job: where the robot stands, the wall's distance ahead of its front, the box. */
const CASES = [
  // the vacuum (a 0.35 m disc, camera 8 cm up looking level): a wall 1.2 m ahead of its front, seen from 1 m back first
  {
    job: 'vacuum/2',
    poses: [
      { x: 1, y: 3, heading: 0 },
      { x: 2, y: 3, heading: 0 },
    ],
    D: 1.2,
    box: { mid: [3.0, 3.5] as [number, number], size: [0.2, 0.2, 0.06] as [number, number, number] },
  },
  // the helper (0.34 x 0.33 m, camera 1.3 m up pitched -45°): a wall 1 m ahead
  {
    job: 'helper/1',
    poses: [
      { x: 1, y: 3, heading: 0 },
      { x: 2, y: 3, heading: 0 },
    ],
    D: 1.0,
    box: { mid: [2.75, 3.45] as [number, number], size: [0.3, 0.2, 0.2] as [number, number, number] },
  },
  // the AMR (0.8 x 0.58 m, camera 0.5 m up pitched -10°): a wall 1.6 m ahead
  {
    job: 'amr/1',
    poses: [
      { x: 0.8, y: 3, heading: 0 },
      { x: 2, y: 3, heading: 0 },
    ],
    D: 1.6,
    box: { mid: [3.4, 2.4] as [number, number], size: [0.4, 0.3, 0.3] as [number, number, number] },
  },
  // the drone (15 m up, pitched -45°): no wall; a crate 5 m ahead on the ground
  {
    job: 'drone/1',
    poses: [{ x: 0.5, y: 3, heading: 0 }],
    D: null,
    box: { mid: [5.0, 3.0] as [number, number], size: [0.6, 0.4, 0.4] as [number, number, number] },
  },
];

describe('hand-checked golds, one case per job (ray-cast frames)', () => {
  for (const c of CASES) {
    describe(c.job, () => {
      const j = job(c.job);
      const last = c.poses[c.poses.length - 1];
      const front = last.x + j.bodyLength_m / 2;
      const solids = scene(c.D === null ? null : front + c.D, c.box.mid, c.box.size);
      const fs = render(j, solids, c.poses);
      const w = world(solids);

      if (c.D !== null) {
        it(`clear_path ahead is the wall's distance less the body's half length: ${c.D} m`, () => {
          const out = clearPath(ctx(j, w, fs), 'ahead');
          expect(out.ok).toBe(true);
          if (!out.ok) return;
          expect(out.gold.knowable).toBe(true);
          // wall face at front + D; the base starts at last.x; the body touches when its front reaches the face
          const expected = front + c.D! - j.bodyLength_m / 2 - last.x;
          expect(expected).toBeCloseTo(c.D!, 9);
          expect(Math.abs((out.gold.value as number) - expected)).toBeLessThan(1e-3);
        });
      }

      it(`object_where is the box's middle (${c.box.mid.join(', ')})`, () => {
        expect(fs.some((f) => f.entities.some((e) => e.entity === THING && e.pixels > 0))).toBe(true);
        const out = objectWhere(ctx(j, w, fs), REF);
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        expect(out.gold.knowable).toBe(true);
        const v = out.gold.value as { x: number; y: number };
        expect(Math.abs(v.x - c.box.mid[0])).toBeLessThan(1e-3);
        expect(Math.abs(v.y - c.box.mid[1])).toBeLessThan(1e-3);
      });

      it("ego_now is the offset of the box's near face from the camera (within p)", () => {
        const out = egoNow(ctx(j, w, fs), REF);
        expect(out.ok).toBe(true);
        if (!out.ok) return;
        const cam = fs[fs.length - 1].camera.position;
        // the nearest point where the box meets the floor: its footprint's point nearest the camera (the box stands
        // square to the map, the camera faces +x)
        const near = [
          Math.max(c.box.mid[0] - c.box.size[0] / 2, Math.min(cam[0], c.box.mid[0] + c.box.size[0] / 2)),
          Math.max(c.box.mid[1] - c.box.size[1] / 2, Math.min(cam[1], c.box.mid[1] + c.box.size[1] / 2)),
        ];
        const v = out.gold.value as { ahead: number; left: number };
        const p = out.gold.pixel_m;
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThan(0.05);
        expect(Math.abs(v.ahead - (near[0] - cam[0]))).toBeLessThanOrEqual(p + 1e-3);
        expect(Math.abs(v.left - (near[1] - cam[1]))).toBeLessThanOrEqual(p + 1e-3);
      });
    });
  }
});
