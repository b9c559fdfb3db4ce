/**
 * Colour for the truth records: Rec.709 luma of sRGB pixels (brightness) and naming a pixel with the nearest of a
 * place's colour words in CIELAB (D65), lightness weighted by 1/2 (the CMC l:c = 2:1 weighting) so that a colour
 * seen in dim or bright light keeps its name more often than a plain Lab distance would allow.
 */

/** One colour word of a place: its name and RGB in 0..1. */
export interface PaletteEntry {
  name: string;
  rgb: readonly [number, number, number];
}

/**
 * A palette ready for naming. `space` says how the entries' RGB is meant: 'linear' (a material's base colour as
 * the renderer takes it; the place format's colour words) or 'srgb' (gamma-encoded, as an image stores it).
 */
export interface Palette {
  names: string[];
  lab: Float64Array; // 3 per entry
  /** lazily built lookup: 6 bits per sRGB channel -> palette index */
  lut?: Uint8Array;
}

/** Weight of the lightness difference in the naming distance. */
export const LIGHTNESS_WEIGHT = 0.5;

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/** A linear value (clamped to 0..1) as an sRGB byte. */
export function linearToSrgb8(x: number): number {
  const c = x <= 0 ? 0 : x >= 1 ? 1 : x <= 0.0031308 ? 12.92 * x : 1.055 * Math.pow(x, 1 / 2.4) - 0.055;
  return Math.round(c * 255);
}

const fLab = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29);

/** CIELAB (D65) of a linear RGB colour in 0..1. */
export function linearToLab(r: number, g: number, b: number): [number, number, number] {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const fx = fLab(x);
  const fy = fLab(y);
  const fz = fLab(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIELAB of an sRGB colour given as bytes 0..255. */
export function srgb8ToLab(r: number, g: number, b: number): [number, number, number] {
  return linearToLab(srgbToLinear(r / 255), srgbToLinear(g / 255), srgbToLinear(b / 255));
}

/** Rec.709 luma of gamma-encoded sRGB values (bytes in, 0..255 out). */
export function luma709(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Prepare a palette for naming; at most 255 entries, names unique. */
export function preparePalette(entries: readonly PaletteEntry[], space: 'linear' | 'srgb' = 'linear'): Palette {
  if (entries.length === 0) throw new Error('palette: no colour words');
  if (entries.length > 255) throw new Error('palette: more than 255 colour words');
  const names: string[] = [];
  const lab = new Float64Array(entries.length * 3);
  entries.forEach((e, i) => {
    if (names.includes(e.name)) throw new Error(`palette: colour word "${e.name}" twice`);
    names.push(e.name);
    const [r, g, b] = space === 'linear' ? e.rgb : e.rgb.map(srgbToLinear);
    const l = linearToLab(r, g, b);
    lab[i * 3] = l[0];
    lab[i * 3 + 1] = l[1];
    lab[i * 3 + 2] = l[2];
  });
  return { names, lab };
}

/** Palette entries from a place's `colour_words` record (name -> linear RGB), in name order. */
export function paletteFromColourWords(words: Readonly<Record<string, readonly [number, number, number]>>): Palette {
  return preparePalette(
    Object.keys(words)
      .sort()
      .map((name) => ({ name, rgb: words[name] })),
    'linear',
  );
}

function nearestIndexLab(p: Palette, L: number, a: number, b: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < p.names.length; i++) {
    const dl = (L - p.lab[i * 3]) * LIGHTNESS_WEIGHT;
    const da = a - p.lab[i * 3 + 1];
    const db = b - p.lab[i * 3 + 2];
    const d = dl * dl + da * da + db * db;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Index of the palette colour nearest a linear RGB colour in 0..1. */
export function nearestLinearIndex(p: Palette, r: number, g: number, b: number): number {
  const [L, A, B] = linearToLab(r, g, b);
  return nearestIndexLab(p, L, A, B);
}

/** Linear value of each sRGB byte, for averaging colours without the gamma curve's bias. */
export const SRGB8_TO_LINEAR: Float64Array = Float64Array.from({ length: 256 }, (_, i) => srgbToLinear(i / 255));

/** Index of the palette colour nearest an sRGB byte colour (exact, no lookup table). */
export function nearestColourIndex(p: Palette, r: number, g: number, b: number): number {
  const [L, A, B] = srgb8ToLab(r, g, b);
  return nearestIndexLab(p, L, A, B);
}

/** The lookup table of a palette: sRGB quantized to 6 bits a channel (bin centres) -> palette index. */
export function paletteLut(p: Palette): Uint8Array {
  if (p.lut) return p.lut;
  const lut = new Uint8Array(64 * 64 * 64);
  for (let r = 0; r < 64; r++)
    for (let g = 0; g < 64; g++)
      for (let b = 0; b < 64; b++)
        lut[(r << 12) | (g << 6) | b] = nearestColourIndex(p, r * 4 + 1.5, g * 4 + 1.5, b * 4 + 1.5);
  p.lut = lut;
  return lut;
}

/** Palette index of an sRGB byte colour through the lookup table. */
export function lutIndex(lut: Uint8Array, r: number, g: number, b: number): number {
  return lut[((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2)];
}
