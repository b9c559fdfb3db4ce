/**
 * The shot list: a neutral, renderer-agnostic description of one script's scene (primitives, materials, lights,
 * world) and of every frame to render (the camera pose and the absolute poses of moved objects). The Blender side
 * (render/blender/render_job.py) renders any such job; it decides nothing about the benchmark.
 *
 * Stored at BUILD/.stbench/scripts/<sid>/render_job.json (see docs/format.md, "Shot list").
 * Frames: the map frame, right-handed, z up, metres (Blender's own frame: no axis swap).
 */
import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { Solid, Vec3, solidIssues, tiltIssues } from '../layouts/solids.ts';
import { InputError, pathString, writeJsonAtomic, type InputIssue } from '../foundation/index.ts';

export const RENDER_JOB_VERSION = 1;

/** Largest truth id: Blender's object pass_index stops at 32767. */
export const MAX_TRUTH_ID = 32767;

const unit = z.number().min(0).max(1);
export const Rgb = z.tuple([unit, unit, unit]);
export type Rgb = z.infer<typeof Rgb>;

export const PATTERNS = ['wood', 'tiles', 'concrete', 'asphalt', 'fabric', 'brick', 'checker'] as const;

export const RenderMaterial = z.strictObject({
  base_rgb: Rgb,
  roughness: unit,
  metallic: unit,
  /** a procedural pattern mixing base_rgb and pattern_rgb, laid out in world metres (null or absent: plain) */
  pattern: z.enum(PATTERNS).nullable().optional(),
  pattern_rgb: Rgb.optional(),
  /** size in metres of one repeat of the pattern (brick, tile, board, checker square...) */
  pattern_scale: z.number().positive().optional(),
  emission_rgb: Rgb.optional(),
  emission_strength: z.number().min(0).optional(),
});
export type RenderMaterial = z.infer<typeof RenderMaterial>;

export const RenderLight = z
  .strictObject({
    name: z.string().min(1),
    type: z.enum(['point', 'area', 'sun', 'spot']),
    position: Vec3,
    /** direction the light shines (area, spot, sun); default straight down. Ignored when rotation_deg is given. */
    direction: Vec3.optional(),
    /** Euler XYZ rotation in degrees of the light (its local -Z shines) */
    rotation_deg: Vec3.optional(),
    /** radiant power in watts (point, area, spot) */
    power_w: z.number().min(0).optional(),
    /** irradiance in W/m² (sun) */
    strength: z.number().min(0).optional(),
    rgb: Rgb,
    /** point/spot: diameter of the emitter; area: side of a square emitter */
    size_m: z.number().min(0),
    /** area: [x, y] sides, overriding size_m */
    area_size_m: z.tuple([z.number().positive(), z.number().positive()]).optional(),
    spot_angle_deg: z.number().gt(0).max(180).optional(),
    spot_blend: unit.optional(),
    /** sun: angular diameter */
    angle_deg: z.number().min(0).max(180).optional(),
  })
  .superRefine((l, ctx) => {
    if (l.type === 'sun' && l.strength === undefined)
      ctx.addIssue({ code: 'custom', path: ['strength'], message: 'a sun light needs strength (W/m²)' });
    if (l.type !== 'sun' && l.power_w === undefined)
      ctx.addIssue({ code: 'custom', path: ['power_w'], message: `a ${l.type} light needs power_w` });
  });
export type RenderLight = z.infer<typeof RenderLight>;

/** A primitive to render: the shared Solid plus the integer id the truth knows it by (0 = not cared about). */
export const RenderObject = Solid.extend({
  truth_id: z.number().int().min(0).max(MAX_TRUTH_ID),
});
export type RenderObject = z.infer<typeof RenderObject>;

export const CameraPose = z.strictObject({
  position: Vec3,
  /** heading, degrees counter-clockwise from +x */
  yaw_deg: z.number(),
  /** degrees, negative = looking down */
  pitch_deg: z.number().min(-90).max(90),
});
export type CameraPose = z.infer<typeof CameraPose>;

/**
 * The absolute pose of a named object for a frame: centre, yaw and tilt (pitch_deg and roll_deg as a Solid has
 * them; absent means 0, so a move of a tilted object carries its tilt).
 */
export const Move = z.strictObject({
  name: z.string().min(1),
  center: Vec3,
  yaw_deg: z.number().default(0),
  pitch_deg: z.number().optional(),
  roll_deg: z.number().optional(),
  hidden: z.boolean().optional(),
});
export type Move = z.infer<typeof Move>;

export const RenderFrame = z.strictObject({
  /** the script's frame index (file names use it, six digits) */
  index: z.number().int().min(0).max(999_999),
  /** the script clock at the frame, seconds (informational: the truth records carry it) */
  t: z.number().nonnegative().optional(),
  camera: CameraPose,
  /** absolute poses of objects for this frame; objects not listed keep their last pose */
  moves: z.array(Move).default([]),
});
export type RenderFrame = z.infer<typeof RenderFrame>;

