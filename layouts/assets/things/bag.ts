/**
 * A soft bag: a tote (a rounded body and two strap handles arching over its top, one at the front and one at the back)
 * or a backpack (a rounded body, a pocket on its front, two shoulder straps down its back and a grab loop on top).
 */
import { box, clamp, drawCoin, drawNum, drawPick, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'bag',
  shape: 'box',
  summary: 'a tote with two strap handles arching over its top, or a backpack with a front pocket, straps and a loop',
  sizes: { min: [0.25, 0.12, 0.18], max: [0.6, 0.35, 0.5] },
  build([L, W, H], rng) {
    const backpack = drawCoin(rng, 0.4);
    const strapMat = drawPick(rng, ['body', 'body', 'plastic_black']);
    if (!backpack) {
      // the body up to hb, its top flat within r of its edges; a handle's legs stand on that flat, its grip at H
      const hb = H * drawNum(rng, 0.62, 0.76);
      const r = Math.min(drawNum(rng, 0.02, 0.035), W / 4, hb / 3);
      const sw = clamp(drawNum(rng, 0.018, 0.028), 0.008, (H - hb) / 2.5); // the strap's width
      const st = clamp(drawNum(rng, 0.004, 0.007), 0.002, W / 10); // its thickness
      const a = L * drawNum(rng, 0.14, 0.24); // a leg's middle from x = 0
      const parts: Part[] = [rbox('body', 'body', [-L / 2, -W / 2, 0], [L / 2, W / 2, hb], r)];
      for (const [k, sy] of [
        ['front', -1],
        ['back', 1],
      ] as const) {
        const y1 = sy * (W / 2 - r);
        const [y0, yy] = sy < 0 ? [y1, y1 + st] : [y1 - st, y1];
        parts.push(
          box(`handle_${k}_left`, strapMat, [-a - sw / 2, y0, hb], [-a + sw / 2, yy, H - sw]),
          box(`handle_${k}_right`, strapMat, [a - sw / 2, y0, hb], [a + sw / 2, yy, H - sw]),
          rbox(`handle_${k}_grip`, strapMat, [-a - sw / 2, y0, H - sw], [a + sw / 2, yy, H], st / 2),
        );
      }
      return parts;
    }
    // a backpack: the pocket in front of the body, the straps behind it, the loop on its top
    const pd = W * drawNum(rng, 0.14, 0.22); // the pocket's depth
    const sd = clamp(drawNum(rng, 0.008, 0.014), 0.004, W / 8); // the straps' depth
    const lh = clamp(H * drawNum(rng, 0.06, 0.1), 0.012, 0.04); // the loop's height
    const hb = H - lh;
    const y0 = -W / 2 + pd,
      y1 = W / 2 - sd;
    const r = Math.min(drawNum(rng, 0.03, 0.05), (y1 - y0) / 3, L / 4);
    const pw = L * drawNum(rng, 0.28, 0.4); // the pocket's half width
    const pz0 = hb * drawNum(rng, 0.08, 0.14),
      pz1 = hb * drawNum(rng, 0.45, 0.6);
    const sx = L * drawNum(rng, 0.15, 0.22); // a strap's middle from x = 0
    const sw = clamp(drawNum(rng, 0.035, 0.05), 0.015, L / 6);
    const sz0 = hb * drawNum(rng, 0.1, 0.2),
      sz1 = hb * drawNum(rng, 0.82, 0.92);
    const lw = clamp(drawNum(rng, 0.05, 0.08), 0.02, L / 3);
    const lt = clamp(drawNum(rng, 0.006, 0.01), 0.003, (y1 - y0) / 4);
    const ym = (y0 + y1) / 2;
    return [
      rbox('body', 'body', [-L / 2, y0, 0], [L / 2, y1, hb], r),
      rbox('pocket', 'body', [-pw, -W / 2, pz0], [pw, y0, pz1], Math.min(0.02, pd / 2)),
      rbox('strap_left', strapMat, [-sx - sw / 2, y1, sz0], [-sx + sw / 2, W / 2, sz1], sd / 2),
      rbox('strap_right', strapMat, [sx - sw / 2, y1, sz0], [sx + sw / 2, W / 2, sz1], sd / 2),
      rbox('loop', strapMat, [-lw / 2, ym - lt / 2, hb], [lw / 2, ym + lt / 2, H], lt / 2),
    ];
  },
};
