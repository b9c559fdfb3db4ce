/**
 * The truth records the render stage writes, one JSON line a frame, in frame order:
 * - private/<sid>/visibility.jsonl: the camera, every visible entity's figures, the frame's seen cells;
 * - private/<sid>/perception_ids.jsonl: which truth ids and entities the frame shows, with pixel counts;
 * - scripts/<sid>/perception/oracle.jsonl: the perfect detector's list (kind, colour word, 3-D centre and box),
 *   with no internal id and in an order read off the image (by box, then kind), so it carries no identity.
 * Numbers are rounded (metres 4 decimals, degrees and seconds 3, brightness 2, shares 4) and keys written in a
 * fixed order, so the same inputs give the same bytes. Readers validate every line (file:line: field: problem).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CameraPose } from '../../layouts/camera.ts';
import { InputError, type InputIssue, jsonlRows, writeFileAtomic } from '../../foundation/index.ts';
import type { FloorGrid, SeenRuns } from './seen-space.ts';
import type { EntityInfo, EntityVisibility } from './visibility.ts';

const V3 = z.tuple([z.number(), z.number(), z.number()]);
const Box3 = z.strictObject({ min: V3, max: V3 });
const BBox = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
const Runs = z.array(z.number().int().nonnegative());

export const CameraRecord = z.strictObject({ position: V3, yaw_deg: z.number(), pitch_deg: z.number() });
export type CameraRecord = z.infer<typeof CameraRecord>;

export const ContactRecord = z.strictObject({
  point: V3,
  pixel: z.tuple([z.number().int(), z.number().int()]),
  range_m: z.number(),
});

export const EntityRecord = z.strictObject({
  truth_id: z.number().int().positive(),
  entity: z.string(),
  role: z.string(),
  kind: z.string(),
  pixels: z.number().int().positive(),
  bbox: BBox,
  edge_margin_px: z.number().int().nonnegative(),
  brightness: z.number().nullable(),
  colour: z.string().nullable(),
  colour_share: z.number().nullable(),
  centroid: V3.nullable(),
  extent: Box3.nullable(),
  contact: ContactRecord.nullable(),
});
export type EntityRecord = z.infer<typeof EntityRecord>;

export const GridRecord = z.strictObject({
  x0: z.number(),
  y0: z.number(),
  cell: z.number().positive(),
  nx: z.number().int().positive(),
  ny: z.number().int().positive(),
});

/** A flying job's air carve (render/truth/seen-space.ts): the cells, free at and above `below_m`. */
export const AirRecord = z.strictObject({ below_m: z.number(), cells: Runs });
export const SeenRecord = z.strictObject({ grid: GridRecord, floor: Runs, obstacle: Runs, air: AirRecord.optional() });
export type SeenRecord = z.infer<typeof SeenRecord>;

export const VisibilityRecord = z.strictObject({
  k: z.number().int().nonnegative(),
  t: z.number(),
  camera: CameraRecord,
  entities: z.array(EntityRecord),
  seen: SeenRecord,
});
export type VisibilityRecord = z.infer<typeof VisibilityRecord>;

export const PerceptionIdsRecord = z.strictObject({
  k: z.number().int().nonnegative(),
  ids: z.array(
    z.strictObject({ truth_id: z.number().int().positive(), entity: z.string(), pixels: z.number().int().positive() }),
  ),
});
export type PerceptionIdsRecord = z.infer<typeof PerceptionIdsRecord>;

export const Detection = z.strictObject({
  kind: z.string(),
  colour: z.string().nullable(),
  center: V3,
  box: Box3,
  bbox: BBox,
  pixels: z.number().int().positive(),
});
export type Detection = z.infer<typeof Detection>;

export const OracleRecord = z.strictObject({ k: z.number().int().nonnegative(), detections: z.array(Detection) });
export type OracleRecord = z.infer<typeof OracleRecord>;

/** Round to a number of decimals (no negative zero). */
export function roundTo(x: number, decimals: number): number {
  const m = 10 ** decimals;
  const r = Math.round(x * m) / m;
  return r === 0 ? 0 : r;
}
const m4 = (x: number) => roundTo(x, 4);
const v4 = (p: readonly number[]): [number, number, number] => [m4(p[0]), m4(p[1]), m4(p[2])];

export function cameraRecord(cam: CameraPose): CameraRecord {
  return { position: v4(cam.position), yaw_deg: roundTo(cam.yawDeg, 3), pitch_deg: roundTo(cam.pitchDeg, 3) };
}

/** One entity's visibility, rounded, keys in record order. */
export function entityRecord(e: EntityVisibility): EntityRecord {
  return {
    truth_id: e.truth_id,
    entity: e.entity,
    role: e.role,
    kind: e.kind,
    pixels: e.pixels,
    bbox: [e.bbox[0], e.bbox[1], e.bbox[2], e.bbox[3]],
    edge_margin_px: e.edge_margin_px,
    brightness: e.brightness === null ? null : roundTo(e.brightness, 2),
    colour: e.colour,
    colour_share: e.colour_share === null ? null : roundTo(e.colour_share, 4),
    centroid: e.centroid ? v4(e.centroid) : null,
    extent: e.extent ? { min: v4(e.extent.min), max: v4(e.extent.max) } : null,
    contact: e.contact
      ? { point: v4(e.contact.point), pixel: [e.contact.pixel[0], e.contact.pixel[1]], range_m: m4(e.contact.range_m) }
      : null,
  };
}

