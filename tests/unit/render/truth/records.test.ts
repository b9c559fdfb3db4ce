import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cameraPose } from '../../../../layouts/camera.ts';
import { InputError } from '../../../../foundation/index.ts';
import { paletteFromColourWords } from '../../../../render/truth/colour.ts';
import { frameTruth } from '../../../../render/truth/frame-truth.ts';
import {
  readOracle,
  readPerceptionIds,
  readVisibility,
  recordsText,
  roundTo,
  writeOracle,
  writePerceptionIds,
  writeVisibility,
} from '../../../../render/truth/records.ts';
import { floorGrid, seenUnion } from '../../../../render/truth/seen-space.ts';
import type { EntityInfo } from '../../../../render/truth/visibility.ts';
import { BOUNDS, FLOOR, box, renderFrame, thing } from '../../../helpers/truth-fixture.ts';

const PALETTE = paletteFromColourWords({ red: [0.8, 0.05, 0.05], grey: [0.5, 0.5, 0.5] });
const grid = floorGrid(BOUNDS);
const SOLIDS = [
  FLOOR,
  box('a', 'box_a', 'thing', [2.3, 0.4, 0.2], [0.5, 0.4, 0.4]),
  box('b', 'box_b', 'thing', [2.6, -0.6, 0.15], [0.3, 0.3, 0.3]),
];
const IDS = { box_a: 4, box_b: 2 };
const FLOOR_SUPPORT = { kind: 'floor' as const, top_z: 0 };

function frames() {
  return [0, 1, 2].map((k) => {
    const f = renderFrame(SOLIDS, IDS, cameraPose([0, 0.1 * k, 1.2], 5 * k, -30), k);
    const rgb = new Uint8Array(f.depth.length * 3);
    for (let p = 0; p < f.depth.length; p++) rgb.set(f.ids[p] ? [190, 30, 30] : [90, 90, 90], p * 3);
    return { ...f, rgb };
  });
}

function build(table: Map<number, EntityInfo>) {
  const truths = frames().map((f) => frameTruth(f, table, grid, { palette: PALETTE }));
  return {
    visibility: recordsText(truths.map((t) => t.visibility)),
    ids: recordsText(truths.map((t) => t.perceptionIds)),
    oracle: recordsText(truths.map((t) => t.oracle)),
    truths,
  };
}

const TABLE = new Map<number, EntityInfo>([
  [2, thing(2, 'box_b', FLOOR_SUPPORT, 'red')],
  [4, { ...thing(4, 'box_a', FLOOR_SUPPORT, 'red'), box: { min: [2.05, 0.2, 0], max: [2.55, 0.6, 0.4] } }],
]);

describe('truth records', () => {
  it('are byte-identical for the same inputs, whatever the order of the entity table', () => {
    const a = build(TABLE);
    const b = build(new Map([...TABLE].reverse()));
    expect(b.visibility).toBe(a.visibility);
    expect(b.ids).toBe(a.ids);
    expect(b.oracle).toBe(a.oracle);
    expect(a.visibility.split('\n').length).toBe(4);
  });

  it('sort entities by truth id, round numbers and write keys in a fixed order', () => {
    const { truths } = build(TABLE);
    const v = truths[0].visibility;
    expect(v.entities.map((e) => e.truth_id)).toEqual([2, 4]);
    expect(Object.keys(v)).toEqual(['k', 't', 'camera', 'entities', 'seen']);
    expect(Object.keys(v.entities[0])).toEqual([
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
    ]);
    for (const x of [...v.entities[1].centroid!, ...v.entities[1].contact!.point, ...v.camera.position])
      expect(roundTo(x, 4)).toBe(x);
    expect(v.entities.map((e) => e.colour)).toEqual(['red', 'red']);
    expect(truths[0].perceptionIds).toEqual({
      k: 0,
      ids: [
        { truth_id: 2, entity: 'box_b', pixels: v.entities[0].pixels },
        { truth_id: 4, entity: 'box_a', pixels: v.entities[1].pixels },
      ],
    });
  });

  it('give the oracle kinds, colours, centres and boxes but no internal id, ordered by image position', () => {
    const { truths, oracle } = build(TABLE);
    expect(oracle).not.toMatch(/truth_id|entity|box_a|box_b/);
    const d = truths[0].oracle.detections;
    expect(d).toHaveLength(2);
    // box_a (y = 0.4, left in the image) comes first; its box is the solid's, its centre that box's centre
    expect(d[0].box).toEqual({ min: [2.05, 0.2, 0], max: [2.55, 0.6, 0.4] });
    expect(d[0].center).toEqual([2.3, 0.4, 0.2]);
    expect(d[0].bbox[0]).toBeLessThan(d[1].bbox[0]);
    // box_b has no solid box in the table: the extent of its visible points
    expect(d[1].box.min[0]).toBeCloseTo(2.45, 2);
    expect(d[1].kind).toBe('box');
    expect(d[1].colour).toBe('red');
  });

  it('write atomically and read back, the seen space recomputable from the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'truth-'));
    const { truths, visibility } = build(TABLE);
    writeVisibility(join(dir, 'visibility.jsonl'), [...truths.map((t) => t.visibility)].reverse());
    writePerceptionIds(
      join(dir, 'perception_ids.jsonl'),
      truths.map((t) => t.perceptionIds),
    );
    writeOracle(
      join(dir, 'oracle.jsonl'),
      truths.map((t) => t.oracle),
    );
    expect(readFileSync(join(dir, 'visibility.jsonl'), 'utf8')).toBe(visibility);
    const back = readVisibility(join(dir, 'visibility.jsonl'));
    expect(back).toEqual(truths.map((t) => t.visibility));
    expect(readPerceptionIds(join(dir, 'perception_ids.jsonl'))).toEqual(truths.map((t) => t.perceptionIds));
    expect(readOracle(join(dir, 'oracle.jsonl'))).toEqual(truths.map((t) => t.oracle));
    const u = seenUnion(back, 0, 2);
    expect(u.floor.some((x) => x === 1)).toBe(true);
    expect(() => recordsText([truths[0].visibility, truths[0].visibility])).toThrow(/frame 0 twice/);
  });

  it('report a bad line with its file, line and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'truth-'));
    const path = join(dir, 'visibility.jsonl');
    const { visibility } = build(TABLE);
    const lines = visibility.split('\n');
    lines[1] = lines[1].replace('"pixels":', '"pixels":-');
    writeFileSync(path, lines.join('\n'));
    let err: unknown;
    try {
      readVisibility(path);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(new RegExp(`${path}:2:1: entities\\[0\\]\\.pixels: `));
  });
});

describe('entity boxes', () => {
  it('bound every solid of an entity, by truth id', async () => {
    const { entityBoxes } = await import('../../../../render/truth/entity-boxes.ts');
    const solids = [
      { ...box('a1', 'p', 'person', [1, 1, 0.5], [0.4, 0.3, 1.0]), truth_id: 3 },
      { ...box('a2', 'p', 'person', [1, 1, 1.2], [0.2, 0.2, 0.4]), truth_id: 3 },
      { ...FLOOR, truth_id: 0 },
    ];
    const m = entityBoxes(solids);
    expect([...m.keys()]).toEqual([3]);
    expect(m.get(3)!.min.map((x) => roundTo(x, 6))).toEqual([0.8, 0.85, 0]);
    expect(m.get(3)!.max.map((x) => roundTo(x, 6))).toEqual([1.2, 1.15, 1.4]);
  });
});
