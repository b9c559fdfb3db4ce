/**
 * Lamps shared by the floor lamp and the table lamp: a shade (a solid of revolution: a drum, a cone, a dome, or a
 * globe) at the top of the bounds, its widest radius the bounds' half length (a lamp is round: length = width), on a
 * stem standing on a base. The shade is solid (the truth's lathe is closed at the bottom; an open shade's inside would
 * need the hollow lathe turned over, and from the robot's height a shade's underside reads as a dark disc either way).
 */
import { z } from 'zod';
import type { Stream } from '../../foundation/rng.ts';
import type { Vec3 } from '../solids.ts';
import { type AssetIssue, drawNum, type Part, lathe, sphere } from './asset.ts';

export const Shade = z.enum(['drum', 'cone', 'dome', 'globe']);
export type Shade = z.infer<typeof Shade>;

export function lampIssues(size: Vec3): AssetIssue[] {
  return Math.abs(size[0] - size[1]) > 0.001
    ? [{ path: ['size', 1], message: `a lamp is round: its width equals its length (${size[0]})` }]
    : [];
}

/** The shade: its parts and the height of its bottom (where the stem ends). */
export function shade(kind: Shade, R: number, H: number, hs: number, rng: Stream): { part: Part; bottom: number } {
  if (kind === 'globe') {
    const d = 2 * R;
    return { part: sphere('shade', 'shade_linen', [0, 0, H - R], d), bottom: H - d };
  }
  const k = drawNum(rng, 0.55, 0.8);
  const profile: [number, number][] =
    kind === 'drum'
      ? [
          [R, 0],
          [R, hs],
        ]
      : kind === 'cone'
        ? [
            [R, 0],
            [R * k, hs],
          ]
        : [
            [R, 0],
            [R * 0.97, hs * 0.25],
            [R * 0.8, hs * 0.6],
            [R * 0.45, hs * 0.9],
            [R * 0.2, hs],
          ];
  return { part: lathe('shade', 'shade_linen', 0, 0, H - hs, profile), bottom: H - hs };
}
