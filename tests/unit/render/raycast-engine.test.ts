/**
 * The truth-only engine (`stbench render --engine raycast`): its truth records equal, byte for byte, those of the
 * in-memory ray-cast loop the test builds used before it existed (kept below as the reference: depth and ids
 * ray-cast from the job's posed solids, a flat colour per entity, frameTruth over the arrays, with the seen space's
 * flying band and air carve, and the carve's holes, since they were added; a move's tilt, since people's limbs
 * turn); its frames are the
 * four files a Blender render writes, and they verify; its render log says `raycast`; two workers write the same
 * bytes as one; a rerun keeps what is complete; a build holds one engine's frames.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraPose, intrinsics } from '../../../layouts/camera.ts';
import { sha256 } from '../../../foundation/index.ts';
import { buildShotList, entitiesAt } from '../../../render/build-shot-list.ts';
import { framePaths, verifyFrame } from '../../../render/frame-files.ts';
import { resolvedMoves } from '../../../render/shot-list.ts';
import { readScriptInputs } from '../../../render/script-inputs.ts';
import { renderStage } from '../../../render/stage.ts';
import {
  airBelowFor,
  airHolesFor,
  entityBoxes,
  floorGrid,
  frameTruth,
  obstacleTopFor,
  paletteFromColourWords,
  raycastFrame,
  recordsText,
  truthScene,
  type EntityInfo,
  type VisibilityRecord,
} from '../../../render/truth/index.ts';
import { scriptJob } from '../../helpers/raycast-build.ts';

/** The reference: the test builds' ray-cast loop as it was written before the engine (truth in memory). */
function referenceVisibility(build: string, sid: string): string {
  const inputs = readScriptInputs(build, sid);
  const tl = inputs.timeline;
  const place = tl.place;
  const { job } = buildShotList({ sid, place, timeline: tl, frames: inputs.frames, camera: inputs.camera });
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  const grid = floorGrid(place.bounds);
  const words = place.colour_words as Record<string, readonly [number, number, number]>;
  const palette = paletteFromColourWords(words);
  const moves = resolvedMoves(job);
  const byte = (x: number) => Math.max(0, Math.min(255, Math.round(255 * Math.pow(Math.max(0, x), 1 / 2.2))));
  const shade = (c: string | null | undefined): readonly [number, number, number] => {
    const lin = c && words[c] ? words[c] : [0.4, 0.4, 0.4];
    return [byte(lin[0] * 0.8), byte(lin[1] * 0.8), byte(lin[2] * 0.8)];
  };
  const records: VisibilityRecord[] = [];
  for (let i = 0; i < job.frames.length; i++) {
    const f = job.frames[i];
    const t = f.t ?? 0;
    const pose = new Map(moves[i].map((m) => [m.name, m]));
    const solids = job.objects.flatMap((o) => {
      const m = pose.get(o.name);
      if (!m) return [o];
      if (m.hidden) return [];
      // a move carries its tilt too (absent: upright), since people's limbs turn as they walk
      const { pitch_deg: _p, roll_deg: _r, ...upright } = o;
      const tilt = {
        ...(m.pitch_deg ? { pitch_deg: m.pitch_deg } : {}),
        ...(m.roll_deg ? { roll_deg: m.roll_deg } : {}),
      };
      return [{ ...upright, center: m.center, yaw_deg: m.yaw_deg, ...tilt }];
    });
    const boxes = entityBoxes(solids);
    const table = new Map<number, EntityInfo>();
    for (const e of entitiesAt(job.entities ?? [], tl, t)) {
      const box = boxes.get(e.truth_id);
      table.set(e.truth_id, {
        truth_id: e.truth_id,
        entity: e.entity,
        role: e.role,
        kind: e.kind,
        colour: e.colour,
        support: e.support,
        ...(box ? { box } : {}),
      });
    }
    const cam = cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg);
    const r = raycastFrame(k, cam, truthScene(solids));
    const rgb = new Uint8Array(r.depth.length * 3);
    for (let p = 0; p < r.ids.length; p++) {
      const c = table.has(r.ids[p]) ? shade(table.get(r.ids[p])!.colour) : shade(undefined);
      rgb.set(c, p * 3);
    }
    // a flying job's air carve height, with holes under what reaches it without standing on the floor
    const heights = job.frames.map((x) => x.camera.position[2]);
    const air = airBelowFor(heights);
    const holes = air === undefined ? [] : airHolesFor(air, solids);
    records.push(
      frameTruth({ k: f.index, t, intrinsics: k, camera: cam, depth: r.depth, ids: r.ids, rgb }, table, grid, {
        palette,
        obstacleTopM: obstacleTopFor(heights),
        ...(air === undefined ? {} : { airBelowM: air }),
        ...(holes.length ? { airHoles: holes } : {}),
      }).visibility,
    );
  }
  return recordsText(records);
}

