import { describe, expect, it } from 'vitest';
import { type V3, cameraPose, project } from '../../../../layouts/camera.ts';
import { raySolid } from '../../../../layouts/geometry/raycast.ts';
import { SeenSpace, observedBy } from '../../../../compile/ask/seen.ts';
import {
  airBelowFor,
  airHolesFor,
  applyRuns,
  cellCentre,
  cellOf,
  encodeRuns,
  floorGrid,
  frameSeen,
  maskCells,
  seenRuns,
  seenUnion,
} from '../../../../render/truth/seen-space.ts';
import { BOUNDS, FLOOR, K, box, renderFrame } from '../../../helpers/truth-fixture.ts';

const CAM = cameraPose([0, 0, 1.2], 0, -30);
const BOX = box('b', 'box1', 'thing', [2.3, 0.1, 0.2], [0.5, 0.4, 0.4]);
const grid = floorGrid(BOUNDS);

/** Whether the floor point is in the image and not hidden by the box (exact geometry, independent of the mask). */
function floorPointVisible(x: number, y: number): boolean {
  const p = project(K, CAM, [x, y, 0]);
  if (!p || p.u < 0 || p.u > K.width || p.v < 0 || p.v > K.height) return false;
  const o = CAM.position;
  const d: V3 = [x - o[0], y - o[1], -o[2]];
  const h = raySolid(BOX, o[0], o[1], o[2], d[0], d[1], d[2], 0, 1 - 1e-9);
  return h === null;
}

describe('seen space of one frame', () => {
  const frame = renderFrame([FLOOR, BOX], { box1: 1 }, CAM);
  const seen = frameSeen(frame, grid);

  it('marks the floor cells the camera sees and none it cannot', () => {
    let checkedIn = 0;
    let checkedOut = 0;
    for (let c = 0; c < grid.nx * grid.ny; c++) {
      const [cx, cy] = cellCentre(grid, c);
      if (Math.hypot(cx, cy) > 6) continue; // far cells may fall between pixel rows
      const h = grid.cell / 2;
      const corners = [
        [cx - h, cy - h],
        [cx + h, cy - h],
        [cx - h, cy + h],
        [cx + h, cy + h],
      ].map(([x, y]) => floorPointVisible(x, y));
      if (corners.every(Boolean)) {
        expect(seen.floor[c], `cell ${c} at ${cx},${cy}`).toBe(1);
        checkedIn++;
      } else if (!corners.some(Boolean)) {
        expect(seen.floor[c], `cell ${c} at ${cx},${cy}`).toBe(0);
        checkedOut++;
      }
    }
    expect(checkedIn).toBeGreaterThan(300);
    expect(checkedOut).toBeGreaterThan(300);
    // the floor right behind the box is hidden
    expect(seen.floor[cellOf(grid, 2.7, 0.1)]).toBe(0);
    expect(seen.floor[cellOf(grid, 1.5, 0.1)]).toBe(1);
  });

  it('marks obstacle cells on the box and nowhere else', () => {
    const cells = maskCells(seen.obstacle);
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) {
      const [cx, cy] = cellCentre(grid, c);
      expect(cx).toBeGreaterThan(2.05 - grid.cell);
      expect(cx).toBeLessThan(2.55 + grid.cell);
      expect(cy).toBeGreaterThan(-0.1 - grid.cell);
      expect(cy).toBeLessThan(0.3 + grid.cell);
    }
    expect(seen.obstacle[cellOf(grid, 2.06, 0.1)]).toBe(1);
  });

  it('ignores points above the obstacle band (a ceiling)', () => {
    const ceiling = box('c', 'structure', 'ceiling', [4, 0, 2.65], [10, 10, 0.1]);
    const up = cameraPose([0, 0, 1.2], 0, 30);
    const s = frameSeen(renderFrame([FLOOR, ceiling], {}, up), grid);
    expect(maskCells(s.obstacle)).toEqual([]);
    const low = frameSeen(renderFrame([FLOOR, ceiling], {}, up), grid, { obstacleTopM: 3 });
    expect(maskCells(low.obstacle).length).toBeGreaterThan(0);
  });
});

