/**
 * A fast reader of visibility.jsonl for the compile. The render log's hash already vouches for the file, so each
 * line is checked by hand against the record's shape (render/truth/records.ts `VisibilityRecord`): the same fields,
 * in the order the renderer writes them, of the same types and ranges, with nothing extra. A file whose every line
 * passes is returned as parsed, which is exactly what the schema would return for it. Any line that does not pass
 * sends the whole file through the schema instead, so bad input gets the schema's own errors (file, line, field)
 * and odd but valid input (keys in another order) the schema's own normalised rows.
 */
import { jsonlLines, type InputIssue } from '../foundation/index.ts';
import { parseJsonl, VisibilityRecord } from '../render/truth/records.ts';

type Obj = Record<string, unknown>;

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isInt = (x: unknown): x is number => Number.isSafeInteger(x);
const isNumOrNull = (x: unknown) => x === null || isNum(x);
const isStrOrNull = (x: unknown) => x === null || typeof x === 'string';

/** A plain object whose own keys are exactly `keys`, in that order. */
function hasKeys(x: unknown, keys: readonly string[]): x is Obj {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  let i = 0;
  for (const k in x) {
    if (k !== keys[i++]) return false;
  }
  return i === keys.length;
}

function isV3(x: unknown): boolean {
  return Array.isArray(x) && x.length === 3 && isNum(x[0]) && isNum(x[1]) && isNum(x[2]);
}

const BOX = ['min', 'max'] as const;
const isBox3 = (x: unknown) => hasKeys(x, BOX) && isV3(x.min) && isV3(x.max);

function isIntTuple(x: unknown, n: number): boolean {
  if (!Array.isArray(x) || x.length !== n) return false;
  for (let i = 0; i < n; i++) if (!isInt(x[i])) return false;
  return true;
}

function isRuns(x: unknown): boolean {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (!Number.isSafeInteger(v) || (v as number) < 0) return false;
  }
  return true;
}

const CAMERA = ['position', 'yaw_deg', 'pitch_deg'] as const;
const CONTACT = ['point', 'pixel', 'range_m'] as const;
const ENTITY = [
  'truth_id',
  'entity',
  'role',
  'kind',
  'pixels',
  'bbox',
  'edge_margin_px',
  'brightness',
  'colour',
  'colour_share',
  'centroid',
  'extent',
  'contact',
] as const;
const GRID = ['x0', 'y0', 'cell', 'nx', 'ny'] as const;
const SEEN = ['grid', 'floor', 'obstacle'] as const;
const SEEN_AIR = ['grid', 'floor', 'obstacle', 'air'] as const;
const AIR = ['below_m', 'cells'] as const;
const RECORD = ['k', 't', 'camera', 'entities', 'seen'] as const;

function isEntity(e: unknown): boolean {
  if (!hasKeys(e, ENTITY)) return false;
  return (
    isInt(e.truth_id) &&
    (e.truth_id as number) > 0 &&
    typeof e.entity === 'string' &&
    typeof e.role === 'string' &&
    typeof e.kind === 'string' &&
    isInt(e.pixels) &&
    (e.pixels as number) > 0 &&
    isIntTuple(e.bbox, 4) &&
    isInt(e.edge_margin_px) &&
    (e.edge_margin_px as number) >= 0 &&
    isNumOrNull(e.brightness) &&
    isStrOrNull(e.colour) &&
    isNumOrNull(e.colour_share) &&
    (e.centroid === null || isV3(e.centroid)) &&
    (e.extent === null || isBox3(e.extent)) &&
    (e.contact === null ||
      (hasKeys(e.contact, CONTACT) &&
        isV3(e.contact.point) &&
        isIntTuple(e.contact.pixel, 2) &&
        isNum(e.contact.range_m)))
  );
}

/** Whether a parsed line has exactly the shape the renderer writes (at least as strict as the schema). */
export function isVisibilityRecord(r: unknown): r is VisibilityRecord {
  if (!hasKeys(r, RECORD)) return false;
  if (!(isInt(r.k) && (r.k as number) >= 0 && isNum(r.t))) return false;
  const cam = r.camera;
  if (!(hasKeys(cam, CAMERA) && isV3(cam.position) && isNum(cam.yaw_deg) && isNum(cam.pitch_deg))) return false;
  if (!Array.isArray(r.entities)) return false;
  for (const e of r.entities) if (!isEntity(e)) return false;
  const seen = r.seen;
  const air = hasKeys(seen, SEEN_AIR);
  if (!air && !hasKeys(seen, SEEN)) return false;
  if (air && !(hasKeys(seen.air, AIR) && isNum(seen.air.below_m) && isRuns(seen.air.cells))) return false;
  const g = seen.grid;
  if (!(hasKeys(g, GRID) && isNum(g.x0) && isNum(g.y0) && isNum(g.cell) && (g.cell as number) > 0)) return false;
  if (!(isInt(g.nx) && (g.nx as number) > 0 && isInt(g.ny) && (g.ny as number) > 0)) return false;
  return isRuns(seen.floor) && isRuns(seen.obstacle);
}

/**
 * visibility.jsonl's records, as `parseJsonl(text, VisibilityRecord, file)` returns them (same values, same
 * InputError on bad input), checked by hand where every line is well formed.
 */
export function parseVisibility(text: string, file: string): VisibilityRecord[] {
  const issues: InputIssue[] = [];
  const lines = jsonlLines(text, file, issues);
  const rows: VisibilityRecord[] = [];
  if (!issues.length) {
    for (const l of lines) {
      if (!isVisibilityRecord(l.value)) break;
      rows.push(l.value);
    }
    if (rows.length === lines.length) return rows;
  }
  return parseJsonl(text, VisibilityRecord, file);
}
