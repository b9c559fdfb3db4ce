import { describe, expect, it } from 'vitest';
import { type V3, cameraPose, project } from '../../../../layouts/camera.ts';
import { paletteFromColourWords } from '../../../../render/truth/colour.ts';
import { frameVisibility } from '../../../../render/truth/visibility.ts';
import { FLOOR, K, box, renderFrame, thing } from '../../../helpers/truth-fixture.ts';

const CAM = cameraPose([0, 0, 1.2], 0, -30);
const FLOOR_SUPPORT = { kind: 'floor' as const, top_z: 0 };

function corners(c: V3, s: V3): V3[] {
  const out: V3[] = [];
  for (const dx of [-1, 1])
    for (const dy of [-1, 1])
      for (const dz of [-1, 1]) out.push([c[0] + (dx * s[0]) / 2, c[1] + (dy * s[1]) / 2, c[2] + (dz * s[2]) / 2]);
  return out;
}

/** Area of the convex hull of 2-D points (monotone chain + shoelace). */
function hullArea(pts: [number, number][]): number {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  const h = lower.slice(0, -1).concat(upper.slice(0, -1));
  let a = 0;
  for (let i = 0; i < h.length; i++) {
    const [x1, y1] = h[i];
    const [x2, y2] = h[(i + 1) % h.length];
    a += x1 * y2 - x2 * y1;
  }
  return Math.abs(a) / 2;
}

describe('visibility of a box on the floor', () => {
  const c: V3 = [2.3, 0.1, 0.2];
  const s: V3 = [0.5, 0.4, 0.4];
  const frame = renderFrame([FLOOR, box('b', 'box1', 'thing', c, s)], { box1: 1 }, CAM);
  const table = new Map([[1, thing(1, 'box1', FLOOR_SUPPORT)]]);
  const [e] = frameVisibility(frame, table);
  const proj = corners(c, s).map((p) => project(K, CAM, p)!);

  it('counts the pixels of its analytic projection within 2% and boxes them within a pixel', () => {
    const area = hullArea(proj.map((p) => [p.u, p.v]));
    expect(Math.abs(e.pixels - area) / area).toBeLessThan(0.02);
    const us = proj.map((p) => p.u);
    const vs = proj.map((p) => p.v);
    expect(Math.abs(e.bbox[0] - Math.min(...us))).toBeLessThanOrEqual(1);
    expect(Math.abs(e.bbox[2] - Math.max(...us))).toBeLessThanOrEqual(1);
    expect(Math.abs(e.bbox[1] - Math.min(...vs))).toBeLessThanOrEqual(1);
    expect(Math.abs(e.bbox[3] - Math.max(...vs))).toBeLessThanOrEqual(1);
  });

  it('finds the floor contact at the front bottom edge nearest the camera, within 1 cm', () => {
    expect(e.contact).not.toBeNull();
    const [x, y, z] = e.contact!.point;
    expect(Math.hypot(x - 2.05, y - 0, z - 0)).toBeLessThan(0.01);
    expect(e.contact!.range_m).toBeCloseTo(2.05, 2);
  });

  it('puts the centroid among its visible faces and the extent inside the box', () => {
    const [x, y, z] = e.centroid!;
    expect(x).toBeGreaterThanOrEqual(2.05 - 1e-3);
    expect(x).toBeLessThan(2.3);
    expect(y).toBeGreaterThan(-0.1);
    expect(y).toBeLessThan(0.3);
    expect(z).toBeGreaterThan(0);
    expect(z).toBeLessThanOrEqual(0.4 + 1e-3);
    for (let i = 0; i < 3; i++) {
      expect(e.extent!.min[i]).toBeGreaterThanOrEqual(c[i] - s[i] / 2 - 2e-3);
      expect(e.extent!.max[i]).toBeLessThanOrEqual(c[i] + s[i] / 2 + 2e-3);
    }
  });

  it('measures the margin from the frame edge', () => {
    expect(e.edge_margin_px).toBe(Math.min(e.bbox[0], e.bbox[1], 640 - e.bbox[2], 480 - e.bbox[3]));
    expect(e.edge_margin_px).toBeGreaterThan(50);
    // a box cut by the left edge of the frame has margin 0
    const cut = renderFrame([FLOOR, box('b', 'box1', 'thing', [2.3, 2.0, 0.2], [0.5, 0.4, 0.4])], { box1: 1 }, CAM);
    const [ec] = frameVisibility(cut, table);
    expect(ec.bbox[0]).toBe(0);
    expect(ec.edge_margin_px).toBe(0);
  });

  it('has no brightness or colour without RGB', () => {
    expect(e.brightness).toBeNull();
    expect(e.colour).toBeNull();
  });

  it('reports no contact when the bottom is hidden behind another thing', () => {
    const f = renderFrame(
      [FLOOR, box('b', 'box1', 'thing', c, s), box('o', 'box2', 'thing', [1.6, 0.1, 0.25], [0.2, 1.0, 0.5])],
      { box1: 1, box2: 2 },
      CAM,
    );
    const t2 = new Map([
      [1, thing(1, 'box1', FLOOR_SUPPORT)],
      [2, thing(2, 'box2', FLOOR_SUPPORT)],
    ]);
    const vis = frameVisibility(f, t2);
    expect(vis.map((v) => v.truth_id)).toEqual([1, 2]);
    expect(vis[0].pixels).toBeGreaterThan(0);
    expect(vis[0].contact).toBeNull();
    expect(vis[1].contact).not.toBeNull();
  });

  it('refuses an id missing from the table unless told to skip it', () => {
    expect(() => frameVisibility(frame, new Map())).toThrow(/id 1 .*not in the entity table/);
    expect(frameVisibility(frame, new Map(), { unknownIds: 'ignore' })).toEqual([]);
  });
});