/** path -> sha256 of every file under dir (relative), timing-free. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/render\.json$/.test(p)) out[relative(dir, p)] = sha256(readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

let root: string;
let one: string;
let two: string;
let sids: string[];
const JOBS = [
  { job: 'helper/1', count: 1, tasks: 2, framesPerTask: 3 },
  { job: 'vacuum/2', count: 1, tasks: 2, framesPerTask: 3 },
  { job: 'amr/1', count: 1, tasks: 2, framesPerTask: 3 },
  { job: 'drone/1', count: 1, tasks: 2, framesPerTask: 3 },
];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'stbench-raycast-engine-'));
  one = join(root, 'one');
  two = join(root, 'two');
  sids = JOBS.flatMap((j) => scriptJob(one, 'engine-1', j));
  for (const j of JOBS) scriptJob(two, 'engine-1', j);
  await renderStage(one, { engine: 'raycast', workers: 1 });
  await renderStage(two, { engine: 'raycast', workers: 2 });
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the truth-only engine', () => {
  it('writes the truth records the in-memory ray-cast loop wrote, byte for byte, for every job', () => {
    expect(sids).toHaveLength(4);
    for (const sid of sids) {
      const ours = readFileSync(join(one, 'private', sid, 'visibility.jsonl'), 'utf8');
      expect(ours.length).toBeGreaterThan(0);
      expect(sha256(ours), sid).toBe(sha256(referenceVisibility(one, sid)));
    }
    // something is seen, so the comparison is not of empty records
    const seen = sids.map(
      (sid) =>
        readFileSync(join(one, 'private', sid, 'visibility.jsonl'), 'utf8')
          .split('\n')
          .filter((l) => l.includes('"entity"')).length,
    );
    expect(seen.some((n) => n > 0)).toBe(true);
    // and the drone's frames carve air, so the comparison covers it
    expect(
      sids.some((sid) => readFileSync(join(one, 'private', sid, 'visibility.jsonl'), 'utf8').includes('"air"')),
    ).toBe(true);
  });

  it('writes every frame file a render writes, and they verify; the perception records and a raycast render log', async () => {
    for (const sid of sids) {
      const log = JSON.parse(readFileSync(join(one, 'private', sid, 'render_log.json'), 'utf8'));
      expect(log.engine).toBe('raycast');
      expect(log.blender).toBeNull();
      expect(log.quality).toBe('truth-only');
      for (const f of log.frames) {
        const v = await verifyFrame(framePaths(one, sid, f.index), 640, 480);
        expect(v.ok, JSON.stringify(v)).toBe(true);
        if (v.ok) expect(v.sha256).toEqual(f.sha256);
      }
      const n = log.frames.length;
      expect(
        readFileSync(join(one, 'private', sid, 'perception_ids.jsonl'), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(n);
      expect(
        readFileSync(join(one, 'scripts', sid, 'perception', 'oracle.jsonl'), 'utf8')
          .trim()
          .split('\n'),
      ).toHaveLength(n);
    }
    const stage = JSON.parse(readFileSync(join(one, '.stbench', 'render.json'), 'utf8'));
    expect(stage.complete).toBe(true);
    expect(stage.settings).toEqual({ engine: 'raycast' });
  });

  it('writes the same bytes on two worker threads as on one', () => {
    expect(tree(two)).toEqual(tree(one));
  });

  it('keeps a complete script on a rerun, and refuses to mix engines in one build', async () => {
    const before = tree(one);
    const r = await renderStage(one, { engine: 'raycast' });
    expect(r.rendered).toBe(0);
    expect(r.kept).toBeGreaterThan(0);
    expect(tree(one)).toEqual(before);
    await expect(renderStage(one, { engine: 'blender', quality: 'test' })).rejects.toThrow(/raycast engine/);
    expect(tree(one)).toEqual(before);
  });
});
