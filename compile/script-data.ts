/**
 * What the compiler reads of one script, checked: its plan, its steps (pose.jsonl), its timeline and its truth
 * records (visibility.jsonl), with the render log that vouches for them. A script whose render log is missing (the
 * render is incomplete) or records another timeline, plan or visibility file than the build holds now (the truth
 * was made from another timeline) is refused, naming the file and the field.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { Step } from '../formats/step.ts';
import { parseTimeline, type Timeline } from '../layouts/timeline.ts';
import { InputError, readText as readInputText, sha256 } from '../foundation/index.ts';
import { parseJsonl, type VisibilityRecord } from '../render/truth/records.ts';
import { unvouchedFiles } from '../render/vouched-files.ts';
import { frameFiles } from './cases.ts';
import { parseVisibility } from './visibility-read.ts';
import { readPlan, type PlanFile } from './plan-file.ts';

/** Paths of a script's compile inputs, relative to the build. */
export function scriptFiles(sid: string) {
  return {
    plan: join('.stbench', 'scripts', sid, 'plan.json'),
    pose: join('scripts', sid, 'sensors', 'pose.jsonl'),
    timeline: join('private', sid, 'timeline.json'),
    visibility: join('private', sid, 'visibility.jsonl'),
    renderLog: join('private', sid, 'render_log.json'),
    robot: join('scripts', sid, 'robot.json'),
  };
}

export interface ScriptData {
  sid: string;
  plan: PlanFile;
  steps: Step[];
  timeline: Timeline;
  visibility: VisibilityRecord[];
  /** how the truth was made: `blender`, or `raycast` for the ray-cast truth renderer */
  truth_engine: string;
  /** relative path -> sha256 of each input read */
  hashes: Record<string, string>;
}

const RenderLogView = z.object({
  inputs: z.record(z.string(), z.string()),
  outputs: z.record(z.string(), z.string()),
  engine: z.string().optional(),
});

function readText(build: string, rel: string, missing: string): { text: string; sha: string; file: string } {
  const file = join(build, rel);
  if (!existsSync(file)) throw new InputError({ file, path: '', message: missing });
  const text = readInputText(file);
  return { text, sha: sha256(text), file };
}

function json(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
}

/** Read one script's compile inputs, refusing a render that is incomplete or was made from other inputs. */
export function readScriptData(build: string, sid: string): ScriptData {
  const p = scriptFiles(sid);
  const { plan, sha256: planSha } = readPlan(join(build, p.plan));
  const log = readText(
    build,
    p.renderLog,
    'missing: the render of this script is incomplete; run `stbench render` (or `--merge` after shards) first',
  );
  const lr = RenderLogView.safeParse(json(log.text, log.file));
  if (!lr.success)
    throw new InputError({
      file: log.file,
      path: lr.error.issues[0].path.join('.'),
      message: lr.error.issues[0].message,
    });
  const tl = readText(build, p.timeline, 'missing: run `stbench script` for this build first');
  const vis = readText(build, p.visibility, 'missing: the render of this script is incomplete (no truth records)');
  const pose = readText(build, p.pose, 'missing: run `stbench script` for this build first');
  const mismatch = (rel: string, sha: string, where: 'inputs' | 'outputs', what: string) => {
    const rec = lr.data[where][rel];
    if (rec === undefined)
      throw new InputError({
        file: log.file,
        path: `${where}.${rel}`,
        message: `records no hash of ${rel}: the truth cannot be vouched for; render again`,
      });
    if (rec !== sha)
      throw new InputError({
        file: log.file,
        path: `${where}.${rel}`,
        message: `the truth was made from another ${what} (${rec.slice(0, 12)} there, ${sha.slice(0, 12)} now); render this script again`,
      });
  };
  mismatch(p.timeline, tl.sha, 'inputs', 'timeline');
  mismatch(p.plan, planSha, 'inputs', 'plan');
  mismatch(p.visibility, vis.sha, 'outputs', 'visibility file');
  const timeline = parseTimeline(json(tl.text, tl.file), tl.file);
  const visibility = parseVisibility(vis.text, vis.file);
  const steps = parseJsonl(pose.text, Step, pose.file);
  if (visibility.length !== plan.keyframes.length || visibility.some((r, i) => r.k !== i)) {
    throw new InputError({
      file: vis.file,
      path: 'k',
      message: `holds ${visibility.length} frames, the plan ${plan.keyframes.length}: the render of this script is incomplete`,
    });
  }
  if (steps.length !== plan.keyframes.length || steps.some((s, i) => s.k !== i)) {
    throw new InputError({
      file: pose.file,
      path: 'k',
      message: `holds ${steps.length} steps, the plan ${plan.keyframes.length} frames`,
    });
  }
  // the frames the cases will name must be the ones the render wrote (a truncated depth PNG is refused here)
  const engine = lr.data.engine ?? 'blender';
  const framesVouched = unvouchedFiles(
    build,
    sid,
    plan.keyframes.flatMap((k) => Object.values(frameFiles(sid, k.k))),
    {
      file: log.file,
      engine,
      outputs: new Map(Object.entries(lr.data.outputs)),
    },
  );
  if (framesVouched.length) throw new InputError(framesVouched);
  return {
    sid,
    plan,
    steps,
    timeline,
    visibility,
    truth_engine: lr.data.engine ?? 'blender',
    hashes: {
      [p.plan]: planSha,
      [p.timeline]: tl.sha,
      [p.visibility]: vis.sha,
      [p.pose]: pose.sha,
      [p.renderLog]: log.sha,
    },
  };
}
