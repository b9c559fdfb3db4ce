/**
 * A filter for noisy path-traced frames that keeps texture sharp: each pixel's light (its linear colour divided by
 * its surface colour, the albedo pass of the same render call) is averaged over neighbours of the same object id
 * and nearly the same planar depth, then multiplied back by the pixel's own albedo. Grain in the light is smoothed;
 * the surface's pattern, which lives in the albedo, is not blurred at all. Light changes within the window (a
 * shadow's edge) are softened over the window's radius.
 */
import { linearToSrgb8 as toSrgb8, SRGB8_TO_LINEAR } from './truth/colour.ts';

export interface AlbedoFilterOptions {
  /** window radius in pixels (default 3: a 7x7 window) */
  radius?: number;
  /** spatial Gaussian sigma, pixels (default 2) */
  sigmaSpace?: number;
  /** neighbours farther in depth than this share of the centre's depth are left out (default 0.03) */
  depthTol?: number;
}

/** Below this linear albedo (all channels) a pixel is not divided (sky, emitters, near-black surfaces). */
const MIN_ALBEDO = 0.02;

/**
 * Filter an RGB frame (sRGB bytes, 3 a pixel, row-major) with its albedo (sRGB bytes), id mask and planar depth
 * (mm). Returns a new buffer; deterministic.
 */
export function albedoFilter(
  rgb: Uint8Array,
  albedo: Uint8Array,
  ids: Uint16Array,
  depth: Uint16Array,
  width: number,
  height: number,
  opts: AlbedoFilterOptions = {},
): Uint8Array {
  const r = opts.radius ?? 3;
  const ss = opts.sigmaSpace ?? 2;
  const tol = opts.depthTol ?? 0.03;
  const n = width * height;
  // the light per pixel and channel, and whether the pixel was divided by its albedo
  const light = new Float32Array(n * 3);
  const divided = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const a0 = SRGB8_TO_LINEAR[albedo[3 * p]];
    const a1 = SRGB8_TO_LINEAR[albedo[3 * p + 1]];
    const a2 = SRGB8_TO_LINEAR[albedo[3 * p + 2]];
    const div = a0 >= MIN_ALBEDO || a1 >= MIN_ALBEDO || a2 >= MIN_ALBEDO;
    divided[p] = div ? 1 : 0;
    for (let c = 0; c < 3; c++) {
      const lin = SRGB8_TO_LINEAR[rgb[3 * p + c]];
      const a = c === 0 ? a0 : c === 1 ? a1 : a2;
      light[3 * p + c] = div ? lin / Math.max(a, MIN_ALBEDO) : lin;
    }
  }
  const side = 2 * r + 1;
  const spatial = new Float64Array(side * side);
  for (let dy = -r; dy <= r; dy++)
    for (let dx = -r; dx <= r; dx++) spatial[(dy + r) * side + dx + r] = Math.exp(-(dx * dx + dy * dy) / (2 * ss * ss));
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const id = ids[p];
      const d0 = depth[p];
      const dLim = d0 * tol + 2;
      const div = divided[p];
      let sw = 0;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (ids[q] !== id || divided[q] !== div || Math.abs(depth[q] - d0) > dLim) continue;
          const w = spatial[(dy + r) * side + dx + r];
          sw += w;
          s0 += w * light[3 * q];
          s1 += w * light[3 * q + 1];
          s2 += w * light[3 * q + 2];
        }
      }
      const m = (c: number) => (div ? Math.max(SRGB8_TO_LINEAR[albedo[3 * p + c]], MIN_ALBEDO) : 1);
      out[3 * p] = toSrgb8((s0 / sw) * m(0));
      out[3 * p + 1] = toSrgb8((s1 / sw) * m(1));
      out[3 * p + 2] = toSrgb8((s2 / sw) * m(2));
    }
  }
  return out;
}
