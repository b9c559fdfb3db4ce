/**
 * A wooden pallet: top deck boards, under them cross boards on nine blocks over three bottom boards (block style),
 * or three stringers running its length over bottom boards (stringer style). The surface is its top: things stand
 * on the deck boards (a rectangle over the whole top; the gaps between boards are a few centimetres).
 */
import { z } from 'zod';
import { type AssetDef, box, clamp, drawNum, drawPick, type Part } from '../asset.ts';

const Params = z
  .object({
    style: z.enum(['block', 'stringer']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** n boards of width w spread over a span from a to b (the first and last at its ends): their lower edges. */
function spread(a: number, b: number, n: number, w: number): number[] {
  return Array.from({ length: n }, (_, k) => (n === 1 ? (a + b - w) / 2 : a + ((b - a - w) * k) / (n - 1)));
}

export const asset: AssetDef<Params> = {
  kind: 'pallet',
  summary: 'deck boards on cross boards and nine blocks (block style) or on three stringers, over bottom boards',
  params: Params,
  sizes: () => ({ min: [0.6, 0.6, 0.1], max: [1.4, 1.3, 0.2] }),
  surface: (size) => [size[2], size[2]],
  variants: [{}, { style: 'block' }, { style: 'stringer' }],
  build([L, W, H], p, rng) {
    const style = drawPick(rng, ['block', 'block', 'stringer'] as const, p.style);
    const t = clamp(drawNum(rng, 0.018, 0.024), 0.015, H / 5); // board thickness
    const cover = drawNum(rng, 0.75, 0.88); // the share of the top the deck boards cover
    const parts: Part[] = [];
    if (style === 'block') {
      // top boards along the length; cross boards along the width over the blocks; bottom boards along the length
      const nTop = clamp(Math.round(W / 0.17), 3, 7);
      const bw = (W * cover) / nTop;
      spread(-W / 2, W / 2, nTop, bw).forEach((y, k) => {
        parts.push(box(`deck${k}`, 'body', [-L / 2, y, H - t], [L / 2, y + bw, H]));
      });
      const cw = drawNum(rng, 0.1, 0.145);
      const xs = spread(-L / 2, L / 2, 3, cw);
      xs.forEach((x, k) => {
        parts.push(box(`cross${k}`, 'body', [x, -W / 2, H - 2 * t], [x + cw, W / 2, H - t]));
      });
      const bh = drawNum(rng, 0.09, 0.1);
      const ys = spread(-W / 2, W / 2, 3, bh);
      ys.forEach((y, k) => {
        parts.push(box(`bottom${k}`, 'body', [-L / 2, y, 0], [L / 2, y + bh, t]));
      });
      xs.forEach((x, i) =>
        ys.forEach((y, j) => {
          parts.push(box(`block${i}_${j}`, 'body', [x, y, t], [x + cw, y + bh, H - 2 * t]));
        }),
      );
    } else {
      // top boards across; three stringers along the length; bottom boards across
      const nTop = clamp(Math.round(L / 0.17), 3, 7);
      const bw = (L * cover) / nTop;
      spread(-L / 2, L / 2, nTop, bw).forEach((x, k) => {
        parts.push(box(`deck${k}`, 'body', [x, -W / 2, H - t], [x + bw, W / 2, H]));
      });
      const sw = drawNum(rng, 0.038, 0.05);
      spread(-W / 2, W / 2, 3, sw).forEach((y, k) => {
        parts.push(box(`stringer${k}`, 'body', [-L / 2, y, t], [L / 2, y + sw, H - t]));
      });
      spread(-L / 2, L / 2, 3, bw).forEach((x, k) => {
        parts.push(box(`bottom${k}`, 'body', [x, -W / 2, 0], [x + bw, W / 2, t]));
      });
    }
    return { parts, surface: { top: H, center: [0, 0], size: [L, W] } };
  },
};
