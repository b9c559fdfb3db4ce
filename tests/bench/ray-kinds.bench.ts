/**
 * Ray cost per solid kind (not a test): nanoseconds a ray of raycastAll against a scene of one solid, rays from
 * about 3 m away all aimed at points within the solid's bounds (so nearly every ray reaches the solid's own test;
 * those that pass its rounded-away corners miss). The best of 7 rounds of 400k rays a kind; each kind upright and
 * tilted (pitch 35, roll 20: cast in its own frame). Then the footprint sweeps of the boxy kinds and the cylinder
 * (a tilted solid's footprint is a polygon), the cost of building a tilted solid's footprint and of rasterising
 * footprints. Run: npx tsx tests/bench/ray-kinds.bench.ts
 */
import seedrandom from 'seedrandom';
import {
  contactDistance,
  emptyGrid,
  headingVector,
  rasterise,
  raycastAll,
  rayScene,
  solidAabb,
  solidFootprint,
  tiltedFootprint,
} from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';

const base = { owner: 'bench', role: 'thing', center: [0, 0, 0], yaw_deg: 30, material: 'grey' } as const;
const kinds: Solid[] = [
  { ...base, name: 'box', shape: 'box', center: [0, 0, 0], size: [1, 0.6, 0.4] },
  { ...base, name: 'cylinder', shape: 'cylinder', center: [0, 0, 0], size: [0.6, 0.6, 0.4] },
  { ...base, name: 'sphere', shape: 'sphere', center: [0, 0, 0], size: [0.6, 0.6, 0.6] },
  {
    ...base,
    name: 'lathe (6-point vase)',
    shape: 'lathe',
    center: [0, 0, 0],
    size: [0.2, 0.2, 0.33],
    profile: [
      [0.05, 0],
      [0.09, 0.08],
      [0.1, 0.14],
      [0.04, 0.26],
      [0.035, 0.3],
      [0.05, 0.33],
    ],
  },
  { ...base, name: 'rbox r 0.01 (cabinet)', shape: 'rbox', center: [0, 0, 0], size: [1, 0.6, 0.4], radius: 0.01 },
  { ...base, name: 'rbox r 0.08 (cushion)', shape: 'rbox', center: [0, 0, 0], size: [1, 0.6, 0.4], radius: 0.08 },
  { ...base, name: 'rbox r 0.2 (pillow)', shape: 'rbox', center: [0, 0, 0], size: [1, 0.6, 0.4], radius: 0.2 },
];
// the same solids tilted (pitch 35, roll 20): cast in their own frame
const tiltedKinds: Solid[] = kinds
  .filter((s) => s.shape !== 'sphere')
  .map((s) => ({ ...s, name: `${s.name} tilted`, pitch_deg: 35, roll_deg: 20 }));
kinds.push(...tiltedKinds);

const N = 400_000;
const ROUNDS = 7;
const cases = kinds.map((s) => {
  const rng = seedrandom(s.name);
  const o = new Float64Array(3 * N),
    d = new Float64Array(3 * N);
  for (let i = 0; i < N; i++) {
    // an origin 3 m away in a random direction, aimed at a random point within the bounds
    const u = 2 * rng() - 1,
      a = 2 * Math.PI * rng();
    const w = Math.sqrt(1 - u * u);
    o[3 * i] = 3 * w * Math.cos(a);
    o[3 * i + 1] = 3 * w * Math.sin(a);
    o[3 * i + 2] = 3 * u;
    // (a tilted solid: at a point within its map bounds)
    if (s.pitch_deg || s.roll_deg) {
      const b = solidAabb(s);
      for (let k = 0; k < 3; k++) d[3 * i + k] = b[k] + rng() * (b[k + 3] - b[k]) - o[3 * i + k];
    } else for (let k = 0; k < 3; k++) d[3 * i + k] = (rng() - 0.5) * s.size[k] - o[3 * i + k];
  }
  return { s, o, d, scene: rayScene([s]), best: Infinity, hits: 0 };
});
// kinds interleaved, the best of the rounds: a busy machine slows some runs, never speeds one up
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    const t0 = performance.now();
    const res = raycastAll(c.scene, c.o, c.d);
    c.best = Math.min(c.best, performance.now() - t0);
    c.hits = res.index.reduce((n, v) => n + (v >= 0 ? 1 : 0), 0);
  }
}
for (const c of cases)
  console.log(
    `${c.s.name.padEnd(24)} ${((c.best * 1e6) / N).toFixed(0).padStart(4)} ns a ray (${((100 * c.hits) / N).toFixed(1)}% hit)`,
  );