/** A frame's visibility line. Entities are sorted by truth id. */
export function visibilityRecord(
  k: number,
  t: number,
  cam: CameraPose,
  entities: readonly EntityVisibility[],
  grid: FloorGrid,
  seen: SeenRuns,
): VisibilityRecord {
  return {
    k,
    t: roundTo(t, 3),
    camera: cameraRecord(cam),
    entities: [...entities].sort((a, b) => a.truth_id - b.truth_id).map(entityRecord),
    seen: {
      grid: { x0: m4(grid.x0), y0: m4(grid.y0), cell: m4(grid.cell), nx: grid.nx, ny: grid.ny },
      floor: [...seen.floor],
      obstacle: [...seen.obstacle],
      ...(seen.air ? { air: { below_m: m4(seen.air.below_m), cells: [...seen.air.cells] } } : {}),
    },
  };
}

/** A frame's perception-ids line, sorted by truth id. */
export function perceptionIdsRecord(k: number, entities: readonly EntityVisibility[]): PerceptionIdsRecord {
  return {
    k,
    ids: [...entities]
      .sort((a, b) => a.truth_id - b.truth_id)
      .map((e) => ({ truth_id: e.truth_id, entity: e.entity, pixels: e.pixels })),
  };
}

/**
 * A frame's oracle line: per visible entity its kind, its colour word (the world model's; the seen one when it has
 * none), its 3-D box (the entity's solids' box when the table has it, else the extent of its visible points) and
 * that box's centre, its image box and pixel count. Sorted by image box, then kind, colour and centre.
 */
export function oracleRecord(
  k: number,
  entities: readonly EntityVisibility[],
  table: ReadonlyMap<number, EntityInfo>,
): OracleRecord {
  const dets: Detection[] = [];
  for (const e of entities) {
    const info = table.get(e.truth_id);
    const box = info?.box ?? e.extent;
    if (!box) continue;
    dets.push({
      kind: e.kind,
      colour: info?.colour ?? e.colour,
      center: v4([(box.min[0] + box.max[0]) / 2, (box.min[1] + box.max[1]) / 2, (box.min[2] + box.max[2]) / 2]),
      box: { min: v4(box.min), max: v4(box.max) },
      bbox: [e.bbox[0], e.bbox[1], e.bbox[2], e.bbox[3]],
      pixels: e.pixels,
    });
  }
  dets.sort(
    (a, b) =>
      a.bbox[0] - b.bbox[0] ||
      a.bbox[1] - b.bbox[1] ||
      a.bbox[2] - b.bbox[2] ||
      a.bbox[3] - b.bbox[3] ||
      cmp(a.kind, b.kind) ||
      cmp(a.colour ?? '', b.colour ?? '') ||
      a.center[0] - b.center[0] ||
      a.center[1] - b.center[1] ||
      a.center[2] - b.center[2],
  );
  return { k, detections: dets };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The JSONL text of records: one line each, sorted by frame index k; throws on a repeated k. */
export function recordsText(records: readonly { k: number }[]): string {
  const sorted = [...records].sort((a, b) => a.k - b.k);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].k === sorted[i - 1].k) throw new Error(`records: frame ${sorted[i].k} twice`);
  return sorted.map((r) => JSON.stringify(r) + '\n').join('');
}

/** Write private/<sid>/visibility.jsonl (atomic). */
export function writeVisibility(path: string, records: readonly VisibilityRecord[]): void {
  writeFileAtomic(path, recordsText(records));
}

/** Write private/<sid>/perception_ids.jsonl (atomic). */
export function writePerceptionIds(path: string, records: readonly PerceptionIdsRecord[]): void {
  writeFileAtomic(path, recordsText(records));
}

/** Write scripts/<sid>/perception/oracle.jsonl (atomic). */
export function writeOracle(path: string, records: readonly OracleRecord[]): void {
  writeFileAtomic(path, recordsText(records));
}

/** Parse JSONL text with a schema; every bad line is reported with its line number and field. */
export function parseJsonl<T>(text: string, schema: z.ZodType<T>, file: string): T[] {
  const issues: InputIssue[] = [];
  const rows = jsonlRows(text, schema, file, issues);
  if (issues.length) throw new InputError(issues);
  return rows.map((r) => r.row);
}

export function readVisibility(path: string): VisibilityRecord[] {
  return parseJsonl(readFileSync(path, 'utf8'), VisibilityRecord, path);
}

export function readPerceptionIds(path: string): PerceptionIdsRecord[] {
  return parseJsonl(readFileSync(path, 'utf8'), PerceptionIdsRecord, path);
}

export function readOracle(path: string): OracleRecord[] {
  return parseJsonl(readFileSync(path, 'utf8'), OracleRecord, path);
}
