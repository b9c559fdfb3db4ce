/** The gold row schema's cross-field rules, and the k18 curve picture. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GoldRow } from '../../../../formats/gold-row.ts';
import { k18Gold, plotCurve } from '../../../../checks/score/plot-curve.ts';

const base = () => JSON.parse(JSON.stringify(k18Gold()));
const issues = (over: Record<string, unknown>) => {
  const r = GoldRow.safeParse({ ...base(), ...over });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('GoldRow', () => {
  it('accepts the k18 row', () => expect(issues({})).toEqual([]));
  it('refuses a catastrophe class its answer type cannot carry', () => {
    expect(issues({ catastrophe: 'minus3_hazard' })[0]).toMatch(
      /^catastrophe: a number answer has no catastrophe class minus3_hazard/,
    );
    expect(
      issues({ family: 'task_things', answer_type: 'list', value: [], catastrophe: 'minus2_corridor' })[0],
    ).toMatch(/^catastrophe:/);
    expect(
      issues({ job: 'vacuum/2', family: 'task_things', answer_type: 'list', value: [], catastrophe: 'minus3_hazard' }),
    ).toEqual([]);
  });
  it('refuses a value that does not fit the answer type or knowability', () => {
    expect(issues({ value: { x: 1, y: 2 } })[0]).toMatch(/^value:/);
    expect(issues({ knowable: false })[0]).toMatch(/^value: an unknowable question has the value null/);
    expect(issues({ answer_type: 'place', catastrophe: null })).toEqual([
      'value: a knowable place question needs a place value',
    ]);
    expect(issues({ qid: 'XYZ' })[0]).toMatch(/^qid:/);
  });
  it('needs the family extras', () => {
    const ow = { family: 'object_where', answer_type: 'place', value: { x: 0, y: 0 }, catastrophe: null };
    expect(issues(ow).map((s) => s.split(':')[0])).toEqual(['length_m', 'top_above_camera']);
    const oh = { family: 'open_heading', answer_type: 'heading', value: 0, catastrophe: null };
    expect(issues(oh)).toEqual(['heading_table: open_heading needs a heading table']);
    const t = { step_deg: 1, entries: Array.from({ length: 360 }, () => ({ progress_m: 0, room_ok: true })) };
    expect(issues({ ...oh, heading_table: t })).toEqual([
      'heading_table.entries.0.run_m: open_heading entries need run_m',
      'heading_table.best_run_m: open_heading needs best_run_m',
      'heading_table.room_needed_m: open_heading needs room_needed_m',
    ]);
    expect(issues({ ...oh, heading_table: { ...t, entries: t.entries.slice(1) } })[0]).toMatch(
      /^heading_table.entries:/,
    );
  });
});

describe('k18 curve picture', () => {
  it('writes a PNG', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'stbench-plot-')), 'k18.png');
    await plotCurve(out);
    expect(readFileSync(out).subarray(1, 4).toString()).toBe('PNG');
  });
});