// footprint sweeps: microseconds a contactDistance (one body, one footprint, one heading) against a box's rectangle
// and the rboxes' rounded rectangles in a band through their middles, circle and rectangle bodies, random poses 2 m
// about the solid
const M = 40_000;
const bodies = [
  { shape: 'circle', radius: 0.2 },
  { shape: 'rect', length: 0.6, width: 0.4 },
] as const;
const sweepCases = kinds
  .filter((s) => s.shape === 'box' || s.shape === 'rbox' || s.shape === 'cylinder')
  .flatMap((s) => bodies.map((body) => ({ s, body, fp: solidFootprint(s, [-0.01, 0.01]), best: Infinity })));
const rng = seedrandom('sweeps');
const poses = Array.from({ length: M }, () => {
  const a = 2 * Math.PI * rng();
  return {
    pose: { x: 2 * Math.cos(a), y: 2 * Math.sin(a), yaw_deg: 360 * rng() },
    d: headingVector(((a + Math.PI) * 180) / Math.PI + (rng() - 0.5) * 60),
  };
});
for (let round = 0; round < ROUNDS; round++) {
  for (const c of sweepCases) {
    const t0 = performance.now();
    for (const p of poses) contactDistance(c.body, p.pose, p.d, c.fp);
    c.best = Math.min(c.best, performance.now() - t0);
  }
}
for (const c of sweepCases) {
  const sides = c.fp.kind === 'poly' ? ` (polygon of ${c.fp.points.length})` : '';
  console.log(
    `sweep ${c.body.shape.padEnd(6)} vs ${c.s.name.padEnd(31)} ${((c.best * 1e3) / M).toFixed(2)} us${sides}`,
  );
}

// building a tilted solid's footprint (a fresh solid object each time, so nothing is cached): a thin band through
// its middle and one holding all of it
for (const s of tiltedKinds) {
  for (const band of [
    [-0.01, 0.01],
    [-5, 5],
  ] as [number, number][]) {
    let best = Infinity,
      sides = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) sides = tiltedFootprint({ ...s }, band[0], band[1]).points.length;
      best = Math.min(best, (performance.now() - t0) / 20);
    }
    console.log(
      `footprint of ${s.name.padEnd(31)} band ${band.join('..').padEnd(10)} ${(best * 1e3).toFixed(0).padStart(5)} us, ${sides} sides`,
    );
  }
}

// rasterising: 100 solids 1 x 0.6 x 0.6 m (cylinders 0.6 across, 1 long) scattered over 20 x 20 m, a grid of 5 cm
// cells, both rules; upright and tilted (footprints built beforehand)
const prng = seedrandom('raster');
const spots = Array.from({ length: 100 }, () => [20 * prng() - 10, 20 * prng() - 10, 360 * prng()]);
const scenes: [string, Solid[]][] = [
  [
    'boxes',
    spots.map(([x, y, a], i) => ({
      ...base,
      name: `b${i}`,
      shape: 'box',
      center: [x, y, 0.3],
      size: [1, 0.6, 0.6],
      yaw_deg: a,
    })),
  ],
  [
    'boxes tilted',
    spots.map(([x, y, a], i) => ({
      ...base,
      name: `b${i}`,
      shape: 'box',
      center: [x, y, 0.4],
      size: [1, 0.6, 0.6],
      yaw_deg: a,
      pitch_deg: 30,
      roll_deg: 15,
    })),
  ],
  [
    'cylinders lying',
    spots.map(([x, y, a], i) => ({
      ...base,
      name: `c${i}`,
      shape: 'cylinder',
      center: [x, y, 0.3],
      size: [0.6, 0.6, 1],
      yaw_deg: a,
      pitch_deg: 90,
    })),
  ],
  [
    'cylinders tilted',
    spots.map(([x, y, a], i) => ({
      ...base,
      name: `c${i}`,
      shape: 'cylinder',
      center: [x, y, 0.5],
      size: [0.6, 0.6, 1],
      yaw_deg: a,
      pitch_deg: 40,
    })),
  ],
];
const bounds = { min: [-10, -10] as [number, number], max: [10, 10] as [number, number] };
for (const [name, solids] of scenes) {
  const fps = solids.map((s) => solidFootprint(s, [0.05, 1.2]));
  for (const mode of ['center', 'overlap'] as const) {
    let best = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const g = emptyGrid(bounds, 0.05);
      const t0 = performance.now();
      for (const fp of fps) rasterise(g, fp, mode);
      best = Math.min(best, performance.now() - t0);
    }
    console.log(`rasterise 100 ${name.padEnd(17)} ${mode.padEnd(8)} ${best.toFixed(2)} ms`);
  }
}
