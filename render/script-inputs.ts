/**
 * What the render stage reads of a script: its timeline (private/<sid>/timeline.json), its plan's keyframes with
 * the camera pose per frame (BUILD/.stbench/scripts/<sid>/plan.json) and its camera (scripts/<sid>/sensors/camera.json),
 * with the hashes the stage records. Also which scripts a build holds and which of them a shard takes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseTimeline, type Timeline } from '../layouts/timeline.ts';
import { InputError, pathString, sha256, shardFlag, UsageError, type InputIssue } from '../foundation/index.ts';
import type { FrameSpec } from './build-shot-list.ts';
import type { RenderCamera } from './shot-list.ts';

/** Paths of a script's inputs, relative to the build. */
export function scriptInputPaths(sid: string): { timeline: string; plan: string; camera: string } {
  return {
    timeline: join('private', sid, 'timeline.json'),
    plan: join('.stbench', 'scripts', sid, 'plan.json'),
    camera: join('scripts', sid, 'sensors', 'camera.json'),
  };
}

const V3 = z.tuple([z.number(), z.number(), z.number()]);
const PlanKeyframes = z.object({
  keyframes: z.array(
    z.object({
      k: z.number().int().min(0),
      t: z.number().nonnegative(),
      camera: z.object({ position: V3, yaw_deg: z.number(), pitch_deg: z.number().min(-90).max(90) }),
    }),
  ),
});
const CameraDoc = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  hfov_deg: z.number().gt(0).lt(180),
  lamp: z.object({ power_w: z.number().positive(), spot_angle_deg: z.number().gt(0).lt(180) }).optional(),
});

export interface ScriptInputs {
  sid: string;
  timeline: Timeline;
  frames: FrameSpec[];
  camera: RenderCamera;
  /** relative path -> sha256 of the file's bytes */
  hashes: Record<string, string>;
}

function readJson<T>(build: string, rel: string, schema: z.ZodType<T>): { value: T; hash: string; raw: unknown } {
  const file = join(build, rel);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new InputError({ file, path: '', message: 'missing: run `stbench script` for this build first' });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issues: InputIssue[] = r.error.issues.map((i) => ({
      file,
      path: pathString(i.path as (string | number)[]),
      message: i.message,
    }));
    throw new InputError(issues);
  }
  return { value: r.data, hash: sha256(text), raw };
}

/** Read and check one script's inputs. */
export function readScriptInputs(build: string, sid: string): ScriptInputs {
  const p = scriptInputPaths(sid);
  const tl = readJson(build, p.timeline, z.unknown());
  const timeline = parseTimeline(tl.value, join(build, p.timeline));
  const plan = readJson(build, p.plan, PlanKeyframes);
  const cam = readJson(build, p.camera, CameraDoc);
  const frames = plan.value.keyframes.map((k) => ({
    index: k.k,
    t: k.t,
    camera: { position: k.camera.position, yaw_deg: k.camera.yaw_deg, pitch_deg: k.camera.pitch_deg },
  }));
  return {
    sid,
    timeline,
    frames,
    camera: {
      width: cam.value.width,
      height: cam.value.height,
      hfov_deg: cam.value.hfov_deg,
      ...(cam.value.lamp ? { lamp: cam.value.lamp } : {}),
    },
    hashes: { [p.timeline]: tl.hash, [p.plan]: plan.hash, [p.camera]: cam.hash },
  };
}

/** Every script of a build (those with a plan), sorted by sid. */
export function listScripts(build: string): string[] {
  const dir = join(build, '.stbench', 'scripts');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'plan.json')))
    .map((d) => d.name)
    .sort();
}

/** A shard: this is shard `index` (0-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parse "i/n" (0 <= i < n, n at most MAX_SHARDS): the `--shard` rule of foundation/cli-numbers.ts. */
export function parseShard(text: string): Shard {
  return shardFlag(text);
}

/**
 * The scripts a run takes: the build's sids (sorted), narrowed to `only` when given (each must exist), then those
 * whose position in the sorted list is the shard's index modulo the shard count.
 */
export function selectScripts(all: readonly string[], only?: readonly string[], shard?: Shard): string[] {
  let sids = [...all];
  if (only?.length) {
    const missing = only.filter((s) => !all.includes(s));
    if (missing.length) throw new UsageError(`no such script in the build: ${missing.join(', ')}`);
    sids = sids.filter((s) => only.includes(s));
  }
  if (shard) sids = all.filter((s, i) => i % shard.count === shard.index && sids.includes(s));
  return sids;
}
