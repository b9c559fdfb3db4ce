import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { albedoFilter } from '../../../render/albedo-filter.ts';
import { readPng16, readPngRgb8 } from '../../../render/decode.ts';
import { guidedFilter } from '../../../render/guided-filter.ts';
import { linearToSrgb8 as toSrgb8, SRGB8_TO_LINEAR } from '../../../render/truth/colour.ts';
import { psnr } from '../../bench/image-metrics.ts';

const W = 48,
  H = 32;
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

/** A striped surface (the texture lives in the albedo) under smooth light, and the same with grain in the light. */
function scene(grain: number) {
  const albedo = new Uint8Array(W * H * 3);
  const clean = new Uint8Array(W * H * 3);
  const noisy = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const a = x % 4 < 2 ? [0.7, 0.2, 0.1] : [0.2, 0.3, 0.6];
      const light = 0.4 + (0.4 * x) / W;
      const g = light * (1 + grain * (rand() * 2 - 1));
      for (let c = 0; c < 3; c++) {
        albedo[3 * p + c] = toSrgb8(a[c]);
        clean[3 * p + c] = toSrgb8(light * SRGB8_TO_LINEAR[toSrgb8(a[c])]);
        noisy[3 * p + c] = toSrgb8(g * SRGB8_TO_LINEAR[toSrgb8(a[c])]);
      }
    }
  return { albedo, clean, noisy };
}
const ids = new Uint16Array(W * H).fill(1);
const depth = new Uint16Array(W * H).fill(3000);

describe('albedoFilter', () => {
  it('leaves a clean textured frame as it was (within a level of rounding)', () => {
    const { albedo, clean } = scene(0);
    const out = albedoFilter(clean, albedo, ids, depth, W, H);
    // the light ramps across the window, so the average of a window is the light at its centre within rounding
    expect(Math.max(...out.map((v, i) => Math.abs(v - clean[i])))).toBeLessThanOrEqual(2);
  });

  it('smooths grain in the light but keeps the texture, where the colour-range filter cannot do both', () => {
    const { albedo, clean, noisy } = scene(0.6);
    const out = albedoFilter(noisy, albedo, ids, depth, W, H);
    const guided = guidedFilter(noisy, ids, depth, W, H);
    expect(psnr(out, clean)).toBeGreaterThan(psnr(noisy, clean) + 6);
    expect(psnr(out, clean)).toBeGreaterThan(psnr(guided, clean) + 3);
  });

  it('does not mix pixels of different ids', () => {
    const split = new Uint16Array(W * H).map((_, p) => (p % W < W / 2 ? 1 : 2));
    const img = new Uint8Array(W * H * 3).map((_, i) => (Math.floor(i / 3) % W < W / 2 ? 40 : 200));
    const flat = new Uint8Array(W * H * 3).fill(200);
    const out = albedoFilter(img, flat, split, depth, W, H);
    expect(Array.from(out)).toEqual(Array.from(img));
  });
});

describe('readPngRgb8', () => {
  it('reads an 8-bit RGB PNG into 3 bytes a pixel and refuses a 16-bit one', () => {
    const png = new PNG({ width: 3, height: 2 });
    for (let i = 0; i < 6; i++) png.data.set([i * 10, i * 20, i * 30, 255], i * 4);
    const img = readPngRgb8(PNG.sync.write(png, { colorType: 2 }), 'a.png');
    expect(img.width).toBe(3);
    expect(Array.from(img.data.subarray(3, 6))).toEqual([10, 20, 30]);
    const deep = new PNG({ width: 2, height: 2, bitDepth: 16, colorType: 0, inputColorType: 0 } as never);
    const buf16 = PNG.sync.write(deep, { bitDepth: 16, colorType: 0, inputColorType: 0 } as never);
    expect(readPng16(buf16).width).toBe(2);
    expect(() => readPngRgb8(buf16, 'deep.png')).toThrow(/deep\.png: expected an 8-bit PNG/);
  });
});
