/**
 * A picture frame standing on its back stand: four bars around a picture panel set back in it, a back board behind
 * the picture and a strut leaning from the back board down to the bounds' back edge. Its front faces -y.
 */
import { box, clamp, diagonal, drawNum, drawPick, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'picture_frame',
  shape: 'box',
  summary: 'standing: four bars around a picture set back in them, a back board and a strut behind',
  sizes: { min: [0.1, 0.015, 0.08], max: [0.6, 0.08, 0.6] },
  build([L, W, H], rng) {
    const tf = clamp(W * drawNum(rng, 0.42, 0.55), 0.006, 0.03); // the frame's depth
    const yb = -W / 2 + tf; // its back
    const b = clamp(Math.min(L, H) * drawNum(rng, 0.08, 0.14), 0.006, 0.06); // the bars' width
    const r = Math.min(drawNum(rng, 0.0015, 0.003), tf / 3, b / 3);
    const rec = tf * drawNum(rng, 0.2, 0.35); // the picture's setback from the front
    const pt = Math.min(0.002, (tf - rec) / 3); // its thickness
    const picture = drawPick(rng, ['linen_white', 'linen_sand', 'linen_blue', 'linen_grey', 'lacquer_white']);
    const parts: Part[] = [
      rbox('bar_bottom', 'body', [-L / 2, -W / 2, 0], [L / 2, yb, b], r),
      rbox('bar_top', 'body', [-L / 2, -W / 2, H - b], [L / 2, yb, H], r),
      rbox('bar_left', 'body', [-L / 2, -W / 2, b], [-L / 2 + b, yb, H - b], r),
      rbox('bar_right', 'body', [L / 2 - b, -W / 2, b], [L / 2, yb, H - b], r),
      box('picture', picture, [-L / 2 + b, -W / 2 + rec, b], [L / 2 - b, -W / 2 + rec + pt, H - b]),
      box('back', 'body', [-L / 2 + b, -W / 2 + rec + pt, b], [L / 2 - b, yb, H - b]),
    ];
    // the strut: a bar filling the panel from the frame's back at its top to the bounds' back edge at the bottom
    const g = W / 2 - yb;
    const hs = H * drawNum(rng, 0.55, 0.75);
    const w = Math.min(drawNum(rng, 0.004, 0.006), g * 0.5);
    const sw = clamp(L * drawNum(rng, 0.1, 0.16), 0.01, 0.04);
    const { tilt, len } = diagonal(g, hs, w);
    parts.push({
      name: 'strut',
      material: 'body',
      shape: 'box',
      center: [0, (yb + W / 2) / 2, hs / 2],
      size: [sw, len, w],
      roll_deg: -(tilt * 180) / Math.PI,
    });
    return parts;
  },
};
