/**
 * A smart speaker: a dark foot ring, a fabric band bulging a little to the full radius and a rounded cap on it, a
 * small dark touch panel in the middle of its top.
 */
import { clamp, cylinder, drawNum, lathe } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'speaker',
  shape: 'cylinder',
  summary: 'a dark foot ring, a fabric band to the full radius, a rounded cap with a small touch panel on top',
  sizes: { min: [0.07, 0.07, 0.08], max: [0.22, 0.22, 0.35] },
  build([d, , h], rng) {
    const R = d / 2;
    const zf = clamp(h * drawNum(rng, 0.03, 0.06), 0.003, 0.012); // the foot ring's top
    const dt = clamp(drawNum(rng, 0.0015, 0.0025), 0.001, h * 0.02); // the touch panel's thickness
    const zc = h * (1 - drawNum(rng, 0.12, 0.2)); // the cap's bottom
    const rs = R * drawNum(rng, 0.95, 0.97); // the band's radius at its ends
    const rt = R * drawNum(rng, 0.68, 0.8); // the cap's flat top
    const hb = zc - zf,
      hc = h - dt - zc;
    return [
      lathe('foot', 'plastic_black', 0, 0, 0, [
        [rs * 0.9, 0],
        [rs * 0.97, zf * 0.5],
        [rs, zf],
      ]),
      lathe('band', 'body', 0, 0, zf, [
        [rs, 0],
        [R, hb * 0.25],
        [R, hb * 0.75],
        [rs, hb],
      ]),
      lathe('cap', 'body', 0, 0, zc, [
        [rs, 0],
        [rs * 0.98, hc * 0.45],
        [(rs + rt) / 2 + R * 0.04, hc * 0.85],
        [rt, hc],
      ]),
      cylinder(
        'panel',
        drawNum(rng, 0, 1) < 0.5 ? 'plastic_black' : 'screen',
        0,
        0,
        h - dt,
        h,
        2 * rt * drawNum(rng, 0.5, 0.75),
      ),
    ];
  },
};
