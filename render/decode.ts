/**
 * Reading the render's data images: the 16-bit ones (depth in millimetres, object ids) into Uint16Array, one value
 * per pixel, and the 8-bit albedo into 3 bytes a pixel; row-major from the top-left corner.
 */
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** Depth value meaning "no hit (sky) or 65.535 m and beyond": the two cannot be told apart. */
export const DEPTH_NO_HIT = 65535;

export interface Gray16 {
  width: number;
  height: number;
  /** one value per pixel, row-major, top row first */
  data: Uint16Array;
}

/** Decode a PNG (bytes or a path) as pngjs gives it (RGBA, 4 values a pixel); throws unless it has `depth` bits. */
function decodePng(src: string | Uint8Array, label: string, depth: 8 | 16): PNG {
  const buf = typeof src === 'string' ? readFileSync(src) : Buffer.from(src.buffer, src.byteOffset, src.byteLength);
  const png = PNG.sync.read(buf, depth === 16 ? { skipRescale: true } : {});
  const found = (png as unknown as { depth?: number }).depth;
  if (found !== depth)
    throw new Error(`${label}: expected ${depth === 8 ? 'an' : 'a'} ${depth}-bit PNG, found ${found}-bit`);
  if (png.data.length !== png.width * png.height * 4) throw new Error(`${label}: unexpected PNG data layout`);
  return png;
}

/** Decode a greyscale 16-bit PNG (bytes or a path); throws when the file is not a 16-bit PNG. */
export function readPng16(src: string | Uint8Array, label = typeof src === 'string' ? src : '<png>'): Gray16 {
  const png = decodePng(src, label, 16);
  const rgba = png.data as unknown as Uint16Array;
  if (!(rgba instanceof Uint16Array)) throw new Error(`${label}: unexpected PNG data layout`);
  const n = png.width * png.height;
  const out = new Uint16Array(n);
  for (let i = 0; i < n; i++) out[i] = rgba[i * 4];
  return { width: png.width, height: png.height, data: out };
}

export interface Rgb8 {
  width: number;
  height: number;
  /** 3 bytes a pixel, row-major, top row first */
  data: Uint8Array;
}

/** Decode an 8-bit RGB (or RGBA) PNG (bytes or a path); throws when the file is not an 8-bit PNG. */
export function readPngRgb8(src: string | Uint8Array, label = typeof src === 'string' ? src : '<png>'): Rgb8 {
  const png = decodePng(src, label, 8);
  const n = png.width * png.height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = png.data[i * 4];
    out[i * 3 + 1] = png.data[i * 4 + 1];
    out[i * 3 + 2] = png.data[i * 4 + 2];
  }
  return { width: png.width, height: png.height, data: out };
}

/** Planar depth in millimetres per pixel (65535 = no hit or too far). */
export function readDepthMm(src: string | Uint8Array): Gray16 {
  return readPng16(src);
}

/** Object ids per pixel (the shot list's truth_id; 0 = background or not cared about). */
export function readIds(src: string | Uint8Array): Gray16 {
  return readPng16(src);
}

/** Pixel count of every id present in an id image. */
export function idCounts(ids: Gray16): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of ids.data) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}
