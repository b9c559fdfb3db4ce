/**
 * The asset gallery (docs/asset-gallery.png): every kind of the asset library (layouts/assets/) at a few seeds, its
 * variants in turn, each rendered by Blender at the preview quality from a camera like the helper robot's (1.30 m
 * up, an 80 degree field of view, pitched down 45 degrees, 1.5 to 2.5 m away, a little off the item's front; a tall
 * item's camera is pitched up just enough to take in its top, as the helper would turn its head), cropped about the
 * item (its pixels in Blender's id pass, a margin round them, at least half the frame's width) and tiled into one
 * labelled PNG. Each item stands alone on a grey floor (at least 10 m apart, in rows 130 m apart, so no other
 * shows but as a speck on the horizon), with its kind's seed, size and params under it. Then the things the library
 * builds (layouts/assets/things/) at four ids each, on the floor: a thing of a hand's size seen as the helper sees a
 * thing it is asked about (1.0 to 1.4 m off, looking down at it) and cropped to at least a quarter of the frame's
 * width, a larger one (a cart, a car) as an item.
 *
 * Run: nice -n 10 npx tsx tests/bench/asset-gallery.ts [--out docs/asset-gallery.png] [--seeds 4] [--samples 8]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Region } from 'sharp';
import { Picture } from '../../foundation/draw.ts';
import { stream } from '../../foundation/rng.ts';
import type { AssetDef, SizeRange } from '../../layouts/assets/asset.ts';
import { ASSET_DEFS } from '../../layouts/assets/registry.ts';
import { THING_ASSETS } from '../../layouts/assets/thing.ts';
import { checkPlace } from '../../layouts/place-rules.ts';
import { type Fixed, Place, type Thing } from '../../layouts/place-schema.ts';
import type { Vec3 } from '../../layouts/solids.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { BlenderProcess } from '../../render/blender-process.ts';
import { buildShotList } from '../../render/build-shot-list.ts';
import { readIds } from '../../render/decode.ts';
import { QUALITY_PRESETS } from '../../render/quality.ts';
import { writeShotList } from '../../render/shot-list.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const OUT = opt('--out', join(import.meta.dirname, '..', '..', 'docs', 'asset-gallery.png'));
const SEEDS = Number(opt('--seeds', '4'));
const SAMPLES = Number(opt('--samples', String(QUALITY_PRESETS.preview.samples)));
const WORK = join(import.meta.dirname, '..', '.bench-cache', 'asset-gallery');

/** Rendered at the helper's 640x480 and 80 degrees, cropped about the item, shown at 240x180. */
const CAM = { width: 640, height: 480, hfov_deg: 80 };
const TW = 240,
  TH = 180,
  LABEL = 40;
const VFOV = (2 * Math.atan(Math.tan((40 * Math.PI) / 180) * (CAM.height / CAM.width)) * 180) / Math.PI;
const CAM_Z = 1.3;

/** A size as "0.40 x 0.30 x 0.20 m". */
const metres = (size: readonly number[], digits: number) => `${size.map((v) => v.toFixed(digits)).join(' x ')} m`;

/**
 * How far from its middle an item is seen: 1.5 to 2.5 m, a tall item from 2.5 m so that its top and its foot both
 * show, and an item larger than the room's furniture (a car, a building) from far enough that its width and height
 * fit the view (its near face about 0.7 times its larger side away).
 */
function itemDistance(size: readonly number[]): number {
  return Math.max(
    size[2] > 1.5 ? 2.5 : Math.min(2.5, Math.max(1.5, 0.9 + 0.55 * Math.max(size[0], size[2]))),
    size[1] / 2 + 0.7 * Math.max(size[0], size[2]),
  );
}

/**
 * The helper's camera d from an item's middle, in front of it and `side` degrees to one side, looking at it: pitched
 * down 45 degrees, or up just enough that its top shows (the top's highest angle is at its nearest edge when it
 * stands above the camera, else at its farthest).
 */
function itemCamera(center: [number, number], size: readonly number[], side: number, d: number) {
  const a = (side * Math.PI) / 180;
  const position: [number, number, number] = [center[0] + d * Math.sin(a), center[1] - d * Math.cos(a), CAM_Z];
  const yaw = (Math.atan2(center[1] - position[1], center[0] - position[0]) * 180) / Math.PI;
  const reach = (size[2] > CAM_Z ? -1 : 1) * (Math.max(size[0], size[1]) / 2);
  const top = (Math.atan2(size[2] + 0.1 - CAM_Z, d + reach) * 180) / Math.PI;
  return { position, yaw_deg: yaw, pitch_deg: Math.max(-45, top - VFOV / 2) };
}

