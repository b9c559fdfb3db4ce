/**
 * Wheeled platforms, shared by the cart and the trolley kinds: a deck on four castors (a wheel, a cylinder rolled
 * 90 degrees, under a fork block), a push handle at the -x end (two upright tubes and a grip across their tops), and
 * for a cart more tiers above the deck on four corner posts.
 */
import type { Stream } from '../../foundation/rng.ts';
import { box, clamp, cylinder, cylinderAlongY, drawNum, drawPick, type Part } from './asset.ts';

export interface Wheeled {
  L: number;
  W: number;
  H: number;
  /** decks: 1 a platform, 2 or 3 a cart's tiers (the deck and shelves above it on corner posts) */
  tiers: number;
  /** the deck and shelves' material */
  deckMaterial: string;
}

export function wheeled(o: Wheeled, rng: Stream): Part[] {
  const { L, W, H, tiers } = o;
  const wd = clamp(drawNum(rng, 0.08, 0.125), 0.04, H * 0.18); // wheel diameter
  const ww = drawNum(rng, 0.025, 0.04); // wheel width
  const forkH = clamp(drawNum(rng, 0.025, 0.045), 0.015, H * 0.06);
  const deckT = clamp(drawNum(rng, 0.025, 0.04), 0.015, H * 0.05);
  const td = drawNum(rng, 0.022, 0.03); // tube diameter
  const tubeMat = drawPick(rng, ['metal_brushed', 'metal_dark', 'body'] as const);
  const parts: Part[] = [];
  const x0 = -L / 2 + td; // the deck's -x end: the handle's tubes stand just beyond it
  const z0 = wd + forkH; // the deck's bottom
  parts.push(box('deck', o.deckMaterial, [x0, -W / 2, z0], [L / 2, W / 2, z0 + deckT]));
  // castors under the deck's corners
  const cx = (L / 2 - x0) / 2 - wd / 2 - 0.02,
    cy = W / 2 - ww / 2 - 0.02;
  const mx = (x0 + L / 2) / 2;
  let k = 0;
  for (const sx of [-1, 1])
    for (const sy of [-1, 1]) {
      const x = mx + sx * cx,
        y = sy * cy;
      parts.push(cylinderAlongY(`wheel${k}`, 'plastic_black', x, wd / 2, y - ww / 2, y + ww / 2, wd));
      parts.push(
        box(`fork${k}`, tubeMat, [x - wd * 0.3, y - ww / 2 - 0.006, wd], [x + wd * 0.3, y + ww / 2 + 0.006, z0]),
      );
      k++;
    }
  // the handle: two tubes up from the deck's bottom to the grip across their tops
  const hy = W / 2 - td / 2 - 0.01;
  const xh = -L / 2 + td / 2;
  for (const [i, sy] of [
    [0, -1],
    [1, 1],
  ] as const)
    parts.push(cylinder(`handle${i}`, tubeMat, xh, sy * hy, z0, H - td, td));
  parts.push(cylinderAlongY('grip', tubeMat, xh, H - td / 2, -hy - td / 2, hy + td / 2, td));
  // a cart's tiers: shelves on four posts at the deck's corners, the top one below the grip
  if (tiers > 1) {
    const pd = td;
    const zTop = H - td - drawNum(rng, 0.05, 0.12);
    const zd = z0 + deckT;
    const st = Math.min(deckT, 0.03);
    const xa = x0 + 0.005,
      xb = L / 2;
    for (const [i, [px, py]] of [
      [xa, -W / 2],
      [xb - pd, -W / 2],
      [xb - pd, W / 2 - pd],
      [xa, W / 2 - pd],
    ].entries())
      parts.push(box(`post${i}`, tubeMat, [px, py, zd], [px + pd, py + pd, zTop]));
    for (let t = 1; t < tiers; t++) {
      const top = zd + ((zTop - zd) * t) / (tiers - 1);
      parts.push(box(`shelf${t}`, o.deckMaterial, [xa + pd, -W / 2, top - st], [xb - pd, W / 2, top]));
    }
  }
  return parts;
}
