/**
 * The truth-only engine (`stbench render --engine raycast`): a script's frames made without Blender. Per frame the
 * depth and ids are ray-cast from the shot list's solids (the world model Blender renders; they agree on 99.9% of
 * pixels, tests/integration/render/raycast-crosscheck.test.ts), and a flat-shaded picture is drawn: each entity in
 * its colour word's flat colour, structure in grey shaded by the angle it faces the camera, the sky pale blue. Its
 * truth records are computed from those arrays as the Blender path computes them from its files (frameTruth), and
 * the four frame files are written as a Blender render writes them, so everything downstream (compile, check, eval,
 * view, export with --truth-only) runs on it. Its pictures are not renders: the render log says `engine: raycast`,
 * and every report and export of such a build says so.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { cameraPose, intrinsics, type CameraPose, type Intrinsics } from '../layouts/camera.ts';
import type { Timeline } from '../layouts/timeline.ts';
import { sha256, writeFilesAtomic } from '../foundation/index.ts';
import { FRAME_KINDS, framePaths, type FrameKind } from './frame-files.ts';
import { entityTableAt, objectsAt, seenOptionsAt } from './frame-scene.ts';
import { resolvedMoves, type ShotList } from './shot-list.ts';
import { truthPaths } from './script-truth.ts';
import {
  floorGrid,
  frameRays,
  frameTruth,
  NO_RETURN,
  paletteFromColourWords,
  raycastFrame,
  truthScene,
  writeOracle,
  writePerceptionIds,
  writeVisibility,
  type EntityInfo,
  type OracleRecord,
  type PerceptionIdsRecord,
  type VisibilityRecord,
} from './truth/index.ts';

/** The engine's name, as render logs, manifests and reports write it. */
export const RAYCAST = 'raycast';
/** The render engines: Blender Cycles, or the truth-only ray-caster. */
export const ENGINES = ['blender', RAYCAST] as const;
export type Engine = (typeof ENGINES)[number];

/** JPEG quality of the flat-shaded picture. */
const JPEG_QUALITY = 90;

const gammaByte = (x: number) => Math.max(0, Math.min(255, Math.round(255 * Math.pow(Math.max(0, x), 1 / 2.2))));

/** The flat colour of an entity: its colour word's linear colour at 80%, sRGB-encoded (grey for none). */
export function flatColour(
  words: Readonly<Record<string, readonly [number, number, number]>>,
  colour: string | null | undefined,
): readonly [number, number, number] {
  const lin = colour && words[colour] ? words[colour] : ([0.4, 0.4, 0.4] as const);
  return [gammaByte(lin[0] * 0.8), gammaByte(lin[1] * 0.8), gammaByte(lin[2] * 0.8)];
}

const SKY: readonly [number, number, number] = [186, 206, 228];
/** Pixels between the points a structure pixel's normal is read from. */
const STEP = 4;

/**
 * The flat-shaded picture of one frame: entities (id > 0) in their flat colour, which is what the truth reads their
 * brightness and colour from; structure (id 0) in grey by how squarely it faces the camera (the normal from the
 * depth of the neighbouring pixels), which no truth record reads; no return in sky blue.
 */
