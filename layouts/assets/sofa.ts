/**
 * Upholstered seating shared by the couch and the armchair: legs (or a recessed plinth), a back frame the whole
 * length along the back, arms in front of it at both ends, a base between the arms, seat cushions on the base and
 * back cushions standing on it between the seat cushions and the back frame (or a tight back: a deeper frame and no
 * back cushions). Cushions, arms and the back are rounded boxes; neighbours touch face to face.
 *
 * Frame: x along the length, the back at +y, the front at -y. The seat cushions' flat top is the surface.
 */
import { z } from 'zod';
import type { Stream } from '../../foundation/rng.ts';
import type { Vec3 } from '../solids.ts';
import {
  type AssetBuild,
  type AssetIssue,
  box,
  clamp,
  cylinder,
  drawNum,
  drawPick,
  lathe,
  type Part,
  rbox,
} from './asset.ts';

export const SofaParams = z
  .object({
    /** seat cushions (absent: one per 0.5 to 0.8 m between the arms) */
    seats: z.number().int().min(1).max(4).optional(),
    /** square (upholstered, small rounding), rolled (thick, round), slim (thin panels) or none */
    arms: z.enum(['square', 'rolled', 'slim', 'none']).optional(),
    /** wood (tapered), metal (thin cylinders) or plinth (a recessed block) */
    legs: z.enum(['wood', 'metal', 'plinth']).optional(),
    /** cushions (back cushions in front of the frame) or tight (an upholstered back, no cushions) */
    back: z.enum(['cushions', 'tight']).optional(),
  })
  .strict();
export type SofaParams = z.infer<typeof SofaParams>;

/** The least seat cushion width (m) a seat count needs, and the thinnest arm. */
const MIN_SEAT = 0.4;
const MIN_ARM = 0.06;

/** The seat heights (above the bottom) a sofa of this height can have. */
export function sofaSurface(size: Vec3): [number, number] {
  return [0.3, Math.min(0.55, size[2] - 0.25)];
}

export function sofaIssues(kind: string, size: Vec3, p: SofaParams): AssetIssue[] {
  if (p.seats === undefined) return [];
  const arms = p.arms === 'none' ? 0 : 2 * MIN_ARM;
  const need = p.seats * MIN_SEAT + arms;
  return size[0] < need - 1e-9
    ? [{ path: ['asset', 'seats'], message: `${p.seats} seats need a ${kind} at least ${need.toFixed(2)} m long` }]
    : [];
}

