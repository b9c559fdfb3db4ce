/**
 * The independent recompute's outlines of rounded, turned and tilted solids (tests/helpers/recompute-golds.ts,
 * bandOutline) against the world model's footprints (layouts/geometry/footprint.ts): two implementations written
 * apart, over every rounded or turned part of the asset kinds in the showroom place, a knob, a rod and a crate tilted,
 * in the height bands of floor robots and one that cuts parts mid-height. They
 * must reach as far as each other in every direction (the support, 72 directions) to 20 um, but where the world
 * model's polygon of a tilted part reaches beyond the exact cut by the bound it states.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { solidFootprint, meetsBand } from '../../../layouts/geometry/footprint.ts';
import type { Footprint, Vec2 } from '../../../layouts/geometry/footprint-types.ts';
import { tiltedFootprint } from '../../../layouts/geometry/tilt.ts';
import { loadPlaceFile } from '../../../layouts/load.ts';
import { placeSolids } from '../../../layouts/world.ts';
import type { Solid } from '../../../layouts/solids.ts';
import { bandOutline, contact, pointToOutline, type Outline, type V2 } from '../../helpers/recompute-golds.ts';

const { place } = loadPlaceFile(join(REPO_ROOT, 'tests', 'inputs', 'places', 'apartment_s.yaml'));
// tilted parts: a knob (a cylinder rolled onto y, as the cabinets' are), a cylinder and a box tilted both ways
const tilted = (
  name: string,
  shape: 'box' | 'cylinder',
  size: number[],
  yaw: number,
  pitch: number,
  roll: number,
): Solid => ({
  name,
  owner: name,
  role: 'fixed',
  shape,
  center: [1, 2, 0.4],
  size: size as [number, number, number],
  yaw_deg: yaw,
  pitch_deg: pitch,
  roll_deg: roll,
  material: 'birch',
});
const read = [
  ...placeSolids(place).filter((s) => s.shape === 'rbox' || s.shape === 'lathe' || s.pitch_deg || s.roll_deg),
  tilted('knob', 'cylinder', [0.035, 0.035, 0.02], 30, 0, 90),
  tilted('rod', 'cylinder', [0.06, 0.06, 0.7], 75, 35, 20),
  tilted('crate', 'box', [0.6, 0.4, 0.3], -40, 20, 15),
];
// floor robots' bands: vacuum, AMR, helper (base to top), and one high band that cuts parts mid-height
const BANDS: [number, number][] = [
  [0, 0.1],
  [0, 0.5],
  [0, 1.4],
  [0.35, 0.6],
];

function supportFp(fp: Footprint, d: Vec2): number {
  if (fp.kind === 'circle') return fp.cx * d[0] + fp.cy * d[1] + fp.r;
  if (fp.kind === 'poly') return Math.max(...fp.points.map((p) => p[0] * d[0] + p[1] * d[1]));
  const r = fp.r ?? 0;
  const c = Math.cos(fp.yaw),
    s = Math.sin(fp.yaw);
  const u = d[0] * c + d[1] * s,
    v = -d[0] * s + d[1] * c;
  return fp.cx * d[0] + fp.cy * d[1] + (fp.hx - r) * Math.abs(u) + (fp.hy - r) * Math.abs(v) + r;
}

function supportOutline(o: Outline, d: Vec2): number {
  if (o.kind !== 'poly') throw new Error(`expected a polygon, got ${o.kind}`);
  return Math.max(...o.pts.map((p) => p[0] * d[0] + p[1] * d[1]));
}

describe('the recompute reads rounded, turned and tilted solids as the world model does', () => {
  it('has such parts to read (rboxes and lathes of the showroom, tilted cylinders and boxes)', () => {
    const shapes = new Set(read.map((s) => (s.roll_deg || s.pitch_deg ? `tilted ${s.shape}` : s.shape)));
    expect(shapes).toEqual(new Set(['rbox', 'lathe', 'tilted cylinder', 'tilted box']));
  });

  it('reaches as far in every direction, in every band', () => {
    let compared = 0;
    for (const band of BANDS)
      for (const s of read) {
        if (!meetsBand(s, band)) continue;
        const fp = solidFootprint(s, band);
        const o = bandOutline(s, band[0], band[1]);
        const bound = s.pitch_deg || s.roll_deg ? tiltedFootprint(s, band[0], band[1]).bound : 0;
        for (let i = 0; i < 72; i++) {
          const d: Vec2 = [Math.cos((i * Math.PI) / 36), Math.sin((i * Math.PI) / 36)];
          // the world model's polygon of a tilted part may reach beyond the exact cut by its stated bound
          const diff = supportFp(fp, d) - supportOutline(o, d);
          expect(diff, `${s.name} in ${band}`).toBeGreaterThan(-2e-5);
          expect(diff, `${s.name} in ${band}`).toBeLessThan(2e-5 + bound);
        }
        compared++;
      }
    expect(compared).toBeGreaterThan(100);
  });
  it('stops a disc body (a vacuum) and a rectangle body where they touch the outline', () => {
    let met = 0;
    for (const s of read) {
      if (!meetsBand(s, [0, 1.4])) continue;
      const o = bandOutline(s, 0, 1.4) as Extract<Outline, { kind: 'poly' }>;
      const start: V2 = [o.c[0] - 3, o.c[1] + 0.02];
      const t = contact({ kind: 'circle', c: start, r: 0.15 }, [1, 0], o);
      expect(t, s.name).not.toBeNull();
      // the disc's centre at the run is 0.15 from the outline, and 0.1 mm before it further
      expect(pointToOutline(o, start[0] + t!, start[1])).toBeCloseTo(0.15, 6);
      expect(pointToOutline(o, start[0] + t! - 1e-4, start[1])).toBeGreaterThan(0.15);
      const r = contact({ kind: 'rect', c: start, hx: 0.3, hy: 0.2, yaw: 0 }, [1, 0], o);
      expect(r, s.name).not.toBeNull();
      expect(r!).toBeLessThan(t! + 0.15);
      // a drive the other way, or wide of it, meets nothing
      expect(contact({ kind: 'circle', c: start, r: 0.15 }, [-1, 0], o)).toBeNull();
      expect(contact({ kind: 'circle', c: [start[0], start[1] + o.R + 1], r: 0.15 }, [1, 0], o)).toBeNull();
      met++;
    }
    expect(met).toBeGreaterThan(20);
  });
});