export function flatPicture(
  k: Intrinsics,
  cam: CameraPose,
  depth: Uint16Array,
  ids: Uint16Array,
  table: ReadonlyMap<number, EntityInfo>,
  words: Readonly<Record<string, readonly [number, number, number]>>,
): Uint8Array {
  const { width: W, height: H } = k;
  const rays = frameRays(k, cam);
  const rgb = new Uint8Array(W * H * 3);
  const flat = new Map<number, readonly [number, number, number]>();
  for (const [id, e] of table) flat.set(id, flatColour(words, e.colour));
  const grey = flatColour(words, null);
  const camZ = cam.position[2];
  // sRGB bytes of the grey levels 0..1023 (structure is drawn in 1024 levels of grey)
  const levels = new Uint8Array(1024);
  for (let i = 0; i < 1024; i++) levels[i] = gammaByte((0.42 * i) / 1023);
  for (let v = 0; v < H; v++) {
    const v2 = v + STEP < H ? v + STEP : v - STEP;
    for (let u = 0; u < W; u++) {
      const p = v * W + u;
      const o = p * 3;
      const id = ids[p];
      const d = depth[p];
      if (id !== 0) {
        const c = flat.get(id) ?? grey;
        rgb[o] = c[0];
        rgb[o + 1] = c[1];
        rgb[o + 2] = c[2];
        continue;
      }
      if (d === NO_RETURN) {
        rgb[o] = SKY[0];
        rgb[o + 1] = SKY[1];
        rgb[o + 2] = SKY[2];
        continue;
      }
      // the point relative to the camera: depth * (row + col)
      const dm = d / 1000;
      const x0 = dm * (rays.rowX[v] + rays.colX[u]);
      const y0 = dm * (rays.rowY[v] + rays.colY[u]);
      const z0 = dm * (rays.rowZ[v] + rays.colZ[u]);
      // the floor (a point at the camera's height below it, to a centimetre) is drawn flat and a shade warmer: it is
      // seen at grazing angles, where the facing would stripe with the depth's millimetre steps
      const floor = Math.abs(camZ + z0) < 0.01;
      let shade = floor ? 0.8 : 0.75;
      if (!floor) {
        // the normal from pixels STEP away on the same surface (same id, depth within 5%: far enough apart that the
        // millimetre steps of the depth do not stripe it); shade by |cos| between the normal and the ray
        const u2 = u + STEP < W ? u + STEP : u - STEP;
        const pu = v * W + u2;
        const pv = v2 * W + u;
        const du = depth[pu];
        const dv = depth[pv];
        const tol = 0.05 * d + 20;
        if (
          ids[pu] === 0 &&
          ids[pv] === 0 &&
          du !== NO_RETURN &&
          dv !== NO_RETURN &&
          Math.abs(du - d) < tol &&
          Math.abs(dv - d) < tol
        ) {
          const dum = du / 1000;
          const dvm = dv / 1000;
          const ax = dum * (rays.rowX[v] + rays.colX[u2]) - x0;
          const ay = dum * (rays.rowY[v] + rays.colY[u2]) - y0;
          const az = dum * (rays.rowZ[v] + rays.colZ[u2]) - z0;
          const bx = dvm * (rays.rowX[v2] + rays.colX[u]) - x0;
          const by = dvm * (rays.rowY[v2] + rays.colY[u]) - y0;
          const bz = dvm * (rays.rowZ[v2] + rays.colZ[u]) - z0;
          const nx = ay * bz - az * by;
          const ny = az * bx - ax * bz;
          const nz = ax * by - ay * bx;
          const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
          const rl = Math.sqrt(x0 * x0 + y0 * y0 + z0 * z0);
          if (nl > 0 && rl > 0) shade = 0.45 + (0.55 * Math.abs(nx * x0 + ny * y0 + nz * z0)) / (nl * rl);
        }
      }
      // a little fog with distance, so that near and far surfaces of one kind part
      const g = levels[Math.min(1023, Math.round(1023 * shade * Math.exp(-d / 60000)))];
      if (floor) {
        rgb[o] = Math.min(255, Math.round(g * 1.04));
        rgb[o + 1] = g;
        rgb[o + 2] = Math.round(g * 0.95);
      } else {
        rgb[o] = g;
        rgb[o + 1] = g;
        rgb[o + 2] = Math.min(255, Math.round(g * 1.02));
      }
    }
  }
  return rgb;
}

/** One ray-cast frame: its arrays and its truth records. */
export interface RaycastFrame {
  index: number;
  t: number;
  depth: Uint16Array;
  ids: Uint16Array;
  rgb: Uint8Array;
  visibility: VisibilityRecord;
  perceptionIds: PerceptionIdsRecord;
  oracle: OracleRecord;
}

/**
 * Ray-cast every frame of a shot list, in order, handing each to `each`. The truth records are read from the
 * picture's entity pixels (their flat colour: brightness and colour word) and from the exact depth and ids.
 */
