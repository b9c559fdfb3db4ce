/**
 * A step: the robot's state at one frame, as a system receives it (pose, velocity, camera pitch, status,
 * subgoal, clock), and the one-line frame header every frame carries. Scripts write steps in pose.jsonl; compile
 * renumbers them per case (k from 0, a fresh clock); the harness formats them with `formatHeader`.
 */
import { z } from 'zod';
import { normHeading } from '../foundation/angles.ts';

export { normHeading };

export const Step = z
  .object({
    /** frame number (per script in pose.jsonl, from 0 per case in case.json) */
    k: z.number().int().nonnegative(),
    /** simulated date-time, ISO 8601 with one decimal of seconds, no zone: 2026-12-22T07:12:19.8 */
    clock: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d$/),
    pose: z
      .object({
        /** base position in map metres (z = 0 for ground robots, flight height for the drone) */
        pos: z.tuple([z.number(), z.number(), z.number()]),
        /** degrees counter-clockwise from +x, in [-180, 180) */
        heading_deg: z.number().gte(-180).lt(180),
      })
      .strict(),
    /** planar velocity in the map frame, m/s */
    velocity: z.tuple([z.number(), z.number()]),
    camera: z.object({ pitch_deg: z.number().gte(-90).lte(90) }).strict(),
    status: z
      .object({
        phase: z.string().min(1),
        task: z.number().int().nonnegative(),
        battery_pct: z.number().int().min(0).max(100),
      })
      .strict(),
    subgoal: z.string(),
  })
  .strict();
export type Step = z.infer<typeof Step>;

/** Fixed decimals without a negative zero ("-0.00" prints as "0.00"). */
export function fixed(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/** Seconds since the Unix epoch -> the clock format (UTC wall time, one decimal, no zone). */
export function formatClock(epochS: number): string {
  const tenths = Math.round(epochS * 10);
  const d = new Date(Math.floor(tenths / 10) * 1000);
  const iso = d.toISOString(); // 2026-12-22T07:12:19.000Z
  return `${iso.slice(0, 19)}.${((tenths % 10) + 10) % 10}`;
}

/** The clock format -> seconds since the Unix epoch. */
export function parseClock(clock: string): number {
  const [whole, frac] = clock.split('.');
  return Date.parse(`${whole}Z`) / 1000 + Number(frac ?? 0) / 10;
}

/** The frame header line, exactly as the dataset card prints it. */
export function formatHeader(s: Step): string {
  const [x, y, z] = s.pose.pos;
  return (
    `[k${s.k} ${s.clock}] base at (${fixed(x, 2)}, ${fixed(y, 2)}, ${fixed(z, 2)}), ` +
    `heading ${fixed(normHeading(s.pose.heading_deg), 1)} deg, ` +
    `velocity (${fixed(s.velocity[0], 3)}, ${fixed(s.velocity[1], 3)}) m/s, ` +
    `camera pitch ${fixed(Math.round(s.camera.pitch_deg), 0)} deg; ` +
    `status: phase ${s.status.phase}, task ${s.status.task}, battery_pct ${s.status.battery_pct}; ` +
    `subgoal: ${s.subgoal}`
  );
}