/** Body materials to vary the pictures: upholstery, woods, lamp metals. */
const MATERIALS = {
  grey_floor: {
    colour: [0.5, 0.5, 0.5],
    roughness: 0.8,
    pattern: { kind: 'concrete', colour2: [0.46, 0.46, 0.46], scale: 0.5 },
  },
  fabric_slate: fabric([0.25, 0.3, 0.34]),
  fabric_mustard: fabric([0.72, 0.52, 0.16]),
  fabric_sage: fabric([0.45, 0.52, 0.4]),
  fabric_terracotta: fabric([0.62, 0.3, 0.2]),
  fabric_stone: fabric([0.7, 0.68, 0.63]),
  walnut: wood([0.3, 0.2, 0.13], [0.24, 0.15, 0.09]),
  oak: wood([0.66, 0.5, 0.32], [0.56, 0.41, 0.25]),
  birch: wood([0.78, 0.68, 0.52], [0.7, 0.6, 0.45]),
  white_paint: { colour: [0.86, 0.86, 0.84], roughness: 0.5 },
  brass: { colour: [0.78, 0.62, 0.32], roughness: 0.3, metallic: 1 },
  black_metal: { colour: [0.05, 0.05, 0.05], roughness: 0.4, metallic: 0.8 },
  ceramic_green: { colour: [0.3, 0.5, 0.42], roughness: 0.2 },
  ceramic_cream: { colour: [0.9, 0.86, 0.76], roughness: 0.2 },
};
const BODY: Record<string, string[]> = {
  couch: ['fabric_slate', 'fabric_mustard', 'fabric_sage', 'fabric_terracotta', 'fabric_stone'],
  armchair: ['fabric_mustard', 'fabric_terracotta', 'fabric_slate', 'fabric_sage', 'fabric_stone'],
  floor_lamp: ['brass', 'black_metal'],
  table_lamp: ['ceramic_green', 'ceramic_cream', 'white_paint'],
};
const WOODS = ['walnut', 'oak', 'birch', 'white_paint'];

function fabric(c: number[]) {
  return {
    colour: c,
    roughness: 0.95,
    pattern: { kind: 'fabric', colour2: c.map((x) => x * 0.88), scale: 0.01 },
  };
}
function wood(c: number[], c2: number[]) {
  return { colour: c, roughness: 0.5, pattern: { kind: 'wood', colour2: c2, scale: 0.08 } };
}

/** The middle of a size range, each extent moved by up to a sixth of the range (to the centimetre, or the mm). */
function sizeIn({ min, max }: SizeRange, seed: number, kind: string, unit = 100): Vec3 {
  const r = stream(seed, 'gallery/size', kind);
  return [0, 1, 2].map((k) => {
    const mid = (min[k] + max[k]) / 2;
    return Math.round((mid + r.uniform(-1, 1) * ((max[k] - min[k]) / 6)) * unit) / unit;
  }) as Vec3;
}

/** A believable size: the middle of the kind's range, each extent moved by up to a sixth of the range. */
function gallerySize(def: AssetDef, params: Record<string, unknown>, seed: number): Vec3 {
  const p = def.params.parse(params);
  const size = sizeIn(def.sizes(p), seed, def.kind);
  if (def.issues?.(size, p).length) size[1] = size[0];
  if (def.issues?.(size, p).length) throw new Error(`${def.kind} ${JSON.stringify(params)}: no size fits`);
  return size;
}

/** Words in lines of at most n characters (two lines at most). */
function wrap(text: string, n: number): string[] {
  const lines: string[] = [];
  for (const w of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + w.length <= n) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines.slice(0, 2);
}

/**
 * The region of a frame to show: the item's pixels (its id in the id pass) with a margin of a sixth of their extent,
 * widened to 4:3 and to at least `least` of the frame's width, kept inside the frame.
 */
function cropAbout(ids: { width: number; height: number; data: Uint16Array }, id: number, least: number): Region {
  const { width: W, height: H } = ids;
  let x0 = W,
    y0 = H,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (ids.data[y * W + x] === id) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  if (x1 < 0) return { left: 0, top: 0, width: W, height: H };
  const m = Math.max(x1 - x0, y1 - y0) / 6 + 8;
  let w = Math.max(x1 - x0 + 2 * m, ((y1 - y0 + 2 * m) * 4) / 3, W * least);
  w = Math.min(w, W, (H * 4) / 3);
  const h = (w * 3) / 4;
  const left = Math.round(Math.min(Math.max((x0 + x1) / 2 - w / 2, 0), W - w));
  const top = Math.round(Math.min(Math.max((y0 + y1) / 2 - h / 2, 0), H - h));
  return { left, top, width: Math.min(Math.round(w), W - left), height: Math.min(Math.round(h), H - top) };
}

