/**
 * The asset library's materials: a small shared set the kinds' parts name besides 'body' (the item's own material).
 * Every place has them without declaring them, as it has the world's defaults (layouts/world.ts DEFAULT_MATERIALS),
 * and a place may override any of them by declaring a material of the same name. No glass: the ray-cast truth
 * treats every solid as opaque, so nothing the truth sees may be transparent.
 */
import type { Material } from '../place-schema.ts';

const wood = (c: [number, number, number], c2: [number, number, number]): Material => ({
  colour: c,
  roughness: 0.5,
  metallic: 0,
  pattern: { kind: 'wood', colour2: c2, scale: 0.08 },
});
const fabric = (c: [number, number, number], roughness = 0.9): Material => ({
  colour: c,
  roughness,
  metallic: 0,
  pattern: { kind: 'fabric', colour2: c.map((x) => x * 0.9) as [number, number, number], scale: 0.01 },
});

export const ASSET_MATERIALS: Record<string, Material> = {
  /** light wood: oak, birch (legs, frames) */
  wood_light: wood([0.72, 0.57, 0.38], [0.62, 0.47, 0.3]),
  /** dark wood: walnut (legs, frames) */
  wood_dark: wood([0.3, 0.19, 0.11], [0.23, 0.14, 0.08]),
  /** black powder-coated metal (legs, handles, stands) */
  metal_dark: { colour: [0.05, 0.05, 0.055], roughness: 0.35, metallic: 0.8 },
  /** brushed steel (legs, handles, poles) */
  metal_brushed: { colour: [0.62, 0.62, 0.64], roughness: 0.3, metallic: 1 },
  /** a mattress's ticking */
  mattress: fabric([0.86, 0.85, 0.8]),
  /** bedding in four colours (duvet, pillows) */
  linen_white: fabric([0.9, 0.89, 0.86], 0.95),
  linen_grey: fabric([0.56, 0.57, 0.59], 0.95),
  linen_blue: fabric([0.36, 0.45, 0.6], 0.95),
  linen_sand: fabric([0.77, 0.68, 0.55], 0.95),
  /** a lamp's shade */
  shade_linen: fabric([0.93, 0.89, 0.8], 0.85),
  /** a switched-off screen: glossy near-black */
  screen: { colour: [0.015, 0.016, 0.02], roughness: 0.08, metallic: 0 },
  /** a television's housing */
  plastic_black: { colour: [0.03, 0.03, 0.032], roughness: 0.4, metallic: 0 },
  /** glazed ceramic (lamp bases) */
  ceramic_white: { colour: [0.88, 0.87, 0.84], roughness: 0.2, metallic: 0 },
  /** light stone or precast concrete (a building's cornices, ledges and parapet copings) */
  stone_trim: { colour: [0.74, 0.72, 0.67], roughness: 0.75, metallic: 0 },
  /** a tree's bark (trunk, branches) */
  bark: { colour: [0.3, 0.22, 0.15], roughness: 0.95, metallic: 0 },
  /** a tree's leaves (a leaf cluster is one solid) */
  foliage: fabric([0.18, 0.4, 0.14], 0.9),
  /** a lamp's lens or a car's headlight: frosted white */
  lens_white: { colour: [0.92, 0.92, 0.88], roughness: 0.25, metallic: 0 },
  /** a car's tail light */
  lens_red: { colour: [0.6, 0.04, 0.03], roughness: 0.25, metallic: 0 },
  /** lacquered cabinet fronts (kitchen and bathroom cabinets) in two colours */
  lacquer_white: { colour: [0.86, 0.86, 0.84], roughness: 0.3, metallic: 0 },
  lacquer_grey: { colour: [0.4, 0.42, 0.44], roughness: 0.35, metallic: 0 },
};
