/**
 * Exposure (render/exposure.ts): a frame's mean sRGB luma read from its JPEG, the band's counts and shares per place,
 * and a build's frames found by their scripts' places.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildExposure, EXPOSURE_MAX_SHARE, frameLuma, placeExposure } from '../../../render/exposure.ts';

const dir = mkdtempSync(join(tmpdir(), 'stbench-exposure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 64x48 JPEG: the left half one colour, the right half another. */
async function jpeg(file: string, left: [number, number, number], right = left): Promise<void> {
  const w = 64,
    h = 48;
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set(x < w / 2 ? left : right, (y * w + x) * 3);
  writeFileSync(
    file,
    await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer(),
  );
}

describe('frameLuma', () => {
  it('is the Rec.709 luma of the sRGB values, as a share of full scale', async () => {
    const f = join(dir, 'grey.jpg');
    await jpeg(f, [128, 128, 128]);
    expect(await frameLuma(f)).toBeCloseTo(128 / 255, 2);
    const g = join(dir, 'green.jpg');
    await jpeg(g, [0, 255, 0]);
    // pure green weighs 0.7152; JPEG's chroma subsampling moves it a little
    expect(await frameLuma(g)).toBeGreaterThan(0.66);
    expect(await frameLuma(g)).toBeLessThan(0.76);
  });

  it('averages over the picture: half black and half white is mid-scale', async () => {
    const f = join(dir, 'half.jpg');
    await jpeg(f, [0, 0, 0], [255, 255, 255]);
    expect(await frameLuma(f)).toBeCloseTo(0.5, 1);
  });
});

describe('placeExposure', () => {
  it('counts frames below 12% and above 88%, and holds a place to 1% outside', () => {
    const mid = Array.from({ length: 198 }, (_, i) => 0.2 + (0.6 * i) / 197);
    const rows = placeExposure(
      new Map([
        ['warehouse_a', [...mid, 0.05, 0.95]], // 2 of 200 outside: 1%, holds
        ['apartment_a', [...mid, 0.05, 0.11, 0.95]], // 3 of 201 outside: over 1%
        ['empty', []],
      ]),
    );
    expect(rows.map((r) => r.place)).toEqual(['apartment_a', 'warehouse_a']);
    const [apt, wh] = rows;
    expect([apt.dark, apt.bright, apt.frames]).toEqual([2, 1, 201]);
    expect(apt.outside_share).toBeCloseTo(3 / 201, 4);
    expect(apt.ok).toBe(false);
    expect(wh.outside_share).toBe(EXPOSURE_MAX_SHARE);
    expect(wh.ok).toBe(true);
    expect(wh.luma_p01).toBeLessThan(wh.luma_p50);
    expect(wh.luma_p99).toBeGreaterThan(wh.luma_p50);
  });

  it('a frame exactly at the band edges is inside', () => {
    const [r] = placeExposure(new Map([['p', [0.12, 0.88, 0.5]]]));
    expect(r.dark + r.bright).toBe(0);
  });
});

describe('buildExposure', () => {
  it("reads every script's RGB frames under its timeline's place", async () => {
    const root = join(dir, 'build');
    const scripts = [
      ['s1', 'apartment_a', [[20, 20, 20] as const, [120, 120, 120] as const]],
      ['s2', 'apartment_a', [[130, 130, 130] as const]],
      ['s3', 'downtown_a', [[250, 250, 250] as const, [140, 140, 140] as const]],
    ] as const;
    for (const [sid, place, frames] of scripts) {
      mkdirSync(join(root, 'private', sid), { recursive: true });
      writeFileSync(join(root, 'private', sid, 'timeline.json'), JSON.stringify({ place_id: place }));
      const rgb = join(root, 'scripts', sid, 'sensors', 'rgb');
      mkdirSync(rgb, { recursive: true });
      for (const [i, c] of frames.entries()) await jpeg(join(rgb, `${String(i).padStart(6, '0')}.jpg`), [...c]);
    }
    // a script without a timeline is left out
    mkdirSync(join(root, 'scripts', 's4', 'sensors', 'rgb'), { recursive: true });
    await jpeg(join(root, 'scripts', 's4', 'sensors', 'rgb', '000000.jpg'), [0, 0, 0]);
    let last = [0, 0];
    // a frame that is no picture is counted apart
    writeFileSync(join(root, 'scripts', 's2', 'sensors', 'rgb', '000001.jpg'), 'jpeg');
    const { places: rows, unreadable } = await buildExposure(root, { onProgress: (d, t) => (last = [d, t]) });
    expect(last).toEqual([6, 6]);
    expect(unreadable).toBe(1);
    expect(rows.map((r) => [r.place, r.frames, r.dark, r.bright])).toEqual([
      ['apartment_a', 3, 1, 0],
      ['downtown_a', 2, 0, 1],
    ]);
  });
});
