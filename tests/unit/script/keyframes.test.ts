import { describe, expect, it } from 'vitest';
import { TrajectoryBuilder, poseAt, turnDelta } from '../../../script/trajectory.ts';
import { sampleKeyframes } from '../../../script/keyframes.ts';
import { DEFAULT_BATTERY, batteryPct, charge, drain, mustGoHome } from '../../../script/battery.ts';

const info = (decision?: string) => ({ phase: 'navigating', subgoal: 'going', task: 0, pitch_deg: -45, decision });
const rule = { travel_m: 0.5, turn_deg: 30, time_s: 4, decision_points: true };

describe('trajectory', () => {
  it('turns the short way and drives straight', () => {
    expect(turnDelta(170, -170)).toBeCloseTo(20);
    expect(turnDelta(-170, 170)).toBeCloseTo(-20);
    const b = new TrajectoryBuilder({ x: 0, y: 0, z: 0, heading_deg: 0 }, 0, 90, DEFAULT_BATTERY);
    b.goTo(0, 2, 0.5, 45, info('start'));
    expect(b.motions.map((m) => m.kind)).toEqual(['turn', 'drive']);
    expect(b.motions[0].t1).toBeCloseTo(2);
    expect(b.t).toBeCloseTo(6);
    expect(b.pose.heading_deg).toBeCloseTo(90);
    expect(poseAt(b.motions[1], 4).y).toBeCloseTo(1);
    expect(b.battery).toBeLessThan(90);
  });
});

describe('keyframe rule', () => {
  it('samples by travel, turn, time and decisions', () => {
    const b = new TrajectoryBuilder({ x: 0, y: 0, z: 0, heading_deg: 0 }, 0, 90, DEFAULT_BATTERY);
    b.driveTo(2, 0, 0.5, info('task start')); // 4 s, 2 m -> frames every 0.5 m
    b.turnTo(90, 45, info()); // 90 deg -> frames every 30 deg
    b.pause(10, info('pick')); // decision at start, then every 4 s
    const k = sampleKeyframes(b.motions, rule);
    const ts = k.map((f) => Number(f.t.toFixed(3)));
    expect(ts).toEqual([0, 1, 2, 3, 4, 4.667, 5.333, 6, 10, 14, 16]);
    expect(k[0].decision).toBe('task start');
    expect(k.find((f) => f.t === 6)?.decision).toBe('pick');
    expect(k.filter((f) => f.decision).length).toBe(2);
    expect(k[1].velocity[0]).toBeCloseTo(0.5);
    expect(k[5].velocity).toEqual([0, 0]);
    expect(k[5].pose.heading_deg).toBeCloseTo(30);
  });
  it('never leaves a gap longer than the rule allows', () => {
    const b = new TrajectoryBuilder({ x: 0, y: 0, z: 0, heading_deg: 0 }, 0, 90, DEFAULT_BATTERY);
    for (let i = 0; i < 5; i++) b.goTo(i % 2 ? 0 : 3, i, 0.3, 60, info(`leg ${i}`)).pause(1.3, info());
    const k = sampleKeyframes(b.motions, rule);
    for (let i = 1; i < k.length; i++) {
      expect(k[i].t - k[i - 1].t).toBeLessThanOrEqual(rule.time_s + 1e-6);
      expect(Math.hypot(k[i].pose.x - k[i - 1].pose.x, k[i].pose.y - k[i - 1].pose.y)).toBeLessThanOrEqual(
        rule.travel_m + 1e-6,
      );
      expect(Math.abs(turnDelta(k[i - 1].pose.heading_deg, k[i].pose.heading_deg))).toBeLessThanOrEqual(
        rule.turn_deg + 1e-6,
      );
    }
    expect(k[k.length - 1].t).toBeCloseTo(b.t);
  });
});

describe('battery', () => {
  it('drains, charges and sends home', () => {
    const m = { drain_pct_per_min: 1, drain_pct_per_m: 0.1, charge_pct_per_min: 2, sent_home_pct: 20 };
    expect(drain(m, 50, 60, 10)).toBeCloseTo(48);
    expect(charge(m, 50, 600)).toBe(70);
    expect(charge(m, 95, 600)).toBe(100);
    expect(drain(m, 1, 600, 0)).toBe(0);
    expect(batteryPct(80.4)).toBe(80);
    expect(batteryPct(80.6)).toBe(81);
    expect(mustGoHome(m, 25, 6)).toBe(true);
    expect(mustGoHome(m, 25, 4)).toBe(false);
  });
});
