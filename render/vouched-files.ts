/**
 * The render's outputs as its render log vouches for them: private/<sid>/render_log.json records the sha256 of
 * every file the render wrote (`outputs`: frames and truth records). A stage that reads or passes on such a file
 * (compile names the frames in its cases; check sends them, with the oracle's detections, to the systems) first
 * checks it against that hash, so that a truncated or changed depth PNG is refused naming the file, not read.
 * A log of the ray-cast truth renderer (`engine: raycast` or `none`, tests only) records no frame images.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { hashFile, InputError, readText, type InputIssue } from '../foundation/index.ts';

const LogView = z.looseObject({
  engine: z.string().optional(),
  outputs: z.record(z.string(), z.string()).optional(),
});

/** The engines whose logs record no frame images (their frames cannot be, and need not be, vouched for). */
const IMAGELESS = new Set(['raycast', 'none']);

export interface RenderLogHashes {
  file: string;
  engine: string;
  /** relative path -> sha256 */
  outputs: Map<string, string>;
}

/** The hashes one script's render log records (an InputError when it is missing or not a render log). */
export function renderLogHashes(root: string, sid: string): RenderLogHashes {
  const file = join(root, 'private', sid, 'render_log.json');
  if (!existsSync(file))
    throw new InputError({
      file,
      path: '',
      message:
        'missing: the render of this script is incomplete, so its frames cannot be vouched for; run `stbench render` first',
    });
  let value: unknown;
  try {
    value = JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError({ file, path: '', message: `not readable JSON: ${(e as Error).message}` });
  }
  const r = LogView.safeParse(value);
  if (!r.success)
    throw new InputError({ file, path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message });
  const outputs = new Map(Object.entries(r.data.outputs ?? {}));
  return { file, engine: r.data.engine ?? 'blender', outputs };
}

/**
 * The problems of files a stage is about to read or pass on: each must be recorded in its script's render log and
 * hash as recorded. `rels` are paths relative to the root.
 */
export function unvouchedFiles(
  root: string,
  sid: string,
  rels: Iterable<string>,
  log: RenderLogHashes = renderLogHashes(root, sid),
): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const rel of rels) {
    const want = log.outputs.get(rel);
    const file = join(root, rel);
    if (want === undefined) {
      if (IMAGELESS.has(log.engine)) continue;
      issues.push({
        file,
        path: '',
        message: `not vouched for: ${log.file} records no hash of it; render this script again`,
      });
    } else if (!existsSync(file)) {
      issues.push({ file, path: '', message: `missing, though ${log.file} records it` });
    } else if (hashFile(file) !== want) {
      issues.push({
        file,
        path: '',
        message: `its sha256 is not the one ${log.file} records: the file was truncated or changed after the render; render this script again`,
      });
    }
  }
  return issues;
}
