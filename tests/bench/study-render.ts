/**
 * Rendering the study's views at one candidate setting, cached on disk: one Blender process per setting (samples
 * are fixed per process), one shot list per place holding that place's views as frames.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { getPlace, placeHash } from '../../layouts/load.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { BlenderProcess } from '../../render/blender-process.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { readDepthMm, readIds, readPngRgb8 } from '../../render/decode.ts';
import { albedoFilter } from '../../render/albedo-filter.ts';
import { guidedFilter } from '../../render/guided-filter.ts';
import { blenderOutputs, filterPicture, hasPostFilter } from '../../render/post-filter.ts';
import { writeShotList, type RenderEntity, type ShotList } from '../../render/shot-list.ts';
import { decodeRgb } from '../../render/truth/jpeg.ts';
import { hashJson } from '../../foundation/index.ts';
import { STUDY_CAMERA, STUDY_REGION, STUDY_VIEWS, type Candidate, type StudyView } from './quality-views.ts';

export const CACHE = join(import.meta.dirname, '..', '.bench-cache', 'render-quality');

export interface ViewResult {
  view: string;
  /** Blender's reported render time (plus the filter's time for filtered candidates) */
  seconds: number;
  /** CPU seconds of the Blender process in the render call, all threads (plus the filter's time) */
  cpu_s?: number;
  /** seconds of the post filter (full frame), included in `seconds` */
  filter_s?: number;
  /** samples Cycles reported */
  samples: number | null;
  rgb: string;
  depth: string;
  ids: string;
  /** each surface's own colour (8-bit sRGB PNG) */
  albedo: string;
}

/** The shot list of a place's study views at some settings. */
export function studyJob(
  place: string,
  cand: Pick<Candidate, 'settings'>,
  views: StudyView[] = STUDY_VIEWS,
  region: boolean = false,
): { job: ShotList; entities: RenderEntity[]; views: StudyView[] } {
  const p = getPlace(place);
  const vs = views.filter((v) => v.place === place);
  const { job, entities } = buildShotList({
    sid: `quality-${place}`,
    place: p,
    timeline: emptyTimeline(p, 1),
    frames: vs.map((v, i) => ({
      index: i,
      t: 0,
      camera: { position: v.position, yaw_deg: v.yaw_deg, pitch_deg: v.pitch_deg },
    })),
    camera: STUDY_CAMERA,
    settings: region ? { ...cand.settings, region: STUDY_REGION } : cand.settings,
  });
  return { job, entities, views: vs };
}

/** The places' content hashes: a change of a place's lights or things renders the views again. */
const PLACE_HASHES = [...new Set(STUDY_VIEWS.map((v) => v.place))].sort().map((id) => placeHash(getPlace(id)));

function candDir(cand: Candidate): string {
  const key = hashJson({
    samples: cand.samples,
    settings: cand.settings,
    region: cand.fullFrame ? null : STUDY_REGION,
    post: cand.post ?? null,
    from: cand.from ?? null,
    camera: STUDY_CAMERA,
    places: PLACE_HASHES,
    files: 2,
  }).slice(0, 10);
  return join(CACHE, `${cand.id}-${key}`);
}

function paths(dir: string, view: string) {
  return {
    rgb: join(dir, `${view}.jpg`),
    depth: join(dir, `${view}.depth.png`),
    ids: join(dir, `${view}.ids.png`),
    albedo: join(dir, `${view}.albedo.png`),
    meta: join(dir, `${view}.json`),
  };
}

/** Cached results of a candidate (views rendered so far). */
export function cachedResults(cand: Candidate): Map<string, ViewResult> {
  const dir = candDir(cand);
  const out = new Map<string, ViewResult>();
  for (const v of STUDY_VIEWS) {
    const p = paths(dir, v.id);
    if (existsSync(p.meta)) out.set(v.id, JSON.parse(readFileSync(p.meta, 'utf8')) as ViewResult);
  }
  return out;
}

