import { describe, expect, it } from 'vitest';
import {
  clearanceFromGrid,
  clearanceFromSolids,
  distanceToSolids,
  occupancyGrid,
  planPath,
  type PlanResult,
  type Vec2,
} from '../../../../layouts/geometry/index.ts';
import type { Solid } from '../../../../layouts/solids.ts';
import { twoRooms } from '../../../helpers/geometry-solids.ts';

const r = 0.2,
  C = 0.3;
const opts = {
  bounds: { min: [-0.2, -0.2] as Vec2, max: [10.2, 6.2] as Vec2 },
  zBand: [0, 1.2] as [number, number],
  cap: 1,
};

/** Smallest body-edge clearance along the route, every 5 mm, measured directly against every solid. */
function routeClearance(route: Vec2[], solids: Solid[]): number {
  let m = Infinity;
  for (let i = 0; i + 1 < route.length; i++) {
    const [a, b] = [route[i], route[i + 1]];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.005));
    for (let k = 0; k <= n; k++) {
      const q: Vec2 = [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
      m = Math.min(m, distanceToSolids(q, solids, { zBand: opts.zBand })!.distance - r);
    }
  }
  return m;
}

function plan(gap: number): { res: PlanResult; solids: Solid[] } {
  const solids = twoRooms(gap);
  return {
    res: planPath(clearanceFromSolids(solids, opts), { start: [2, 1], goal: [8, 5], radius: r, clearance: C }),
    solids,
  };
}

describe('path planning', () => {
  it('routes through a door gap that leaves room, keeping C and the body clear of every solid', () => {
    const { res, solids } = plan(2 * C + 2 * r + 0.1);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.waypoints[0]).toEqual([2, 1]);
    expect(res.waypoints.at(-1)).toEqual([8, 5]);
    const indep = routeClearance(res.waypoints, solids);
    expect(indep).toBeGreaterThanOrEqual(C);
    expect(res.minClearance).toBeGreaterThanOrEqual(C);
    expect(Math.abs(res.minClearance - indep)).toBeLessThan(0.002);
    // the route passes the wall through the gap
    const i = res.waypoints.findIndex((p, k) => k > 0 && res.waypoints[k - 1][0] < 5 && p[0] >= 5);
    const [a, b] = [res.waypoints[i - 1], res.waypoints[i]];
    const yAt5 = a[1] + ((b[1] - a[1]) * (5 - a[0])) / (b[0] - a[0]);
    expect(Math.abs(yAt5 - 3)).toBeLessThan(0.55 - r);
    let len = 0;
    for (let i = 1; i < res.waypoints.length; i++)
      len += Math.hypot(res.waypoints[i][0] - res.waypoints[i - 1][0], res.waypoints[i][1] - res.waypoints[i - 1][1]);
    expect(res.length).toBeCloseTo(len, 9);
    expect(res.length).toBeLessThan(Math.hypot(6, 4) * 1.2); // shortened, not a staircase
  });

  it('squeezes through a narrower gap with a smaller minClearance, still clear of every solid', () => {
    const { res, solids } = plan(0.6);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.minClearance).toBeLessThan(C);
    expect(res.minClearance).toBeLessThanOrEqual(0.1 + 1e-9); // at best the gap's half-width less the radius
    const indep = routeClearance(res.waypoints, solids);
    expect(indep).toBeGreaterThan(0);
    expect(Math.abs(res.minClearance - indep)).toBeLessThan(0.002);
  });

  it('a gap narrower than the body gives no route, with a reason', () => {
    const { res } = plan(0.35);
    expect(res).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('start or goal inside an obstacle is refused', () => {
    const map = clearanceFromSolids(twoRooms(1.1), opts);
    expect(planPath(map, { start: [5, 1], goal: [8, 5], radius: r, clearance: C })).toMatchObject({
      ok: false,
      reason: 'start_blocked',
    });
    expect(planPath(map, { start: [2, 1], goal: [5, 5], radius: r, clearance: C })).toMatchObject({
      ok: false,
      reason: 'goal_blocked',
    });
    expect(planPath(map, { start: [20, 1], goal: [8, 5], radius: r, clearance: C })).toMatchObject({
      ok: false,
      reason: 'start_outside',
    });
  });

  it('a goal region ends within its radius', () => {
    const map = clearanceFromSolids(twoRooms(1.1), opts);
    const res = planPath(map, { start: [2, 1], goal: { center: [8, 5], radius: 0.5 }, radius: r, clearance: C });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const end = res.waypoints.at(-1)!;
    expect(Math.hypot(end[0] - 8, end[1] - 5)).toBeLessThanOrEqual(0.5);
    expect(Math.hypot(end[0] - 8, end[1] - 5)).toBeGreaterThan(0.4);
  });

  it('plans on a bare occupancy grid too (seen-floor maps), conservatively', () => {
    const solids = twoRooms(1.1);
    const map = clearanceFromGrid(occupancyGrid(solids, opts));
    const res = planPath(map, { start: [2, 1], goal: [8, 5], radius: r, clearance: C });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(routeClearance(res.waypoints, solids)).toBeGreaterThanOrEqual(res.minClearance - 1e-9);
  });

  it('is deterministic: the same inputs give byte-identical JSON', () => {
    const a = JSON.stringify(plan(0.9).res);
    const b = JSON.stringify(plan(0.9).res);
    expect(a).toBe(b);
    expect(a).toContain('"ok":true');
  });
});
