/**
 * Geometry benchmark (not a test): rays per second of raycastAll over a 300-solid scene (a 640x480 camera image),
 * and plans per second on a 20 m x 15 m map at 0.05 m cells. Run: npx tsx tests/bench/geometry.bench.ts
 */
import seedrandom from 'seedrandom';
import { clearanceFromSolids, planPath, raycastAll, rayScene, type Vec2 } from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';

const rng = seedrandom('geometry-bench');
const solids: Solid[] = [];
const add = (
  shape: Solid['shape'],
  center: [number, number, number],
  size: [number, number, number],
  yaw = 0,
  role: Solid['role'] = 'fixed',
) =>
  solids.push({ name: `s${solids.length}`, owner: 'bench', role, shape, center, size, yaw_deg: yaw, material: 'grey' });
// floor, outer walls, a grid of interior walls, then furniture and things
add('box', [10, 7.5, -0.005], [20, 15, 0.01], 0, 'floor');
for (const [cx, cy, sx, sy] of [
  [10, 0, 20, 0.1],
  [10, 15, 20, 0.1],
  [0, 7.5, 0.1, 15],
  [20, 7.5, 0.1, 15],
])
  add('box', [cx, cy, 1.25], [sx, sy, 2.5], 0, 'wall');
for (let i = 1; i < 4; i++)
  for (let j = 0; j < 3; j++) add('box', [i * 5, j * 5 + 1.5, 1.25], [0.1, 3, 2.5], 0, 'wall');
while (solids.length < 300) {
  const c: [number, number] = [0.5 + rng() * 19, 0.5 + rng() * 14];
  const k = rng();
  if (k < 0.5) add('box', [c[0], c[1], 0.4], [0.2 + rng() * 0.4, 0.2 + rng() * 0.4, 0.8], rng() * 360);
  else if (k < 0.8) add('cylinder', [c[0], c[1], 0.5], [0.1 + rng() * 0.2, 0.1 + rng() * 0.2, 1], 0, 'thing');
  else add('sphere', [c[0], c[1], 0.2], [0.3, 0.3, 0.3], 0, 'thing');
}

// one 640x480 camera image, 80 degree horizontal field of view, from 1 m up, looking along +x and slightly down
const W = 640,
  H = 480,
  f = W / 2 / Math.tan((40 * Math.PI) / 180);
const n = W * H;
const origins = new Float64Array(3 * n),
  dirs = new Float64Array(3 * n);
const pitch = (-10 * Math.PI) / 180;
for (let v = 0; v < H; v++) {
  for (let u = 0; u < W; u++) {
    const i = v * W + u;
    const x = f,
      y = -(u + 0.5 - W / 2),
      z = -(v + 0.5 - H / 2);
    const l = Math.hypot(x, y, z);
    const cx = x / l,
      cy = y / l,
      cz = z / l;
    origins.set([2.5, 2.5, 1.0], 3 * i);
    dirs.set([cx * Math.cos(pitch) - cz * Math.sin(pitch), cy, cx * Math.sin(pitch) + cz * Math.cos(pitch)], 3 * i);
  }
}
let t0 = performance.now();
const scene = rayScene(solids);
const tBuild = performance.now() - t0;
raycastAll(scene, origins.subarray(0, 3 * 10000), dirs.subarray(0, 3 * 10000)); // warm up
t0 = performance.now();
const res = raycastAll(scene, origins, dirs);
const tRays = performance.now() - t0;
let hits = 0;
for (let i = 0; i < n; i++) if (res.index[i] >= 0) hits++;
console.log(
  `raycastAll: ${solids.length} solids, hierarchy ${tBuild.toFixed(1)} ms; ${n} rays in ${tRays.toFixed(0)} ms = ${(((n / tRays) * 1000) / 1e6).toFixed(2)} M rays/s (${hits} hits)`,
);

// planning: exact clearance map once, then many plans between random free points
t0 = performance.now();
const map = clearanceFromSolids(solids, {
  bounds: { min: [0, 0], max: [20, 15] },
  cell: 0.05,
  zBand: [0, 1.2],
  cap: 1,
});
const tMap = performance.now() - t0;
const pick = (): Vec2 => {
  for (;;) {
    const p: Vec2 = [0.3 + rng() * 19.4, 0.3 + rng() * 14.4];
    if (map.at(p[0], p[1]) > 0.4) return p;
  }
};
const pairs = Array.from({ length: 40 }, () => [pick(), pick()] as const);
let ok = 0,
  totalLen = 0;
t0 = performance.now();
for (const [a, b] of pairs) {
  const r = planPath(map, { start: a, goal: b, radius: 0.2, clearance: 0.2 });
  if (r.ok) {
    ok++;
    totalLen += r.length;
  }
}
const tPlan = performance.now() - t0;
console.log(
  `planPath: map ${map.grid.cols}x${map.grid.rows} built in ${tMap.toFixed(0)} ms; ${pairs.length} plans in ${tPlan.toFixed(0)} ms = ${((pairs.length / tPlan) * 1000).toFixed(1)} plans/s (${ok} found, mean length ${(totalLen / Math.max(ok, 1)).toFixed(2)} m)`,
);
