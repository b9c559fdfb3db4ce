/**
 * The picture's post filter: with `post_filter: 'albedo'` Blender writes the picture losslessly (an 8-bit sRGB PNG
 * beside the frame's temporary files); the filter reads it with the same render call's albedo, ids and depth,
 * filters it (render/albedo-filter.ts) and encodes the JPEG the agent sees. Without a post filter Blender writes the
 * JPEG itself and nothing here runs.
 */
import { rmSync } from 'node:fs';
import sharp from 'sharp';
import { writeTempFile } from '../foundation/index.ts';
import { albedoFilter } from './albedo-filter.ts';
import { readDepthMm, readIds, readPngRgb8 } from './decode.ts';
import type { FramePaths } from './frame-files.ts';
import { effectiveSettings, type ShotList } from './shot-list.ts';

/** Whether the job's frames are filtered after the render. */
export function hasPostFilter(job: ShotList): boolean {
  return effectiveSettings(job).post_filter !== 'none';
}

/** Where Blender writes the unfiltered picture of a frame whose temporary files are `temp` (swept like them). */
export function rawPicturePath(temp: FramePaths): string {
  return `${temp.rgb}.png`;
}

/** The paths to give Blender for a frame: the temporary ones, the picture diverted to the lossless file when filtered. */
export function blenderOutputs(job: ShotList, temp: FramePaths): FramePaths {
  return hasPostFilter(job) ? { ...temp, rgb: rawPicturePath(temp) } : temp;
}

/**
 * Filter the picture Blender wrote for `temp` and write the JPEG to `temp.rgb`; removes the lossless file.
 * Returns the seconds it took. Deterministic: the same passes give the same JPEG bytes. A failed write (a full disk)
 * leaves no part of the JPEG and names the frame's picture (WriteFailed, foundation/atomic.ts writeTempFile).
 */
export async function filterPicture(job: ShotList, temp: FramePaths): Promise<number> {
  const t0 = performance.now();
  const { width, height } = job.camera;
  const raw = rawPicturePath(temp);
  const rgb = readPngRgb8(raw);
  const albedo = readPngRgb8(temp.albedo);
  const ids = readIds(temp.ids);
  const depth = readDepthMm(temp.depth);
  for (const [img, path] of [
    [rgb, raw],
    [albedo, temp.albedo],
    [ids, temp.ids],
    [depth, temp.depth],
  ] as const)
    if (img.width !== width || img.height !== height)
      throw new Error(`${path}: ${img.width}x${img.height}, the camera is ${width}x${height}`);
  const out = albedoFilter(rgb.data, albedo.data, ids.data, depth.data, width, height);
  const jpg = await sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: effectiveSettings(job).jpeg_quality })
    .toBuffer();
  writeTempFile(temp.rgb, jpg);
  rmSync(raw, { force: true });
  return (performance.now() - t0) / 1000;
}
