/**
 * One rendered frame as the truth computations see it: planar depth in millimetres and entity ids (both one
 * value a pixel, row-major), optionally the RGB pixels, with the camera that took it. Also the per-pixel ray
 * directions, scaled so that a pixel's map point is `position + depth_m * (row[v] + col[u])` (planar depth).
 */
import type { CameraPose, Intrinsics } from '../../layouts/camera.ts';

/** Depth value meaning no return (nothing hit, or 65.535 m and beyond). */
export const NO_RETURN = 65535;

export interface TruthFrame {
  /** frame index in the script */
  k: number;
  /** script clock at the frame, seconds */
  t: number;
  intrinsics: Intrinsics;
  camera: CameraPose;
  /** planar depth, millimetres, width*height, 65535 = no return */
  depth: Uint16Array;
  /** truth id of the entity seen at each pixel, 0 = structure or background */
  ids: Uint16Array;
  /** sRGB bytes, 3 a pixel, row-major; absent = no brightness */
  rgb?: Uint8Array;
  /** each surface's own colour (the material's base colour, lighting aside) as sRGB bytes, 3 a pixel; colour words
   * are named from it, and from `rgb` when it is absent */
  albedo?: Uint8Array;
}

/** Per-column and per-row parts of the pixel rays (see the module comment). */
export interface FrameRays {
  colX: Float64Array;
  colY: Float64Array;
  colZ: Float64Array;
  rowX: Float64Array;
  rowY: Float64Array;
  rowZ: Float64Array;
}

/** Ray parts through the pixel centres (i + 0.5, j + 0.5). */
export function frameRays(k: Intrinsics, cam: CameraPose): FrameRays {
  const { width: W, height: H } = k;
  const colX = new Float64Array(W);
  const colY = new Float64Array(W);
  const colZ = new Float64Array(W);
  for (let i = 0; i < W; i++) {
    const r = (i + 0.5 - k.cx) / k.f;
    colX[i] = -r * cam.left[0];
    colY[i] = -r * cam.left[1];
    colZ[i] = -r * cam.left[2];
  }
  const rowX = new Float64Array(H);
  const rowY = new Float64Array(H);
  const rowZ = new Float64Array(H);
  for (let j = 0; j < H; j++) {
    const dn = (j + 0.5 - k.cy) / k.f;
    rowX[j] = cam.forward[0] - dn * cam.up[0];
    rowY[j] = cam.forward[1] - dn * cam.up[1];
    rowZ[j] = cam.forward[2] - dn * cam.up[2];
  }
  return { colX, colY, colZ, rowX, rowY, rowZ };
}

/** Throw when the frame's arrays do not match its intrinsics. */
export function checkFrame(f: TruthFrame): void {
  const n = f.intrinsics.width * f.intrinsics.height;
  if (f.depth.length !== n) throw new Error(`frame ${f.k}: depth has ${f.depth.length} values, expected ${n}`);
  if (f.ids.length !== n) throw new Error(`frame ${f.k}: ids has ${f.ids.length} values, expected ${n}`);
  if (f.rgb && f.rgb.length !== n * 3)
    throw new Error(`frame ${f.k}: rgb has ${f.rgb.length} bytes, expected ${n * 3}`);
  if (f.albedo && f.albedo.length !== n * 3)
    throw new Error(`frame ${f.k}: albedo has ${f.albedo.length} bytes, expected ${n * 3}`);
}