export const RenderSettings = z.strictObject({
  /** JPEG quality of the RGB frame (default 92) */
  jpeg_quality: z.number().int().min(1).max(100).optional(),
  /** Cycles pixel filter (default blackman_harris, 1.5 px) */
  pixel_filter: z
    .strictObject({ type: z.enum(['box', 'gaussian', 'blackman_harris']), width_px: z.number().min(0.01).max(10) })
    .optional(),
  /** light path bounces (defaults: max 4, diffuse 2, glossy 2, transmission 2, transparent 4) */
  bounces: z
    .strictObject({
      max: z.number().int().min(0).optional(),
      diffuse: z.number().int().min(0).optional(),
      glossy: z.number().int().min(0).optional(),
      transmission: z.number().int().min(0).optional(),
      transparent: z.number().int().min(0).optional(),
    })
    .optional(),
  /** adaptive sampling noise threshold (absent: adaptive sampling off) */
  adaptive_threshold: z.number().positive().optional(),
  adaptive_min_samples: z.number().int().min(0).optional(),
  /** 'oidn' only where Blender was built with OpenImageDenoise (Debian's 3.4 is not); default off */
  denoise: z.enum(['off', 'oidn']).optional(),
  /**
   * a filter of the picture after the render (default none): 'albedo' averages each pixel's light over its
   * neighbours on the same surface and multiplies its own albedo back (render/albedo-filter.ts); Blender then writes
   * the picture losslessly and the JPEG is encoded after the filter
   */
  post_filter: z.enum(['none', 'albedo']).optional(),
  /** Cycles seed (default 0, not animated) */
  seed: z.number().int().min(0).optional(),
  /** clamp of indirect light (0 = off) */
  clamp_indirect: z.number().min(0).optional(),
  /**
   * exposure in stops applied by the view transform before the sRGB curve (default 0): a scene whose lights are
   * too bright for the Standard transform clips to white; -1 halves every pixel's linear value
   */
  exposure_ev: z.number().min(-10).max(10).optional(),
  /**
   * render only this part of the frame, [x0, y0, x1, y1] as fractions of the width and height from the top-left
   * (Blender's render border, not cropped: the files keep the camera's size, pixels outside are not rendered).
   * For measurements only (tests/bench/render-quality.ts); absent: the whole frame.
   */
  region: z
    .tuple([unit, unit, unit, unit])
    .refine(([x0, y0, x1, y1]) => x1 > x0 && y1 > y0, 'region: x1 > x0 and y1 > y0')
    .optional(),
});
export type RenderSettings = z.infer<typeof RenderSettings>;

/** What an entity the truth cares about rests on: the floor (top 0) or a fixed surface with its top height. */
export const RenderSupport = z.strictObject({
  kind: z.enum(['floor', 'surface']),
  top_z: z.number(),
  on: z.string().min(1).optional(),
});

/**
 * One entity of the truth (a thing, a person, a door, a fixed piece of furniture): the world-model id its solids
 * carry as `owner`, and what the truth records say of it. Ignored by the Blender side.
 */
export const RenderEntity = z.strictObject({
  truth_id: z.number().int().min(1).max(MAX_TRUTH_ID),
  /** the world-model id (the solids' owner) */
  entity: z.string().min(1),
  role: z.enum(['thing', 'person', 'door', 'fixed']),
  /** the thing's or fixed piece's kind; "person", "door" */
  kind: z.string().min(1),
  /** the colour word (things: their colour; people: their top's), null when none */
  colour: z.string().nullable(),
  /** the support at the job's first frame (things that move may change it; people stand on the floor) */
  support: RenderSupport.nullable(),
});
export type RenderEntity = z.infer<typeof RenderEntity>;

export const RenderCamera = z.strictObject({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** horizontal field of view in degrees (Blender: lens unit FOV, sensor fit horizontal) */
  hfov_deg: z.number().gt(0).lt(180),
  clip_start_m: z.number().positive().optional(),
  clip_end_m: z.number().positive().optional(),
  /** a spot light beside the lens along its axis (the robot's own lamp); lights the picture only */
  lamp: z.strictObject({ power_w: z.number().positive(), spot_angle_deg: z.number().gt(0).lt(180) }).optional(),
});
export type RenderCamera = z.infer<typeof RenderCamera>;

