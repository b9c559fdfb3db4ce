/** A frame's files (depth PNG, id PNG, RGB JPEG, albedo PNG) read into a TruthFrame, their sizes checked against the
 * camera. */
import type { CameraPose, Intrinsics } from '../../layouts/camera.ts';
import { readDepthMm, readIds, readPngRgb8 } from '../decode.ts';
import type { TruthFrame } from './frame.ts';
import { decodeRgb } from './jpeg.ts';

export interface FrameFiles {
  /** 16-bit PNG, planar depth in millimetres */
  depth: string | Uint8Array;
  /** 16-bit PNG, truth ids */
  ids: string | Uint8Array;
  /** the RGB JPEG; absent = no brightness or colour */
  rgb?: string | Uint8Array;
  /** 8-bit sRGB PNG of each surface's own colour; absent = colour words from the RGB */
  albedo?: string | Uint8Array;
}

/** Read one frame's files; throws naming the file when a size differs from the intrinsics. */
export async function loadTruthFrame(
  files: FrameFiles,
  k: number,
  t: number,
  intrinsics: Intrinsics,
  camera: CameraPose,
): Promise<TruthFrame> {
  const { width: W, height: H } = intrinsics;
  const label = (f: string | Uint8Array, what: string) => (typeof f === 'string' ? f : `frame ${k} ${what}`);
  const depth = readDepthMm(files.depth);
  const ids = readIds(files.ids);
  for (const [img, f, what] of [
    [depth, files.depth, 'depth'],
    [ids, files.ids, 'ids'],
  ] as const)
    if (img.width !== W || img.height !== H)
      throw new Error(`${label(f, what)}: ${img.width}x${img.height}, the camera is ${W}x${H}`);
  let rgb: Uint8Array | undefined;
  if (files.rgb !== undefined) {
    const img = await decodeRgb(files.rgb);
    if (img.width !== W || img.height !== H)
      throw new Error(`${label(files.rgb, 'rgb')}: ${img.width}x${img.height}, the camera is ${W}x${H}`);
    rgb = img.data;
  }
  let albedo: Uint8Array | undefined;
  if (files.albedo !== undefined) {
    const img = readPngRgb8(files.albedo);
    if (img.width !== W || img.height !== H)
      throw new Error(`${label(files.albedo, 'albedo')}: ${img.width}x${img.height}, the camera is ${W}x${H}`);
    albedo = img.data;
  }
  return { k, t, intrinsics, camera, depth: depth.data, ids: ids.data, rgb, albedo };
}
