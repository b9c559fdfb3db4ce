/**
 * A car or a van, its nose at +x: four wheels (cylinders rolled 90 degrees: black tyres with metal hubs on their outer
 * faces) in lanes along the sides, a lower body (a rounded core between the wheel lanes, and in the lanes sills
 * between the wheels, wheel-arch blocks over them and ends beyond them), bumpers, head and tail lights (small slabs on
 * the ends), and the upper body: a sedan's or hatchback's cabin as a dark glasshouse under a body-coloured roof, or a
 * van's tall box with its glazing only at the front. The body takes the item's material.
 */
import { z } from 'zod';
import { type AssetDef, box, drawNum, drawPick, type Part, rbox } from '../asset.ts';

const Params = z
  .object({
    style: z.enum(['sedan', 'hatch', 'van']).optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

export const asset: AssetDef<Params> = {
  kind: 'car',
  summary: 'a sedan, hatchback or van: four wheels, a lower body, bumpers, lights and a glazed cabin under a roof',
  params: Params,
  sizes: () => ({ min: [3.2, 1.5, 1.2], max: [6, 2.2, 2.6] }),
  variants: [{}, { style: 'sedan' }, { style: 'hatch' }, { style: 'van' }],
  build([L, W, H], p, rng) {
    const style = drawPick(rng, ['sedan', 'sedan', 'hatch', 'van'] as const, p.style);
    const rw = Math.min(drawNum(rng, 0.3, 0.36), H * 0.22); // wheel radius
    const ww = drawNum(rng, 0.18, 0.24); // tyre width (with the hub)
    const hubT = 0.02;
    const bt = drawNum(rng, 0.06, 0.1); // bumper depth
    const over = Math.max(rw + 0.1, drawNum(rng, 0.16, 0.22) * L); // from an end to the wheel's axis
    const xf = L / 2 - over,
      xr = -L / 2 + over;
    const g = 0.03; // between a wheel and its arch
    const cl = rw * drawNum(rng, 0.45, 0.6); // ground clearance
    const belt = Math.max(2 * rw + g + 0.1, H * (style === 'van' ? 0.45 : drawNum(rng, 0.52, 0.6)));
    const parts: Part[] = [];
    const lane = W / 2 - ww; // a wheel lane's inner face (|y|)
    // the wheels: tyres in the lanes, hubs on their outer faces
    for (const [i, x] of [xf, xr].entries())
      for (const [j, sgn] of [-1, 1].entries()) {
        const n = `${i ? 'rear' : 'front'}_${j ? 'left' : 'right'}`;
        const yIn = sgn * lane,
          yOut = sgn * (W / 2 - hubT);
        parts.push({
          name: `tyre_${n}`,
          material: 'plastic_black',
          shape: 'cylinder',
          center: [x, (yIn + yOut) / 2, rw],
          size: [2 * rw, 2 * rw, W / 2 - hubT - lane],
          roll_deg: 90,
        });
        parts.push({
          name: `hub_${n}`,
          material: 'metal_brushed',
          shape: 'cylinder',
          center: [x, sgn * (W / 2 - hubT / 2), rw],
          size: [1.2 * rw, 1.2 * rw, hubT],
          roll_deg: 90,
        });
      }
    // the lower body: the core between the lanes, and in each lane sill, arches and ends
    const x0 = -L / 2 + bt,
      x1 = L / 2 - bt;
    parts.push(rbox('body_core', 'body', [x0, -lane, cl], [x1, lane, belt], 0.04));
    for (const [j, sgn] of [-1, 1].entries()) {
      const ya = sgn < 0 ? -W / 2 : lane,
        yb = sgn < 0 ? -lane : W / 2;
      const s = j ? 'left' : 'right';
      const a0 = xr - rw - g,
        a1 = xr + rw + g,
        b0 = xf - rw - g,
        b1 = xf + rw + g;
      parts.push(box(`sill_${s}`, 'body', [a1, ya, cl], [b0, yb, belt]));
      parts.push(box(`arch_front_${s}`, 'body', [b0, ya, 2 * rw + g], [b1, yb, belt]));
      parts.push(box(`arch_rear_${s}`, 'body', [a0, ya, 2 * rw + g], [a1, yb, belt]));
      parts.push(box(`nose_${s}`, 'body', [b1, ya, cl], [x1, yb, belt]));
      parts.push(box(`tail_${s}`, 'body', [x0, ya, cl], [a0, yb, belt]));
    }
    // bumpers and lights on the ends
    const bh = Math.min(0.25, (belt - cl) * 0.45);
    parts.push(box('bumper_front', 'plastic_black', [x1, -W / 2 + 0.05, cl], [L / 2, W / 2 - 0.05, cl + bh]));
    parts.push(box('bumper_rear', 'plastic_black', [-L / 2, -W / 2 + 0.05, cl], [x0, W / 2 - 0.05, cl + bh]));
    const lz0 = cl + bh + 0.04,
      lz1 = Math.min(belt - 0.04, lz0 + 0.14);
    const lw = W * 0.18;
    for (const [j, sgn] of [-1, 1].entries()) {
      const ya = sgn < 0 ? -W / 2 + 0.08 : W / 2 - 0.08 - lw;
      const s = j ? 'left' : 'right';
      parts.push(box(`headlight_${s}`, 'lens_white', [x1, ya, lz0], [x1 + 0.02, ya + lw, lz1]));
      parts.push(box(`taillight_${s}`, 'lens_red', [x0 - 0.02, ya, lz0], [x0, ya + lw, lz1]));
    }
    // the upper body
    const inset = drawNum(rng, 0.08, 0.14) * W;
    const roofT = drawNum(rng, 0.05, 0.08);
    const yc = W / 2 - inset;
    if (style === 'van') {
      const xg = x1 - drawNum(rng, 0.35, 0.5); // the windscreen's front
      const xg1 = xg - drawNum(rng, 0.6, 0.9); // the cab's glazing ends, the cargo box begins
      parts.push(rbox('glass', 'screen', [xg1, -yc, belt], [xg, yc, H - roofT], 0.05));
      parts.push(rbox('cargo', 'body', [x0 + 0.02, -yc, belt], [xg1, yc, H], 0.06));
      parts.push(rbox('cab_roof', 'body', [xg1, -yc, H - roofT], [xg, yc, H], 0.02));
      return { parts };
    }
    const c0 = style === 'hatch' ? x0 + drawNum(rng, 0.05, 0.15) : xr + drawNum(rng, -0.1, 0.2);
    const c1 = xf - drawNum(rng, 0.1, 0.45);
    parts.push(rbox('glass', 'screen', [c0, -yc, belt], [c1, yc, H - roofT], 0.08));
    parts.push(rbox('roof', 'body', [c0 + 0.15, -yc + 0.04, H - roofT], [c1 - 0.2, yc - 0.04, H], 0.02));
    return { parts };
  },
};