describe('runs and unions', () => {
  it('encodes masks as runs and back', () => {
    const m = new Uint8Array(20);
    for (const i of [0, 1, 2, 5, 9, 10, 19]) m[i] = 1;
    const runs = encodeRuns(m);
    expect(runs).toEqual([0, 3, 2, 1, 3, 2, 8, 1]);
    expect(applyRuns(new Uint8Array(20), runs)).toEqual(m);
    expect(() => applyRuns(new Uint8Array(20), [19, 2])).toThrow(/outside/);
    expect(() => applyRuns(new Uint8Array(20), [0, 3, 15, 3])).toThrow(/run 1 .*outside/);
  });

  it('unions the frames of a window, and only those', () => {
    const cams = [cameraPose([0, 0, 1.2], 0, -30), cameraPose([0, 0, 1.2], 90, -30), cameraPose([0, 0, 1.2], 180, -30)];
    const records = cams.map((cam, k) => {
      const s = frameSeen(renderFrame([FLOOR], {}, cam, k), grid);
      return { k, seen: { grid, ...seenRuns(s) }, mask: s.floor };
    });
    const all = seenUnion(records, 0, 2);
    const w = seenUnion(records, 1, 2);
    for (let c = 0; c < all.floor.length; c++) {
      expect(all.floor[c]).toBe(records.some((r) => r.mask[c]) ? 1 : 0);
      expect(w.floor[c]).toBe(records[1].mask[c] || records[2].mask[c] ? 1 : 0);
    }
    // ahead (+x) was seen in frame 0 only
    expect(all.floor[cellOf(grid, 2, 0)]).toBe(1);
    expect(w.floor[cellOf(grid, 2, 0)]).toBe(0);
    expect(seenUnion(records, 5, 9).floor.every((x) => x === 0)).toBe(true);
  });

  it('refuses records on different grids', () => {
    const g2 = floorGrid({ ...BOUNDS, x_max: 10 });
    const r = [
      { k: 0, seen: { grid, floor: [], obstacle: [] } },
      { k: 1, seen: { grid: g2, floor: [], obstacle: [] } },
    ];
    expect(() => seenUnion(r, 0, 1)).toThrow(/different grid/);
  });

  it('numbers cells row-major from the bounds corner', () => {
    expect(grid.nx).toBe(100);
    expect(grid.ny).toBe(100);
    expect(cellOf(grid, -1, -5)).toBe(0);
    expect(cellOf(grid, -0.85, -5)).toBe(1);
    expect(cellOf(grid, -1, -4.85)).toBe(100);
    expect(cellOf(grid, 9, 0)).toBe(-1);
    expect(cellCentre(grid, 101)).toEqual(
      [-0.85, -4.85].map((x) => expect.closeTo(x, 9)) as unknown as [number, number],
    );
  });
});

