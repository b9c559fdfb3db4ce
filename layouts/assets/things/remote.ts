/** A remote control: a rounded body and rows of buttons on its top. */
import { clamp, drawNum, type Part, rbox } from '../asset.ts';
import type { ThingAssetDef } from '../thing.ts';

export const thing: ThingAssetDef = {
  kind: 'remote',
  shape: 'box',
  summary: 'a rounded body, rows of buttons on its top',
  sizes: { min: [0.1, 0.03, 0.012], max: [0.3, 0.08, 0.04] },
  build([L, W, H], rng) {
    const b = clamp(drawNum(rng, 0.002, 0.003), 0.001, H * 0.2); // the buttons' height
    const top = H - b;
    const r = Math.min(drawNum(rng, 0.006, 0.01), W / 3, top / 2);
    const parts: Part[] = [rbox('body', 'body', [-L / 2, -W / 2, 0], [L / 2, W / 2, top], r)];
    // buttons on the flat of the top (r in from every edge): two columns, as many rows as fit 1.6 of a button apart
    const bs = Math.min(drawNum(rng, 0.008, 0.011), (W - 2 * r) / 3);
    const x0 = -L / 2 + r + L * 0.08;
    const x1 = L / 2 - r - L * 0.04;
    const rows = Math.max(1, Math.floor((x1 - x0) / (1.6 * bs)));
    for (let i = 0; i < rows; i++)
      for (const [k, y] of [-0.8 * bs, 0.8 * bs].entries()) {
        const x = x0 + (i + 0.5) * ((x1 - x0) / rows);
        parts.push(
          rbox(
            `button${i}_${k}`,
            i === rows - 1 && k === 0 ? 'lens_red' : 'plastic_black',
            [x - bs / 2, y - bs / 2, top],
            [x + bs / 2, y + bs / 2, H],
            b / 2,
          ),
        );
      }
    return parts;
  },
};
