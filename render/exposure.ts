/**
 * Exposure: whether a build's pictures stay out of the black and out of the white. A frame's exposure is the mean
 * Rec.709 luma of its RGB picture on the sRGB values, as a share of full scale (0..1). A place is exposed well when at
 * most 1% of its frames have a mean outside 12% to 88% (docs/render.md, "Exposure"). Read from the committed frame
 * files, so it is the same for the same pictures however they were made; the truth-only engine's flat pictures are
 * not renders, and the check leaves them unmeasured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pMap from 'p-map';
import sharp from 'sharp';
import { quantile } from 'simple-statistics';
import { framePaths } from './frame-files.ts';

/** A frame's mean luma below this share of full scale is too dark. */
export const EXPOSURE_DARK = 0.12;
/** A frame's mean luma above this share of full scale is too bright. */
export const EXPOSURE_BRIGHT = 0.88;
/** The most of a place's frames that may lie outside the band. */
export const EXPOSURE_MAX_SHARE = 0.01;

/** Mean Rec.709 luma of an RGB picture's sRGB values, 0..1 (the luma of the channel means: luma is linear in them). */
export async function frameLuma(file: string): Promise<number> {
  const { channels } = await sharp(file).stats();
  if (channels.length < 3) return channels[0].mean / 255;
  return (0.2126 * channels[0].mean + 0.7152 * channels[1].mean + 0.0722 * channels[2].mean) / 255;
}

/** One place's exposure over the frames measured. */
export interface PlaceExposure {
  place: string;
  frames: number;
  /** frames whose mean luma is below EXPOSURE_DARK */
  dark: number;
  /** frames whose mean luma is above EXPOSURE_BRIGHT */
  bright: number;
  /** (dark + bright) / frames */
  outside_share: number;
  /** the 1st, 50th and 99th percentiles of the frames' mean luma (0..1) */
  luma_p01: number;
  luma_p50: number;
  luma_p99: number;
  /** outside_share <= EXPOSURE_MAX_SHARE */
  ok: boolean;
}

/** The exposure of each place from the mean luma of its frames, sorted by place. */
export function placeExposure(lumas: ReadonlyMap<string, readonly number[]>): PlaceExposure[] {
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  return [...lumas.entries()]
    .filter(([, xs]) => xs.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([place, xs]) => {
      const dark = xs.filter((x) => x < EXPOSURE_DARK).length;
      const bright = xs.filter((x) => x > EXPOSURE_BRIGHT).length;
      const share = (dark + bright) / xs.length;
      const sorted = [...xs].sort((a, b) => a - b);
      return {
        place,
        frames: xs.length,
        dark,
        bright,
        outside_share: r4(share),
        luma_p01: r4(quantile(sorted, 0.01)),
        luma_p50: r4(quantile(sorted, 0.5)),
        luma_p99: r4(quantile(sorted, 0.99)),
        ok: share <= EXPOSURE_MAX_SHARE,
      };
    });
}

/** The place a script runs in (its timeline's place_id). */
function scriptPlace(root: string, sid: string): string | null {
  const f = join(root, 'private', sid, 'timeline.json');
  if (!existsSync(f)) return null;
  const id = (JSON.parse(readFileSync(f, 'utf8')) as { place_id?: unknown }).place_id;
  return typeof id === 'string' ? id : null;
}

/**
 * The exposure of every place of a build or dataset, over every RGB frame its scripts hold (scripts/<sid>/sensors/rgb);
 * `onProgress` hears frames read out of all. Scripts whose place is unknown (no timeline) are left out, and so are
 * frames that are no picture (counted in `unreadable`: the check's other readings say what is wrong with them).
 */
export async function buildExposure(
  root: string,
  opts: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ places: PlaceExposure[]; unreadable: number }> {
  const dir = join(root, 'scripts');
  const files: { place: string; file: string }[] = [];
  if (existsSync(dir))
    for (const sid of readdirSync(dir).sort()) {
      const place = scriptPlace(root, sid);
      const rgbDir = join(dir, sid, 'sensors', 'rgb');
      if (!place || !existsSync(rgbDir)) continue;
      const rgb = framePaths(root, sid, 0).rgb;
      const ext = rgb.slice(rgb.lastIndexOf('.'));
      for (const f of readdirSync(rgbDir).sort()) if (f.endsWith(ext)) files.push({ place, file: join(rgbDir, f) });
    }
  let done = 0;
  const lumas = await pMap(
    files,
    async (x) => {
      const l = await frameLuma(x.file).catch(() => null);
      opts.onProgress?.(++done, files.length);
      return l;
    },
    { concurrency: opts.concurrency ?? 4 },
  );
  const by = new Map<string, number[]>();
  let unreadable = 0;
  files.forEach((x, i) => {
    const l = lumas[i];
    if (l === null) return void unreadable++;
    const xs = by.get(x.place) ?? [];
    xs.push(l);
    by.set(x.place, xs);
  });
  return { places: placeExposure(by), unreadable };
}
