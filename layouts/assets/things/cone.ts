/**
 * A traffic cone: a round base filling its footprint and a tapered body on it, a reflective band (now and then a
 * second, narrower one below) round the body.
 */
import { clamp, drawNum, lathe, type Part } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'cone',
  shape: 'cylinder',
  summary: 'a round base and a tapered body on it, one or two reflective bands round the body',
  sizes: { min: [0.2, 0.2, 0.3], max: [0.5, 0.5, 0.9] },
  build([d, , h], rng) {
    const R = d / 2;
    const zb = clamp(h * drawNum(rng, 0.05, 0.07), 0.012, 0.04); // the base's height
    const rb = R * drawNum(rng, 0.66, 0.74); // the body's radius at its foot
    const rt = R * drawNum(rng, 0.1, 0.14); // and at its top
    const hb = h - zb;
    // the bands: [start, end] as shares of the body's height
    const a = drawNum(rng, 0.5, 0.6);
    const bands: [number, number][] = [[a, a + drawNum(rng, 0.12, 0.16)]];
    const two = rng.coin(0.5);
    const a2 = drawNum(rng, 0.28, 0.34);
    if (two) bands.unshift([a2, a2 + drawNum(rng, 0.07, 0.1)]);
    const rAt = (u: number) => rb + (rt - rb) * u;
    const parts: Part[] = [
      lathe('base', 'body', 0, 0, 0, [
        [R, 0],
        [R, zb * 0.6],
        [Math.min(rb * 1.08, R - 0.002), zb],
      ]),
    ];
    // the body cut into lathes at the bands' edges, each band its own
    const cuts = [0, ...bands.flat(), 1];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [u0, u1] = [cuts[i], cuts[i + 1]];
      const band = i % 2 === 1;
      const name = band ? `band${(i - 1) / 2}` : `body${i / 2}`;
      parts.push(
        lathe(name, band ? 'lens_white' : 'body', 0, 0, zb + u0 * hb, [
          [rAt(u0), 0],
          [rAt(u1), (u1 - u0) * hb],
        ]),
      );
    }
    return parts;
  },
};
