/**
 * What the compiler reads of a script's plan (BUILD/.stbench/scripts/<sid>/plan.json, written by the script stage):
 * its tasks (assignment, things, rooms, frames, the unobserved gap before each), its keyframes (time, task, base
 * pose, camera, decision flag) and its clock start. Look points and case windows are drawn from this alone.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { Split } from '../formats/split.ts';
import { InputError, pathString, readText, sha256 } from '../foundation/index.ts';

const V3 = z.tuple([z.number(), z.number(), z.number()]);

export const PlanTask = z.object({
  index: z.number().int().nonnegative(),
  kind: z.string(),
  brief: z.string(),
  things: z.array(z.string()),
  rooms: z.array(z.string()),
  gap_before_s: z.number().nonnegative(),
  frames: z.array(z.number().int().nonnegative()),
});
export type PlanTask = z.infer<typeof PlanTask>;

export const PlanKeyframe = z.object({
  k: z.number().int().nonnegative(),
  t: z.number().nonnegative(),
  task: z.number().int().nonnegative(),
  phase: z.string(),
  decision: z.string().nullable(),
  pose: z.object({ x: z.number(), y: z.number(), z: z.number(), heading_deg: z.number() }),
  camera: z.object({ position: V3, yaw_deg: z.number(), pitch_deg: z.number() }),
});
export type PlanKeyframe = z.infer<typeof PlanKeyframe>;

export const PlanFile = z.object({
  sid: z.string(),
  job: z.string(),
  job_hash: z.string(),
  place_id: z.string(),
  /** dev or heldout (a plan written before splits: dev) */
  split: Split.default('dev'),
  epoch_s: z.number(),
  tasks: z.array(PlanTask).min(1),
  keyframes: z.array(PlanKeyframe).min(1),
});
export type PlanFile = z.infer<typeof PlanFile>;

/** Parse a plan document (its value), naming the file and field of any problem. */
export function parsePlan(value: unknown, file: string): PlanFile {
  const r = PlanFile.safeParse(value);
  if (!r.success)
    throw new InputError(
      r.error.issues.map((i) => ({ file, path: pathString(i.path as (string | number)[]), message: i.message })),
    );
  const ks = r.data.keyframes.map((k) => k.k);
  ks.forEach((k, i) => {
    if (k !== i)
      throw new InputError({
        file,
        path: `keyframes[${i}].k`,
        message: `frames must be numbered 0, 1, 2, ... in order; found ${k}`,
      });
  });
  return r.data;
}

/** Read and parse a plan file; returns the plan and the sha256 of its bytes. */
export function readPlan(file: string): { plan: PlanFile; sha256: string } {
  if (!existsSync(file))
    throw new InputError({ file, path: '', message: 'missing: run `stbench script` for this build first' });
  const text = readText(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
  return { plan: parsePlan(value, file), sha256: sha256(text) };
}
