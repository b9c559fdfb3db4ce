/**
 * Before and after the asset library furnished apartment_a (docs/apartment-assets-before-after.jpg): a few views of
 * the living room, the kitchen and the bedroom from the helper robot's camera (1.30 m up, 80 degrees, 640x480, pitched
 * down 30 degrees), rendered by Blender at the preview quality from the place as it was (plain boxes, a YAML file
 * given with --before, e.g. `git show <commit>:layouts/apartment_a.yaml > /tmp/old/apartment_a.yaml`: a place file is
 * named by its id) and as it is (layouts/apartment_a.yaml), side by side. The place's initial state: things where the YAML puts them, resident_1
 * standing in the living room.
 *
 * Run: nice -n 10 npx tsx tests/bench/apartment-before-after.ts --before /tmp/old/apartment_a.yaml
 *        [--out docs/apartment-assets-before-after.jpg] [--samples 8]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { Picture } from '../../foundation/draw.ts';
import { LAYOUTS_DIR, loadPlaceFile } from '../../layouts/load.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { BlenderProcess } from '../../render/blender-process.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { writeShotList } from '../../render/shot-list.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt?: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const BEFORE = opt('--before');
if (!BEFORE) throw new Error('give --before OLD/apartment_a.yaml (the apartment as it was)');
const AFTER = opt('--after', join(LAYOUTS_DIR, 'apartment_a.yaml'))!;
const OUT = opt('--out', join(import.meta.dirname, '..', '..', 'docs', 'apartment-assets-before-after.jpg'))!;
const SAMPLES = Number(opt('--samples', String(QUALITY_PRESETS.preview.samples)));
const WORK = join(import.meta.dirname, '..', '.bench-cache', 'apartment-before-after');

/**
 * The helper's camera (jobs/helper-1.yaml): 640x480, 80 degrees across, 1.30 m up; pitched down 30 degrees rather than
 * its mount's 45, so that whole pieces of furniture show from a few metres off (at 45 the floor fills the frame).
 */
const CAM = { width: 640, height: 480, hfov_deg: 80 };
const Z = 1.3,
  PITCH = -30;
const VIEWS: { label: string; position: [number, number]; yaw_deg: number }[] = [
  { label: 'living room: couch, coffee and side tables', position: [5.6, 0.9], yaw_deg: 147 },
  { label: 'living room: tv console', position: [4.4, 2.6], yaw_deg: -129 },
  { label: 'kitchen: dining table and chairs', position: [7.6, 2.5], yaw_deg: 0 },
  { label: 'bedroom: bed and nightstand', position: [3.3, 6.6], yaw_deg: 155 },
];

/** Render every view of one place with one Blender process; the frames' RGB files. */
async function renderPlace(file: string, tag: string): Promise<string[]> {
  const { place } = loadPlaceFile(file);
  const { job } = buildShotList({
    sid: tag,
    place,
    timeline: emptyTimeline(place, 1),
    frames: VIEWS.map((v, index) => ({
      index,
      t: 0,
      camera: { position: [v.position[0], v.position[1], Z], yaw_deg: v.yaw_deg, pitch_deg: PITCH },
    })),
    camera: CAM,
  });
  const jobPath = join(WORK, `${tag}.job.json`);
  writeShotList(jobPath, job);
  const proc = new BlenderProcess({ samples: SAMPLES, workDir: WORK, timeoutPerSampleS: 20 });
  const out: string[] = [];
  try {
    for (const [index] of VIEWS.entries()) {
      const stem = join(WORK, `${tag}-${index}`);
      const files = {
        rgb: `${stem}.jpg`,
        depth: `${stem}.depth.png`,
        ids: `${stem}.ids.png`,
        albedo: `${stem}.albedo.png`,
      };
      const rep = await proc.renderFrame({
        jobPath,
        width: CAM.width,
        height: CAM.height,
        index,
        camera: job.frames[index].camera,
        moves: [],
        out: files,
      });
      console.log(`${tag} view ${index}: ${rep.render_s.toFixed(1)} s`);
      out.push(files.rgb);
    }
  } finally {
    await proc.close();
  }
  return out;
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
// one Blender process at a time
const before = await renderPlace(BEFORE, 'before');
const after = await renderPlace(AFTER, 'after');

const TW = 400,
  TH = 300,
  LABEL = 20,
  HEAD = 40;
const pic = new Picture(2 * TW, HEAD + VIEWS.length * (TH + LABEL), '#202020');
pic.text(
  6,
  15,
  `apartment_a from the helper's camera (1.30 m, 80 deg, pitch -30), Blender preview (${SAMPLES} samples)`,
  {
    size: 12,
    fill: '#ffffff',
  },
);
pic.text(6, 33, 'before: plain boxes', { size: 12, fill: '#dddddd' });
pic.text(TW + 6, 33, 'after: the asset library', { size: 12, fill: '#dddddd' });
for (const [i, v] of VIEWS.entries()) {
  const y = HEAD + i * (TH + LABEL);
  for (const [c, rgb] of [before[i], after[i]].entries()) {
    const jpg = await sharp(readFileSync(rgb)).resize(TW, TH).jpeg({ quality: 90 }).toBuffer();
    pic.image(c * TW, y, TW, TH, `data:image/jpeg;base64,${jpg.toString('base64')}`);
  }
  pic.text(6, y + TH + 14, `${v.label}: camera at (${v.position.join(', ')}), heading ${v.yaw_deg} deg`, {
    size: 11,
    fill: '#ffffff',
  });
}
const buf = await sharp(Buffer.from(pic.toSvg())).jpeg({ quality: 84 }).toBuffer();
writeFileSync(OUT, buf);
console.log(`${OUT}: ${buf.length} bytes`);
