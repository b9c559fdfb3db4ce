import { describe, expect, it } from 'vitest';
import { fixed, formatClock, formatHeader, normHeading, parseClock, Step } from '../../../formats/step.ts';

const CARD =
  '[k18 2026-12-22T07:12:19.8] base at (0.94, 3.91, 0.00), heading -180.0 deg, velocity (0.000, 0.000) m/s, camera pitch -45 deg; status: phase navigating, task 0, battery_pct 81; subgoal: going to the tv console to pick up the grey remote';

describe('frame header', () => {
  it("reproduces the dataset card's k18 header exactly", () => {
    const step = Step.parse({
      k: 18,
      clock: formatClock(parseClock('2026-12-22T07:12:19.8')),
      pose: { pos: [0.9412, 3.9071, 0], heading_deg: normHeading(180) },
      velocity: [-0.0001, 0],
      camera: { pitch_deg: -45 },
      status: { phase: 'navigating', task: 0, battery_pct: 81 },
      subgoal: 'going to the tv console to pick up the grey remote',
    });
    expect(formatHeader(step)).toBe(CARD);
  });

  it('normalises headings to [-180, 180)', () => {
    expect(normHeading(180)).toBe(-180);
    expect(normHeading(-180)).toBe(-180);
    expect(normHeading(540)).toBe(-180);
    expect(normHeading(359)).toBe(-1);
    expect(normHeading(-190)).toBe(170);
    expect(normHeading(0)).toBe(0);
  });

  it('never prints a negative zero', () => {
    expect(fixed(-0.0004, 2)).toBe('0.00');
    expect(fixed(-0.004, 3)).toBe('-0.004');
  });

  it('round-trips the clock to a tenth of a second', () => {
    const t = parseClock('2026-12-22T07:12:19.8');
    expect(formatClock(t)).toBe('2026-12-22T07:12:19.8');
    expect(formatClock(t + 0.96)).toBe('2026-12-22T07:12:20.8');
    expect(formatClock(t + 0.2)).toBe('2026-12-22T07:12:20.0');
  });

  it('rejects a step with a heading outside [-180, 180) or a fractional battery', () => {
    const ok = {
      k: 0,
      clock: '2026-12-22T07:12:19.8',
      pose: { pos: [0, 0, 0], heading_deg: 0 },
      velocity: [0, 0],
      camera: { pitch_deg: -45 },
      status: { phase: 'navigating', task: 0, battery_pct: 81 },
      subgoal: '',
    };
    expect(Step.safeParse(ok).success).toBe(true);
    expect(Step.safeParse({ ...ok, pose: { pos: [0, 0, 0], heading_deg: 180 } }).success).toBe(false);
    expect(Step.safeParse({ ...ok, status: { ...ok.status, battery_pct: 80.5 } }).success).toBe(false);
  });
});