describe('visibility of a thing on a table', () => {
  it('puts the contact point at the table top, at the thing front edge nearest the camera', () => {
    const table = box('table', 'table1', 'fixed', [2.5, 0, 0.375], [1.0, 1.0, 0.75]);
    const t = box('t', 'cup', 'thing', [2.3, 0, 0.825], [0.2, 0.2, 0.15]);
    const frame = renderFrame([FLOOR, table, t], { cup: 7 }, CAM);
    const [e] = frameVisibility(frame, new Map([[7, thing(7, 'cup', { kind: 'surface', top_z: 0.75, on: 'table1' })]]));
    expect(e.truth_id).toBe(7);
    const [x, y, z] = e.contact!.point;
    expect(z).toBe(0.75);
    expect(Math.hypot(x - 2.2, y, z - 0.75)).toBeLessThan(0.01);
    // with the floor as its support instead, nothing of it is at floor level
    const [f] = frameVisibility(frame, new Map([[7, thing(7, 'cup', { kind: 'floor', top_z: 0 })]]));
    expect(f.contact).toBeNull();
  });
});

describe('colour words from the albedo', () => {
  const c: V3 = [2.3, 0.1, 0.2];
  const frame = renderFrame([FLOOR, box('b', 'ball1', 'thing', c, [0.5, 0.4, 0.4])], { ball1: 1 }, CAM);
  const table = new Map([[1, { ...thing(1, 'ball1', FLOOR_SUPPORT), colour: 'yellow' }]]);
  const palette = paletteFromColourWords({
    yellow: [0.8, 0.65, 0.02],
    grey: [0.3, 0.3, 0.3],
    white: [0.85, 0.85, 0.85],
  });
  const n = frame.ids.length;
  // the picture shows the thing washed out (clipped to white) while its surface colour is yellow
  const rgb = new Uint8Array(n * 3).fill(250);
  const albedo = new Uint8Array(n * 3);
  for (let p = 0; p < n; p++) albedo.set([231, 211, 36], 3 * p);

  it('names the surface colour from the albedo and the brightness from the RGB', () => {
    const [e] = frameVisibility({ ...frame, rgb, albedo }, table, { palette });
    expect(e.colour).toBe('yellow');
    expect(e.colour_share).toBe(1);
    expect(e.brightness).toBeCloseTo(250, 6);
  });

  it('names the colour from the RGB when the frame has no albedo', () => {
    const [e] = frameVisibility({ ...frame, rgb }, table, { palette });
    expect(e.colour).toBe('white');
  });

  it('names a colour from the albedo alone, without brightness', () => {
    const [e] = frameVisibility({ ...frame, albedo }, table, { palette });
    expect(e.colour).toBe('yellow');
    expect(e.brightness).toBeNull();
  });
});
