/**
 * Reading the render's 16-bit data images (depth in millimetres, object ids) into Uint16Array, one value per
 * pixel, row-major from the top-left corner.
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

/** Decode a greyscale 16-bit PNG (bytes or a path); throws when the file is not a 16-bit PNG. */
export function readPng16(src: string | Uint8Array, label = typeof src === 'string' ? src : '<png>'): Gray16 {
  const buf = typeof src === 'string' ? readFileSync(src) : Buffer.from(src.buffer, src.byteOffset, src.byteLength);
  const png = PNG.sync.read(buf, { skipRescale: true });
  const meta = png as unknown as { depth?: number };
  if (meta.depth !== 16) throw new Error(`${label}: expected a 16-bit PNG, found ${meta.depth}-bit`);
  const rgba = png.data as unknown as Uint16Array;
  const n = png.width * png.height;
  if (!(rgba instanceof Uint16Array) || rgba.length !== n * 4) throw new Error(`${label}: unexpected PNG data layout`);
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
  const buf = typeof src === 'string' ? readFileSync(src) : Buffer.from(src.buffer, src.byteOffset, src.byteLength);
  const png = PNG.sync.read(buf);
  const meta = png as unknown as { depth?: number };
  if (meta.depth !== 8) throw new Error(`${label}: expected an 8-bit PNG, found ${meta.depth}-bit`);
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

/** Object ids per pixel (the render job's truth_id; 0 = background or not cared about). */
export function readIds(src: string | Uint8Array): Gray16 {
  return readPng16(src);
}

/** Pixel count of every id present in an id image. */
export function idCounts(ids: Gray16): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of ids.data) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}
