/**
 * The people gallery (docs/people.jpg): the person figure (layouts/person-figure.ts) as the robots see it, rendered by
 * Blender at the final preset (48 samples and the albedo filter), in the scene of tests/helpers/people-scene.ts: eight
 * people of different heights, widths, clothes and looks (skin, hair, shoes drawn from their ids) walk past in a row,
 * each an eighth of the walking cycle on from the one before, so the row reads as one stride; three more stand facing
 * the camera. Three views: the helper's (1.30 m up, pitched down 10 degrees) and the vacuum's (0.12 m up,
 * pitched up 8 degrees) of the walking row, and the helper's of the standing group and the two sitting on a couch
 * behind them, 3.5 to 6.5 m away.
 *
 * Run: nice -n 10 npx tsx tests/bench/people-gallery.ts [--out docs/people.jpg] [--samples 48]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { Picture } from '../../foundation/draw.ts';
import { BlenderProcess } from '../../render/blender-process.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { blenderOutputs, filterPicture, hasPostFilter } from '../../render/post-filter.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { writeShotList } from '../../render/shot-list.ts';
import { PEOPLE_T, peopleScene } from '../helpers/people-scene.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const OUT = opt('--out', join(import.meta.dirname, '..', '..', 'docs', 'people.jpg'));
const SAMPLES = Number(opt('--samples', String(QUALITY_PRESETS.final.samples)));
const WORK = join(import.meta.dirname, '..', '.bench-cache', 'people-gallery');
const CAM = { width: 640, height: 480, hfov_deg: 80 };

const { place, timeline } = peopleScene();
const views = [
  {
    label: 'walking row, the helper robot (1.30 m, -10 deg)',
    camera: { position: [0, -4.5, 1.3], yaw_deg: 90, pitch_deg: -10 },
  },
  {
    label: 'walking row, the vacuum (0.12 m, +8 deg)',
    camera: { position: [0, -4.5, 0.12], yaw_deg: 90, pitch_deg: 8 },
  },
  {
    label: 'standing, and sitting on a couch behind, facing the helper (1.30 m, -10 deg)',
    camera: { position: [0, 16.5, 1.3], yaw_deg: 90, pitch_deg: -10 },
  },
] as const;

const { job } = buildShotList({
  sid: 'people',
  place,
  timeline,
  frames: views.map((v, index) => ({
    index,
    t: PEOPLE_T,
    camera: { position: [...v.camera.position], yaw_deg: v.camera.yaw_deg, pitch_deg: v.camera.pitch_deg },
  })),
  camera: CAM,
  settings: QUALITY_PRESETS.final.settings,
});
rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const jobPath = join(WORK, 'people.job.json');
writeShotList(jobPath, job);
const proc = new BlenderProcess({ samples: SAMPLES, workDir: WORK, timeoutPerSampleS: 20 });
const rgbs: string[] = [];
try {
  for (const [index, v] of views.entries()) {
    const stem = join(WORK, `view-${index}`);
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
      out: blenderOutputs(job, files),
    });
    const filterS = hasPostFilter(job) ? await filterPicture(job, files) : 0;
    rgbs.push(files.rgb);
    console.log(`${v.label}: ${((rep.cpu_s ?? rep.render_s) + filterS).toFixed(1)} CPU s`);
  }
} finally {
  await proc.close();
}

const HEAD = 24;
const LABEL = 18;
const pic = new Picture(CAM.width * views.length, HEAD + CAM.height + LABEL, '#1c1c1c');
pic.text(
  6,
  16,
  `people: the person figure at the final preset (${SAMPLES} samples, albedo filter), 640x480, 80 deg; the walking row one stride in eighths`,
  { size: 12, fill: '#ffffff' },
);
for (const [k, v] of views.entries()) {
  const jpg = readFileSync(rgbs[k]);
  pic.image(k * CAM.width, HEAD, CAM.width, CAM.height, `data:image/jpeg;base64,${jpg.toString('base64')}`);
  pic.text(k * CAM.width + 6, HEAD + CAM.height + 13, v.label, { size: 11, fill: '#dddddd' });
}
const out = await sharp(Buffer.from(pic.toSvg())).jpeg({ quality: 88 }).toBuffer();
writeFileSync(OUT, out);
console.log(`${OUT}: ${out.length} bytes`);
