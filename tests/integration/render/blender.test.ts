/**
 * The render stage against the real Blender: exact depth, exact object masks, occlusion, sky, camera conventions,
 * samples per process, resume. 640x480 (the job camera's native size), one to three samples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { parseShotList, writeShotList, type ShotList } from '../../../render/shot-list.ts';
import { buildFrameTasks, renderFrames, type RenderProgress } from '../../../render/pool.ts';
import { framePaths, shotListPath, type FrameLogEntry } from '../../../render/frame-files.ts';
import { readDepthMm, readIds, readPngRgb8, idCounts, DEPTH_NO_HIT, type Gray16 } from '../../../render/decode.ts';
import { decodeRgb } from '../../../render/truth/jpeg.ts';
import { psnr } from '../../bench/image-metrics.ts';
import { projectPoint, type V3 } from '../../../render/camera-rotation.ts';

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };

function job(sid: string, objects: unknown[], frames: unknown[]): ShotList {
  return parseShotList({
    version: 1,
    sid,
    camera: CAM,
    settings: { pixel_filter: { type: 'box', width_px: 1 } },
    world: { background_rgb: [0.2, 0.3, 0.5], strength: 1 },
    materials: {
      grey: { base_rgb: [0.6, 0.6, 0.6], roughness: 0.6, metallic: 0, pattern: 'concrete' },
      brick: { base_rgb: [0.6, 0.3, 0.2], roughness: 0.8, metallic: 0, pattern: 'brick' },
      red: { base_rgb: [0.9, 0.05, 0.05], roughness: 0.5, metallic: 0, emission_rgb: [1, 0, 0], emission_strength: 2 },
      green: {
        base_rgb: [0.05, 0.9, 0.05],
        roughness: 0.5,
        metallic: 0,
        emission_rgb: [0, 1, 0],
        emission_strength: 2,
      },
      blue: { base_rgb: [0.05, 0.05, 0.9], roughness: 0.5, metallic: 0, emission_rgb: [0, 0, 1], emission_strength: 2 },
    },
    lights: [
      {
        name: 'sun',
        type: 'sun',
        position: [0, 0, 10],
        direction: [0.3, 0.2, -1],
        strength: 3,
        rgb: [1, 1, 1],
        size_m: 0,
      },
      { name: 'lamp', type: 'point', position: [0.5, 0.5, 2.5], power_w: 200, rgb: [1, 0.95, 0.9], size_m: 0.1 },
    ],
    objects,
    frames,
  });
}

const box = (name: string, truth_id: number, center: V3, size: V3, material = 'grey', role = 'thing') => ({
  name,
  owner: name,
  role,
  shape: 'box',
  center,
  size,
  yaw_deg: 0,
  material,
  truth_id,
});
const cam = (position: V3, yaw_deg: number, pitch_deg: number) => ({ position, yaw_deg, pitch_deg });

// the wall's near face is 2.000 m from the camera at x = 0
const WALL = job(
  'wall',
  [box('wall', 1, [2.05, 0, 1], [0.1, 8, 6], 'brick', 'wall')],
  [
    { index: 0, camera: cam([0, 0, 1], 0, 0) },
    { index: 1, camera: cam([0, 0, 1], 180, 0) }, // looking away: sky only
  ],
);

// coloured markers: red at +x, green at +y, blue below; small ones right of (-y) and above the red one
const ORIENT = job(
  'orient',
  [
    box('red', 3, [3, 0, 1], [0.5, 0.5, 0.5], 'red'),
    box('green', 4, [0, 3, 1], [0.5, 0.5, 0.5], 'green'),
    box('blue', 5, [0, 0, -2], [0.5, 0.5, 0.5], 'blue'),
    box('right', 6, [3, -1, 1], [0.3, 0.3, 0.3]),
    box('up', 7, [3, 0, 1.8], [0.3, 0.3, 0.3]),
  ],
  [
    { index: 0, camera: cam([0, 0, 1], 0, 0) },
    { index: 1, camera: cam([0, 0, 1], 90, 0) },
    { index: 2, camera: cam([0, 0, 1], 0, -90) },
  ],
);

// an axis-aligned box off the optical axis, 2.8 m ahead
const BOX_CENTER: V3 = [3, 0.3, 1.1];
const BOX_SIZE: V3 = [0.4, 0.6, 0.5];
const BOX = job('box', [box('box', 8, BOX_CENTER, BOX_SIZE)], [{ index: 0, camera: cam([0, 0, 1], 0, 0) }]);

// a thing hidden behind a wall, one in view; then the wall is hidden by a move and the thing appears
const OCCL = job(
  'occl',
  [
    box('wall', 9, [2, 0, 1], [0.1, 2, 2], 'brick', 'wall'),
    box('behind', 10, [4, 0, 1], [0.5, 0.5, 0.5]),
    box('inview', 11, [4, 2.5, 1], [0.5, 0.5, 0.5]),
  ],
  [
    { index: 0, camera: cam([0, 0, 1], 0, 0) },
    { index: 1, camera: cam([0, 0, 1], 0, 0), moves: [{ name: 'wall', center: [2, 0, 1], yaw_deg: 0, hidden: true }] },
    { index: 2, camera: cam([0, 0, 1], 0, 0), moves: [{ name: 'inview', center: [4, 2.5, 1.2], yaw_deg: 30 }] },
  ],
);

const at = (img: Gray16, u: number, v: number) => img.data[v * img.width + u];

/** Pixel centres inside the convex hull of the box's projected corners. */
function analyticBoxPixels(): number {
  const pts: { u: number; v: number }[] = [];
  for (const sx of [-0.5, 0.5])
    for (const sy of [-0.5, 0.5])
      for (const sz of [-0.5, 0.5]) {
        const p = projectPoint(
          [BOX_CENTER[0] + sx * BOX_SIZE[0], BOX_CENTER[1] + sy * BOX_SIZE[1], BOX_CENTER[2] + sz * BOX_SIZE[2]],
          { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 },
          CAM,
        )!;
        pts.push(p);
      }
  pts.sort((a, b) => a.u - b.u || a.v - b.v);
  const cross = (o: (typeof pts)[0], a: (typeof pts)[0], b: (typeof pts)[0]) =>
    (a.u - o.u) * (b.v - o.v) - (a.v - o.v) * (b.u - o.u);
  const lower: typeof pts = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: typeof pts = [];
  for (const p of [...pts].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  let n = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const q = { u: x + 0.5, v: y + 0.5 };
      if (hull.every((a, i) => cross(a, hull[(i + 1) % hull.length], q) >= 0)) n++;
    }
  return n;
}

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-render-'));
const BUILD = join(ROOT, 'build');
const JOBS = [WALL, ORIENT, BOX, OCCL];
let entries: FrameLogEntry[] = [];
const progress: RenderProgress[] = [];