export function buildSofa(
  [L, W, H]: Vec3,
  p: SofaParams,
  rng: Stream,
  surface: number | undefined,
  seatsDefault?: number,
  armOptions: readonly ('square' | 'rolled' | 'slim' | 'none')[] = ['square', 'square', 'rolled', 'slim', 'none'],
): AssetBuild {
  const arms = drawPick(rng, armOptions, p.arms);
  const legs = drawPick(rng, ['wood', 'metal', 'plinth'] as const, p.legs);
  const back = drawPick(rng, ['cushions', 'cushions', 'cushions', 'tight'] as const, p.back);
  const [slo, shi] = sofaSurface([L, W, H]);
  const zs = clamp(drawNum(rng, 0.4, 0.47, surface), slo, shi); // seat top
  let tc = drawNum(rng, 0.12, 0.18); // seat cushion thickness
  let hl =
    legs === 'plinth' ? drawNum(rng, 0.04, 0.08) : legs === 'wood' ? drawNum(rng, 0.08, 0.16) : drawNum(rng, 0.1, 0.18);
  // the base below the cushions is at least 6 cm; lower seats take it from the legs, then the cushions
  hl = Math.min(hl, zs - tc - 0.06);
  if (hl < 0.03) {
    hl = 0.03;
    tc = Math.max(0.08, zs - hl - 0.06);
  }
  const zb = zs - tc; // base top
  let wa =
    arms === 'none'
      ? 0
      : arms === 'slim'
        ? drawNum(rng, 0.06, 0.1)
        : arms === 'rolled'
          ? drawNum(rng, 0.17, 0.26)
          : drawNum(rng, 0.12, 0.22);
  let db = drawNum(rng, 0.14, 0.22); // back frame depth
  let dbc = back === 'cushions' ? drawNum(rng, 0.14, 0.2) : 0; // back cushion depth
  if (back === 'tight') db += drawNum(rng, 0.06, 0.1);
  // a seat at least 0.45 m deep: a shallow sofa takes it from the back
  const minSeat = Math.min(0.45, W * 0.55);
  if (W - db - dbc < minSeat) {
    const k = (W - minSeat) / (db + dbc);
    db *= k;
    dbc *= k;
  }
  // seats
  const n0 = seatsDefault ?? clamp(Math.round((L - 2 * wa) / drawNum(rng, 0.55, 0.75)), 1, 4);
  const n = p.seats ?? n0;
  if (arms !== 'none') wa = Math.max(MIN_ARM, Math.min(wa, (L - n * MIN_SEAT) / 2));
  const ha = clamp(zs + drawNum(rng, 0.12, 0.26), zs + 0.05, H - 0.02); // arm top
  const backTop = back === 'cushions' ? H - drawNum(rng, 0.04, 0.14) : H; // back frame top
  const hbc = H; // back cushions' top
  const rc = Math.min(drawNum(rng, 0.03, 0.06), tc / 2 - 0.005); // cushion rounding
  const lip = drawNum(rng, 0, 0.02); // seat cushions set back from the base's front

  const parts: Part[] = [];
  const yBack = W / 2 - db; // back frame's face
  const yCush = yBack - dbc; // back cushions' face = seat cushions' back
  const legMat = legs === 'wood' ? drawPick(rng, ['wood_dark', 'wood_light'] as const) : 'metal_dark';
  // legs: at the corners, and in the middle of a long sofa
  if (legs === 'plinth') {
    const inset = Math.min(0.04, L / 20);
    parts.push(box('plinth', 'body', [-L / 2 + inset, -W / 2 + inset, 0], [L / 2 - inset, W / 2 - inset, hl]));
  } else {
    const d = legs === 'wood' ? drawNum(rng, 0.04, 0.06) : drawNum(rng, 0.022, 0.032);
    const e = 0.03 + d / 2;
    const xs = [-L / 2 + e, L / 2 - e];
    if (L > 2.0) xs.splice(1, 0, 0);
    let k = 0;
    for (const y of [-W / 2 + e, W / 2 - e])
      for (const x of xs) {
        const name = `leg${k++}`;
        if (legs === 'metal') parts.push(cylinder(name, legMat, x, y, 0, hl, d));
        else
          parts.push(
            lathe(name, legMat, x, y, 0, [
              [d * 0.3, 0],
              [d / 2, hl],
            ]),
          );
      }
  }
  // back frame, arms, base
  const rb = Math.min(0.04, db / 2);
  parts.push(rbox('back', 'body', [-L / 2, yBack, hl], [L / 2, W / 2, backTop], rb));
  if (arms !== 'none') {
    const ra =
      arms === 'rolled' ? Math.min(wa / 2, (ha - hl) / 2) * 0.95 : arms === 'slim' ? 0.01 : Math.min(0.04, wa / 3);
    parts.push(rbox('arm0', 'body', [-L / 2, -W / 2, hl], [-L / 2 + wa, yBack, ha], ra));
    parts.push(rbox('arm1', 'body', [L / 2 - wa, -W / 2, hl], [L / 2, yBack, ha], ra));
  }
  const xa = -L / 2 + wa,
    xb = L / 2 - wa;
  parts.push(rbox('base', 'body', [xa, -W / 2, hl], [xb, yBack, zb], 0.01));
  // cushions
  const w = (xb - xa) / n;
  for (let i = 0; i < n; i++) {
    const c0 = xa + i * w,
      c1 = xa + (i + 1) * w;
    parts.push(rbox(`seat${i}`, 'body', [c0, -W / 2 + lip, zb], [c1, yCush, zs], rc));
    if (back === 'cushions')
      parts.push(rbox(`back${i}`, 'body', [c0, yCush, zb], [c1, yBack, hbc], Math.min(0.06, dbc / 2 - 0.005)));
  }
  const rcs = Math.min(rc, w / 2, (yCush - (-W / 2 + lip)) / 2);
  return {
    parts,
    surface: {
      top: zs,
      center: [0, (-W / 2 + lip + yCush) / 2],
      size: [xb - xa - 2 * rcs, yCush - (-W / 2 + lip) - 2 * rcs],
    },
  };
}