interface Tile {
  kind: string;
  /** the first line under the picture, and the second (wrapped) */
  label: string;
  words: string;
  /** the fixed item or the thing shown */
  item?: Fixed;
  thing?: Thing;
  camera: { position: [number, number, number]; yaw_deg: number; pitch_deg: number };
}

const tiles: Tile[] = [];
/**
 * a row's length, and the rows' spacing: far enough that the next row's items are specks on the horizon of a view
 * (and close enough that four rows of items and the things' rows fit a place's 500 m side)
 */
const ROW_M = 420;
const ROW_GAP = 130;
const row = { x: -Infinity, half: 0, y: 0 };
let xMax = 0;
/**
 * Where the next item stands: in rows, at least 10 m apart and 6 m between neighbours' bounds (`half` the item's
 * half diagonal), the rows `gap` apart (a place's side is at most 500 m).
 */
function nextSpot(half: number, gap = ROW_GAP): [number, number] {
  let x = row.x + Math.max(10, row.half + half + 6);
  if (row.x > -Infinity && x > ROW_M) {
    row.y += gap;
    x = 0;
  } else if (row.x === -Infinity) x = 0;
  row.x = x;
  row.half = half;
  xMax = Math.max(xMax, x + half);
  return [x, row.y];
}

for (const def of ASSET_DEFS) {
  for (let i = 0; i < SEEDS; i++) {
    const params = def.variants[i % def.variants.length];
    const seed = i + 1;
    const size = gallerySize(def, params, seed);
    const r = stream(seed, 'gallery/view', def.kind);
    const bodies = BODY[def.kind] ?? WOODS;
    const material = bodies[(i + def.kind.length) % bodies.length];
    const center = nextSpot(Math.hypot(size[0], size[1]) / 2);
    const item = {
      id: `${def.kind}_${i}`,
      kind: def.kind,
      shape: 'box',
      center,
      size,
      // a bed is seen from its foot (its +x)
      yaw: def.kind === 'bed' ? -90 : 0,
      z: 0,
      material,
      asset: { ...params, kind: def.kind, seed },
    } as Fixed;
    const camera = itemCamera(center, size, (i % 2 ? 1 : -1) * r.uniform(15, 35), itemDistance(size));
    const words = Object.entries(params)
      .map(([a, b]) => `${a}=${b}`)
      .join(' ');
    tiles.push({
      kind: def.kind,
      label: `${def.kind}  seed ${seed}`,
      words: `${metres(size, 2)}  ${words || '(params drawn from the seed)'}`,
      item,
      camera,
    });
  }
}

// the things, after the kinds, each seen from 1.0 to 1.4 m off, 1.30 m up, looking down at it (a new row of them
// 20 m on: their cameras look away from the rows before, and see the floor only 6 m off)
const COLOURS = ['red', 'blue', 'orange', 'green', 'white', 'black', 'grey', 'brown'];
for (const [n, def] of THING_ASSETS.entries()) {
  for (let i = 0; i < SEEDS; i++) {
    const size = sizeIn(def.sizes, i + 1, def.kind, 1000);
    if (def.shape === 'cylinder') size[1] = size[0];
    const center = nextSpot(1, 20);
    // (a fixed kind's items are <kind>_<i>: a thing of the kind it builds needs another id)
    const id = `${def.kind}_t${i}`;
    const colour = COLOURS[(n + i) % COLOURS.length];
    const thing = {
      id,
      kind: def.kind,
      colour,
      shape: def.shape,
      size,
      material: def.kind === 'box' || def.kind === 'books' ? 'cardboard' : undefined,
      rests_on: 'floor',
      position: { x: center[0], y: center[1], yaw: 20 + 40 * i },
    } as Thing;
    const r = stream(i + 1, 'gallery/view', def.kind);
    // a thing of a hand's size from where the helper stands to pick it up, a larger one (a cart, a car) as an item
    const d = Math.max(...size) <= 0.6 ? r.uniform(1.0, 1.4) : itemDistance(size);
    const camera = itemCamera(center, size, (i % 2 ? 1 : -1) * r.uniform(15, 35), d);
    tiles.push({
      kind: def.kind,
      label: `${def.kind} (a thing)  ${id}`,
      words: `${metres(size, 3)}  ${colour}, ${d.toFixed(1)} m off`,
      thing,
      camera,
    });
  }
}

