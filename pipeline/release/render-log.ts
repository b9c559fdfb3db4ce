/**
 * Reading private/<sid>/render_log.json for its per-frame hashes: either a list of frame entries or an object with
 * a `frames` list (and any other fields, e.g. versions). Each entry holds at least `index` and `sha256: {rgb, depth}`
 * (docs/format.md, render/render-log.ts), and an object log may hold `outputs` (path relative to the root -> sha256 of
 * every file the render wrote) and `engine` (blender, or raycast for a truth-only build); other fields are carried
 * along unread.
 */
import { z } from 'zod';
import { InputError, pathString, readText } from '../../foundation/index.ts';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const Entry = z.looseObject({
  index: z.number().int().nonnegative(),
  blender: z.string().nullable().optional(),
  sha256: z.looseObject({ rgb: Hex64, depth: Hex64 }),
});
const RenderLog = z.union([
  z.array(Entry),
  z.looseObject({
    frames: z.array(Entry),
    outputs: z.record(z.string(), Hex64).optional(),
    render_version: z.string().optional(),
    tool_version: z.string().optional(),
    engine: z.enum(['blender', 'raycast']).optional(),
  }),
]);

export interface RenderLogInfo {
  frames: { index: number; rgb: string; depth: string; blender: string | null }[];
  /** the version of the render (render_version, else tool_version), when the log records one */
  version: string | null;
  /** path relative to the build root -> sha256 of every file the render wrote (frames and truth records) */
  outputs: Record<string, string>;
  /** what made the frames: blender (Cycles renders; a log that names no engine is Blender's) or raycast (truth only) */
  engine: 'blender' | 'raycast';
}

export function readRenderLog(file: string): RenderLogInfo {
  let value: unknown;
  try {
    value = JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
  const r = RenderLog.safeParse(value);
  if (!r.success)
    throw new InputError(r.error.issues.map((i) => ({ file, path: pathString(i.path), message: i.message })));
  const entries = Array.isArray(r.data) ? r.data : r.data.frames;
  const version = Array.isArray(r.data) ? null : (r.data.render_version ?? r.data.tool_version ?? null);
  const outputs = Array.isArray(r.data) ? {} : (r.data.outputs ?? {});
  const engine = Array.isArray(r.data) ? 'blender' : (r.data.engine ?? 'blender');
  return {
    frames: entries.map((e) => ({
      index: e.index,
      rgb: e.sha256.rgb,
      depth: e.sha256.depth,
      blender: e.blender ?? null,
    })),
    version,
    outputs,
    engine,
  };
}
