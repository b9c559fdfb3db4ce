import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cameraPose } from '../../../../layouts/camera.ts';
import {
  luma709,
  nearestColourIndex,
  paletteFromColourWords,
  preparePalette,
} from '../../../../render/truth/colour.ts';
import type { TruthFrame } from '../../../../render/truth/frame.ts';
import { decodeRgb } from '../../../../render/truth/jpeg.ts';
import { frameVisibility } from '../../../../render/truth/visibility.ts';
import { K, thing } from '../../../helpers/truth-fixture.ts';

const PALETTE = paletteFromColourWords({
  red: [0.8, 0.05, 0.05],
  green: [0.05, 0.6, 0.05],
  blue: [0.05, 0.05, 0.8],
  grey: [0.5, 0.5, 0.5],
});
const W = K.width;
const H = K.height;

/** A frame with rectangles of ids and colours on a mid-grey background (depth 2 m everywhere). */
function synthetic(
  rects: {
    id: number;
    u0: number;
    v0: number;
    u1: number;
    v1: number;
    rgb: [number, number, number];
    border?: [number, number, number];
  }[],
): TruthFrame {
  const ids = new Uint16Array(W * H);
  const depth = new Uint16Array(W * H).fill(2000);
  const rgb = new Uint8Array(W * H * 3).fill(128);
  for (const r of rects)
    for (let v = r.v0; v < r.v1; v++)
      for (let u = r.u0; u < r.u1; u++) {
        const p = v * W + u;
        ids[p] = r.id;
        const edge = u === r.u0 || v === r.v0 || u === r.u1 - 1 || v === r.v1 - 1;
        rgb.set(edge && r.border ? r.border : r.rgb, p * 3);
      }
  return { k: 0, t: 0, intrinsics: K, camera: cameraPose([0, 0, 1.2], 0, -30), depth, ids, rgb };
}

const table = new Map([1, 2, 3, 4].map((id) => [id, thing(id, `t${id}`, null)]));

describe('colour naming', () => {
  it('names a red patch red, a dim grey patch grey and a bright grey patch grey', () => {
    const f = synthetic([
      { id: 1, u0: 10, v0: 10, u1: 60, v1: 60, rgb: [200, 30, 30] },
      { id: 2, u0: 100, v0: 10, u1: 150, v1: 60, rgb: [40, 40, 40] },
      { id: 3, u0: 200, v0: 10, u1: 250, v1: 60, rgb: [220, 220, 220] },
      { id: 4, u0: 300, v0: 10, u1: 350, v1: 60, rgb: [20, 30, 110] },
    ]);
    const vis = frameVisibility(f, table, { palette: PALETTE });
    expect(vis.map((e) => e.colour)).toEqual(['red', 'grey', 'grey', 'blue']);
    expect(vis[0].colour_share).toBe(1);
  });

  it('lets the interior pixels decide, not an anti-aliased rim', () => {
    // a 6x6 patch: 20 rim pixels blue, 16 interior pixels red
    const f = synthetic([{ id: 1, u0: 50, v0: 50, u1: 56, v1: 56, rgb: [200, 30, 30], border: [20, 30, 200] }]);
    const [e] = frameVisibility(f, table, { palette: PALETTE });
    expect(e.colour).toBe('red');
    expect(e.colour_share).toBe(1);
  });

  it('falls back to every pixel for a thin entity with no interior', () => {
    const f = synthetic([{ id: 1, u0: 50, v0: 50, u1: 90, v1: 52, rgb: [20, 150, 20] }]);
    const [e] = frameVisibility(f, table, { palette: PALETTE });
    expect(e.colour).toBe('green');
  });

  it('agrees with the exact nearest colour through the lookup table', () => {
    for (const c of [
      [200, 30, 30],
      [40, 40, 40],
      [20, 150, 20],
      [90, 90, 200],
    ] as const) {
      const f = synthetic([{ id: 1, u0: 10, v0: 10, u1: 20, v1: 20, rgb: [c[0], c[1], c[2]] }]);
      const [e] = frameVisibility(f, table, { palette: PALETTE });
      expect(e.colour).toBe(PALETTE.names[nearestColourIndex(PALETTE, c[0], c[1], c[2])]);
    }
  });

  it('measures brightness as the mean Rec.709 luma of the pixels', () => {
    const f = synthetic([
      { id: 1, u0: 10, v0: 10, u1: 20, v1: 20, rgb: [100, 100, 100] },
      { id: 2, u0: 30, v0: 10, u1: 40, v1: 20, rgb: [255, 0, 0] },
    ]);
    const vis = frameVisibility(f, table, { palette: PALETTE });
    expect(vis[0].brightness).toBeCloseTo(100, 9);
    expect(vis[1].brightness).toBeCloseTo(luma709(255, 0, 0), 9);
    expect(vis[1].brightness).toBeCloseTo(0.2126 * 255, 9);
  });

  it('keeps the names through a JPEG round trip', async () => {
    const f = synthetic([
      { id: 1, u0: 10, v0: 10, u1: 60, v1: 60, rgb: [200, 30, 30] },
      { id: 2, u0: 100, v0: 10, u1: 150, v1: 60, rgb: [40, 40, 40] },
    ]);
    const jpeg = await sharp(Buffer.from(f.rgb!), { raw: { width: W, height: H, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const img = await decodeRgb(jpeg);
    expect([img.width, img.height]).toEqual([W, H]);
    const vis = frameVisibility({ ...f, rgb: img.data }, table, { palette: PALETTE });
    expect(vis.map((e) => e.colour)).toEqual(['red', 'grey']);
    expect(Math.abs(vis[1].brightness! - 40)).toBeLessThan(3);
  });

  it('refuses an empty palette or a repeated word', () => {
    expect(() => preparePalette([])).toThrow(/no colour words/);
    expect(() =>
      preparePalette([
        { name: 'red', rgb: [1, 0, 0] },
        { name: 'red', rgb: [1, 0, 0] },
      ]),
    ).toThrow(/twice/);
  });
});