/** Render (or filter) the views of a candidate that are not cached yet. */
export async function renderCandidate(
  cand: Candidate,
  all: Candidate[],
  log: (s: string) => void = console.log,
): Promise<Map<string, ViewResult>> {
  const dir = candDir(cand);
  mkdirSync(dir, { recursive: true });
  const views = STUDY_VIEWS.filter((v) => !cand.views || cand.views.includes(v.id));
  const todo = views.filter((v) => !existsSync(paths(dir, v.id).meta));
  if (todo.length && cand.post) {
    const src = all.find((c) => c.id === cand.from);
    if (!src) throw new Error(`candidate ${cand.id}: no source candidate ${cand.from}`);
    const srcRes = await renderCandidate(src, all, log);
    for (const v of todo) {
      const s = srcRes.get(v.id)!;
      const p = paths(dir, v.id);
      const img = await decodeRgb(s.rgb);
      const ids = readIds(s.ids).data;
      const depth = readDepthMm(s.depth).data;
      const t0 = performance.now();
      const out =
        cand.post === 'albedo'
          ? albedoFilter(img.data, readPngRgb8(s.albedo).data, ids, depth, img.width, img.height)
          : guidedFilter(img.data, ids, depth, img.width, img.height);
      const jpg = await sharp(out, { raw: { width: img.width, height: img.height, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer();
      const filterS = (performance.now() - t0) / 1000;
      writeFileSync(p.rgb, jpg);
      const r: ViewResult = {
        view: v.id,
        seconds: s.seconds + filterS,
        cpu_s: s.cpu_s === undefined ? undefined : s.cpu_s + filterS,
        filter_s: filterS,
        samples: s.samples,
        rgb: p.rgb,
        depth: s.depth,
        ids: s.ids,
        albedo: s.albedo,
      };
      writeFileSync(p.meta, JSON.stringify(r));
      log(`${cand.id} ${v.id}: filter ${filterS.toFixed(2)} s`);
    }
  } else if (todo.length) {
    const proc = new BlenderProcess({ samples: cand.samples, workDir: join(CACHE, 'tmp'), timeoutPerSampleS: 10 });
    try {
      for (const place of [...new Set(todo.map((v) => v.place))]) {
        const { job, views: pv } = studyJob(place, cand, STUDY_VIEWS, !cand.fullFrame);
        const jobPath = join(dir, `${place}.job.json`);
        writeShotList(jobPath, job);
        for (const v of todo.filter((t) => t.place === place)) {
          const i = pv.indexOf(v);
          const f = job.frames[i];
          const p = paths(dir, v.id);
          const t0 = performance.now();
          const files = { rgb: p.rgb, depth: p.depth, ids: p.ids, albedo: p.albedo };
          const rep = await proc.renderFrame({
            jobPath,
            width: job.camera.width,
            height: job.camera.height,
            index: f.index,
            camera: f.camera,
            moves: [],
            out: blenderOutputs(job, files),
          });
          // a setting with a post filter runs it as the pipeline does (its time counts, as the filter's)
          const filterS = hasPostFilter(job) ? await filterPicture(job, files) : undefined;
          const r: ViewResult = {
            view: v.id,
            seconds: rep.render_s + (filterS ?? 0),
            cpu_s: rep.cpu_s === null ? undefined : rep.cpu_s + (filterS ?? 0),
            filter_s: filterS,
            samples: rep.samples,
            rgb: p.rgb,
            depth: p.depth,
            ids: p.ids,
            albedo: p.albedo,
          };
          writeFileSync(p.meta, JSON.stringify(r));
          log(
            `${cand.id} ${v.id}: ${rep.render_s.toFixed(1)} s render, ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${rep.samples} samples`,
          );
        }
      }
    } finally {
      await proc.close();
    }
  }
  return cachedResults(cand);
}
