/** Image quality against a reference: PSNR on 8-bit RGB and SSIM on Rec.709 luma (8x8 windows, stride 1). */

/** Peak signal-to-noise ratio in dB over all channels of two same-sized 8-bit images (Infinity when equal). */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`psnr: sizes differ (${a.length} vs ${b.length})`);
  let se = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i];
    se += d * d;
  }
  const mse = se / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

function luma(rgb: Uint8Array): Float64Array {
  const n = rgb.length / 3;
  const y = new Float64Array(n);
  for (let p = 0; p < n; p++) y[p] = 0.2126 * rgb[3 * p] + 0.7152 * rgb[3 * p + 1] + 0.0722 * rgb[3 * p + 2];
  return y;
}

/** Mean SSIM of the luma of two RGB images over every 8x8 window (uniform weights, C1/C2 of Wang et al. 2004). */
export function ssimLuma(a: Uint8Array, b: Uint8Array, width: number, height: number, win = 8): number {
  if (a.length !== b.length || a.length !== width * height * 3) throw new Error('ssim: sizes differ');
  const x = luma(a);
  const y = luma(b);
  const W1 = width + 1;
  // integral images of x, y, x², y², xy
  const I = [0, 1, 2, 3, 4].map(() => new Float64Array(W1 * (height + 1)));
  for (let v = 0; v < height; v++) {
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0,
      s4 = 0;
    for (let u = 0; u < width; u++) {
      const p = v * width + u;
      const xv = x[p];
      const yv = y[p];
      s0 += xv;
      s1 += yv;
      s2 += xv * xv;
      s3 += yv * yv;
      s4 += xv * yv;
      const q = (v + 1) * W1 + u + 1;
      const q0 = v * W1 + u + 1;
      I[0][q] = I[0][q0] + s0;
      I[1][q] = I[1][q0] + s1;
      I[2][q] = I[2][q0] + s2;
      I[3][q] = I[3][q0] + s3;
      I[4][q] = I[4][q0] + s4;
    }
  }
  const C1 = (0.01 * 255) ** 2;
  const C2 = (0.03 * 255) ** 2;
  const n = win * win;
  let sum = 0;
  let count = 0;
  const box = (k: number, u: number, v: number) =>
    I[k][(v + win) * W1 + u + win] - I[k][v * W1 + u + win] - I[k][(v + win) * W1 + u] + I[k][v * W1 + u];
  for (let v = 0; v + win <= height; v++) {
    for (let u = 0; u + win <= width; u++) {
      const mx = box(0, u, v) / n;
      const my = box(1, u, v) / n;
      const vx = box(2, u, v) / n - mx * mx;
      const vy = box(3, u, v) / n - my * my;
      const cxy = box(4, u, v) / n - mx * my;
      sum += ((2 * mx * my + C1) * (2 * cxy + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      count++;
    }
  }
  return sum / count;
}