describe('seen space far from the camera', () => {
  // a camera 0.08 m above the floor (a robot vacuum's), looking level: beyond about 1.7 m the floor points of
  // neighbouring pixel rows lie more than a cell apart
  const low = cameraPose([0, 0, 0.08], 0, 0);
  const frame = renderFrame([FLOOR], {}, low);
  const seen = frameSeen(frame, grid);
  it('marks every cell between the floor points of neighbouring pixels: the floor ahead has no holes', () => {
    let checked = 0;
    for (let x = 0.5; x <= 5; x += 0.05) {
      const c = cellOf(grid, x, 0.05);
      if (c < 0) continue;
      expect(seen.floor[c], `cell at x ${x.toFixed(2)}`).toBe(1);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
  it('marks no cell beside the view', () => {
    // 80 degrees of view: at 2 m ahead nothing beyond 1.7 m to the side
    const c = cellOf(grid, 2, 2.2);
    expect(c).toBeGreaterThanOrEqual(0);
    expect(seen.floor[c]).toBe(0);
  });
});

describe('the air carve of a flying camera', () => {
  // a camera 6 m up looking down the x axis; a garage roof 2 m high, a slot of street, then a building taller than
  // the camera: the slot's floor hides behind the garage, but the rays that hit the building's face crossed it
  const cam = cameraPose([0, 0, 6], 0, -45);
  const garage = box('garage', 'garage', 'fixed', [4.5, 0, 1], [2, 6, 2]);
  const building = box('building', 'building', 'fixed', [7, 0, 4], [2, 8, 8]);
  const scene = [FLOOR, garage, building];
  const slot = cellOf(grid, 5.75, 0.05);

  it('holds the columns the rays crossed below the camera, and only those', () => {
    const s = frameSeen(renderFrame(scene, {}, cam), grid, { obstacleTopM: 7, airBelowM: 6 });
    expect(s.floor[slot], 'the slot floor is hidden behind the garage').toBe(0);
    expect(s.obstacle[slot]).toBe(0);
    expect(s.air!.below_m).toBe(6);
    expect(s.air!.cells[slot], 'the rays to the face crossed the slot').toBe(1);
    expect(s.air!.cells[cellOf(grid, 7, 0.05)], 'inside the building').toBe(0);
    expect(s.air!.cells[cellOf(grid, 8.5, 0.05)], 'behind the building').toBe(0);
    expect(s.air!.cells[cellOf(grid, -0.5, 3)], 'behind the camera').toBe(0);
    expect(seenRuns(s).air!.cells.length).toBeGreaterThan(0);
  });

  it('holds the line straight ahead of a camera pitched down, where no pixel centre falls', () => {
    // every pixel of the centre columns looks along the heading give or take a few hundredths of a degree: the
    // cells whose centres lie on that line are crossed by the pixels beside it (a pixel is an area), out to the face
    for (const pitch of [-45, -90]) {
      const down = cameraPose([0, 0.05, 6], 0, pitch);
      const s = frameSeen(renderFrame(scene, {}, down), grid, { obstacleTopM: 7, airBelowM: 6 });
      const reach = pitch === -90 ? 3 : 5.8;
      const ahead: number[] = [];
      for (let x = 0.55; x < reach; x += 0.1) ahead.push(s.air!.cells[cellOf(grid, x, 0.05)]);
      expect(
        ahead.every((c) => c === 1),
        `pitch ${pitch}: ${ahead.join('')}`,
      ).toBe(true);
      expect(s.air!.cells[cellOf(grid, 7, 0.05)], 'inside the building').toBe(0);
      if (pitch === -45) expect(s.air!.cells[cellOf(grid, -0.5, 0.05)], 'behind the camera').toBe(0);
    }
  });

  it('is not carved for a camera on the ground, or one above the carve height', () => {
    expect(frameSeen(renderFrame(scene, {}, cam), grid, { obstacleTopM: 7 }).air).toBeUndefined();
    expect(frameSeen(renderFrame(scene, {}, cam), grid, { obstacleTopM: 7, airBelowM: 5 }).air).toBeUndefined();
    expect(seenRuns(frameSeen(renderFrame(scene, {}, cam), grid)).air).toBeUndefined();
  });

  it('is carved for a flying camera only', () => {
    expect(airBelowFor([6, 6.5])).toBe(6);
    expect(airBelowFor([1.2]), 'a ground robot').toBeUndefined();
  });

  it('leaves out the columns under what reaches the camera without standing on the floor', () => {
    expect(airHolesFor(6, scene), 'everything stands on the floor').toEqual([]);
    const lamp = box('lamp', 'lamp', 'fixed', [3, 0, 4], [0.2, 0.2, 0.5]);
    expect(airHolesFor(6, [...scene, lamp]), 'a lamp head below the camera height').toEqual([]);
    // a sign hanging over the slot at the camera's height: a ray to the face may pass under it unhit
    const sign = { ...box('sign', 'sign', 'fixed', [5.75, 0, 6], [0.5, 2, 1]), truth_id: 7 };
    const holes = airHolesFor(6, [...scene, sign]);
    expect(holes).toHaveLength(1);
    expect(holes[0][0]).toBeCloseTo(5.5, 6);
    expect(holes[0][2]).toBeCloseTo(6, 6);
    // the sign's post, standing on the floor, is the same entity: the hole covers both
    const post = { ...box('post', 'sign', 'fixed', [5.2, 0.9, 2.75], [0.1, 0.1, 5.5]), truth_id: 7 };
    expect(airHolesFor(6, [...scene, sign, post])[0][0]).toBeCloseTo(5.15, 6);
    const f = renderFrame(scene, {}, cam);
    const open = frameSeen(f, grid, { obstacleTopM: 7, airBelowM: 6 });
    const holed = frameSeen(f, grid, { obstacleTopM: 7, airBelowM: 6, airHoles: holes });
    expect(open.air!.cells[slot]).toBe(1);
    expect(holed.air!.cells[slot], 'the slot lies under the sign').toBe(0);
    const before = cellOf(grid, 5.25, 0.05);
    expect(holed.air!.cells[before], 'the street before the sign').toBe(open.air!.cells[before]);
    expect(open.air!.cells[before]).toBe(1);
  });

  it('counts for a body whose band starts at or above the carve height', () => {
    const f = renderFrame(scene, {}, cam);
    const runs = seenRuns(frameSeen(f, grid, { obstacleTopM: 7, airBelowM: 6 }));
    const view = {
      k: 0,
      t: 0,
      task: 0,
      pose: { x: 0, y: 0, z: 6, heading_deg: 0 },
      camera: { position: [0, 0, 6] as [number, number, number], yaw_deg: 0, pitch_deg: -45 },
      entities: [],
      seen: runs,
    };
    const space = new SeenSpace(grid, [view]);
    expect(space.observed(slot)).toBe(false);
    expect(space.free(slot, 6)).toBe(true);
    expect(space.free(slot, 5.5), 'a band below the carve').toBe(false);
    expect(space.lastFreeFrame(slot)).toBe(view);
    expect(observedBy(grid, view).free(slot, 6)).toBe(true);
    expect(observedBy(grid, view).observed(slot)).toBe(false);
  });
});
