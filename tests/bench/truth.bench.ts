/**
 * Frames per second of the truth post-processing (visibility + seen space, and the records) on 640x480 frames of a
 * room-like scene, and of the ray-cast truth renderer. Run: npx tsx tests/bench/truth.bench.ts
 */
import { cameraPose, intrinsics } from '../../layouts/camera.ts';
import type { Solid } from '../../layouts/solids.ts';
import { paletteFromColourWords } from '../../render/truth/colour.ts';
import { frameTruth } from '../../render/truth/frame-truth.ts';
import type { TruthFrame } from '../../render/truth/frame.ts';
import { raycastFrame, truthScene } from '../../render/truth/raycast-renderer.ts';
import { recordsText } from '../../render/truth/records.ts';
import { floorGrid, frameSeen } from '../../render/truth/seen-space.ts';
import { type EntityInfo, frameVisibility } from '../../render/truth/visibility.ts';

const K = intrinsics(640, 480, 80);
const bounds = { x_min: -1, x_max: 9, y_min: -5, y_max: 5 };
const box = (
  name: string,
  owner: string,
  role: Solid['role'],
  center: [number, number, number],
  size: [number, number, number],
  yaw_deg = 0,
): Solid => ({
  name,
  owner,
  role,
  shape: 'box',
  center,
  size,
  yaw_deg,
  material: 'm',
});
const solids: Solid[] = [
  box('floor', 'structure', 'floor', [4, 0, -0.05], [10, 10, 0.1]),
  box('wall_n', 'structure', 'wall', [4, 5, 1.25], [10, 0.1, 2.5]),
  box('wall_s', 'structure', 'wall', [4, -5, 1.25], [10, 0.1, 2.5]),
  box('wall_e', 'structure', 'wall', [9, 0, 1.25], [0.1, 10, 2.5]),
  box('table', 'table', 'fixed', [4, 1, 0.375], [1.2, 0.8, 0.75]),
];
const table = new Map<number, EntityInfo>();
for (let i = 1; i <= 40; i++) {
  const x = 1.5 + (i % 8) * 0.9;
  const y = -4 + Math.floor(i / 8) * 1.6;
  solids.push(box(`t${i}`, `t${i}`, 'thing', [x, y, 0.1], [0.25, 0.2, 0.2], i * 17));
  table.set(i, {
    truth_id: i,
    entity: `t${i}`,
    role: 'thing',
    kind: 'box',
    colour: 'red',
    support: { kind: 'floor', top_z: 0 },
  });
}
const scene = truthScene(solids, (s) => (s.role === 'thing' ? Number(s.owner.slice(1)) : 0));
const palette = paletteFromColourWords({
  red: [0.8, 0.05, 0.05],
  green: [0.05, 0.6, 0.05],
  blue: [0.05, 0.05, 0.8],
  grey: [0.5, 0.5, 0.5],
  white: [0.9, 0.9, 0.9],
  black: [0.02, 0.02, 0.02],
});
const grid = floorGrid(bounds);

const N = 30;
let t0 = performance.now();
const frames: TruthFrame[] = [];
for (let k = 0; k < N; k++) {
  const cam = cameraPose([0, -2 + (k * 4) / N, 1.2], -20 + k * 1.5, -25);
  const r = raycastFrame(K, cam, scene);
  const rgb = new Uint8Array(r.depth.length * 3);
  for (let p = 0; p < r.depth.length; p++) rgb.set(r.ids[p] ? [180, 40, 30] : [(p * 7) & 255, 120, 100], p * 3);
  frames.push({ k, t: k / 2, intrinsics: K, camera: cam, depth: r.depth, ids: r.ids, rgb });
}
const tRay = performance.now() - t0;

t0 = performance.now();
for (const f of frames) frameVisibility(f, table, { palette });
const tVis = performance.now() - t0;
t0 = performance.now();
for (const f of frames) frameSeen(f, grid);
const tSeen = performance.now() - t0;
t0 = performance.now();
const truths = frames.map((f) => frameTruth(f, table, grid, { palette }));
const text = recordsText(truths.map((t) => t.visibility));
const tAll = performance.now() - t0;

const fps = (ms: number) => ((N * 1000) / ms).toFixed(1);
console.log(`truth bench: ${N} frames 640x480, ${solids.length} solids, ${table.size} things`);
console.log(`  ray-cast renderer       ${fps(tRay)} frames/s`);
console.log(`  visibility              ${fps(tVis)} frames/s (first frame builds the palette lookup)`);
console.log(`  seen space              ${fps(tSeen)} frames/s`);
console.log(`  all records of a frame  ${fps(tAll)} frames/s`);
console.log(`  visibility.jsonl        ${(text.length / N / 1024).toFixed(1)} KiB a frame`);
const seenBytes = truths.reduce((a, t) => a + JSON.stringify(t.visibility.seen).length, 0) / N;
const entBytes = truths.reduce((a, t) => a + JSON.stringify(t.visibility.entities).length, 0) / N;
const nEnt = truths.reduce((a, t) => a + t.visibility.entities.length, 0) / N;
console.log(
  `    of which seen space ${(seenBytes / 1024).toFixed(1)} KiB, ${nEnt.toFixed(1)} entities ${(entBytes / 1024).toFixed(1)} KiB`,
);
