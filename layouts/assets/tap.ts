/**
 * A tap shared by the kitchen counter, the bathroom sink and the bathtub: a column (an upright lathe) standing on a
 * deck, and a spout (a cylinder lying along y or x) leaving it near its top. The spout's back end meets the column's
 * round side at its front line only (a flat end on a round column), so the two touch without interpenetrating.
 */
import { lathe, type Part } from './asset.ts';

export interface TapSpec {
  /** the column's axis and the deck it stands on */
  x: number;
  y: number;
  z0: number;
  /** the column's height above the deck (the top of the tap) */
  h: number;
  /** the column's diameter */
  d: number;
  /** the spout's length beyond the column's side */
  reach: number;
  /** where the spout points: towards -y (a basin in front), +x or -x (along a bathtub) */
  dir: '-y' | '+x' | '-x';
  material: string;
  /** parts' name prefix ('tap', 'bath_tap') */
  name: string;
}

/** The tap's two parts: the column and the spout. */
export function tap(t: TapSpec): Part[] {
  const r = t.d / 2;
  const column = lathe(t.name, t.material, t.x, t.y, t.z0, [
    [r, 0],
    [r, t.h],
  ]);
  // the spout: a little thinner than the column, its top a few millimetres under the column's top
  const sd = t.d * 0.6;
  const zc = t.z0 + t.h - sd / 2 - Math.min(0.006, t.h / 10);
  const spout: Part =
    t.dir === '-y'
      ? {
          name: `${t.name}_spout`,
          material: t.material,
          shape: 'cylinder',
          center: [t.x, t.y - r - t.reach / 2, zc],
          size: [sd, sd, t.reach],
          roll_deg: 90,
        }
      : {
          name: `${t.name}_spout`,
          material: t.material,
          shape: 'cylinder',
          center: [t.x + (t.dir === '+x' ? 1 : -1) * (r + t.reach / 2), t.y, zc],
          size: [sd, sd, t.reach],
          pitch_deg: 90,
        };
  return [column, spout];
}
