/** Decoding a frame's RGB JPEG to raw sRGB bytes (3 per pixel, row-major) with sharp. */
import sharp from 'sharp';

export interface RgbImage {
  width: number;
  height: number;
  /** width * height * 3 bytes, sRGB, row-major, R G B */
  data: Uint8Array;
}

/** Decode a JPEG (a path or its bytes) to raw sRGB. */
export async function decodeRgb(input: string | Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(input)
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`decodeRgb: expected 3 channels, got ${info.channels}`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}
