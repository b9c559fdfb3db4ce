/**
 * An edge-preserving filter for noisy path-traced frames, guided by the same render call's exact passes: a joint
 * bilateral filter that averages a pixel only with neighbours of the same object id whose planar depth is within
 * `depthTol` (relative) and whose colour is within a range weight. Edges between objects and depth steps stay
 * sharp; grain inside a surface is smoothed. Textures (bricks, boards) survive where their contrast exceeds the
 * range weight.
 */

export interface GuidedFilterOptions {
  /** window radius in pixels (default 2: a 5x5 window) */
  radius?: number;
  /** spatial Gaussian sigma, pixels (default 1.5) */
  sigmaSpace?: number;
  /** colour range sigma on 0..255 values (default 14) */
  sigmaRange?: number;
  /** neighbours farther in depth than this share of the centre's depth are left out (default 0.03) */
  depthTol?: number;
}

/**
 * Filter an RGB frame (3 bytes a pixel, row-major) guided by its id mask and planar depth (mm, 65535 = no return).
 * Returns a new buffer; deterministic.
 */
export function guidedFilter(
  rgb: Uint8Array,
  ids: Uint16Array,
  depth: Uint16Array,
  width: number,
  height: number,
  opts: GuidedFilterOptions = {},
): Uint8Array {
  const r = opts.radius ?? 2;
  const ss = opts.sigmaSpace ?? 1.5;
  const sr = opts.sigmaRange ?? 14;
  const tol = opts.depthTol ?? 0.03;
  const spatial = new Float64Array((2 * r + 1) * (2 * r + 1));
  for (let dy = -r; dy <= r; dy++)
    for (let dx = -r; dx <= r; dx++)
      spatial[(dy + r) * (2 * r + 1) + dx + r] = Math.exp(-(dx * dx + dy * dy) / (2 * ss * ss));
  // range weight by squared colour distance (summed over channels), tabulated
  const maxD2 = 3 * 255 * 255;
  const rangeLut = new Float64Array(1024);
  const d2Step = maxD2 / 1023;
  for (let i = 0; i < 1024; i++) rangeLut[i] = Math.exp(-(i * d2Step) / (2 * 3 * sr * sr));
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const id = ids[p];
      const d0 = depth[p];
      const dLim = d0 * tol + 2;
      const r0 = rgb[3 * p];
      const g0 = rgb[3 * p + 1];
      const b0 = rgb[3 * p + 2];
      let sw = 0;
      let sR = 0;
      let sG = 0;
      let sB = 0;
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (ids[q] !== id) continue;
          if (Math.abs(depth[q] - d0) > dLim) continue;
          const dr = rgb[3 * q] - r0;
          const dg = rgb[3 * q + 1] - g0;
          const db = rgb[3 * q + 2] - b0;
          const w =
            spatial[(dy + r) * (2 * r + 1) + dx + r] * rangeLut[Math.round((dr * dr + dg * dg + db * db) / d2Step)];
          sw += w;
          sR += w * rgb[3 * q];
          sG += w * rgb[3 * q + 1];
          sB += w * rgb[3 * q + 2];
        }
      }
      out[3 * p] = Math.round(sR / sw);
      out[3 * p + 1] = Math.round(sG / sw);
      out[3 * p + 2] = Math.round(sB / sw);
    }
  }
  return out;
}
