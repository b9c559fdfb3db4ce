import { describe, expect, it } from 'vitest';
import { sweep, type SweepRequest } from '../../../../layouts/geometry/index.ts';
import { box, cylinder, sphere } from '../../../helpers/geometry-solids.ts';

const circle = { shape: 'circle', radius: 0.2 } as const;
const rect = { shape: 'rect', length: 0.6, width: 0.4 } as const;
const band: [number, number] = [0, 1.2];
const req = (over: Partial<SweepRequest>): SweepRequest => ({
  pose: { x: 0, y: 0, yaw_deg: 0 },
  body: circle,
  heading_deg: 0,
  zBand: band,
  maxDistance: 10,
  ...over,
});
const S2 = Math.SQRT2;

describe('footprint sweep', () => {
  it('circle body toward a box face at x = 3 stops at 2.8 m', () => {
    const r = sweep([box('b', [3.5, 0, 0.5], [1, 2, 1])], req({}));
    expect(r.distance).toBeCloseTo(2.8, 6);
    expect(r.hit).toBe('b');
  });

  it('circle body against a box yawed 45 degrees: the vertex, the rounded corner, and an edge', () => {
    const b = [box('d', [5, 0, 0.5], [1, 1, 1], 45)];
    const V = 5 - S2 / 2;
    expect(sweep(b, req({})).distance).toBeCloseTo(V - 0.2, 6);
    expect(sweep(b, req({ pose: { x: 0, y: 0.1, yaw_deg: 0 } })).distance).toBeCloseTo(V - Math.sqrt(0.03), 6);
    expect(sweep(b, req({ pose: { x: 0, y: 0.3, yaw_deg: 0 } })).distance).toBeCloseTo(V + 0.3 - 0.2 * S2, 6);
  });

  it('circle body against a cylinder: ray against a circle of the summed radii', () => {
    const r = sweep([cylinder('c', [4, 0.1, 0.5], 0.6, 1)], req({}));
    expect(r.distance).toBeCloseTo(4 - Math.sqrt(0.25 - 0.01), 6);
    expect(r.hit).toBe('c');
  });

  it('rectangle body: its front face meets a box corner; yaw and reversing change the reach', () => {
    const b = [box('b', [3, 0.5, 0.5], [1, 0.8, 1])]; // x 2.5..3.5, y 0.1..0.9
    expect(sweep(b, req({ body: rect })).distance).toBeCloseTo(2.2, 6);
    expect(sweep(b, req({ body: rect, pose: { x: 0, y: 0, yaw_deg: 90 } })).distance).toBeCloseTo(2.3, 6);
    const back = [box('k', [-3.5, 0, 0.5], [1, 1, 1])];
    expect(sweep(back, req({ body: rect, heading_deg: 180 })).distance).toBeCloseTo(2.7, 6);
  });

  it('rectangle body: its corner meets the edge of a yawed box', () => {
    // diamond centred (3, 0.4), half-diagonal 0.2*sqrt2; its lower-left edge is x + y = 3.4 - 0.2*sqrt2
    const r = sweep([box('d', [3, 0.4, 0.5], [0.4, 0.4, 1], 45)], req({ body: rect }));
    expect(r.distance).toBeCloseTo(3.4 - 0.2 * S2 - 0.2 - 0.3, 6);
  });

  it('rectangle body against a cylinder meets it with its rounded corner region', () => {
    // cylinder R 0.3 at (3, 0.4): the body's corner (0.3, 0.2) touches it when (3 - 0.3 - t)^2 + 0.2^2 = 0.09
    const r = sweep([cylinder('c', [3, 0.4, 0.5], 0.6, 1)], req({ body: rect }));
    expect(r.distance).toBeCloseTo(2.7 - Math.sqrt(0.05), 6);
  });

  it('grazing passes miss; a hair of overlap hits', () => {
    const miss = sweep([box('b', [3, 0.7 + 1e-4, 0.5], [1, 1, 1])], req({}));
    expect(miss).toEqual({ distance: 10, hit: null });
    const hit = sweep([box('b', [3, 0.7 - 1e-4, 0.5], [1, 1, 1])], req({}));
    expect(hit.hit).toBe('b');
    expect(hit.distance).toBeCloseTo(2.5 - Math.sqrt(0.04 - (0.2 - 1e-4) ** 2), 6);
    const rmiss = sweep([box('b', [3, 0.7 + 1e-4, 0.5], [1, 1, 1])], req({ body: rect }));
    expect(rmiss.hit).toBeNull();
  });

  it('height bands: a tabletop above a low body is ignored, its legs are not; a sphere counts by its cross-section', () => {
    const table = [box('top', [3, 0, 0.75], [1, 1, 0.04]), cylinder('leg', [3, 0.45, 0.365], 0.05, 0.73)];
    const low: [number, number] = [0, 0.1];
    expect(sweep(table, req({ zBand: low })).hit).toBeNull();
    expect(sweep(table, req({ zBand: band })).distance).toBeCloseTo(2.3, 6);
    const ball = [sphere('ball', [3, 0, 1.0], 1)];
    // band top 0.6: cross-section radius sqrt(0.25 - 0.16) = 0.3
    expect(sweep(ball, req({ zBand: [0, 0.6] })).distance).toBeCloseTo(3 - 0.5, 6);
    expect(sweep(ball, req({ zBand: [0, 0.4] })).hit).toBeNull();
    // the floor under the body never counts
    expect(sweep([box('floor', [0, 0, -0.005], [20, 20, 0.01], 0, 'floor')], req({})).hit).toBeNull();
  });

  it('touching a solid: moving away is free, moving into it is 0', () => {
    const b = [box('b', [0.7, 0, 0.5], [1, 1, 1])]; // face at x = 0.2
    expect(sweep(b, req({ heading_deg: 180 })).hit).toBeNull();
    expect(sweep(b, req({ heading_deg: 0 }))).toEqual({ distance: 0, hit: 'b' });
  });

  it('caps at maxDistance, honours ignore, picks the nearest of several solids', () => {
    const s = [box('far', [8, 0, 0.5], [1, 1, 1]), box('near', [4, 0, 0.5], [1, 1, 1])];
    expect(sweep(s, req({ maxDistance: 2 }))).toEqual({ distance: 2, hit: null });
    expect(sweep(s, req({})).hit).toBe('near');
    expect(sweep(s, req({ ignore: ['near'] })).distance).toBeCloseTo(7.3, 6);
  });
});
