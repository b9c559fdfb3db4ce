/**
 * Assets in Blender agree with the ray-cast truth: each showroom of tests/inputs/places/ (apartment_s.yaml, the
 * living room and bedroom kinds; apartment_h, the kitchen and bathroom kinds; warehouse_s; downtown_s: one item of every kind
 * of layouts/assets/ between them, things on their surfaces and shelves) as the render stage hands it to Blender
 * (buildShotList), three or four frames each at 640x480 and one sample, Blender's depth and id passes against
 * `raycastFrame` of the same objects. At least 99% of pixels must carry the same id and a depth within 10 mm, as the
 * other kinds' cross-checks ask; every item must show in some frame (over 1,000 px), and every thing the library builds
 * (layouts/assets/things/, one of each kind it draws itself; the kinds a fixed kind builds, a pallet or a car, are
 * cross-checked as those fixed items) over 50 px, and a cord on the kitchen's floor (layouts/assets/cord.ts) too. The
 * control, the truth given each item's plain bounding box (what the item was before its asset), must fall below that,
 * so the test can fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { thingAsset } from '../../../layouts/assets/thing.ts';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { loadPlaceFile } from '../../../layouts/load.ts';
import { emptyTimeline } from '../../../layouts/timeline.ts';
import { fixedSolids } from '../../../layouts/world.ts';
import { buildShotList } from '../../../render/build-shot-list.ts';
import { readDepthMm, readIds } from '../../../render/decode.ts';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { buildFrameTasks, renderFrames } from '../../../render/pool.ts';
import { type RenderEntity, type ShotList, writeShotList } from '../../../render/shot-list.ts';
import {
  compareTruth,
  type DepthIds,
  raycastFrame,
  type TruthAgreement,
  truthScene,
} from '../../../render/truth/raycast-renderer.ts';

const W = 640;
const H = 480;
const CAM = { width: W, height: H, hfov_deg: 80 };

type Frame = { position: [number, number, number]; yaw_deg: number; pitch_deg: number };
/** The showrooms and the frames that take in every item of each. */
const SHOWROOMS: { name: string; file: string; frames: Frame[] }[] = [
  {
    name: 'living room and bedroom',
    file: 'apartment_s.yaml',
    frames: [
      // from the south, high: the couch, the armchair, the tables and the chair in front, the bed, wardrobe and console
      { position: [5, -2.2, 3.0], yaw_deg: 90, pitch_deg: -38 },
      // the helper's height by the bed's head: the nightstand, the lamp on it, the pillows
      { position: [1.9, 6.8, 1.3], yaw_deg: -146, pitch_deg: -35 },
      // from the north-east: the floor lamp, the console and its television, the dining set
      { position: [10.6, 5.4, 1.6], yaw_deg: -150, pitch_deg: -22 },
    ],
  },
  {
    name: 'kitchen and bathroom',
    file: 'apartment_h.yaml',
    frames: [
      // from the south, high: the counter's sink and hob, the fridge, the shoe rack, the sink; the bathtub and toilet behind
      { position: [4.6, -2.0, 3.0], yaw_deg: 90, pitch_deg: -40 },
      // the helper's height south-east of the bathroom pair: the bathtub's inside and tap, the toilet's bowl and cistern
      { position: [4.6, 2.6, 1.3], yaw_deg: 150, pitch_deg: -32 },
      // close to the counter's front, low: the fronts, handles, the toe kick under them
      { position: [2.2, -0.6, 0.9], yaw_deg: 80, pitch_deg: -20 },
    ],
  },
  {
    name: 'warehouse',
    file: 'warehouse_s.yaml',
    frames: [
      // from the south, high: every item, the floor row in front, the shelving, the packing table and the charger behind
      { position: [5, -2.2, 3.0], yaw_deg: 90, pitch_deg: -38 },
      // low from the north, between the rows: the jack's handle and forks, the trolley's castors and its handle
      { position: [7.0, 3.4, 1.1], yaw_deg: -60, pitch_deg: -22 },
      // from the east at a person's height: the charger's front, the packing table's frame, the bookcase, the rack
      { position: [9.5, 3.6, 1.3], yaw_deg: 125, pitch_deg: -20 },
      // from the west at a person's height: the carton on the pallet, the crate, cone and tote on the floor
      { position: [-1.2, 2.4, 1.5], yaw_deg: -5, pitch_deg: -28 },
    ],
  },
  {
    name: 'downtown',
    file: 'downtown_s.yaml',
    frames: [
      // from the south, high: the car and the van in front, the street furniture, the tree and the building behind
      { position: [20, -9, 9], yaw_deg: 90, pitch_deg: -28 },
      // as a drone at 15 m from the north-east: the roofs, the tree's crown, the building's parapet and faces
      { position: [38, 32, 15], yaw_deg: -140, pitch_deg: -38 },
      // low among the street furniture: the bench, the bin, the lamp post
      { position: [22, 7.0, 2.2], yaw_deg: 90, pitch_deg: -15 },
    ],
  },
];

