/**
 * The ray-cast truth renderer agrees with Blender on the fixture: for every script, its first, middle and last
 * frame are ray-cast from the shot list (the objects posed by that frame's resolved moves, hidden ones left out)
 * at the camera's 640x480 and compared with Blender's depth and id PNGs. At least 99% of pixels must carry the
 * same id and a depth within 10 mm: a mismatch means the world model and the rendered scene disagree (a camera
 * convention, a pixel centre, a primitive shaped differently).
 */
import { describe, expect, it } from 'vitest';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { readDepthMm, readIds } from '../../../render/decode.ts';
import { framePaths, shotListPath } from '../../../render/frame-files.ts';
import { objectsAt } from '../../../render/frame-scene.ts';
import { encodeFrame, raycastJob } from '../../../render/raycast-engine.ts';
import { readScriptInputs } from '../../../render/script-inputs.ts';
import { loadShotList, resolvedMoves } from '../../../render/shot-list.ts';
import {
  compareTruth,
  raycastFrame,
  truthScene,
  type DepthIds,
  type TruthAgreement,
} from '../../../render/truth/raycast-renderer.ts';
import { fixtureBuild } from '../../helpers/shared-build.ts';

/** Blender's depth and ids of a frame. */
function blenderFrame(build: string, sid: string, index: number): DepthIds {
  const p = framePaths(build, sid, index);
  const depth = readDepthMm(p.depth);
  const ids = readIds(p.ids);
  return { width: depth.width, height: depth.height, depth: depth.data, ids: ids.data };
}

/** First, middle and last frame positions of a job. */
const picks = (n: number) => [...new Set([0, Math.floor((n - 1) / 2), n - 1])];

interface Row {
  sid: string;
  index: number;
  agreement: TruthAgreement;
  /** distinct non-zero ids in Blender's frame */
  entities: number;
}

describe('ray-cast truth renderer vs Blender on the fixture', () => {
  it("agrees on ids and depth (10 mm) on at least 99% of pixels of every script's first, middle and last frame", async () => {
    const fx = await fixtureBuild();
    const rows: Row[] = [];
    for (const sid of fx.sids) {
      const job = loadShotList(shotListPath(fx.dir, sid));
      const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
      expect([k.width, k.height]).toEqual([640, 480]);
      const moves = resolvedMoves(job);
      for (const i of picks(job.frames.length)) {
        const f = job.frames[i];
        const cam = cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg);
        const ours = raycastFrame(k, cam, truthScene(objectsAt(job, moves, i)));
        const theirs = blenderFrame(fx.dir, sid, f.index);
        const entities = new Set(theirs.ids).size - (theirs.ids.includes(0) ? 1 : 0);
        rows.push({ sid, index: f.index, agreement: compareTruth(ours, theirs, 10), entities });
      }
    }
    const table = rows
      .map(
        (r) =>
          `${r.sid} k${r.index}: ids ${r.agreement.ids.toFixed(4)} depth ${r.agreement.depth.toFixed(4)} both ${r.agreement.both.toFixed(4)}`,
      )
      .join('\n');
    // every job's scripts, three frames each (fewer only where a script is shorter)
    expect(rows.length).toBeGreaterThanOrEqual(fx.sids.length * 2);
    // the frames show things the truth cares about, so agreement is not just empty floor against empty floor
    expect(rows.filter((r) => r.entities > 0).length, table).toBeGreaterThanOrEqual(fx.sids.length);
    for (const r of rows) expect(r.agreement.both, `${r.sid} k${r.index}\n${table}`).toBeGreaterThanOrEqual(0.99);
  }, 1_200_000);

  it('the truth-only engine writes depth and ids that agree with Blender as well, through its own files', async () => {
    const fx = await fixtureBuild();
    let compared = 0;
    for (const sid of fx.sids) {
      const job = loadShotList(shotListPath(fx.dir, sid));
      const { timeline } = readScriptInputs(fx.dir, sid);
      const want = new Set(picks(job.frames.length).map((i) => job.frames[i].index));
      await raycastJob(job, timeline, async (f) => {
        if (!want.has(f.index)) return;
        const files = await encodeFrame(job.camera, f);
        const depth = readDepthMm(files.depth);
        const ids = readIds(files.ids);
        // the files hold exactly the engine's arrays
        expect(Buffer.from(depth.data.buffer).equals(Buffer.from(f.depth.buffer))).toBe(true);
        expect(Buffer.from(ids.data.buffer).equals(Buffer.from(f.ids.buffer))).toBe(true);
        const agreement = compareTruth(
          { width: depth.width, height: depth.height, depth: depth.data, ids: ids.data },
          blenderFrame(fx.dir, sid, f.index),
          10,
        );
        expect(agreement.both, `${sid} k${f.index}`).toBeGreaterThanOrEqual(0.99);
        compared++;
      });
    }
    expect(compared).toBeGreaterThanOrEqual(fx.sids.length * 2);
  }, 1_200_000);

  it('would catch a camera convention error: one degree of yaw off disagrees', async () => {
    const fx = await fixtureBuild();
    const sid = fx.byJob['helper/1'][0];
    const job = loadShotList(shotListPath(fx.dir, sid));
    const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
    const f = job.frames[0];
    const scene = truthScene(objectsAt(job, resolvedMoves(job), 0));
    const theirs = blenderFrame(fx.dir, sid, f.index);
    const right = compareTruth(
      raycastFrame(k, cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg), scene),
      theirs,
    );
    const off = compareTruth(
      raycastFrame(k, cameraPose(f.camera.position, f.camera.yaw_deg + 1, f.camera.pitch_deg), scene),
      theirs,
    );
    expect(right.both).toBeGreaterThanOrEqual(0.99);
    expect(off.both).toBeLessThan(0.95);
  }, 1_200_000);
});
