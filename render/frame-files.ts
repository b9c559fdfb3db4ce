/**
 * Where a frame's files live in a build, how they are committed (temporary names, verify, rename) and what the
 * render log records per frame. A frame counts only when all four files exist, decode and have the camera's size.
 *
 *   rgb     BUILD/scripts/<sid>/sensors/rgb/000000.jpg          (the agent's picture)
 *   depth   BUILD/private/<sid>/depth/000000.png                (16-bit, planar depth in mm; 65535 = no hit / far)
 *   ids     BUILD/.stbench/scripts/<sid>/ids/000000.png         (16-bit, truth_id per pixel; build only)
 *   albedo  BUILD/.stbench/scripts/<sid>/albedo/000000.png      (8-bit sRGB, each surface's own colour; build only)
 */
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { faultPoint, hashFile, tempNameFor } from '../foundation/index.ts';
import { readPng16, readPngRgb8 } from './decode.ts';
import { frameStem } from './shot-list.ts';

export interface FramePaths {
  rgb: string;
  depth: string;
  ids: string;
  albedo: string;
}
export const FRAME_KINDS = ['rgb', 'depth', 'ids', 'albedo'] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];

/** The build's shot list of a script. */
export function shotListPath(buildDir: string, sid: string): string {
  return join(buildDir, '.stbench', 'scripts', sid, 'render_job.json');
}

/** Final paths of one frame's files in a build. */
export function framePaths(buildDir: string, sid: string, index: number): FramePaths {
  const stem = frameStem(index);
  return {
    rgb: join(buildDir, 'scripts', sid, 'sensors', 'rgb', `${stem}.jpg`),
    depth: join(buildDir, 'private', sid, 'depth', `${stem}.png`),
    ids: join(buildDir, '.stbench', 'scripts', sid, 'ids', `${stem}.png`),
    albedo: join(buildDir, '.stbench', 'scripts', sid, 'albedo', `${stem}.png`),
  };
}

/** The folders a script's frames go to (for sweeping temporary files after an interruption). */
export function frameDirs(buildDir: string, sid: string): string[] {
  const p = framePaths(buildDir, sid, 0);
  return FRAME_KINDS.map((k) => dirname(p[k]));
}

/** Temporary names next to each final path (same folder, so a rename is atomic); creates the folders. */
export function tempFramePaths(final: FramePaths): FramePaths {
  for (const k of FRAME_KINDS) mkdirSync(dirname(final[k]), { recursive: true });
  return Object.fromEntries(FRAME_KINDS.map((k) => [k, tempNameFor(final[k])])) as unknown as FramePaths;
}

export type FrameCheck = { ok: true; sha256: Record<FrameKind, string> } | { ok: false; problems: string[] };

/** Check that a frame's files exist, decode, and have the expected size (rgb: JPEG; depth, ids: 16-bit PNG; albedo:
 * 8-bit RGB PNG). */
export async function verifyFrame(paths: FramePaths, width: number, height: number): Promise<FrameCheck> {
  const problems: string[] = [];
  for (const k of FRAME_KINDS) {
    try {
      if (!statSync(paths[k]).isFile()) problems.push(`${k}: ${paths[k]} is not a file`);
    } catch {
      problems.push(`${k}: ${paths[k]} missing`);
    }
  }
  if (problems.length) return { ok: false, problems };
  try {
    const { info } = await sharp(paths.rgb).raw().toBuffer({ resolveWithObject: true });
    const meta = await sharp(paths.rgb).metadata();
    if (meta.format !== 'jpeg') problems.push(`rgb: ${paths.rgb} is ${meta.format}, not JPEG`);
    if (info.width !== width || info.height !== height)
      problems.push(`rgb: ${paths.rgb} is ${info.width}x${info.height}, expected ${width}x${height}`);
  } catch (e) {
    problems.push(`rgb: ${paths.rgb} does not decode: ${(e as Error).message}`);
  }
  for (const k of ['depth', 'ids'] as const) {
    try {
      const img = readPng16(paths[k]);
      if (img.width !== width || img.height !== height)
        problems.push(`${k}: ${paths[k]} is ${img.width}x${img.height}, expected ${width}x${height}`);
    } catch (e) {
      problems.push(`${k}: ${paths[k]} does not decode: ${(e as Error).message}`);
    }
  }
  try {
    const img = readPngRgb8(paths.albedo);
    if (img.width !== width || img.height !== height)
      problems.push(`albedo: ${paths.albedo} is ${img.width}x${img.height}, expected ${width}x${height}`);
  } catch (e) {
    problems.push(`albedo: ${paths.albedo} does not decode: ${(e as Error).message}`);
  }
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    sha256: Object.fromEntries(FRAME_KINDS.map((k) => [k, hashFile(paths[k])])) as Record<FrameKind, string>,
  };
}

/** Rename a verified frame's temporary files onto their final names (fault points around the renames). */
export function commitFrame(temp: FramePaths, final: FramePaths): void {
  faultPoint('render:before-rename');
  for (const k of FRAME_KINDS) renameSync(temp[k], final[k]);
  faultPoint('render:after-rename');
}

/** Remove a frame's temporary files (after a failed render or verification). */
export function discardFrame(temp: FramePaths): void {
  for (const k of FRAME_KINDS) rmSync(temp[k], { force: true });
}

/** The render log's record of one frame. */
export interface FrameLogEntry {
  sid: string;
  /** the frame index (file stem) */
  index: number;
  /** 'rendered' now, or 'kept': already present and verified (resume) */
  status: 'rendered' | 'kept';
  /** seconds Cycles spent in the render call (null when kept) */
  render_s: number | null;
  /** seconds from sending the frame command to the committed files (null when kept) */
  wall_s: number | null;
  /** samples Blender reports it rendered (null when kept) */
  samples: number | null;
  /** the device Blender used (null when kept) */
  device: string | null;
  /** Blender's version string (null when kept) */
  blender: string | null;
  /** how many attempts it took (1 = first time) */
  attempts: number;
  sha256: Record<FrameKind, string>;
}
