/**
 * One frame of a shot list rendered by a Blender process at its settings, with the post filter where the settings
 * ask for it, into a folder (rgb.jpg, depth.png, ids.png, albedo.png): the picture and the CPU seconds it took
 * (Blender's render call, all threads, plus the filter). Shared by the render-cost benches.
 */
import { join } from 'node:path';
import type { BlenderProcess } from '../../render/blender-process.ts';
import { blenderOutputs, filterPicture, hasPostFilter } from '../../render/post-filter.ts';
import { type ShotList, writeShotList } from '../../render/shot-list.ts';

export interface Rendered {
  rgb: string;
  cpu_s: number;
}

export async function renderFirstFrame(proc: BlenderProcess, job: ShotList, dir: string): Promise<Rendered> {
  const jobPath = join(dir, 'job.json');
  writeShotList(jobPath, job);
  const files = {
    rgb: join(dir, 'rgb.jpg'),
    depth: join(dir, 'depth.png'),
    ids: join(dir, 'ids.png'),
    albedo: join(dir, 'albedo.png'),
  };
  const f = job.frames[0];
  const rep = await proc.renderFrame({
    jobPath,
    width: job.camera.width,
    height: job.camera.height,
    index: f.index,
    camera: f.camera,
    moves: [],
    out: blenderOutputs(job, files),
  });
  const filterS = hasPostFilter(job) ? await filterPicture(job, files) : 0;
  return { rgb: files.rgb, cpu_s: (rep.cpu_s ?? rep.render_s) + filterS };
}