const XMAX = xMax + 15;
const YMAX = row.y + 15;
const raw = {
  id: 'apartment_g',
  kind: 'apartment',
  name: 'asset gallery',
  bounds: { x_min: -15, x_max: XMAX, y_min: -15, y_max: YMAX },
  colour_words: {
    grey: [0.5, 0.5, 0.5],
    red: [0.65, 0.08, 0.07],
    blue: [0.1, 0.22, 0.6],
    orange: [0.88, 0.4, 0.08],
    green: [0.12, 0.5, 0.18],
    white: [0.86, 0.86, 0.84],
    black: [0.04, 0.04, 0.045],
    brown: [0.36, 0.22, 0.12],
  },
  materials: {
    ...MATERIALS,
    cardboard: {
      colour: [0.6, 0.45, 0.3],
      roughness: 0.8,
      pattern: { kind: 'fabric', colour2: [0.55, 0.41, 0.27], scale: 0.005 },
    },
  },
  floor: { material: 'grey_floor' },
  rooms: [
    {
      id: 'hall',
      name: 'gallery',
      polygon: [
        [-15, -15],
        [XMAX, -15],
        [XMAX, YMAX],
        [-15, YMAX],
      ],
    },
  ],
  fixed: tiles.flatMap((t) => (t.item ? [t.item] : [])),
  things: tiles.flatMap((t) => (t.thing ? [t.thing] : [])),
  lights: {
    world: { colour: [0.85, 0.88, 0.95], strength: 0.5 },
    items: [{ id: 'sun', type: 'sun', power: 2, colour: [1, 0.96, 0.9], size: 3, elevation: 55, azimuth: -70 }],
  },
  sites: [{ id: 'spot', role: 'parking', position: [-4, -4] }],
  credits: { statement: 'the asset gallery: procedural assets of layouts/assets/' },
};
const place = Place.parse(raw);
const issues = checkPlace(place, 'gallery', () => undefined);
if (issues.length) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));

const { job, entities } = buildShotList({
  sid: 'gallery',
  place,
  timeline: emptyTimeline(place, 1),
  frames: tiles.map((t, index) => ({ index, t: 0, camera: t.camera })),
  camera: CAM,
});
rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const jobPath = join(WORK, 'gallery.job.json');
writeShotList(jobPath, job);
const proc = new BlenderProcess({ samples: SAMPLES, workDir: WORK, timeoutPerSampleS: 10 });
const t0 = performance.now();
const pictures: { rgb: string; crop: Region }[] = [];
try {
  for (const [index, t] of tiles.entries()) {
    const stem = join(WORK, `tile-${String(index).padStart(3, '0')}`);
    const out = {
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
      out,
    });
    const shown = (t.item ?? t.thing)!.id;
    const id = entities.find((e) => e.entity === shown)!.truth_id;
    // an item in at least half the frame's width, a thing (a mug is 20 pixels across) in a quarter
    pictures.push({ rgb: out.rgb, crop: cropAbout(readIds(out.ids), id, t.item ? 1 / 2 : 1 / 4) });
    console.log(`${shown}: ${rep.render_s.toFixed(1)} s`);
  }
} finally {
  await proc.close();
}
const renderS = (performance.now() - t0) / 1000;

// the sheet: a row per kind, a tile per seed, labelled
const HEAD = 26;
const KINDS = ASSET_DEFS.length + THING_ASSETS.length;
const pic = new Picture(SEEDS * TW, HEAD + KINDS * (TH + LABEL), '#1c1c1c');
pic.text(
  6,
  17,
  `asset library: ${ASSET_DEFS.length} kinds and ${THING_ASSETS.length} thing kinds x ${SEEDS} seeds, Blender preview quality (${SAMPLES} samples), helper camera (1.30 m, 80 deg)`,
  { size: 12, fill: '#ffffff' },
);
for (const [k, t] of tiles.entries()) {
  const x = (k % SEEDS) * TW;
  const y = HEAD + Math.floor(k / SEEDS) * (TH + LABEL);
  const jpg = await sharp(readFileSync(pictures[k].rgb))
    .extract(pictures[k].crop)
    .resize(TW, TH)
    .jpeg({ quality: 92 })
    .toBuffer();
  pic.image(x, y, TW, TH, `data:image/jpeg;base64,${jpg.toString('base64')}`);
  pic.text(x + 5, y + TH + 12, t.label, { size: 10, fill: '#ffffff' });
  wrap(t.words, 46).forEach((line, n) => pic.text(x + 5, y + TH + 24 + 11 * n, line, { size: 9, fill: '#bbbbbb' }));
}
const png = await sharp(Buffer.from(pic.toSvg()))
  .png({ compressionLevel: 9, palette: true, colours: 256, dither: 0.6 })
  .toBuffer();
writeFileSync(OUT, png);
console.log(`${OUT}: ${png.length} bytes, ${tiles.length} tiles rendered in ${renderS.toFixed(0)} s`);