const ROOMS = SHOWROOMS.map((s, i) => {
  const { place } = loadPlaceFile(join(REPO_ROOT, 'tests', 'inputs', 'places', s.file));
  const { job, entities } = buildShotList({
    sid: `assets-${i}`,
    place,
    timeline: emptyTimeline(place, 1),
    frames: s.frames.map((c, index) => ({
      index,
      t: 0,
      camera: { position: [...c.position], yaw_deg: c.yaw_deg, pitch_deg: c.pitch_deg },
    })),
    camera: CAM,
    settings: { pixel_filter: { type: 'box', width_px: 1 } },
  });
  return { ...s, place, job: job as ShotList, entities };
});

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-assets-'));
const BUILD = join(ROOT, 'build');

beforeAll(async () => {
  for (const r of ROOMS) writeShotList(shotListPath(BUILD, r.job.sid), r.job);
  await renderFrames(
    buildFrameTasks(
      BUILD,
      ROOMS.map((r) => ({ job: r.job })),
    ),
    { samples: 1, workers: 1, workDir: join(BUILD, '.stbench', 'tmp') },
  );
}, 900_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

function blenderFrame(sid: string, index: number): DepthIds {
  const p = framePaths(BUILD, sid, index);
  const depth = readDepthMm(p.depth);
  const ids = readIds(p.ids);
  return { width: depth.width, height: depth.height, depth: depth.data, ids: ids.data };
}

/** Each frame's agreement of the ray-cast truth of these objects with Blender's frame, and per id [truth px, same id]. */
function agreement(job: ShotList, objects: ShotList['objects']) {
  const k = intrinsics(W, H, CAM.hfov_deg);
  const scene = truthScene(objects);
  return job.frames.map((f) => {
    const c = f.camera;
    const ours = raycastFrame(k, cameraPose(c.position, c.yaw_deg, c.pitch_deg), scene);
    const theirs = blenderFrame(job.sid, f.index);
    const counts = new Map<number, [number, number]>();
    for (let p = 0; p < ours.ids.length; p++) {
      const e = counts.get(ours.ids[p]) ?? [0, 0];
      e[0]++;
      if (theirs.ids[p] === ours.ids[p]) e[1]++;
      counts.set(ours.ids[p], e);
    }
    return { index: f.index, a: compareTruth(ours, theirs, 10) as TruthAgreement, counts };
  });
}

function table(entities: RenderEntity[], rows: ReturnType<typeof agreement>): string {
  const nameOf = new Map(entities.map((e) => [e.truth_id, e.entity]));
  return rows
    .map(
      (r) =>
        `k${r.index}: ids ${r.a.ids.toFixed(4)} depth ${r.a.depth.toFixed(4)} both ${r.a.both.toFixed(4)} (${Math.round((1 - r.a.both) * r.a.pixels)} of ${r.a.pixels} px off); per id [truth px, same id]: ${[
          ...r.counts,
        ]
          .sort((a, b) => a[0] - b[0])
          .map(([id, [n, same]]) => `${nameOf.get(id) ?? id}: ${n}/${same}`)
          .join(', ')}`,
    )
    .join('\n');
}

describe.each(ROOMS)(
  'assets of the $name showroom: Blender against the ray-cast truth',
  ({ name, place, job, entities }) => {
    it('agree on ids and depth (10 mm) on at least 99% of pixels, every item in view', () => {
      const rows = agreement(job, job.objects);
      const t = table(entities, rows);
      console.log(`${name}:\n${t}`);
      for (const r of rows) expect(r.a.both, t).toBeGreaterThanOrEqual(0.99);
      for (const f of place.fixed) {
        const id = entities.find((e) => e.entity === f.id)!.truth_id;
        expect(Math.max(...rows.map((r) => r.counts.get(id)?.[0] ?? 0)), `${f.id}\n${t}`).toBeGreaterThan(1000);
      }
      // the things the library builds (layouts/assets/things/, and a cord bent as a cable), smaller, in view too
      for (const th of place.things.filter((x) => thingAsset(x) || x.shape === 'cord')) {
        const id = entities.find((e) => e.entity === th.id)!.truth_id;
        expect(Math.max(...rows.map((r) => r.counts.get(id)?.[0] ?? 0)), `${th.id}\n${t}`).toBeGreaterThan(50);
      }
    });

    it("would catch assets built otherwise: the truth given each item's plain bounding box disagrees", () => {
      const ids = new Map(entities.map((e) => [e.entity, e.truth_id]));
      const boxes = place.fixed.flatMap((f) => {
        const { asset: _a, ...plain } = f;
        return fixedSolids(plain).map((s) => ({ ...s, yaw_deg: s.yaw_deg ?? 0, truth_id: ids.get(f.id)! }));
      });
      const owners = new Set(place.fixed.map((f) => f.id));
      const objects = [...job.objects.filter((o) => !(o.role === 'fixed' && owners.has(o.owner))), ...boxes];
      const rows = agreement(job, objects);
      const t = table(entities, rows);
      console.log(`${name}, plain bounding boxes (control):\n${t}`);
      for (const r of rows) expect(r.a.both, t).toBeLessThan(0.99);
    });
  },
);
