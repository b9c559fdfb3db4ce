/** The YAML loader: syntax errors, duplicate keys, unknown keys and wrong types come back with their lines, all at once. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatIssue, InputError, loadYamlWith, parseYamlWith, type InputIssue } from '../../../foundation/index.ts';

const Schema = z.strictObject({
  name: z.string(),
  size: z.strictObject({ w: z.number(), h: z.number() }),
  tags: z.array(z.string()).optional(),
});

function issuesOf(text: string): InputIssue[] {
  try {
    parseYamlWith(text, 'f.yaml', Schema);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).exitCode).toBe(2);
    return (e as InputError).issues;
  }
  throw new Error('expected an InputError');
}

const brief = (i: InputIssue) => `${i.line}:${i.path}`;

describe('parseYamlWith', () => {
  it('returns the value and locates fields', () => {
    const text = 'name: box\nsize:\n  w: 1\n  h: 2\ntags: [a, b]\n';
    const r = parseYamlWith(text, 'f.yaml', Schema);
    expect(r.value).toEqual({ name: 'box', size: { w: 1, h: 2 }, tags: ['a', 'b'] });
    expect(r.locate(['size', 'h'])).toEqual({ line: 4, column: 3 });
    expect(r.locate(['tags', 1])?.line).toBe(5);
    // a path that goes past the document points at the deepest part that exists
    expect(r.locate(['size', 'depth'])?.line).toBe(2);
  });

  it('reports a syntax error with its line', () => {
    const issues = issuesOf('name: box\nsize:\n  w: 1\n  h: [2\nother: 3\n');
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.path === '' && i.message.startsWith('YAML:'))).toBe(true);
    expect(issues[0].line).toBeGreaterThanOrEqual(4);
  });

  it('reports a nested mapping on one line at its line', () => {
    const issues = issuesOf('name: box\nsize: w: 1\n');
    expect(issues.map((i) => i.line)).toContain(2);
  });

  it('reports a duplicate key at the second occurrence', () => {
    const issues = issuesOf('name: box\nsize:\n  w: 1\n  h: 2\nname: crate\n');
    expect(issues).toHaveLength(1);
    expect(issues[0].line).toBe(5);
    expect(issues[0].message).toMatch(/unique/i);
  });

  it('reports unknown keys and wrong types together, each with its line and path', () => {
    const issues = issuesOf('name: 3\nsize:\n  w: wide\n  h: 2\n  d: 4\ncolour: red\n');
    expect(issues.map(brief).sort()).toEqual(['1:name', '3:size.w', '5:size.d', '6:colour'].sort());
    const unknown = issues.find((i) => i.path === 'colour')!;
    expect(unknown.message).toBe('unknown field');
    expect(formatIssue(unknown)).toBe('f.yaml:6:1: colour: unknown field');
  });

  it('locates a missing field at its parent', () => {
    const issues = issuesOf('name: box\nsize:\n  w: 1\n');
    expect(issues.map(brief)).toEqual(['2:size.h']);
  });

  it('locates an item of a list', () => {
    const issues = issuesOf('name: box\nsize: {w: 1, h: 2}\ntags:\n  - a\n  - 7\n');
    expect(issues.map(brief)).toEqual(['5:tags[1]']);
  });
});

describe('loadYamlWith', () => {
  it('reads a file and names it in errors; a missing file is an InputError without a line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-yaml-'));
    try {
      const f = join(dir, 'thing.yaml');
      writeFileSync(f, 'name: box\nsize: {w: 1, h: x}\n');
      let err: unknown;
      try {
        loadYamlWith(f, Schema);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).message).toContain(`${f}:2:`);
      expect((err as InputError).issues[0].path).toBe('size.h');
      expect(() => loadYamlWith(join(dir, 'nope.yaml'), Schema)).toThrow(/cannot read/);
      writeFileSync(f, 'name: box\nsize: {w: 1, h: 2}\n');
      expect(loadYamlWith(f, Schema).value.size.h).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
