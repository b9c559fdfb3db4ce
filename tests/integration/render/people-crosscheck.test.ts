/**
 * People in Blender agree with the ray-cast truth: the scene of tests/helpers/people-scene.ts (a row of people walking,
 * an eighth of the stride apart, and a standing group), three frames at 640x480 and one sample: the row from the
 * helper's height and 2.8 m, the row 0.35 s later from the vacuum's height (every limb moved and turned by the
 * frame's moves, Blender's move path), and the standing group. At least 99% of pixels must carry the same id and a
 * depth within 10 mm, as the other cross-checks ask, and at least 97% of the people's own pixels the same id; each
 * frame must show people. The control, the same truth with the limbs' tilts dropped, must fall below that on the
 * people's pixels, so the test can fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { buildShotList } from '../../../render/build-shot-list.ts';
import { readDepthMm, readIds } from '../../../render/decode.ts';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { objectsAt } from '../../../render/frame-scene.ts';
import { buildFrameTasks, renderFrames } from '../../../render/pool.ts';
import { resolvedMoves, type ShotList, writeShotList } from '../../../render/shot-list.ts';
import { compareTruth, type DepthIds, raycastFrame, truthScene } from '../../../render/truth/raycast-renderer.ts';
import { PEOPLE_T, peopleScene } from '../../helpers/people-scene.ts';

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };
const { place, timeline, sitters } = peopleScene();
const { job, entities } = buildShotList({
  sid: 'people',
  place,
  timeline,
  frames: [
    { index: 0, t: PEOPLE_T, camera: { position: [0, -2.8, 1.0], yaw_deg: 90, pitch_deg: -12 } },
    { index: 1, t: PEOPLE_T + 0.35, camera: { position: [0.4, -2.2, 0.15], yaw_deg: 90, pitch_deg: 10 } },
    { index: 2, t: PEOPLE_T, camera: { position: [0, 17.2, 1.2], yaw_deg: 90, pitch_deg: -8 } },
  ],
  camera: CAM,
});
const PEOPLE = new Set(entities.filter((e) => e.role === 'person').map((e) => e.truth_id));
const SITTING = new Set(entities.filter((e) => sitters.includes(e.entity)).map((e) => e.truth_id));

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-people-'));
const BUILD = join(ROOT, 'build');

beforeAll(async () => {
  writeShotList(shotListPath(BUILD, job.sid), job);
  await renderFrames(buildFrameTasks(BUILD, [{ job }]), {
    samples: 1,
    workers: 1,
    workDir: join(BUILD, '.stbench', 'tmp'),
  });
}, 300_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

function blenderFrame(index: number): DepthIds {
  const p = framePaths(BUILD, job.sid, index);
  const depth = readDepthMm(p.depth);
  const ids = readIds(p.ids);
  return { width: depth.width, height: depth.height, depth: depth.data, ids: ids.data };
}

/** Per frame: the agreement over the frame, and the people's pixels in the truth and how many carry their id in Blender's. */
function agreement(alter: (o: ShotList['objects'][number]) => ShotList['objects'][number] = (o) => o) {
  const k = intrinsics(W, H, CAM.hfov_deg);
  const moves = resolvedMoves(job);
  return job.frames.map((f, i) => {
    const ours = raycastFrame(
      k,
      cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg),
      truthScene(objectsAt(job, moves, i).map(alter)),
    );
    const theirs = blenderFrame(f.index);
    let people = 0;
    let same = 0;
    let seated = 0;
    let seatedSame = 0;
    for (let p = 0; p < ours.ids.length; p++)
      if (PEOPLE.has(ours.ids[p])) {
        people++;
        if (theirs.ids[p] === ours.ids[p]) same++;
        if (SITTING.has(ours.ids[p])) {
          seated++;
          if (theirs.ids[p] === ours.ids[p]) seatedSame++;
        }
      }
    const a = compareTruth(ours, theirs, 10);
    const share = same / Math.max(1, people);
    return { index: f.index, both: a.both, people, share, seated, seatedShare: seatedSame / Math.max(1, seated) };
  });
}

const table = (rows: ReturnType<typeof agreement>) =>
  rows
    .map(
      (r) =>
        `k${r.index}: both ${r.both.toFixed(4)}; people ${r.people} px, ${r.share.toFixed(4)} the same id` +
        (r.seated ? `; seated ${r.seated} px, ${r.seatedShare.toFixed(4)}` : ''),
    )
    .join('\n');

describe('people: Blender against the ray-cast truth', () => {
  it('agree on ids and depth (10 mm) on 99% of pixels and on 97% of the people, people in every frame', () => {
    const rows = agreement();
    const t = table(rows);
    console.log(`people:\n${t}`);
    for (const r of rows) {
      expect(r.both, t).toBeGreaterThanOrEqual(0.99);
      expect(r.people, t).toBeGreaterThan(10_000);
      expect(r.share, t).toBeGreaterThanOrEqual(0.97);
    }
    // the sitters on the couch, in the standing group's view
    expect(rows[2].seated, t).toBeGreaterThan(2_000);
    expect(rows[2].seatedShare, t).toBeGreaterThanOrEqual(0.97);
  });

  it("would catch a limb turned the wrong way: the truth with the limbs' tilts dropped disagrees on the people", () => {
    const rows = agreement(({ pitch_deg: _p, roll_deg: _r, ...o }) => o);
    const t = table(rows);
    console.log(`tilts dropped (control):\n${t}`);
    for (const r of rows.slice(0, 2)) expect(r.share, t).toBeLessThan(0.97);
  });
});
