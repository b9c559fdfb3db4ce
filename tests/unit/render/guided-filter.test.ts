import { describe, expect, it } from 'vitest';
import { guidedFilter } from '../../../render/guided-filter.ts';
import { psnr, ssimLuma } from '../../bench/image-metrics.ts';

const W = 40,
  H = 30;
function image(fn: (x: number, y: number) => [number, number, number]): Uint8Array {
  const out = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out.set(fn(x, y), 3 * (y * W + x));
  return out;
}
// a deterministic noise source
let s = 1;
const noise = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) % 41) - 20;
const ids = new Uint16Array(W * H).map((_, p) => (p % W < W / 2 ? 1 : 2));
const depth = new Uint16Array(W * H).fill(2000);

describe('guidedFilter', () => {
  it('keeps a flat image flat and the edge between two ids exact', () => {
    const img = image((x) => (x < W / 2 ? [200, 40, 40] : [30, 30, 160]));
    expect(Array.from(guidedFilter(img, ids, depth, W, H))).toEqual(Array.from(img));
  });

  it('reduces grain inside a surface but does not mix across ids or depth steps', () => {
    const clean = image((x) => (x < W / 2 ? [120, 120, 120] : [60, 60, 60]));
    const noisy = clean.map((v) => Math.max(0, Math.min(255, v + noise())));
    const out = guidedFilter(noisy, ids, depth, W, H);
    expect(psnr(out, clean)).toBeGreaterThan(psnr(noisy, clean) + 3);
    // a depth step inside one id: the near half is not pulled towards the far half
    const step = new Uint16Array(W * H).map((_, p) => (Math.floor(p / W) < H / 2 ? 1000 : 5000));
    const one = new Uint16Array(W * H).fill(1);
    const split = image((_, y) => (y < H / 2 ? [250, 250, 250] : [0, 0, 0]));
    expect(Array.from(guidedFilter(split, one, step, W, H))).toEqual(Array.from(split));
    // but the same image without the depth step is blurred at the boundary
    expect(Array.from(guidedFilter(split, one, depth, W, H, { sigmaRange: 1000 }))).not.toEqual(Array.from(split));
  });
});

describe('image metrics', () => {
  it('PSNR: infinite for equal images, 20 log10(255/d) for a constant difference d', () => {
    const a = image(() => [100, 100, 100]);
    const b = image(() => [110, 110, 110]);
    expect(psnr(a, a)).toBe(Infinity);
    expect(psnr(a, b)).toBeCloseTo(20 * Math.log10(255 / 10), 6);
  });

  it('SSIM: 1 for equal images, lower for a noisy one', () => {
    const a = image((x, y) => [(x * 5) % 255, (y * 7) % 255, 90]);
    const b = a.map((v) => Math.max(0, Math.min(255, v + noise())));
    expect(ssimLuma(a, a, W, H)).toBeCloseTo(1, 10);
    expect(ssimLuma(a, b, W, H)).toBeLessThan(0.99);
  });
});
