import { describe, expect, it } from 'vitest';
import { clearPath, openHeading } from '../../../../layouts/geometry/index.ts';
import { box } from '../../../helpers/geometry-solids.ts';

// a 4 m x 2 m room around the origin: walls' inner faces at x = -1, x = 3, y = -1, y = 1
const room = [
  box('w_w', [-1.05, 0, 1], [0.1, 2.2, 2], 0, 'wall'),
  box('w_e', [3.05, 0, 1], [0.1, 2.2, 2], 0, 'wall'),
  box('w_s', [1, -1.05, 1], [4.2, 0.1, 2], 0, 'wall'),
  box('w_n', [1, 1.05, 1], [4.2, 0.1, 2], 0, 'wall'),
];
const base = {
  pose: { x: 0, y: 0, yaw_deg: 0 },
  body: { shape: 'rect', length: 0.6, width: 0.4 } as const,
  zBand: [0, 1] as [number, number],
  maxDistance: 10,
};

describe('corridor queries', () => {
  it('clear_path ahead, back, left and right of a rectangle body', () => {
    expect(clearPath(room, { ...base, direction: 'ahead' })).toMatchObject({ hit: 'w_e', heading_deg: 0 });
    expect(clearPath(room, { ...base, direction: 'ahead' }).distance).toBeCloseTo(2.7, 9);
    expect(clearPath(room, { ...base, direction: 'back' }).distance).toBeCloseTo(0.7, 9);
    expect(clearPath(room, { ...base, direction: 'back' }).heading_deg).toBe(-180);
    const left = clearPath(room, { ...base, direction: 'left' });
    expect(left.heading_deg).toBe(90);
    expect(left.distance).toBeCloseTo(0.7, 9);
    expect(clearPath(room, { ...base, direction: 'right' }).hit).toBe('w_s');
  });

  it('open_heading finds the longest run (toward the far corner region)', () => {
    const r = openHeading(room, { ...base, body: { shape: 'circle', radius: 0.2 } });
    expect(r.runs).toHaveLength(360);
    expect(r.distance).toBeGreaterThan(2.8);
    expect(Math.abs(r.heading_deg)).toBeLessThan(20);
    for (const run of r.runs) expect(run.distance).toBeLessThanOrEqual(r.distance + 1e-12);
  });
});
