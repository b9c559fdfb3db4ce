/** The question families' registry (compile/family-registry.ts): found by reading compile/families/, one module each. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILY_DEFS, familiesWhere, familyDef, familyRowIssues, isFamily } from '../../../compile/family-registry.ts';
import { questionForm } from '../../../compile/question-form.ts';

describe('the family registry', () => {
  it('holds one family per module of compile/families/, sorted by name', () => {
    const files = readdirSync(new URL('../../../compile/families/', import.meta.url)).filter((f) => f.endsWith('.ts'));
    expect(FAMILY_DEFS.map((d) => `${d.name.replace(/_/g, '-')}.ts`).sort()).toEqual(files.sort());
    expect(FAMILY_DEFS.map((d) => d.name)).toEqual([...FAMILY_DEFS.map((d) => d.name)].sort());
    expect(FAMILY_DEFS.length).toBeGreaterThanOrEqual(13);
  });

  it('gives each family its answer type, kind and catastrophe class', () => {
    expect(familyDef('clear_path')).toMatchObject({
      answer_type: 'number',
      kind: 'harm',
      catastrophe: 'minus2_corridor',
      harmful_side: 'longer',
    });
    expect(familyDef('ego_now').answer_type).toBe('offset');
    expect(familyDef('way_to').answer_type).toBe('heading');
    expect(familyDef('object_where')).toMatchObject({ answer_type: 'place', end: true, trick: true, contact: true });
    expect(familyDef('task_things')).toMatchObject({
      answer_type: 'list',
      catastrophe: 'minus3_hazard',
      catastrophe_where: 'job_hazards',
    });
    expect(familiesWhere((d) => d.answer_type === 'list')).toEqual(['drop_zone_people', 'tangle_ahead', 'task_things']);
    expect(familiesWhere((d) => d.map_diagnostic)).toEqual(['clear_path', 'open_heading']);
    expect(familiesWhere((d) => d.trick)).toEqual(['ego_mem', 'object_where', 'person_mem', 'way_to']);
    expect(familiesWhere((d) => d.kind === 'harm' && d.catastrophe === 'minus3_person')).toEqual([
      'approach_mem',
      'closest_approach',
      'closest_person',
    ]);
  });

  it('refuses a name no module declares', () => {
    expect(isFamily('clear_path')).toBe(true);
    expect(isFamily('clear_paths')).toBe(false);
    expect(() => familyDef('clear_paths')).toThrow(/no question family clear_paths \(known: approach_mem, /);
  });

  it('reads every template of every family back to its family and variant', () => {
    for (const d of FAMILY_DEFS) {
      for (const t of d.templates({ thing: 'the grey remote', person: 'the person in the red top', num: 5 })) {
        expect(questionForm(t.text), `${d.name} ${t.template}`).toMatchObject({ family: d.name, template: t.template });
      }
    }
  });
});

describe('a gold row against its family', () => {
  const row = {
    family: 'clear_path',
    kind: 'harm',
    ability: 'clearance',
    column: 'now',
    answer_type: 'number',
    harmful_side: 'longer',
    catastrophe: 'minus2_corridor',
  };
  it('agrees when every field is as the family declares', () => {
    expect(familyRowIssues(row)).toEqual([]);
    expect(familyRowIssues({ ...row, column: 'memory' })).toEqual([]);
  });
  it('names each field that disagrees', () => {
    expect(familyRowIssues({ ...row, catastrophe: null })).toEqual([
      { path: 'catastrophe', message: 'clear_path has catastrophe class minus2_corridor, not null' },
    ]);
    expect(familyRowIssues({ ...row, answer_type: 'place', harmful_side: 'none' }).map((x) => x.path)).toEqual([
      'answer_type',
      'harmful_side',
    ]);
    expect(familyRowIssues({ ...row, family: 'clear_paths' })).toEqual([
      { path: 'family', message: 'no question family clear_paths' },
    ]);
  });
  it('lets a hazard class be null where only some jobs declare hazards', () => {
    const tt = {
      family: 'task_things',
      kind: 'reuse',
      ability: 'relevance',
      column: 'memory',
      answer_type: 'list',
      harmful_side: 'none',
    };
    expect(familyRowIssues({ ...tt, catastrophe: null })).toEqual([]);
    expect(familyRowIssues({ ...tt, catastrophe: 'minus3_hazard' })).toEqual([]);
    expect(familyRowIssues({ ...tt, catastrophe: 'minus3_person' })[0].path).toBe('catastrophe');
  });
});