export async function raycastJob(
  job: ShotList,
  timeline: Timeline,
  each: (f: RaycastFrame) => Promise<void> | void,
): Promise<void> {
  const place = timeline.place;
  const k = intrinsics(job.camera.width, job.camera.height, job.camera.hfov_deg);
  const grid = floorGrid(place.bounds);
  const words = place.colour_words as Record<string, readonly [number, number, number]>;
  const palette = paletteFromColourWords(words);
  const moves = resolvedMoves(job);
  for (let i = 0; i < job.frames.length; i++) {
    const f = job.frames[i];
    const t = f.t ?? 0;
    const solids = objectsAt(job, moves, i);
    const table = entityTableAt(job, timeline, t, solids);
    const cam = cameraPose(f.camera.position, f.camera.yaw_deg, f.camera.pitch_deg);
    const r = raycastFrame(k, cam, truthScene(solids));
    const rgb = flatPicture(k, cam, r.depth, r.ids, table, words);
    const truth = frameTruth(
      { k: f.index, t, intrinsics: k, camera: cam, depth: r.depth, ids: r.ids, rgb },
      table,
      grid,
      { palette, ...seenOptionsAt(job, solids) },
    );
    await each({ index: f.index, t, depth: r.depth, ids: r.ids, rgb, ...truth });
  }
}

/** The four frame files' bytes, encoded as a Blender render writes them (JPEG, 16-bit PNGs, 8-bit PNG). */
export async function encodeFrame(
  k: { width: number; height: number },
  f: RaycastFrame,
): Promise<Record<FrameKind, Buffer>> {
  const { width, height } = k;
  const rgbRaw = { raw: { width, height, channels: 3 as const } };
  const grey16 = (a: Uint16Array) =>
    sharp(a, { raw: { width, height, channels: 1 } })
      .toColourspace('grey16')
      .png({ compressionLevel: 6 })
      .toBuffer();
  const [rgb, depth, ids, albedo] = await Promise.all([
    sharp(f.rgb, rgbRaw).jpeg({ quality: JPEG_QUALITY }).toBuffer(),
    grey16(f.depth),
    grey16(f.ids),
    // the albedo of a flat picture is its colours: colour words read from it equal those read from the picture
    sharp(f.rgb, rgbRaw).png({ compressionLevel: 6 }).toBuffer(),
  ]);
  return { rgb, depth, ids, albedo };
}

/**
 * Write a frame's files under temporary names and rename them onto their final names (foundation/atomic.ts
 * writeFilesAtomic); returns their sha256. A write that fails (a full disk) removes the frame's temporary files and
 * names the file it was writing; a frame is there whole or not at all.
 */
export function commitFrameBytes(
  build: string,
  sid: string,
  index: number,
  bytes: Record<FrameKind, Buffer>,
): Record<FrameKind, string> {
  const final = framePaths(build, sid, index);
  // written whole, then renamed, as a Blender frame is committed (render/frame-files.ts)
  writeFilesAtomic(
    FRAME_KINDS.map((kind) => [final[kind], bytes[kind]] as const),
    { beforeRename: 'render:before-rename', afterRename: 'render:after-rename' },
  );
  return Object.fromEntries(FRAME_KINDS.map((kind) => [kind, sha256(bytes[kind])])) as Record<FrameKind, string>;
}

/** What the ray-cast engine wrote for one script: each frame's file hashes (by frame index). */
export interface RaycastScriptResult {
  hashes: Map<number, Record<FrameKind, string>>;
}

/**
 * Ray-cast one script: every frame's four files committed as it is made, then the three truth records written
 * atomically (render/script-truth.ts truthPaths). The render log and manifests are the stage's (render/stage.ts).
 */
export async function raycastScriptFiles(
  build: string,
  job: ShotList,
  timeline: Timeline,
  onFrame?: (index: number) => void,
): Promise<RaycastScriptResult> {
  const hashes = new Map<number, Record<FrameKind, string>>();
  const visibility: VisibilityRecord[] = [];
  const perceptionIds: PerceptionIdsRecord[] = [];
  const oracle: OracleRecord[] = [];
  await raycastJob(job, timeline, async (f) => {
    hashes.set(f.index, commitFrameBytes(build, job.sid, f.index, await encodeFrame(job.camera, f)));
    visibility.push(f.visibility);
    perceptionIds.push(f.perceptionIds);
    oracle.push(f.oracle);
    onFrame?.(f.index);
  });
  const p = truthPaths(job.sid);
  writeVisibility(join(build, p.visibility), visibility);
  writePerceptionIds(join(build, p.perceptionIds), perceptionIds);
  writeOracle(join(build, p.oracle), oracle);
  return { hashes };
}
