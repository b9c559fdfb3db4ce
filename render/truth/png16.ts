/** Writing 16-bit greyscale PNGs (depth in millimetres, ids) in the encoding Blender's passes use, read back by decode.ts. */
import { PNG } from 'pngjs';

/** Encode one 16-bit value a pixel (row-major) as a greyscale 16-bit PNG. */
export function encodePng16(width: number, height: number, data: Uint16Array): Buffer {
  if (data.length !== width * height) throw new Error(`encodePng16: ${data.length} values for ${width}x${height}`);
  const png = new PNG({ width, height, bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  // pngjs packs 16-bit input from a Uint16Array with one value a pixel for greyscale input
  (png as unknown as { data: Uint16Array }).data = data;
  return PNG.sync.write(png as PNG, { bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
}