const depthOf = (sid: string, i: number) => readDepthMm(framePaths(BUILD, sid, i).depth);
const idsOf = (sid: string, i: number) => readIds(framePaths(BUILD, sid, i).ids);

beforeAll(async () => {
  for (const j of JOBS) writeShotList(shotListPath(BUILD, j.sid), j);
  entries = await renderFrames(
    buildFrameTasks(
      BUILD,
      JOBS.map((job) => ({ job })),
    ),
    {
      samples: 1,
      workers: 1,
      workDir: join(BUILD, '.stbench', 'tmp'),
      onProgress: (p) => progress.push(p),
    },
  );
}, 120_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

describe('render with the real Blender', () => {
  it('renders every frame once and reports progress', () => {
    expect(entries.map((e) => `${e.sid}/${e.index}`)).toEqual([
      'wall/0',
      'wall/1',
      'orient/0',
      'orient/1',
      'orient/2',
      'box/0',
      'occl/0',
      'occl/1',
      'occl/2',
    ]);
    for (const e of entries) {
      expect(e.status).toBe('rendered');
      expect(e.samples).toBe(1);
      expect(e.device).toBe('CPU');
      expect(e.blender).toMatch(/^\d+\.\d+/);
      expect(e.sha256.rgb).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(progress.at(-1)!.eta_s).toBe(0);
    // no temporary files or scratch folders left behind
    const left = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? left(join(dir, d.name)) : d.name.includes('.tmp-') ? [join(dir, d.name)] : [],
      );
    expect(left(BUILD)).toEqual([]);
    expect(readdirSync(join(BUILD, '.stbench', 'tmp'))).toEqual([]);
  });

  it('a wall 2 m ahead reads 2,000 mm within 2 mm on every pixel', () => {
    const d = depthOf('wall', 0);
    const ids = idsOf('wall', 0);
    expect(d.width).toBe(W);
    expect(d.height).toBe(H);
    let worst = 0;
    for (const v of d.data) worst = Math.max(worst, Math.abs(v - 2000));
    expect(worst).toBeLessThanOrEqual(2);
    expect(idCounts(ids)).toEqual(new Map([[1, W * H]]));
  });

  it('sky reads 65535 in depth and 0 in ids', () => {
    const d = depthOf('wall', 1);
    expect(d.data.every((v) => v === DEPTH_NO_HIT)).toBe(true);
    expect(idCounts(idsOf('wall', 1))).toEqual(new Map([[0, W * H]]));
  });

  it('camera conventions: yaw 0 looks +x, yaw 90 +y, pitch -90 down; image right is -y, up is +z', async () => {
    const i0 = idsOf('orient', 0);
    expect(at(i0, 320, 240)).toBe(3);
    const pRight = projectPoint([3, -1, 1], { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 }, CAM)!;
    expect(pRight.u).toBeGreaterThan(320);
    expect(at(i0, Math.floor(pRight.u), Math.floor(pRight.v))).toBe(6);
    const pUp = projectPoint([3, 0, 1.8], { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 }, CAM)!;
    expect(pUp.v).toBeLessThan(240);
    expect(at(i0, Math.floor(pUp.u), Math.floor(pUp.v))).toBe(7);
    expect(at(idsOf('orient', 1), 320, 240)).toBe(4);
    expect(at(idsOf('orient', 2), 320, 240)).toBe(5);
    // the red box's pixels are red in the JPEG
    const { data, info } = await sharp(framePaths(BUILD, 'orient', 0).rgb)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mean = [0, 0, 0];
    for (let v = 230; v < 250; v++)
      for (let u = 310; u < 330; u++)
        for (let c = 0; c < 3; c++) mean[c] += data[(v * info.width + u) * info.channels + c] / 400;
    expect(mean[0]).toBeGreaterThan(180);
    expect(mean[0] - Math.max(mean[1], mean[2])).toBeGreaterThan(60);
  });

  it('a box of known size and distance covers its analytic projection within 2%', () => {
    const counted = idCounts(idsOf('box', 0)).get(8) ?? 0;
    const expected = analyticBoxPixels();
    expect(expected).toBeGreaterThan(3000);
    expect(Math.abs(counted - expected) / expected).toBeLessThan(0.02);
    // the front face is 2.8 m away
    const p = projectPoint([2.8, 0.3, 1.1], { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 }, CAM)!;
    expect(Math.abs(at(depthOf('box', 0), Math.floor(p.u), Math.floor(p.v)) - 2800)).toBeLessThanOrEqual(2);
  });

  it('a thing behind a wall is absent, a thing in view present; moves hide and move objects', () => {
    const c0 = idCounts(idsOf('occl', 0));
    expect(c0.get(10)).toBeUndefined();
    expect(c0.get(11)).toBeGreaterThan(500);
    expect(c0.get(9)).toBeGreaterThan(1000);
    const c1 = idCounts(idsOf('occl', 1));
    expect(c1.get(9)).toBeUndefined();
    expect(c1.get(10)).toBeGreaterThan(500);
    // frame 2 moves only "inview"; the wall keeps its last pose from frame 1 (hidden)
    const c2 = idCounts(idsOf('occl', 2));
    expect(c2.get(9)).toBeUndefined();
    expect(c2.get(11)).toBeGreaterThan(500);
    expect(c2.get(11)).not.toBe(c1.get(11));
  });

  it('resume keeps verified frames without rendering', async () => {
    const again = await renderFrames(buildFrameTasks(BUILD, [{ job: WALL }]), { samples: 1 });
    expect(again.map((e) => e.status)).toEqual(['kept', 'kept']);
    expect(again[0].sha256).toEqual(entries[0].sha256);
  });

  it('two quality settings in one run: each process renders the samples it was started with', async () => {
    const tasks = (tag: string) =>
      buildFrameTasks(join(ROOT, tag), [{ job: BOX, jobPath: shotListPath(BUILD, 'box') }]);
    const [lo, hi] = await Promise.all([
      renderFrames(tasks('q1'), { samples: 1 }),
      renderFrames(tasks('q3'), { samples: 3 }),
    ]);
    expect(lo[0].samples).toBe(1);
    expect(hi[0].samples).toBe(3);
    expect(lo[0].sha256.rgb).not.toBe(hi[0].sha256.rgb);
    // geometry passes do not depend on samples
    expect(lo[0].sha256.ids).toBe(hi[0].sha256.ids);
  });

  it("writes each surface's own colour to the albedo pass, light and pattern aside", () => {
    const alb = readPngRgb8(framePaths(BUILD, 'orient', 0).albedo);
    const px = (u: number, v: number) => Array.from(alb.data.subarray(3 * (v * W + u), 3 * (v * W + u) + 3));
    // the red box's base colour (0.9, 0.05, 0.05 linear) is sRGB (243, 63, 63), though it glows
    for (const [c, want] of px(320, 240).map((c, i) => [c, [243, 63, 63][i]]))
      expect(Math.abs(c - want)).toBeLessThanOrEqual(3);
    // sky has no surface
    expect(readPngRgb8(framePaths(BUILD, 'wall', 1).albedo).data.every((c) => c === 0)).toBe(true);
    // the brick pattern lives in the albedo: it varies across the wall
    const wall = readPngRgb8(framePaths(BUILD, 'wall', 0).albedo).data;
    const seen = new Set<string>();
    for (let v = 0; v < H; v += 7)
      for (let u = 0; u < W; u += 7)
        seen.add(Array.from(wall.subarray(3 * (v * W + u), 3 * (v * W + u) + 3)).join(','));
    expect(seen.size, [...seen].slice(0, 5).join(' ')).toBeGreaterThan(3);
  });

  it('the albedo post filter writes a deterministic JPEG closer to a many-sample render', async () => {
    // a closed room lit by the lamp alone: mostly indirect light, grainy at few samples (a small camera: it is costly)
    const room = job(
      'box',
      [
        box('floor', 20, [1.5, 0, -0.05], [5.2, 6.2, 0.1], 'grey', 'floor'),
        box('ceiling', 21, [1.5, 0, 3.05], [5.2, 6.2, 0.1], 'grey', 'wall'),
        box('front', 22, [4.05, 0, 1.5], [0.1, 6.2, 3.2], 'brick', 'wall'),
        box('back', 23, [-1.05, 0, 1.5], [0.1, 6.2, 3.2], 'grey', 'wall'),
        box('left', 24, [1.5, 3.05, 1.5], [5.2, 0.1, 3.2], 'grey', 'wall'),
        box('right', 25, [1.5, -3.05, 1.5], [5.2, 0.1, 3.2], 'grey', 'wall'),
        box('box', 8, [2.5, -0.5, 0.3], [0.6, 0.6, 0.6], 'grey'),
      ],
      [{ index: 0, camera: cam([0, 0, 1.2], 0, -10) }],
    );
    const ROOM = parseShotList({ ...room, camera: { width: 320, height: 240, hfov_deg: 80 } });
    const filtered = parseShotList({ ...ROOM, settings: { ...ROOM.settings, post_filter: 'albedo' } });
    const run = async (tag: string, j: ShotList, samples: number) => {
      const dir = join(ROOT, tag);
      writeShotList(shotListPath(dir, j.sid), j);
      const [e] = await renderFrames(buildFrameTasks(dir, [{ job: j }]), { samples, workDir: join(dir, 'tmp') });
      return { e, rgb: (await decodeRgb(framePaths(dir, j.sid, 0).rgb)).data, dir };
    };
    const a = await run('pf-a', filtered, 2);
    const b = await run('pf-b', filtered, 2);
    const plain = await run('pf-plain', ROOM, 2);
    const ref = await run('pf-ref', ROOM, 16);
    console.log(
      `post filter: PSNR against 16 samples: filtered ${psnr(a.rgb, ref.rgb).toFixed(2)} dB, plain ${psnr(plain.rgb, ref.rgb).toFixed(2)} dB`,
    );
    expect(a.e.sha256.rgb).toBe(b.e.sha256.rgb);
    expect(a.e.sha256.ids).toBe(plain.e.sha256.ids);
    expect(psnr(a.rgb, ref.rgb)).toBeGreaterThan(psnr(plain.rgb, ref.rgb) + 3);
    // the lossless picture Blender wrote for the filter is gone
    expect(readdirSync(join(a.dir, 'scripts', 'box', 'sensors', 'rgb'))).toEqual(['000000.jpg']);
  }, 300_000);
});
