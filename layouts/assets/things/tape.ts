/**
 * A roll of packing tape lying flat: one hollow ring of tape with softened edges round a bore the size of its core.
 * (No separate cardboard core: a part in the bore would meet the ring, which the overlap check treats as solid.)
 */
import { clamp, drawNum, lathe } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'tape',
  shape: 'cylinder',
  summary: 'a ring of tape with softened edges round a core-sized bore',
  sizes: { min: [0.08, 0.08, 0.02], max: [0.2, 0.2, 0.08] },
  build([d, , h], rng) {
    const R = d / 2;
    const e = Math.min(0.0015, h / 10); // the edges' bevel
    const bore = Math.max(R * drawNum(rng, 0.58, 0.68), R - e - h * 0.6); // its top wall at most 0.6 h
    const ring = lathe('roll', 'body', 0, 0, 0, [
      [R - e, 0],
      [R, e],
      [R, h - e],
      [R - e, h],
    ]);
    return [{ ...ring, wall: clamp(R - e - bore, 0.002, h * 0.6) }];
  },
};