export const ShotList = z
  .strictObject({
    version: z.literal(RENDER_JOB_VERSION),
    sid: z.string().min(1),
    camera: RenderCamera,
    settings: RenderSettings.optional(),
    world: z.strictObject({
      background_rgb: Rgb,
      strength: z.number().min(0),
      /** a physical sky (Cycles' sky texture without its sun disc) with its sun here, times strength; absent: flat */
      sky: z
        .strictObject({ sun_elevation_deg: z.number().min(-90).max(90), sun_azimuth_deg: z.number().finite() })
        .optional(),
    }),
    materials: z.record(z.string().min(1), RenderMaterial),
    lights: z.array(RenderLight),
    objects: z.array(RenderObject),
    frames: z.array(RenderFrame),
    /** the truth's entity table (truth_id -> entity); objects with another truth_id than 0 refer to it */
    entities: z.array(RenderEntity).optional(),
  })
  .superRefine((job, ctx) => {
    const names = new Map<string, number>();
    job.objects.forEach((o, i) => {
      if (names.has(o.name))
        ctx.addIssue({ code: 'custom', path: ['objects', i, 'name'], message: `duplicate object name "${o.name}"` });
      names.set(o.name, i);
      for (const e of solidIssues(o))
        ctx.addIssue({ code: 'custom', path: ['objects', i, ...e.path], message: e.message });
      if (!(o.material in job.materials))
        ctx.addIssue({ code: 'custom', path: ['objects', i, 'material'], message: `unknown material "${o.material}"` });
    });
    const lightNames = new Set<string>();
    job.lights.forEach((l, i) => {
      if (lightNames.has(l.name) || names.has(l.name))
        ctx.addIssue({ code: 'custom', path: ['lights', i, 'name'], message: `duplicate name "${l.name}"` });
      lightNames.add(l.name);
    });
    const seen = new Set<number>();
    job.frames.forEach((f, i) => {
      if (seen.has(f.index))
        ctx.addIssue({ code: 'custom', path: ['frames', i, 'index'], message: `duplicate frame index ${f.index}` });
      seen.add(f.index);
      f.moves.forEach((m, j) => {
        if (!names.has(m.name))
          ctx.addIssue({
            code: 'custom',
            path: ['frames', i, 'moves', j, 'name'],
            message: `unknown object "${m.name}"`,
          });
        else
          for (const e of tiltIssues({ ...m, shape: job.objects[names.get(m.name)!].shape }))
            ctx.addIssue({ code: 'custom', path: ['frames', i, 'moves', j, ...e.path], message: e.message });
      });
    });
  });
export type ShotList = z.infer<typeof ShotList>;

/** Validate a shot list; bad input throws an InputError naming the file and every field at fault. */
export function parseShotList(value: unknown, file = '<shot list>'): ShotList {
  const r = ShotList.safeParse(value);
  if (r.success) return r.data;
  const issues: InputIssue[] = r.error.issues.map((i) => ({
    file,
    path: pathString(i.path as (string | number)[]),
    message: i.message,
  }));
  throw new InputError(issues);
}

/** Read and validate a shot list file (JSON). */
export function loadShotList(path: string): ShotList {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new InputError({ file: path, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
  return parseShotList(data, path);
}

/** Validate and write a shot list atomically (Blender reads the file at this path). */
export function writeShotList(path: string, job: ShotList): void {
  writeJsonAtomic(path, parseShotList(job, path));
}

/** The settings a job renders with, every default filled in (what render/blender/render_job.py applies). */
export function effectiveSettings(
  job: ShotList,
): Required<Omit<RenderSettings, 'adaptive_threshold' | 'clamp_indirect' | 'region' | 'exposure_ev'>> &
  Pick<RenderSettings, 'adaptive_threshold' | 'clamp_indirect' | 'region' | 'exposure_ev'> {
  const s = job.settings ?? {};
  return {
    jpeg_quality: s.jpeg_quality ?? 92,
    pixel_filter: s.pixel_filter ?? { type: 'blackman_harris', width_px: 1.5 },
    bounces: { max: 4, diffuse: 2, glossy: 2, transmission: 2, transparent: 4, ...(s.bounces ?? {}) },
    adaptive_threshold: s.adaptive_threshold,
    adaptive_min_samples: s.adaptive_min_samples ?? 0,
    denoise: s.denoise ?? 'off',
    post_filter: s.post_filter ?? 'none',
    seed: s.seed ?? 0,
    clamp_indirect: s.clamp_indirect,
    ...(s.exposure_ev ? { exposure_ev: s.exposure_ev } : {}),
    ...(s.region ? { region: s.region } : {}),
  };
}

/**
 * For every frame (in the job's order, by position), the full list of absolute poses of every object that any
 * frame moves, accumulated up to that frame (objects not yet moved keep their pose from `objects`). A frame
 * command carrying this list renders the same whatever frames a process rendered before it.
 */
export function resolvedMoves(job: ShotList): Move[][] {
  const moved = new Set<string>();
  for (const f of job.frames) for (const m of f.moves) moved.add(m.name);
  const state = new Map<string, Move>();
  for (const o of job.objects) {
    if (moved.has(o.name))
      state.set(o.name, {
        name: o.name,
        center: o.center,
        yaw_deg: o.yaw_deg,
        ...(o.pitch_deg ? { pitch_deg: o.pitch_deg } : {}),
        ...(o.roll_deg ? { roll_deg: o.roll_deg } : {}),
        hidden: false,
      });
  }
  return job.frames.map((f) => {
    for (const m of f.moves) state.set(m.name, { ...m, hidden: m.hidden ?? false });
    return [...state.values()].map((m) => ({ ...m }));
  });
}

/** Six-digit zero-padded frame file stem, e.g. 000042. */
export function frameStem(index: number): string {
  return String(index).padStart(6, '0');
}
