/** The compile's fast visibility.jsonl reader: the schema's rows for good files, the schema's errors for bad ones. */
import { describe, expect, it } from 'vitest';
import { isVisibilityRecord, parseVisibility } from '../../../compile/visibility-read.ts';
import { InputError } from '../../../foundation/index.ts';
import { floorGrid, frameTruth, paletteFromColourWords } from '../../../render/truth/index.ts';
import { parseJsonl, recordsText, VisibilityRecord } from '../../../render/truth/records.ts';
import { BOUNDS, box, FLOOR, renderFrame, thing } from '../../helpers/truth-fixture.ts';

const entity = {
  truth_id: 3,
  entity: 'mug_1',
  role: 'thing',
  kind: 'mug',
  pixels: 420,
  bbox: [10, 20, 40, 60],
  edge_margin_px: 10,
  brightness: 120.5,
  colour: 'red',
  colour_share: 0.8,
  centroid: [1, 2, 0.4],
  extent: { min: [0.9, 1.9, 0.35], max: [1.1, 2.1, 0.45] },
  contact: { point: [1, 2, 0.35], pixel: [25, 58], range_m: 2.2 },
};
const record = (k: number) => ({
  k,
  t: k * 0.5,
  camera: { position: [0, 0, 1], yaw_deg: 10, pitch_deg: -20 },
  entities: [
    entity,
    {
      ...entity,
      truth_id: 4,
      entity: 'cup_2',
      brightness: null,
      colour: null,
      colour_share: null,
      centroid: null,
      extent: null,
      contact: null,
    },
  ],
  seen: { grid: { x0: -0.2, y0: -0.2, cell: 0.1, nx: 30, ny: 20 }, floor: [0, 5, 3, 2], obstacle: [40, 1] },
});
const text = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as InputError;
  }
  throw new Error('no error');
};

describe('parseVisibility', () => {
  it('reads well-formed lines as the schema does', () => {
    const t = text([record(0), record(1), record(2)]);
    expect(parseVisibility(t, 'v.jsonl')).toEqual(parseJsonl(t, VisibilityRecord, 'v.jsonl'));
    expect(isVisibilityRecord(record(0))).toBe(true);
  });

  it('keys in another order: the schema decides (and normalises the order)', () => {
    const { k, t: time, ...rest } = record(0);
    const odd = { t: time, k, ...rest };
    expect(isVisibilityRecord(odd)).toBe(false);
    const rows = parseVisibility(text([odd]), 'v.jsonl');
    expect(Object.keys(rows[0])).toEqual(['k', 't', 'camera', 'entities', 'seen']);
  });

  it.each([
    ['a negative run', (r: ReturnType<typeof record>) => (r.seen.floor = [0, -1])],
    ['a fractional pixel count', (r: ReturnType<typeof record>) => (r.entities[0] = { ...entity, pixels: 1.5 })],
    ['an extra field', (r: ReturnType<typeof record>) => Object.assign(r.camera, { roll_deg: 0 })],
    ['a missing field', (r: ReturnType<typeof record>) => delete (r.seen.grid as Partial<typeof r.seen.grid>).ny],
    ['a string for a number', (r: ReturnType<typeof record>) => Object.assign(r, { t: '1' })],
    ['a short vector', (r: ReturnType<typeof record>) => (r.camera.position = [0, 0])],
  ])('refuses %s with the schema error naming file, line and field', (_, spoil) => {
    const bad = record(1);
    spoil(bad);
    expect(isVisibilityRecord(bad)).toBe(false);
    const t = text([record(0), bad]);
    const mine = errorOf(() => parseVisibility(t, 'v.jsonl'));
    expect(mine).toBeInstanceOf(InputError);
    expect(mine.message).toBe(errorOf(() => parseJsonl(t, VisibilityRecord, 'v.jsonl')).message);
    expect(mine.issues[0]).toMatchObject({ file: 'v.jsonl', line: 2 });
    expect(mine.issues[0].path).not.toBe('');
  });

  it('a line that is not JSON', () => {
    const mine = errorOf(() => parseVisibility(text([record(0)]) + '{oops\n', 'v.jsonl'));
    expect(mine.issues[0]).toMatchObject({ file: 'v.jsonl', line: 2, path: '' });
  });
});

describe('the fast reader and the truth writer', () => {
  it('takes the fast path on what render/truth writes (a new record field would fail here, not slow every line)', () => {
    const frame = renderFrame([FLOOR, box('b', 'box1', 'thing', [2.3, 0.1, 0.2], [0.5, 0.4, 0.4])], { box1: 1 });
    const n = frame.ids.length;
    const withPasses = { ...frame, rgb: new Uint8Array(n * 3).fill(120), albedo: new Uint8Array(n * 3).fill(200) };
    const palette = paletteFromColourWords({ red: [0.8, 0.05, 0.05], white: [0.85, 0.85, 0.85] });
    const { visibility } = frameTruth(
      withPasses,
      new Map([[1, thing(1, 'box1', { kind: 'floor', top_z: 0 })]]),
      floorGrid(BOUNDS),
      { palette },
    );
    const line = JSON.parse(recordsText([visibility]).trim());
    expect(line.entities[0].colour).toBe('white');
    expect(isVisibilityRecord(line)).toBe(true);
  });
});
