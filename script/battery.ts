/**
 * The battery model: the charge drains with time worked and distance travelled, and recharges while the robot is
 * parked at home between tasks. Below `sent_home_pct` a robot that checks it (the vacuum) goes home and finishes
 * its work in a later task. Percentages are real numbers here; the status line rounds them to an integer.
 */

export interface BatteryModel {
  drain_pct_per_min: number;
  drain_pct_per_m: number;
  charge_pct_per_min: number;
  sent_home_pct: number;
}

/** A model for jobs whose spec gives none: a slow drain that no task of theirs runs down. */
export const DEFAULT_BATTERY: BatteryModel = {
  drain_pct_per_min: 0.25,
  drain_pct_per_m: 0.01,
  charge_pct_per_min: 1,
  sent_home_pct: 5,
};

/** Battery after working durationS seconds and travelling travelM metres (never below 0). */
export function drain(m: BatteryModel, pct: number, durationS: number, travelM: number): number {
  return Math.max(0, pct - (m.drain_pct_per_min * durationS) / 60 - m.drain_pct_per_m * travelM);
}

/** Battery after charging for durationS seconds (never above 100). */
export function charge(m: BatteryModel, pct: number, durationS: number): number {
  return Math.min(100, pct + (m.charge_pct_per_min * durationS) / 60);
}

/** The status line's integer battery percentage (rounded). */
export function batteryPct(pct: number): number {
  return Math.max(0, Math.min(100, Math.round(pct)));
}

/** Whether the robot must go home now, given what it still needs to get there (in percent). */
export function mustGoHome(m: BatteryModel, pct: number, reserveToHomePct = 0): boolean {
  return pct - reserveToHomePct <= m.sent_home_pct;
}
